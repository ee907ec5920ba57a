package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Header;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.LoadTest;
import dev.loadtest.Rate;
import dev.loadtest.Redaction;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.Statistics;
import dev.loadtest.StatusCodes;
import dev.loadtest.TlsUsed;
import dev.loadtest.Traffic;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/** Writes a {@link Result} as the JSON format described in the package documentation. */
final class ResultWriter {

    private final JsonGenerator out;

    ResultWriter(JsonGenerator out) {
        this.out = out;
    }

    void write(Result r) throws IOException {
        out.writeStartObject();
        out.writeStringField("format", ResultJson.FORMAT_NAME);
        out.writeNumberField("formatVersion", ResultJson.FORMAT_VERSION);
        out.writeStringField("verdict", r.verdict().label());
        out.writeStringField("protocol", r.protocol());
        tls(r.tls());
        out.writeFieldName("durationSeconds");
        out.writeNumber(BigDecimal.valueOf(r.duration().toNanos(), 9).stripTrailingZeros());
        out.writeBooleanField("stopped", r.stopped());
        configuration(r.test());
        requests(r.requests());
        statusCodes(r.statusCodes());
        traffic(r.traffic());
        out.writeObjectFieldStart("throughput");
        number("requestsPerSecond", r.requestsPerSecond());
        number("bytesPerSecond", r.bytesPerSecond());
        out.writeEndObject();
        out.writeNumberField("connections", r.connections());
        statistics("clientRequestRates", r.clientRequestRates());
        errors(r.errors());
        CheckJson.write(out, r.checks());
        if (r.rate().isPresent()) {
            rate(r.rate().get());
        }
        generator(r.generator());
        out.writeObjectFieldStart("latency");
        latency("responseTime", r.responseTime());
        latency("serviceTime", r.serviceTime());
        latency("connect", r.connectTime());
        latency("ttfb", r.timeToFirstByte());
        out.writeEndObject();
        out.writeArrayFieldStart("intervals");
        for (Interval i : r.intervals()) {
            interval(i);
        }
        out.writeEndArray();
        new ScenarioJson(this, out).write(r);
        out.writeEndObject();
    }

    private void configuration(LoadTest t) throws IOException {
        // a shard's configuration is written as the whole run's (clients, requests, rate, stages, backlog as
        // given to the builder) and the shard's index and count, so reading it back divides it the same way
        LoadTest w = t.unsharded();
        out.writeObjectFieldStart("configuration");
        out.writeArrayFieldStart("targets");
        for (URI uri : t.targets()) {
            out.writeString(Redaction.redacted(uri).toString());
        }
        out.writeEndArray();
        out.writeNumberField("clients", w.clients());
        out.writeNumberField("streams", t.streams());
        out.writeNumberField("threads", w.threads());
        if (w.requests().isPresent()) {
            out.writeNumberField("requests", w.requests().getAsLong());
        }
        if (t.duration().isPresent()) {
            micros("durationMicros", t.duration().get());
        }
        micros("warmUpMicros", t.warmUp());
        if (w.rate().isPresent()) {
            number("rate", w.rate().getAsDouble());
        }
        out.writeArrayFieldStart("stages");
        for (Stage s : w.stages()) {
            out.writeStartObject();
            number("fromRate", s.fromRate());
            number("toRate", s.toRate());
            micros("durationMicros", s.duration());
            out.writeNumberField("concurrency", s.concurrency());
            out.writeEndObject();
        }
        out.writeEndArray();
        out.writeNumberField("maxBacklog", w.maxBacklog());
        micros("scheduleResolutionMicros", t.scheduleResolution());
        micros("intervalMicros", t.interval());
        out.writeStringField("protocol", t.protocol().name());
        out.writeStringField("method", t.method());
        out.writeArrayFieldStart("headers");
        for (Header h : t.headers()) {
            out.writeStartObject();
            out.writeStringField("name", h.name());
            out.writeStringField("value", h.isSecret() ? Redaction.REDACTED : h.value());
            out.writeEndObject();
        }
        out.writeEndArray();
        if (t.bodyLength() >= 0) {
            out.writeNumberField("bodyLength", t.bodyLength());
            out.writeStringField("body", Base64.getEncoder().encodeToString(t.body().orElseThrow()));
        }
        if (t.seed().isPresent()) {
            out.writeNumberField("seed", t.seed().getAsLong());   // replays a run whose requests were built per request
        }
        micros("connectTimeoutMicros", t.connectTimeout());
        micros("requestTimeoutMicros", t.requestTimeout());
        out.writeBooleanField("keepAlive", t.keepAlive());
        out.writeStringField("tls", t.insecureTrustAll() ? "insecure" : t.sslContext().isPresent() ? "custom" : "default");
        if (t.shardCount() > 1) {
            out.writeObjectFieldStart("shard");
            out.writeNumberField("index", t.shardIndex());
            out.writeNumberField("count", t.shardCount());
            out.writeNumberField("clients", t.clients());
            if (t.requests().isPresent()) {
                out.writeNumberField("requests", t.requests().getAsLong());
            }
            if (t.rate().isPresent()) {
                number("rate", t.rate().getAsDouble());
            }
            out.writeEndObject();
        }
        if (t.startAt().isPresent()) {
            out.writeStringField("startAt", t.startAt().get().toString());
        }
        new ScenarioShapeJson(out).write(w);
        out.writeEndObject();
    }

