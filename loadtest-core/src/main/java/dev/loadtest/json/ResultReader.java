package dev.loadtest.json;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.TlsUsed;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.spi.IntervalBuilder;
import dev.loadtest.spi.ResultBuilder;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;

/**
 * Turns the JSON tree of a result back into a {@link Result}. Fields derived from others
 * ({@code throughput}, the latency summaries next to a histogram, {@code headerSpaceSavings}) are not
 * read: the histograms and counts are the truth. Unknown fields are ignored, so a newer writer's
 * additions do not break an older reader. Reads versions 1 to 3: version 1 called the response time
 * {@code latency.request} (version 2 {@code latency.responseTime}); version 3 added a scenario run's
 * {@code steps}, {@code sessions} and {@code tokenRequests} ({@link ScenarioJson}), which a version 2 document
 * never has, so it reads as a run without a scenario.
 */
final class ResultReader {

    /** The first version, still read: shards and baselines written by 0.1. */
    static final int VERSION_1 = 1;

    private static final Map<String, ErrorCategory> CATEGORIES = new HashMap<>();

    static {
        for (ErrorCategory c : ErrorCategory.values()) {
            CATEGORIES.put(ResultWriter.key(c), c);
        }
    }

    private ResultReader() {
    }

    static Result read(Node root) throws ResultFormatException {
        root.fields();
        String format = root.get("format").text();
        if (!ResultJson.FORMAT_NAME.equals(format)) {
            throw new ResultFormatException("format: must be \"" + ResultJson.FORMAT_NAME + "\", was \"" + format + "\"");
        }
        long version = root.get("formatVersion").longValue();
        if (version < VERSION_1 || version > ResultJson.FORMAT_VERSION) {
            throw new ResultFormatException("formatVersion: this reader knows versions " + VERSION_1 + " to "
                    + ResultJson.FORMAT_VERSION + ", the document is version " + version);
        }
        // the one change from version 1: the response time was called `latency.request`, which read like h2load's
        // "time for request" (the service time)
        String responseTime = version == VERSION_1 ? "request" : "responseTime";
        Verdict verdict;
        try {
            verdict = Verdict.ofLabel(root.get("verdict").text());
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException("verdict: " + e.getMessage());
        }
        Node latency = root.get("latency");
        Duration measured = root.get("durationSeconds").seconds();
        return new ResultBuilder().test(configuration(root.get("configuration"), measured))
                .duration(measured).protocol(root.get("protocol").text())
                .requests(requests(root.get("requests"))).statusCodes(statusCodes(root.get("statusCodes")))
                .traffic(traffic(root.get("traffic")))
                .responseTime(histogram(latency.get(responseTime))).serviceTime(histogram(latency.get("serviceTime")))
                .connectTime(histogram(latency.get("connect"))).timeToFirstByte(histogram(latency.get("ttfb")))
                .clientRequestRates(statistics(root.get("clientRequestRates"))).connections(root.get("connections").count())
                .errors(errors(root.get("errors")))
                .rate(root.has("rate") ? Optional.of(rate(root.get("rate"))) : Optional.empty())
                .intervals(intervals(root.get("intervals"), responseTime)).verdict(verdict).stopped(root.get("stopped").bool())
                .checks(CheckJson.read(root)).generator(generator(root)).steps(ScenarioJson.steps(root))
                .sessions(ScenarioJson.sessions(root)).tokenRequests(ScenarioJson.tokenRequests(root)).tls(tls(root))
                .build();
    }

