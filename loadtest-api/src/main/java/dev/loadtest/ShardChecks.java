package dev.loadtest;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The rules {@link Results#merge(List, List)} applies before adding anything up: each result is a shard of
 * the same run as the first, and no count overflows when added. Each message names the result (its file)
 * and the figure.
 */
final class ShardChecks {

    /** The counts merge adds, by the name the JSON format gives them (docs/json-format.md). */
    private static final Map<String, ToLongFunction<Result>> COUNTS = new java.util.LinkedHashMap<>();

    static {
        COUNTS.put("requests.total", r -> r.requests().total());
        COUNTS.put("requests.started", r -> r.requests().started());
        COUNTS.put("requests.done", r -> r.requests().done());
        COUNTS.put("requests.succeeded", r -> r.requests().succeeded());
        COUNTS.put("requests.failed", r -> r.requests().failed());
        COUNTS.put("requests.errored", r -> r.requests().errored());
        COUNTS.put("requests.timeout", r -> r.requests().timeout());
        COUNTS.put("requests.notIssued", r -> r.requests().notIssued());
        COUNTS.put("traffic.totalBytes", r -> r.traffic().totalBytes());
        COUNTS.put("traffic.headerBytes", r -> r.traffic().headerBytes());
        COUNTS.put("traffic.decodedHeaderBytes", r -> r.traffic().decodedHeaderBytes());
        COUNTS.put("traffic.dataBytes", r -> r.traffic().dataBytes());
        COUNTS.put("traffic.sentBytes", r -> r.traffic().sentBytes());
        COUNTS.put("connections", Result::connections);
        COUNTS.put("rate.scheduled", r -> r.rate().map(Rate::scheduled).orElse(0L));
        COUNTS.put("rate.dropped", r -> r.rate().map(Rate::dropped).orElse(0L));
        COUNTS.put("rate.late", r -> r.rate().map(Rate::late).orElse(0L));
        COUNTS.put("rate.backlogAtEnd", r -> r.rate().map(Rate::backlogAtEnd).orElse(0L));
    }

    private final String which;
    private final String firstName;

    /**
     * @param which the result checked, as messages name it: {@code "s1.json (shard 1/3)"}
     * @param firstName the first result's name, which the others are compared with
     */
    ShardChecks(String which, String firstName) {
        this.which = which;
        this.firstName = firstName;
    }

    void same(String what, Object expected, Object actual) {
        if (!expected.equals(actual)) {
            throw new IllegalArgumentException(which + " is not a shard of the same run: its " + what + " ("
                    + actual + ") differs from " + firstName + "'s (" + expected + ")");
        }
    }

    /**
     * What else every shard of one run shares: the request (headers as shown, body length, the seed where both
     * have one), the whole run's size (requests, duration, rate), a rate-driven run's schedule resolution and a start
     * time (see {@link #START_SKEW}). Headers compare as a JSON result records them, credentials redacted, so shards
     * read back and shards in memory compare equal.
     */
    void sameRun(Result firstResult, Result result) {
        LoadTest first = firstResult.test();
        LoadTest t = result.test();
        same("headers", first.headers().toString(), t.headers().toString());
        // every shard of a scenario run lists all its steps, in the scenario's order, run or not
        same("list of steps", firstResult.steps().stream().map(StepResult::name).toList(),
                result.steps().stream().map(StepResult::name).toList());
        same("body length", first.bodyLength(), t.bodyLength());
        if (first.seed().isPresent() && t.seed().isPresent()) {
            // a run's shards share its seed; a result without one (no request source) has none to compare
            same("seed", first.seed().getAsLong(), t.seed().getAsLong());
        }
        same("start time", first.startAt().isPresent() ? "set" : "none", t.startAt().isPresent() ? "set" : "none");
        if (first.startAt().isPresent()) {
            sameTime(firstResult, result);
        }
        LoadTest a = first.unsharded();
        LoadTest b = t.unsharded();
        same("requests of the whole run", text(a.requests()), text(b.requests()));
        same("duration", a.duration().map(DurationFormat::setting).orElse("none"),
                b.duration().map(DurationFormat::setting).orElse("none"));
        same("rate of the whole run", text(a.rate()), text(b.rate()));
        if (first.isRateDriven()) {
            // it sets what the response times count from (requests grouped to its end): shards that differ in it
            // measured differently, and their histograms would not add up to one run's
            same("schedule resolution", DurationFormat.setting(first.scheduleResolution()),
                    DurationFormat.setting(t.scheduleResolution()));
        }
    }

    /**
     * How far apart the start times of two shards of one run may be beyond the length of the run: shards
     * started with {@code --start-delay} round up to the next second of their own clock, so processes launched
     * a moment apart differ by a second or two; NTP keeps clocks within milliseconds.
     */
    static final java.time.Duration START_SKEW = java.time.Duration.ofSeconds(5);

    /**
     * The shards of one run run at the same time: their start times are no further apart than the longer
     * one lasted (warm-up and measured phase) plus {@link #START_SKEW}. Two runs of the same settings, one
     * after the other, are not.
     */
    private void sameTime(Result firstResult, Result result) {
        java.time.Instant a = firstResult.test().startAt().orElseThrow();
        java.time.Instant b = result.test().startAt().orElseThrow();
        java.time.Duration gap = java.time.Duration.between(a, b).abs();
        java.time.Duration span = max(firstResult.test().warmUp().plus(firstResult.duration()),
                result.test().warmUp().plus(result.duration()));
        if (gap.compareTo(span.plus(START_SKEW)) > 0) {
            throw new IllegalArgumentException(which + " is not a shard of the same run: its start time (" + b
                    + ") is " + DurationFormat.setting(gap) + " away from " + firstName + "'s (" + a
                    + "), more than the run lasted (" + DurationFormat.setting(span) + ") and "
                    + DurationFormat.setting(START_SKEW) + " of skew");
        }
    }

    private static java.time.Duration max(java.time.Duration a, java.time.Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static String text(java.util.OptionalLong n) {
        return n.isPresent() ? Long.toString(n.getAsLong()) : "none";
    }

    private static String text(java.util.OptionalDouble n) {
        return n.isPresent() ? Double.toString(n.getAsDouble()) : "none";
    }

    /**
     * Refuses results whose counts cannot be added in 64 bits: such figures cannot come from a run, and a
     * sum that wrapped around would be reported as if true.
     */
    static void noOverflow(List<Result> results, List<String> names) {
        for (Map.Entry<String, ToLongFunction<Result>> count : COUNTS.entrySet()) {
            long sum = 0;
            for (int i = 0; i < results.size(); i++) {
                sum = plus(sum, count.getValue().applyAsLong(results.get(i)), names.get(i), count.getKey());
            }
        }
        Map<Integer, Long> statuses = new HashMap<>();
        for (int i = 0; i < results.size(); i++) {
            for (Map.Entry<Integer, Long> e : results.get(i).statusCodes().counts().entrySet()) {
                statuses.put(e.getKey(), plus(statuses.getOrDefault(e.getKey(), 0L), e.getValue(), names.get(i),
                        "statusCodes." + e.getKey()));
            }
        }
        Map<ErrorCategory, Long> errors = new HashMap<>();
        for (int i = 0; i < results.size(); i++) {
            for (Map.Entry<ErrorCategory, ErrorCount> e : results.get(i).errors().entrySet()) {
                errors.put(e.getKey(), plus(errors.getOrDefault(e.getKey(), 0L), e.getValue().count(), names.get(i),
                        "errors." + jsonKey(e.getKey()) + ".count"));
            }
        }
    }

    /** The category's key in the JSON format: {@code CONNECT_TIMEOUT} is {@code connectTimeout}. */
    private static String jsonKey(ErrorCategory category) {
        String[] words = category.name().toLowerCase(java.util.Locale.ROOT).split("_");
        StringBuilder key = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            key.append(Character.toUpperCase(words[i].charAt(0))).append(words[i], 1, words[i].length());
        }
        return key.toString();
    }

    private static long plus(long sum, long value, String name, String field) {
        try {
            return Math.addExact(sum, value);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(name + ": " + field + " (" + value + ") overflows when added to the "
                    + "results before it (" + sum + "): no run counts that much");
        }
    }
}