    void requests(Requests q) throws IOException {
        out.writeObjectFieldStart("requests");
        out.writeNumberField("total", q.total());
        out.writeNumberField("started", q.started());
        out.writeNumberField("done", q.done());
        out.writeNumberField("succeeded", q.succeeded());
        out.writeNumberField("failed", q.failed());
        out.writeNumberField("errored", q.errored());
        out.writeNumberField("timeout", q.timeout());
        out.writeNumberField("notIssued", q.notIssued());
        out.writeNumberField("retried", q.retried());
        out.writeNumberField("checkFailed", q.checkFailed());
        out.writeEndObject();
    }

    void statusCodes(StatusCodes codes) throws IOException {
        out.writeObjectFieldStart("statusCodes");
        for (Map.Entry<Integer, Long> e : codes.counts().entrySet()) {
            out.writeNumberField(Integer.toString(e.getKey()), e.getValue());
        }
        out.writeEndObject();
    }

    void traffic(Traffic t) throws IOException {
        out.writeObjectFieldStart("traffic");
        out.writeNumberField("totalBytes", t.totalBytes());
        out.writeNumberField("headerBytes", t.headerBytes());
        out.writeNumberField("decodedHeaderBytes", t.decodedHeaderBytes());
        out.writeNumberField("dataBytes", t.dataBytes());
        out.writeNumberField("sentBytes", t.sentBytes());
        number("headerSpaceSavings", t.headerSpaceSavings());
        out.writeEndObject();
    }

    private void statistics(String name, Statistics s) throws IOException {
        out.writeObjectFieldStart(name);
        out.writeNumberField("count", s.count());
        number("min", s.min());
        number("max", s.max());
        number("mean", s.mean());
        number("stdDev", s.stdDev());
        number("withinStdDev", s.withinStdDev());
        number("median", s.median());
        number("p95", s.p95());
        number("p99", s.p99());
        out.writeEndObject();
    }

    void errors(Map<ErrorCategory, ErrorCount> errors) throws IOException {
        out.writeObjectFieldStart("errors");
        for (Map.Entry<ErrorCategory, ErrorCount> e : errors.entrySet()) {
            out.writeObjectFieldStart(key(e.getKey()));
            out.writeNumberField("count", e.getValue().count());
            out.writeStringField("label", e.getKey().label());
            out.writeStringField("sampleMessage", e.getValue().sampleMessage());
            out.writeArrayFieldStart("messages");
            for (String message : e.getValue().messages()) {
                out.writeString(message);
            }
            out.writeEndArray();
            out.writeEndObject();
        }
        out.writeEndObject();
    }

    private void rate(Rate rate) throws IOException {
        out.writeObjectFieldStart("rate");
        number("offered", rate.offered());
        number("achieved", rate.achieved());
        out.writeNumberField("scheduled", rate.scheduled());
        out.writeNumberField("dropped", rate.dropped());
        out.writeNumberField("late", rate.late());
        out.writeNumberField("backlogAtEnd", rate.backlogAtEnd());
        latency("schedulerLag", rate.schedulerLag());
        out.writeEndObject();
    }