    /**
     * The test a document ran. A scenario run that ended by its users' iterations has neither {@code requests} nor
     * {@code durationMicros}, and its scenario is not read back (a step's request may be a function), so it reads as
     * a timed run of the length it measured.
     */
    private static LoadTest configuration(Node c, Duration measured) throws ResultFormatException {
        List<String> targets = new ArrayList<>();
        for (Node t : c.get("targets").items()) {
            targets.add(t.text());
        }
        String field = "targets";
        try {
            LoadTest.Builder b = LoadTest.target(targets.toArray(String[]::new));
            field = "clients";
            b.clients(c.get(field).intValue());
            field = "streams";
            b.streams(c.get(field).intValue());
            field = "threads";
            b.threads(c.get(field).intValue());
            List<Stage> stages = new ArrayList<>();
            for (Node s : c.get("stages").items()) {
                field = "stages";
                stages.add(new Stage(s.get("fromRate").doubleValue(), s.get("toRate").doubleValue(),
                        s.get("durationMicros").micros(), s.has("concurrency") ? s.get("concurrency").intValue() : 0));
            }
            field = "rate";
            if (c.has(field)) {
                // a constant rate: its one stage is derived from the rate and the duration
                b.rate(c.get(field).doubleValue());
            } else if (!stages.isEmpty()) {
                field = "stages";
                b.stages(stages.toArray(Stage[]::new));
            }
            boolean byStages = !c.has("rate") && !stages.isEmpty();
            field = "requests";
            if (c.has(field) && !byStages) {
                b.requests(c.get(field).longValue());
            }
            field = "durationMicros";
            if (c.has(field) && !byStages) {
                b.duration(c.get(field).micros());
            } else if (!c.has("requests") && !byStages) {
                b.duration(measured.isZero() ? Duration.ofNanos(1) : measured);   // iterations: see above
            }
            field = "warmUpMicros";
            b.warmUp(c.get(field).micros());
            field = "maxBacklog";
            b.maxBacklog(c.get(field).intValue());
            field = "scheduleResolutionMicros";
            // written since 2026-12-02; before, the scheduler kept each request's due time exactly
            b.scheduleResolution(c.has(field) ? c.get(field).micros() : Duration.ZERO);
            field = "intervalMicros";
            b.interval(c.get(field).micros());
            field = "protocol";
            b.protocol(protocol(c.get(field)));
            field = "method";
            b.method(c.get(field).text());
            for (Node h : c.get("headers").items()) {
                field = h.path().substring(c.path().length() + 1);
                b.header(h.get("name").text(), h.get("value").text());
            }
            field = "body";
            if (c.has(field)) {
                b.body(Base64.getDecoder().decode(c.get(field).text()));
            }
            field = "seed";
            if (c.has(field)) {
                b.seed(c.get(field).longValue());   // since formatVersion 2; absent without a request source
            }
            field = "connectTimeoutMicros";
            b.connectTimeout(c.get(field).micros());
            field = "requestTimeoutMicros";
            b.requestTimeout(c.get(field).micros());
            field = "keepAlive";
            b.keepAlive(c.get(field).bool());
            field = "tls";
            String tls = c.get(field).text();
            switch (tls) {
                case "insecure" -> b.insecureTrustAll();
                case "default", "custom" -> {
                    // a custom SSLContext cannot be written down: the test reads back with the default
                    // trust store; set another with result.test().newBuilder().sslContext(...)
                }
                default -> throw new ResultFormatException(c.path() + ".tls: must be default, custom or insecure, was \""
                        + tls + "\"");
            }
            field = "shard";
            if (c.has(field)) {
                Node shard = c.get(field);
                b.shard(shard.get("index").intValue(), shard.get("count").intValue());
            }
            field = "startAt";
            if (c.has(field)) {
                try {
                    b.startAt(java.time.Instant.parse(c.get(field).text()));
                } catch (java.time.format.DateTimeParseException e) {
                    throw new IllegalArgumentException("must be an ISO-8601 instant such as 2026-01-01T12:00:00Z, was \""
                            + c.get(field).text() + "\"");
                }
            }
            field = "";
            return b.build();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ResultFormatException(c.path() + (field.isEmpty() ? "" : "." + field) + ": " + e.getMessage(), e);
        }
    }

    private static Protocol protocol(Node n) throws ResultFormatException {
        try {
            return Protocol.valueOf(n.text());
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException(n.path() + ": must be HTTP_1_1, HTTP_2 or NEGOTIATE, was \"" + n.text() + "\"");
        }
    }

    static Requests requests(Node n) throws ResultFormatException {
        try {
            long done = n.get("done").count();
            long notIssued = n.get("notIssued").count();
            long retried = 0;
            if (n.has("retried")) {
                retried = n.get("retried").count();
            } else {
                // written before `retried` existed, when `done` still counted the requests never issued
                done = Math.max(0, done - notIssued);
            }
            return new Requests(n.get("total").count(), n.get("started").count(), done,
                    n.get("succeeded").count(), n.get("failed").count(), n.get("errored").count(),
                    n.get("timeout").count(), notIssued, retried,
                    n.has("checkFailed") ? n.get("checkFailed").count() : 0);   // absent before checks
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException(n.path() + ": " + e.getMessage(), e);
        }
    }

    static StatusCodes statusCodes(Node n) throws ResultFormatException {
        Map<Integer, Long> counts = new TreeMap<>();
        for (Map.Entry<String, Node> e : n.fields().entrySet()) {
            int code;
            try {
                code = Integer.parseInt(e.getKey());
            } catch (NumberFormatException x) {
                throw new ResultFormatException(e.getValue().path() + ": a status code must be a number");
            }
            if (code < 100 || code > 999) {
                throw new ResultFormatException(e.getValue().path() + ": a status code must be within [100, 999]");
            }
            counts.put(code, e.getValue().count());
        }
        return new StatusCodes(counts);
    }

    static Traffic traffic(Node n) throws ResultFormatException {
        return new Traffic(n.get("totalBytes").count(), n.get("headerBytes").count(),
                n.get("decodedHeaderBytes").count(), n.get("dataBytes").count(), n.get("sentBytes").count());
    }

    private static Statistics statistics(Node n) throws ResultFormatException {
        return new Statistics(n.get("count").count(), n.get("min").doubleValue(), n.get("max").doubleValue(),
                n.get("mean").doubleValue(), n.get("stdDev").doubleValue(), n.get("withinStdDev").doubleValue(),
                n.get("median").doubleValue(), n.get("p95").doubleValue(), n.get("p99").doubleValue());
    }

