package dev.loadtest.internal.check;

import dev.loadtest.check.Response;
import java.util.List;
import java.util.Objects;

/**
 * The header check: a header of this name (any case) whose value equals the expected one, or whose part
 * before the first {@code ;} does ({@code application/json} passes {@code application/json; charset=utf-8}:
 * what a user means by "the content type is JSON"). Its {@link #toString()} ({@code Content-Type: application/json},
 * the value redacted when it may be a credential) completes the check's name.
 */
public final class HeaderRule {

    private final String name;
    private final String expected;

    /**
     * @throws IllegalArgumentException if the name is blank or holds a colon, or either holds CR or LF
     */
    public HeaderRule(String name, String expected) {
        Objects.requireNonNull(name, "header name must not be null");
        Objects.requireNonNull(expected, "header value of " + name + " must not be null");
        String trimmedName = name.strip();
        if (trimmedName.isEmpty() || trimmedName.indexOf(':') >= 0 || hasLineBreak(trimmedName)) {
            throw new IllegalArgumentException("header name ('" + Shown.shortened(name.replace("\n", "\\n"))
                    + "') must be a non-empty header name, without a colon or line break");
        }
        if (hasLineBreak(expected)) {
            throw new IllegalArgumentException("header value of " + trimmedName + " must not contain CR or LF");
        }
        this.name = trimmedName;
        this.expected = expected.strip();
    }

    /** Null when a value matches, else the reason. */
    public String failure(Response response) {
        List<String> values = response.headers(name);
        if (values.isEmpty()) {
            return "no " + name + " header";
        }
        for (String value : values) {
            if (matches(value.strip())) {
                return null;
            }
        }
        return name + " was " + Shown.value(name, values.get(0));
    }

    private boolean matches(String value) {
        if (value.equals(expected)) {
            return true;
        }
        int semicolon = value.indexOf(';');
        return semicolon >= 0 && value.substring(0, semicolon).strip().equals(expected);
    }

    @Override
    public String toString() {
        return name + ": " + Shown.value(name, expected);
    }

    private static boolean hasLineBreak(String s) {
        return s.indexOf('\r') >= 0 || s.indexOf('\n') >= 0;
    }
}
