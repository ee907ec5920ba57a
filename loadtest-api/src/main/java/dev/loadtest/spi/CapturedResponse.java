package dev.loadtest.spi;

import dev.loadtest.check.Response;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The engine's {@link Response}: the status and headers of a received response and, when the run's checks
 * need it (or for a failure's sample), the start of its body from a {@link BodyBuffer}.
 *
 * <pre>{@code
 * CapturedResponse.Builder b = CapturedResponse.builder(response.getCode());
 * for (Header h : response.getHeaders()) b.header(h.getName(), h.getValue());
 * CapturedResponse view = plan.needsBody() ? b.body(buffer, true) : b.head();
 * }</pre>
 *
 * <p>Headers are few: a lookup is a scan, no map is built. The text of the body is decoded once, on first use.
 */
public final class CapturedResponse implements Response {

    private static final byte[] NO_BYTES = new byte[0];

    private final int status;
    private final String[] namesAndValues;
    private final byte[] body;
    private final int bodyLength;
    private final boolean bodyKept;
    private final boolean bodyTooLarge;
    private Charset charset;
    private String text;

    private CapturedResponse(int status, String[] namesAndValues, byte[] body, int bodyLength, boolean bodyKept,
            boolean bodyTooLarge) {
        this.status = status;
        this.namesAndValues = namesAndValues;
        this.body = body;
        this.bodyLength = bodyLength;
        this.bodyKept = bodyKept;
        this.bodyTooLarge = bodyTooLarge;
    }

    /**
     * A response of this status, its headers and body to add.
     *
     * @throws IllegalArgumentException if the status is not within [100, 599]
     */
    public static Builder builder(int status) {
        if (status < 100 || status > 599) {
            throw new IllegalArgumentException("status (" + status + ") must be within [100, 599]");
        }
        return new Builder(status);
    }

    /** Collects the headers, then makes the view with or without the body. */
    public static final class Builder {
        private final int status;
        private final List<String> namesAndValues = new ArrayList<>();

        private Builder(int status) {
            this.status = status;
        }

        /** Adds a header as received; repeated names are kept in order. */
        public Builder header(String name, String value) {
            namesAndValues.add(Objects.requireNonNull(name, "header name must not be null"));
            namesAndValues.add(Objects.requireNonNull(value, "header value of " + name + " must not be null"));
            return this;
        }

        /** The view of a response whose body was not kept (no check needs it). */
        public CapturedResponse head() {
            return new CapturedResponse(status, array(), NO_BYTES, 0, false, false);
        }

        /**
         * The view of a response whose body was collected in the buffer.
         *
         * @param forChecks true when the checks need the body ({@link #hasBody()}); false when only its start
         *        was kept for a failure's sample, which the checks may not read
         */
        public CapturedResponse body(BodyBuffer buffer, boolean forChecks) {
            return new CapturedResponse(status, array(), buffer.bytes(), buffer.length(), forChecks,
                    buffer.tooLarge());
        }

        /** The view of a response with this body, encoded with the charset its {@code Content-Type} names. */
        public CapturedResponse body(String text) {
            CapturedResponse head = head();
            byte[] bytes = text.getBytes(head.charset());
            return new CapturedResponse(status, head.namesAndValues, bytes, bytes.length, true, false);
        }

        private String[] array() {
            return namesAndValues.toArray(String[]::new);
        }
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public Optional<String> header(String name) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i].equalsIgnoreCase(name)) {
                return Optional.of(namesAndValues[i + 1]);
            }
        }
        return Optional.empty();
    }

    @Override
    public List<String> headers(String name) {
        List<String> values = null;   // most headers appear once: no list grown for them
        String first = null;
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i].equalsIgnoreCase(name)) {
                if (first == null) {
                    first = namesAndValues[i + 1];
                } else {
                    if (values == null) {
                        values = new ArrayList<>();
                        values.add(first);
                    }
                    values.add(namesAndValues[i + 1]);
                }
            }
        }
        return values != null ? List.copyOf(values) : first != null ? List.of(first) : List.of();
    }

    @Override
    public boolean hasBody() {
        return bodyKept;
    }

    @Override
    public byte[] body() {
        requireBody();
        return Arrays.copyOf(body, bodyLength);
    }

    @Override
    public String bodyText() {
        requireBody();
        return keptText();
    }

    @Override
    public Charset charset() {
        if (charset == null) {
            charset = header("Content-Type").map(CapturedResponse::charsetOf).orElse(StandardCharsets.UTF_8);
        }
        return charset;
    }

    /** Whether more of the body arrived than the bound kept: the checks that need it fail without reading it. */
    public boolean bodyTooLarge() {
        return bodyTooLarge;
    }

    /** The kept bytes, not copied, for a parser: valid up to {@link #bodyLength()}; do not change them. */
    public byte[] bodyBytes() {
        requireBody();
        return body;
    }

    public int bodyLength() {
        return bodyLength;
    }

    /** The text of what was kept of the body, for a failure's sample; empty when nothing was. */
    String keptText() {
        if (text == null) {
            text = new String(body, 0, bodyLength, charset());
        }
        return text;
    }

    private void requireBody() {
        if (!bodyKept) {
            throw new IllegalStateException("the body was not kept: only a check whose needsBody() is true may read"
                    + " it (Check.of keeps it; Check.ofHead does not)");
        }
    }

    /** The {@code charset} parameter of a media type ({@code text/plain; charset=ISO-8859-1}), or UTF-8. */
    static Charset charsetOf(String contentType) {
        for (String parameter : contentType.split(";")) {
            int eq = parameter.indexOf('=');
            if (eq > 0 && parameter.substring(0, eq).strip().toLowerCase(Locale.ROOT).equals("charset")) {
                String name = parameter.substring(eq + 1).strip();
                if (name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")) {
                    name = name.substring(1, name.length() - 1);
                }
                try {
                    return Charset.forName(name);
                } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                    return StandardCharsets.UTF_8;   // a server's typo must not fail every check
                }
            }
        }
        return StandardCharsets.UTF_8;
    }
}