    static Map<ErrorCategory, ErrorCount> errors(Node n) throws ResultFormatException {
        Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
        for (Map.Entry<String, Node> e : n.fields().entrySet()) {
            // a category this reader does not know (from a newer writer) is kept as OTHER, not lost
            ErrorCategory category = CATEGORIES.getOrDefault(e.getKey(), ErrorCategory.OTHER);
            Node count = e.getValue();
            List<String> messages = new ArrayList<>();
            if (count.has("messages")) {   // written since the distinct messages were kept; absent before
                for (Node message : count.get("messages").items()) {
                    messages.add(message.text());
                }
            }
            ErrorCount read = new ErrorCount(count.get("count").count(),
                    count.has("sampleMessage") ? count.get("sampleMessage").text() : "", messages);
            errors.merge(category, read, ErrorCount::plus);
        }
        return errors;
    }

    private static Rate rate(Node n) throws ResultFormatException {
        return new Rate(n.get("offered").doubleValue(), n.get("achieved").doubleValue(), n.get("scheduled").count(),
                n.get("dropped").count(), n.get("late").count(), n.get("backlogAtEnd").count(),
                histogram(n.get("schedulerLag")));
    }

    private static List<Interval> intervals(Node n, String responseTime) throws ResultFormatException {
        List<Interval> intervals = new ArrayList<>();
        for (Node i : n.items()) {
            Node latency = i.get("latency");
            intervals.add(new IntervalBuilder().start(i.get("startMicros").micros())
                    .length(i.get("lengthMicros").micros()).started(i.get("started").count())
                    .done(i.get("done").count()).statusCodes(statusCodes(i.get("statusCodes")))
                    .errored(i.get("errored").count()).bytes(i.get("bytes").count())
                    .responseTime(summary(latency.get(responseTime))).serviceTime(summary(latency.get("serviceTime")))
                    .responseTimeHistogram(intervalHistogram(latency.get(responseTime)))
                    .serviceTimeHistogram(intervalHistogram(latency.get("serviceTime"))).generator(generator(i))
                    .checkFailed(i.has("checkFailed") ? i.get("checkFailed").count() : 0).build());   // absent before checks
        }
        return intervals;
    }

    /** The TLS spoken, absent in clear text and in documents written before it was told. */
    private static Optional<TlsUsed> tls(Node root) throws ResultFormatException {
        if (!root.has("tls")) {
            return Optional.empty();
        }
        Node n = root.get("tls");
        return Optional.of(new TlsUsed(n.get("provider").text(), n.get("protocol").text(), n.get("cipherSuite").text()));
    }

    /** The generator's own load, absent in documents written before it was measured (version 1, early 2). */
    private static Optional<GeneratorLoad> generator(Node parent) throws ResultFormatException {
        if (!parent.has("generator")) {
            return Optional.empty();
        }
        Node n = parent.get("generator");
        try {
            return Optional.of(new GeneratorLoad(n.get("elapsedMicros").micros(), n.get("coresUsed").doubleValue(),
                    n.get("cores").intValue(), n.get("heapUsedBytes").count(), n.get("heapCommittedBytes").count()));
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException(n.path() + ": " + e.getMessage());
        }
    }

    private static LatencySummary summary(Node n) throws ResultFormatException {
        return new LatencySummary(n.get("count").count(), n.get("minMicros").micros(), n.get("meanMicros").micros(),
                n.get("p50Micros").micros(), n.get("p90Micros").micros(), n.get("p99Micros").micros(),
                n.get("p999Micros").micros(), n.get("maxMicros").micros());
    }

    /**
     * An interval's optional histogram (absent in files written before intervals kept them), decoded into a
     * packed histogram: a long run has one per interval, and the memory then follows the values held.
     */
    private static Optional<LatencyHistogram> intervalHistogram(Node n) throws ResultFormatException {
        if (!n.has("histogram")) {
            return Optional.empty();
        }
        Node field = n.get("histogram");
        try {
            byte[] bytes = Base64.getDecoder().decode(field.text());
            Histogram h = PackedHistogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            return Optional.of(h.getTotalCount() == 0 ? LatencyHistogram.EMPTY : LatencyHistogram.of(h));
        } catch (DataFormatException | RuntimeException e) {
            throw new ResultFormatException(field.path() + ": not an HdrHistogram in compressed base64 encoding ("
                    + e.getMessage() + ")", e);
        }
    }

    /** The distribution from its {@code histogram} field; the summary figures beside it are derived from it. */
    static LatencyHistogram histogram(Node n) throws ResultFormatException {
        Node field = n.get("histogram");
        try {
            byte[] bytes = Base64.getDecoder().decode(field.text());
            Histogram h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
            // an empty HdrHistogram does not equal a decoded (or copied) empty one: keep "empty" one value
            return h.getTotalCount() == 0 ? LatencyHistogram.EMPTY : LatencyHistogram.of(h);
        } catch (DataFormatException | RuntimeException e) {   // corrupt input fails in many ways
            throw new ResultFormatException(field.path() + ": not an HdrHistogram in compressed base64 encoding ("
                    + e.getMessage() + ")", e);
        }
    }
}