    void latency(String name, LatencyHistogram h) throws IOException {
        out.writeObjectFieldStart(name);
        out.writeNumberField("count", h.count());
        micros("minMicros", h.min());
        micros("maxMicros", h.max());
        micros("meanMicros", h.mean());
        micros("stdDevMicros", h.stdDev());
        micros("p50Micros", h.percentile(50));
        micros("p90Micros", h.percentile(90));
        micros("p95Micros", h.percentile(95));
        micros("p99Micros", h.percentile(99));
        micros("p999Micros", h.percentile(99.9));
        out.writeStringField("histogram", encode(h));
        out.writeEndObject();
    }

    private void interval(Interval i) throws IOException {
        out.writeStartObject();
        micros("startMicros", i.start());
        micros("lengthMicros", i.length());
        out.writeNumberField("started", i.started());
        out.writeNumberField("done", i.done());
        out.writeNumberField("errored", i.errored());
        out.writeNumberField("bytes", i.bytes());
        out.writeNumberField("checkFailed", i.checkFailed());
        number("requestsPerSecond", i.requestsPerSecond());
        statusCodes(i.statusCodes());
        out.writeObjectFieldStart("latency");
        summary("responseTime", i.responseTime(), i.responseTimeHistogram());
        summary("serviceTime", i.serviceTime(), i.serviceTimeHistogram());
        out.writeEndObject();
        generator(i.generator());
        out.writeEndObject();
    }

    /** Absent in clear text and when no handshake completed. */
    private void tls(Optional<TlsUsed> tls) throws IOException {
        if (tls.isEmpty()) {
            return;
        }
        out.writeObjectFieldStart("tls");
        out.writeStringField("provider", tls.get().provider());
        out.writeStringField("protocol", tls.get().protocol());
        out.writeStringField("cipherSuite", tls.get().cipherSuite());
        out.writeEndObject();
    }

    /** Absent when not measured; {@code cpuShare} is derived (for readers like jq), not read back. */
    private void generator(Optional<GeneratorLoad> load) throws IOException {
        if (load.isEmpty()) {
            return;
        }
        GeneratorLoad g = load.get();
        out.writeObjectFieldStart("generator");
        micros("elapsedMicros", g.elapsed());
        number("coresUsed", g.coresUsed());
        out.writeNumberField("cores", g.cores());
        number("cpuShare", g.cpuShare());
        out.writeNumberField("heapUsedBytes", g.heapUsedBytes());
        out.writeNumberField("heapCommittedBytes", g.heapCommittedBytes());
        out.writeEndObject();
    }

    private void summary(String name, LatencySummary s, Optional<LatencyHistogram> histogram) throws IOException {
        out.writeObjectFieldStart(name);
        out.writeNumberField("count", s.count());
        micros("minMicros", s.min());
        micros("maxMicros", s.max());
        micros("meanMicros", s.mean());
        micros("p50Micros", s.p50());
        micros("p90Micros", s.p90());
        micros("p99Micros", s.p99());
        micros("p999Micros", s.p999());
        if (histogram.isPresent()) {
            // optional: files written before intervals kept their histograms have none, and still read
            out.writeStringField("histogram", encode(histogram.get()));
        }
        out.writeEndObject();
    }

    /** HdrHistogram's compressed encoding (values in nanoseconds), base64: lossless and mergeable. */
    static String encode(LatencyHistogram h) {
        Histogram histogram = h.toHistogram();
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /** The JSON name of an error category: its constant in lower camel case ({@code CONNECT_TIMEOUT} → connectTimeout). */
    static String key(ErrorCategory category) {
        String[] words = category.name().toLowerCase(Locale.ROOT).split("_");
        StringBuilder key = new StringBuilder(words[0]);
        for (int i = 1; i < words.length; i++) {
            key.append(Character.toUpperCase(words[i].charAt(0))).append(words[i], 1, words[i].length());
        }
        return key.toString();
    }

    /** A time in microseconds, exact to the nanosecond: 1234567 ns → 1234.567. */
    private void micros(String name, Duration d) throws IOException {
        out.writeFieldName(name);
        out.writeNumber(BigDecimal.valueOf(d.toNanos(), 3).stripTrailingZeros());
    }

    /** A double in plain notation (no exponent) that reads back as the same double; null if not finite. */
    private void number(String name, double value) throws IOException {
        out.writeFieldName(name);
        if (Double.isFinite(value)) {
            out.writeNumber(new BigDecimal(Double.toString(value)).stripTrailingZeros());
        } else {
            out.writeNull();
        }
    }
}
