package dev.loadtest.samples.cli;

import dev.loadtest.Redaction;
import dev.loadtest.check.Check;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/**
 * The command's response checks, autocannon's and k6's as flags: {@code --expect-status}, {@code --expect-header},
 * {@code --expect-body}, {@code --expect-json}, each repeatable, turned into the run's {@link Check}s. A response
 * that fails one is a failed request.
 *
 * <pre>{@code
 * loadtest --expect-status 2xx --expect-status 304 --expect-header 'Content-Type: application/json' \
 *          --expect-json '$.status=ok' URI
 * }</pre>
 *
 * <p>An argument group of its own, for the main command to add with {@code @ArgGroup}; {@link #checks()} throws
 * {@link IllegalArgumentException} with the flag, the value and the rule, for the command's usage error.
 */
final class ExpectOptions {

    private static final String STATUS_RULE = "must be a status code (100 to 599) or a class (1xx to 5xx), e.g. 200 "
            + "or 2xx";

    @Option(names = "--expect-status", paramLabel = "CODE|NXX", showDefaultValue = Visibility.NEVER,
            description = "Fails responses of another status; repeatable (or comma-separated), any of them passes: "
                    + "--expect-status 200 --expect-status 304, --expect-status 2xx,304.")
    List<String> statuses = new ArrayList<>();

    @Option(names = "--expect-header", paramLabel = "'NAME: VALUE'", showDefaultValue = Visibility.NEVER,
            description = "Fails responses without this header value (the name in any case; 'Content-Type: "
                    + "application/json' also passes '...; charset=utf-8'); repeatable.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--expect-body", paramLabel = "TEXT", showDefaultValue = Visibility.NEVER,
            description = "Fails responses whose body does not contain TEXT; repeatable. Keeps each body (up to "
                    + "--max-checked-body; a larger one fails the check).")
    List<String> bodies = new ArrayList<>();

    @Option(names = "--expect-json", paramLabel = "PATH=VALUE", showDefaultValue = Visibility.NEVER,
            description = "Fails responses whose JSON body has not VALUE at PATH ($.a.b[0].c, or a JSON Pointer "
                    + "/a/b/0/c); numbers compare as numbers; repeatable: --expect-json '$.status=ok'.")
    List<String> json = new ArrayList<>();

    @Option(names = "--max-checked-body", paramLabel = "SIZE", converter = Syntax.SizeConverter.class,
            showDefaultValue = Visibility.NEVER,
            description = "The most of each response body kept for --expect-body and --expect-json, within [1, 1g] "
                    + "bytes (64k, 1m: k = 1024); a larger body fails those checks, the status and header checks "
                    + "still run. Each response in flight may hold this much. Default: 1m.")
    Long maxCheckedBody;

    /** Whether any check was asked for. */
    boolean isSet() {
        return !statuses.isEmpty() || !headers.isEmpty() || !bodies.isEmpty() || !json.isEmpty();
    }

    /**
     * The checks, in this order: one status check of all the {@code --expect-status} values, then one check per
     * header, body and JSON flag, each in the order given.
     *
     * @throws IllegalArgumentException naming the flag, the value and the rule it breaks, or a flag given twice
     *         with the same value
     */
    List<Check> checks() {
        List<Check> checks = new ArrayList<>();
        if (!statuses.isEmpty()) {
            checks.add(status(statuses));
        }
        for (String header : distinct("--expect-header", headers)) {
            checks.add(header(header));
        }
        for (String body : distinct("--expect-body", bodies)) {
            if (body.isEmpty()) {
                throw new IllegalArgumentException("--expect-body '' must not be empty: every body contains it");
            }
            checks.add(Check.bodyContains(body));
        }
        for (String pathAndValue : distinct("--expect-json", json)) {
            checks.add(json(pathAndValue));
        }
        return List.copyOf(checks);
    }

    /** All the values as one check: any of the codes and classes passes. */
    static Check status(List<String> values) {
        Set<Integer> codes = new LinkedHashSet<>();
        Set<Integer> classes = new LinkedHashSet<>();
        List<String> shown = new ArrayList<>();
        for (String value : values) {
            for (String part : value.split(",", -1)) {
                String token = part.strip().toLowerCase(Locale.ROOT);
                if (token.matches("[1-5]xx")) {
                    if (classes.add(token.charAt(0) - '0')) {
                        shown.add(token);
                    }
                } else if (token.matches("\\d{3}") && Integer.parseInt(token) >= 100 && Integer.parseInt(token) <= 599) {
                    if (codes.add(Integer.parseInt(token))) {
                        shown.add(token);
                    }
                } else {
                    throw new IllegalArgumentException("--expect-status " + value + ": '" + part + "' " + STATUS_RULE);
                }
            }
        }
        List<Check> alternatives = new ArrayList<>();
        if (!codes.isEmpty()) {
            alternatives.add(Check.status(codes.stream().mapToInt(Integer::intValue).toArray()));
        }
        classes.forEach(c -> alternatives.add(Check.statusClass(c)));
        if (alternatives.size() == 1) {
            return alternatives.get(0);
        }
        return Check.anyOf(alternatives.get(0), alternatives.subList(1, alternatives.size()).toArray(Check[]::new))
                .named("status " + String.join(", ", shown.subList(0, shown.size() - 1)) + " or "
                        + shown.get(shown.size() - 1));
    }

    /** {@code NAME: VALUE}, as {@code -H} takes it. */
    static Check header(String line) {
        int colon = line.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--expect-header '" + Redaction.headerLine(line) + "' must be NAME: VALUE,"
                    + " e.g. 'Content-Type: application/json'");
        }
        try {
            return Check.header(line.substring(0, colon).strip(), line.substring(colon + 1).strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--expect-header '" + Redaction.headerLine(line) + "': " + e.getMessage());
        }
    }

    /** {@code PATH=VALUE}: the first {@code =} outside the path's brackets ends the path; {@code "VALUE"} may be quoted. */
    static Check json(String pathAndValue) {
        int eq = endOfPath(pathAndValue);
        if (eq <= 0) {
            throw new IllegalArgumentException("--expect-json '" + pathAndValue + "' must be PATH=VALUE, e.g. $.status=ok"
                    + " or /items/0/id=42");
        }
        String value = pathAndValue.substring(eq + 1);
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        try {
            return Check.jsonPath(pathAndValue.substring(0, eq).strip(), value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--expect-json '" + pathAndValue + "': " + e.getMessage());
        }
    }

    /** Where the path ends: the first {@code =} not inside {@code [...]} (which may quote a name holding one). */
    private static int endOfPath(String text) {
        char quote = 0;
        boolean inBrackets = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (inBrackets && (c == '\'' || c == '"')) {
                quote = c;
            } else if (c == '[') {
                inBrackets = true;
            } else if (c == ']') {
                inBrackets = false;
            } else if (c == '=' && !inBrackets) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> distinct(String flag, List<String> values) {
        Set<String> seen = new LinkedHashSet<>();
        for (String value : values) {
            if (!seen.add(value)) {
                String shown = flag.equals("--expect-header") ? Redaction.headerLine(value)
                        : Redaction.value(value);
                throw new IllegalArgumentException(flag + " '" + shown + "' is given twice");
            }
        }
        return List.copyOf(seen);
    }
}
