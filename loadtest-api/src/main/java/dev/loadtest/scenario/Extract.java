package dev.loadtest.scenario;

import dev.loadtest.internal.check.JsonPathReader;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Takes a value from a step's response into a session variable, for the later steps' requests
 * ({@link Session#get}): from a JSON path of the body, a header, a regular expression on the body, or a
 * cookie of the session's jar.
 *
 * <pre>{@code
 * Extract.jsonPath("$.token").into("token");          // the body's {"token":"..."}
 * Extract.header("Location").into("basketUrl");       // the first Location header
 * Extract.regex("order-(\\d+)").into("orderId");      // the first match's group 1 (the whole match without a group)
 * Extract.cookie("SESSION").into("sessionId");        // the jar's SESSION cookie, after this response
 * Extract.jsonPath("$.coupon").into("coupon").optional();   // absent: the variable stays unset, no failure
 * }</pre>
 *
 * <p>An extraction that finds nothing fails the step, and the session with it, saying what was missing, unless
 * it is {@link #optional()}. Immutable and thread-safe.
 */
public final class Extract {

    /** Where the value comes from. */
    public enum From {
        /** A JSON value of the body at a path: a string's text, a number or {@code true}/{@code false} as written. */
        JSON_PATH("json"),
        /** The first value of a response header. */
        HEADER("header"),
        /** The first match of a regular expression in the body: its group 1, or the whole match without groups. */
        REGEX("regex"),
        /** A cookie of the session's jar, once this response's {@code Set-Cookie} headers are stored. */
        COOKIE("cookie");

        private final String word;

        From(String word) {
            this.word = word;
        }

        /** {@code json}, {@code header}, {@code regex} or {@code cookie}: the scenario file's word. */
        public String word() {
            return word;
        }
    }

    /** Names a template uses for itself: a variable of one of them could never be read. */
    static final Set<String> BUILT_IN_NAMES = Set.of("seq", "client", "uuid", "randomInt");

    private final From from;
    private final String expression;
    private final String variable;
    private final boolean optional;

    private Extract(From from, String expression, String variable, boolean optional) {
        this.from = from;
        this.expression = expression;
        this.variable = variable;
        this.optional = optional;
    }

    /**
     * The value at a path of the JSON body: the small JSONPath or JSON Pointer of
     * {@link dev.loadtest.check.Check#jsonPath}. An object, an array or {@code null} there is not a value.
     *
     * @throws IllegalArgumentException if the path is not of that syntax
     */
    public static Target jsonPath(String path) {
        Objects.requireNonNull(path, "extraction json path must not be null");
        new JsonPathReader(path);   // checks the syntax now, not at the first response
        return new Target(From.JSON_PATH, path);
    }

    /**
     * The first value of a header, its name matched in any case.
     *
     * @throws IllegalArgumentException if the name is blank
     */
    public static Target header(String name) {
        return new Target(From.HEADER, notBlank("extraction header name", name));
    }

    /**
     * The first match of a regular expression (Java's syntax) in the body as text.
     *
     * @throws IllegalArgumentException if the expression does not compile, or has more than one group (say
     *     which one to take with a non-capturing {@code (?:...)} for the others)
     */
    public static Target regex(String regex) {
        notBlank("extraction regex", regex);
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("extraction regex (" + regex + ") is not a regular expression: "
                    + e.getDescription() + " near index " + e.getIndex());
        }
        if (pattern.matcher("").groupCount() > 1) {
            throw new IllegalArgumentException("extraction regex (" + regex + ") must have at most one capturing"
                    + " group, the value to take: make the others non-capturing, (?:...)");
        }
        return new Target(From.REGEX, regex);
    }

    /**
     * The value of a cookie of the session's jar.
     *
     * @throws IllegalArgumentException if the name is blank
     */
    public static Target cookie(String name) {
        return new Target(From.COOKIE, notBlank("extraction cookie name", name));
    }

    /** This extraction, but one that leaves the variable unset, with no failure, when it finds nothing. */
    public Extract optional() {
        return new Extract(from, expression, variable, true);
    }

    /** Where the value comes from. */
    public From from() {
        return from;
    }

    /** The path, header name, regular expression or cookie name. */
    public String expression() {
        return expression;
    }

    /** The session variable it sets. */
    public String variable() {
        return variable;
    }

    /** Whether finding nothing leaves the variable unset rather than failing the step. */
    public boolean isOptional() {
        return optional;
    }

    /** Whether it reads the body, so that the engine keeps it (as for a check that needs it). */
    public boolean needsBody() {
        return from == From.JSON_PATH || from == From.REGEX;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Extract e && from == e.from && expression.equals(e.expression)
                && variable.equals(e.variable) && optional == e.optional;
    }

    @Override
    public int hashCode() {
        return Objects.hash(from, expression, variable, optional);
    }

    /** {@code token = json $.token}, with {@code (optional)} when it is. */
    @Override
    public String toString() {
        return variable + " = " + from.word() + " " + expression + (optional ? " (optional)" : "");
    }

    /** An extraction that knows where its value comes from, waiting for the variable to put it in. */
    public static final class Target {

        private final From from;
        private final String expression;

        private Target(From from, String expression) {
            this.from = from;
            this.expression = expression;
        }

        /**
         * The extraction into this session variable.
         *
         * @param variable a name of letters, digits, {@code _}, {@code -} and {@code .}, starting with a letter or
         *     {@code _}, and not one of the template's own ({@code seq}, {@code client}, {@code uuid},
         *     {@code randomInt})
         * @throws IllegalArgumentException naming the variable and the rule
         */
        public Extract into(String variable) {
            return new Extract(from, expression, validVariable(variable), false);
        }
    }

    /** The rule of a variable's name, shared by extractions and step conditions. */
    static String validVariable(String name) {
        Objects.requireNonNull(name, "variable name must not be null");
        if (!name.matches("[A-Za-z_][A-Za-z0-9_.-]{0,99}")) {
            throw new IllegalArgumentException("variable name (" + name.replace("\n", "\\n") + ") must start with a"
                    + " letter or _ and hold only letters, digits, _, - and . (at most 100 characters)");
        }
        if (BUILT_IN_NAMES.contains(name)) {
            throw new IllegalArgumentException("variable name (" + name + ") is a template's own placeholder {{"
                    + name + "}}: choose another name");
        }
        return name;
    }

    private static String notBlank(String what, String value) {
        Objects.requireNonNull(value, what + " must not be null");
        if (value.isBlank()) {
            throw new IllegalArgumentException(what + " ('" + value + "') must not be blank");
        }
        return value;
    }
}
