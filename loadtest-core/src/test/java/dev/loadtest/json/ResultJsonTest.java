package dev.loadtest.json;

import static dev.loadtest.json.FlatJson.flatten;
import static dev.loadtest.json.FlatJson.micros;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.GeneratorLoad;
import dev.loadtest.Header;
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
import dev.loadtest.testing.TestServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The JSON result format's promises: every figure read back as written (histograms exactly, so results merge
 * after reading), the documented fields and units, redaction, unknown fields ignored, and malformed documents
 * refused naming the field.
 *
 * <p>Over 400 lines: one test class for the format, as tests mirror classes; its round trips need results with
 * every figure set and a field-by-field comparison, which the helpers at the end build once for all of them.
 */
class ResultJsonTest {

    // ---- round trips ----------------------------------------------------------------------------------

    @Test
    void should_read_back_every_field_of_a_closed_model_result() throws IOException {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/a"), URI.create("http://127.0.0.1:8080/b?x=1"))
                .clients(8).streams(4).threads(2).requests(1_000).protocol(Protocol.HTTP_2)
                .header("Accept", "application/json").body("{\"k\":1}".getBytes(StandardCharsets.UTF_8))
                .connectTimeout(Duration.ofMillis(1_500)).requestTimeout(Duration.ofSeconds(7))
                .interval(Duration.ofMillis(250)).maxBacklog(77).build();
        Result original = result(test, Optional.empty(), List.of(), Verdict.ERRORS);

        Result read = ResultJson.fromJson(ResultJson.toJson(original));

        assertSameResult(read, original);
        assertSameTest(read.test(), test);
    }

    @Test
    void should_read_back_rate_timeline_and_errors_of_an_open_model_result() throws IOException {
        LoadTest test = LoadTest.target("https://127.0.0.1:8443/")
                .clients(4).streams(2).insecureTrustAll().keepAlive(true)
                .stages(Stage.ramp(0, 1_000, Duration.ofSeconds(2)), Stage.rate(1_000, Duration.ofMillis(1_500)))
                .warmUp(Duration.ofMillis(500)).scheduleResolution(Duration.ofNanos(250_000)).build();
        Rate rate = new Rate(571.4285714285714, 560.25, 2_000, 3, 41, 2, histogram(7, 20_000, 5_000_000));
        List<Interval> intervals = List.of(
                interval(Duration.ZERO, Duration.ofSeconds(1), 11),
                interval(Duration.ofSeconds(1), Duration.ofSeconds(1), 12),
                interval(Duration.ofSeconds(2), Duration.ofNanos(500_123_456), 13));
        Result original = result(test, Optional.of(rate), intervals, Verdict.OVERLOADED);

        Result read = ResultJson.fromJson(ResultJson.toJson(original));

        assertSameResult(read, original);
        assertSameTest(read.test(), test);
        assertThat(read.rate()).contains(rate);
        assertThat(read.intervals()).isEqualTo(intervals);
        assertThat(read.test().insecureTrustAll()).isTrue();
        assertThat(read.test().stages()).containsExactlyElementsOf(test.stages());
    }

    @Test
    void should_read_back_a_constant_rate_as_a_rate_not_as_stages() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").clients(2).rate(123.5)
                .duration(Duration.ofSeconds(3)).build();

        LoadTest read = ResultJson.fromJson(ResultJson.toJson(result(test, Optional.empty(), List.of(), Verdict.OK)))
                .test();

        assertThat(read.rate()).hasValue(123.5);
        assertThat(read.stages()).containsExactly(Stage.rate(123.5, Duration.ofSeconds(3)));
        assertThat(read.duration()).contains(Duration.ofSeconds(3));
    }

    @Test
    void should_read_back_concurrency_stages() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").clients(4).streams(10)
                .stages(Stage.concurrency(5, Duration.ofSeconds(1)), Stage.concurrency(40, Duration.ofMillis(500)))
                .build();

        LoadTest read = ResultJson.fromJson(ResultJson.toJson(result(test, Optional.empty(), List.of(), Verdict.OK)))
                .test();

        assertSameTest(read, test);
        assertThat(read.stages()).extracting(Stage::concurrency).containsExactly(5, 40);
        assertThat(read.isRateDriven()).isFalse();
    }

    @Test
    void should_keep_histograms_exact_so_results_merge_after_reading() throws IOException {
        LatencyHistogram a = histogram(1, 1_000, 2_000_000_000L);   // up to 2 s, auto-resized range
        LatencyHistogram b = histogram(2, 500, 90_000_000);
        Result ra = withLatency(a);
        Result rb = withLatency(b);

        LatencyHistogram readA = ResultJson.fromJson(ResultJson.toJson(ra)).responseTime();
        LatencyHistogram readB = ResultJson.fromJson(ResultJson.toJson(rb)).responseTime();

        assertThat(readA).isEqualTo(a);
        assertThat(readA.plus(readB)).isEqualTo(a.plus(b));
        assertThat(readA.plus(readB).percentile(99.99)).isEqualTo(a.plus(b).percentile(99.99));
        assertThat(readA.toHistogram().getCountAtValue(a.toHistogram().getMaxValue()))
                .isEqualTo(a.toHistogram().getCountAtValue(a.toHistogram().getMaxValue()));
    }

    @Test
    void should_round_trip_an_empty_result() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").duration(Duration.ofMillis(10)).build();
        Result empty = new ResultBuilder().test(test).duration(Duration.ZERO).protocol("http/1.1")
                .requests(new Requests(0, 0, 0, 0, 0, 0, 0, 0)).statusCodes(new StatusCodes(Map.of()))
                .traffic(new Traffic(0, 0, 0, 0, 0)).verdict(Verdict.STALLED).stopped(true).build();

        assertSameResult(ResultJson.fromJson(ResultJson.toJson(empty)), empty);
    }

    @Test
    void should_read_back_the_generators_load_of_the_run_and_its_intervals() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").clients(2).threads(2).requests(1_000).build();
        GeneratorLoad run = new GeneratorLoad(Duration.ofNanos(2_000_123_456L), 1.84, 2, 43_214_848, 67_108_864);
        GeneratorLoad second = new GeneratorLoad(Duration.ofSeconds(1), 1.91, 2, 38_123_520, 67_108_864);
        Interval first = interval(Duration.ZERO, Duration.ofSeconds(1), 5);
        Interval measured = IntervalBuilder.from(interval(Duration.ofSeconds(1), Duration.ofSeconds(1), 6))
                .generator(Optional.of(second)).build();
        Result original = ResultBuilder.from(result(test, Optional.empty(), List.of(first, measured),
                Verdict.GENERATOR_SATURATED)).generator(Optional.of(run)).build();

        String json = ResultJson.toJson(original);
        Result read = ResultJson.fromJson(json);

        assertSameResult(read, original);
        assertThat(read.generator()).contains(run);
        assertThat(read.intervals().get(0).generator()).as("an interval without a figure").isEmpty();
        assertThat(read.intervals().get(1).generator()).contains(second);
        assertThat(flatten(json)).containsEntry("generator.cores", 2L).containsEntry("generator.cpuShare",
                new BigDecimal("0.92")).containsEntry("generator.heapUsedBytes", 43_214_848L)
                .containsEntry("intervals[1].generator.coresUsed", new BigDecimal("1.91"))
                .doesNotContainKey("intervals[0].generator.cores");
    }

    @Test
    void should_read_back_the_tls_spoken_and_write_none_in_clear_text() throws IOException {
        LoadTest test = LoadTest.target("https://127.0.0.1:1/").clients(2).requests(1_000).build();
        TlsUsed tls = new TlsUsed("Conscrypt 2.5.2", "TLSv1.3", "TLS_AES_128_GCM_SHA256");
        Result original = ResultBuilder.from(result(test, Optional.empty(), List.of(), Verdict.OK))
                .tls(Optional.of(tls)).build();

        String json = ResultJson.toJson(original);

        assertThat(ResultJson.fromJson(json).tls()).contains(tls);
        assertThat(flatten(json)).containsEntry("tls.provider", "Conscrypt 2.5.2")
                .containsEntry("tls.protocol", "TLSv1.3").containsEntry("tls.cipherSuite", "TLS_AES_128_GCM_SHA256");
        String clearText = ResultJson.toJson(result(test, Optional.empty(), List.of(), Verdict.OK));
        assertThat(flatten(clearText).keySet()).noneMatch(key -> key.startsWith("tls."));
        assertThat(ResultJson.fromJson(clearText).tls()).isEmpty();
    }

    @Test
    void should_read_a_document_without_the_generators_load_as_not_measured() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").clients(2).requests(1_000).build();
        Result unmeasured = result(test, Optional.empty(), List.of(interval(Duration.ZERO, Duration.ofSeconds(1), 5)),
                Verdict.OK);

        String json = ResultJson.toJson(unmeasured);

        assertThat(flatten(json).keySet()).noneMatch(key -> key.contains("generator"));
        assertThat(ResultJson.fromJson(json).generator()).isEmpty();
        assertThat(ResultJson.fromJson(json).intervals().get(0).generator()).isEmpty();
    }

    @Test
    void should_round_trip_a_real_run_against_jetty() throws IOException {
        try (TestServer server = TestServer.h2c()) {
            Result original = LoadTest.target(server.uri("/hello"), server.uri("/status/404"))
                    .protocol(Protocol.HTTP_2).clients(2).streams(4).requests(200).run();

            Result read = ResultJson.fromJson(ResultJson.toJson(original));

            assertSameResult(read, original);
            assertSameTest(read.test(), original.test());
            assertThat(read.statusCodes().count(404)).isEqualTo(100);
            assertThat(read.toString()).isEqualTo(original.toString());   // the text report too
            assertThat(read.generator()).isEqualTo(original.generator());
        }
    }

    @Test
    void should_write_and_read_a_file(@TempDir Path dir) throws IOException {
        Result original = withLatency(histogram(3, 1_000, 10_000_000));
        Path file = dir.resolve("run.json");

        ResultJson.write(original, file);

        assertThat(Files.readString(file)).startsWith("{").contains("\"formatVersion\" : 3");
        assertSameResult(ResultJson.read(file), original);
    }

    // ---- the contract: names, units, redaction -------------------------------------------------------

    @Test
    void should_write_the_documented_fields_in_microseconds() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").clients(2).rate(100).duration(Duration.ofSeconds(2))
                .build();
        Rate rate = new Rate(100, 99.5, 200, 0, 1, 0, histogram(4, 1_000, 1_000_000));
        Result r = result(test, Optional.of(rate), List.of(interval(Duration.ZERO, Duration.ofSeconds(1), 5)),
                Verdict.OK);

        Map<String, Object> json = flatten(ResultJson.toJson(r));

        assertThat(json).containsEntry("format", "loadtest-result").containsEntry("formatVersion", 3L)
                .containsEntry("verdict", "ok").containsEntry("protocol", "h2c")
                .containsEntry("requests.total", 1_000L).containsEntry("requests.started", 990L)
                .containsEntry("requests.done", 970L).containsEntry("requests.retried", 17L).containsEntry("requests.succeeded", 900L)
                .containsEntry("requests.failed", 80L).containsEntry("requests.errored", 30L)
                .containsEntry("requests.timeout", 5L).containsEntry("requests.notIssued", 10L)
                .containsEntry("statusCodes.200", 880L).containsEntry("statusCodes.302", 20L)
                .containsEntry("statusCodes.503", 50L)
                .containsEntry("traffic.totalBytes", 123_456L).containsEntry("traffic.headerBytes", 2_000L)
                .containsEntry("traffic.decodedHeaderBytes", 8_000L).containsEntry("traffic.dataBytes", 100_000L)
                .containsEntry("traffic.sentBytes", 54_321L)
                .containsEntry("rate.offered", 100L).containsEntry("rate.achieved", new BigDecimal("99.5"))
                .containsEntry("configuration.tls", "default").containsEntry("configuration.clients", 2L)
                .containsEntry("configuration.durationMicros", 2_000_000L)
                .containsEntry("intervals[0].startMicros", 0L).containsEntry("intervals[0].lengthMicros", 1_000_000L);
        assertThat(((Number) json.get("durationSeconds")).doubleValue()).isEqualTo(2.000_123_456);
        assertThat(((Number) json.get("throughput.requestsPerSecond")).doubleValue())
                .isEqualTo(r.requestsPerSecond());
        assertThat(((Number) json.get("throughput.bytesPerSecond")).doubleValue()).isEqualTo(r.bytesPerSecond());
        for (String name : List.of("responseTime", "serviceTime", "connect", "ttfb")) {
            for (String field : List.of("count", "minMicros", "maxMicros", "meanMicros", "stdDevMicros", "p50Micros",
                    "p90Micros", "p95Micros", "p99Micros", "p999Micros", "histogram")) {
                assertThat(json).containsKey("latency." + name + "." + field);
            }
        }
        assertThat(micros(json.get("latency.responseTime.p99Micros"))).isEqualTo(r.responseTime().percentile(99));
        assertThat(micros(json.get("latency.serviceTime.p50Micros"))).isEqualTo(r.serviceTime().percentile(50));
        assertThat(micros(json.get("latency.connect.maxMicros"))).isEqualTo(r.connectTime().max());
        assertThat(micros(json.get("latency.ttfb.meanMicros"))).isEqualTo(r.timeToFirstByte().mean());
        assertThat(micros(json.get("intervals[0].latency.responseTime.p99Micros")))
                .isEqualTo(r.intervals().get(0).responseTime().p99());
    }

    @Test
    void should_redact_secret_header_values() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").requests(1)
                .header("Authorization", "Bearer s3cr3t-token").header("Cookie", "session=abcdef")
                .header("X-Api-Key", "k3y-123").header("X-Trace", "visible").build();

        String json = ResultJson.toJson(result(test, Optional.empty(), List.of(), Verdict.OK));
        LoadTest read = ResultJson.fromJson(json).test();

        assertThat(json).doesNotContain("s3cr3t-token").doesNotContain("abcdef").doesNotContain("k3y-123")
                .contains("visible");
        assertThat(read.headers()).containsExactly(new Header("Authorization", "<redacted>"),
                new Header("Cookie", "<redacted>"), new Header("X-Api-Key", "<redacted>"), new Header("X-Trace", "visible"));
    }

    @Test
    void should_record_how_tls_was_set_up_and_read_custom_back_as_default() throws Exception {
        LoadTest.Builder https = LoadTest.target("https://127.0.0.1:8443/").requests(1);
        Map<String, LoadTest> byMode = Map.of(
                "default", https.build(),
                "insecure", LoadTest.target("https://127.0.0.1:8443/").requests(1).insecureTrustAll().build(),
                "custom", LoadTest.target("https://127.0.0.1:8443/").requests(1).sslContext(SSLContext.getDefault())
                        .build());

        for (Map.Entry<String, LoadTest> e : byMode.entrySet()) {
            String json = ResultJson.toJson(result(e.getValue(), Optional.empty(), List.of(), Verdict.OK));
            LoadTest read = ResultJson.fromJson(json).test();

            assertThat(flatten(json)).as(e.getKey()).containsEntry("configuration.tls", e.getKey());
            assertThat(read.insecureTrustAll()).as(e.getKey()).isEqualTo(e.getKey().equals("insecure"));
            assertThat(read.sslContext()).as(e.getKey()).isEmpty();
        }
    }

    @Test
    void should_ignore_fields_it_does_not_know() throws IOException {
        Result original = withLatency(histogram(5, 1_000, 1_000_000));
        String json = ResultJson.toJson(original).replaceFirst("\\{", "{ \"addedLater\" : { \"x\" : [1, 2] },");

        assertSameResult(ResultJson.fromJson(json), original);
    }

    @Test
    void should_read_a_document_written_before_retried_existed_as_0_retried_and_done_without_never_issued()
            throws IOException {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/a")).clients(8).requests(1_000).build();
        Result original = result(test, Optional.empty(), List.of(), Verdict.ERRORS);
        String json = ResultJson.toJson(original);
        assertThat(json).contains("\"retried\" : 17");
        // then `done` still counted the 10 requests never issued
        String old = json.replace(",\n    \"retried\" : 17", "").replace("\"done\" : 970", "\"done\" : 980");
        assertThat(old).doesNotContain("retried");

        Requests read = ResultJson.fromJson(old).requests();

        assertThat(read.retried()).isZero();
        assertThat(read.done()).isEqualTo(970);
        assertThat(read.ended()).isEqualTo(read.succeeded() + read.failed());
    }

    @Test
    void should_read_a_document_written_before_distinct_messages_as_its_sample_message() throws IOException {
        Result original = withLatency(LatencyHistogram.EMPTY);
        String json = ResultJson.toJson(original).replaceAll("(?s),\\s*\"messages\" : \\[[^]]*]", "");
        assertThat(json).doesNotContain("\"messages\"").contains("\"sampleMessage\"");

        ErrorCount read = ResultJson.fromJson(json).errors().get(ErrorCategory.OTHER);

        assertThat(read).isEqualTo(new ErrorCount(6, "boom"));
        assertThat(read.messages()).containsExactly("boom");
    }

    @Test
    void should_read_back_each_distinct_error_message() throws IOException {
        Result original = result(LoadTest.target("http://127.0.0.1:8080/").requests(10).build(), Optional.empty(), List.of(),
                Verdict.ERRORS);

        Result read = ResultJson.fromJson(ResultJson.toJson(original));

        assertThat(read.errors().get(ErrorCategory.STREAM_RESET).messages()).containsExactly(
                "RST_STREAM: \"REFUSED_STREAM\" ü\n", "RST_STREAM: \"CANCEL\"", "RST_STREAM: \"INTERNAL_ERROR\"");
    }

    @Test
    void should_keep_an_unknown_error_category_as_other() throws IOException {
        String json = ResultJson.toJson(withLatency(LatencyHistogram.EMPTY))
                .replace("\"errors\" : {", "\"errors\" : { \"quantumFlux\" : { \"count\" : 4, \"sampleMessage\" : \"?\" },");

        Result read = ResultJson.fromJson(json);

        assertThat(read.errorCount(ErrorCategory.OTHER)).isEqualTo(4 + 6);
    }

    // ---- malformed input -----------------------------------------------------------------------------

    static Stream<Arguments> malformed() {
        String good = ResultJson.toJson(withLatency(histogram(6, 1_000, 1_000_000)));
        return Stream.of(
                Arguments.of("empty", "", "empty input"),
                Arguments.of("not JSON", "hello", "not valid JSON"),
                Arguments.of("truncated", good.substring(0, good.length() / 2), "not valid JSON"),
                Arguments.of("an array", "[1, 2]", "must be an object"),
                Arguments.of("another format", good.replace("\"loadtest-result\"", "\"k6-summary\""),
                        "format: must be \"loadtest-result\""),
                Arguments.of("a newer version", good.replace("\"formatVersion\" : 3", "\"formatVersion\" : 4"),
                        "formatVersion: this reader knows versions 1 to 3, the document is version 4"),
                Arguments.of("a missing field", good.replace("\"succeeded\" :", "\"succeededX\" :"),
                        "requests.succeeded: missing"),
                Arguments.of("a string for a number", good.replace("\"total\" : 1000", "\"total\" : \"1000\""),
                        "requests.total: must be a whole number, was \"1000\""),
                Arguments.of("a negative count", good.replace("\"total\" : 1000", "\"total\" : -1"),
                        "requests.total: must be >= 0"),
                Arguments.of("a fraction for a count", good.replace("\"total\" : 1000", "\"total\" : 1.5"),
                        "requests.total: must be a whole number"),
                Arguments.of("an unknown verdict", good.replace("\"verdict\" : \"errors\"", "\"verdict\" : \"meh\""),
                        "verdict: verdict (meh) must be one of"),
                Arguments.of("a corrupt histogram", good.replaceFirst("\"histogram\" : \"[^\"]*\"", "\"histogram\" : \"AAAA\""),
                        "latency.responseTime.histogram: not an HdrHistogram"),
                Arguments.of("bad base64", good.replaceFirst("\"histogram\" : \"[^\"]*\"", "\"histogram\" : \"%%%\""),
                        "latency.responseTime.histogram: not an HdrHistogram"),
                Arguments.of("a bad status code", good.replace("\"503\" :", "\"5xx\" :"),
                        "statusCodes.5xx: a status code must be a number"),
                Arguments.of("an invalid setting", good.replace("\"clients\" : 8", "\"clients\" : 0"),
                        "configuration.clients: clients (0) must be >= 1"),
                Arguments.of("an invalid target", good.replace("http://127.0.0.1:8080/a", "ftp://x/"),
                        "configuration.targets: target (ftp://x/) must use the http or https scheme"),
                Arguments.of("an unknown tls mode", good.replace("\"tls\" : \"default\"", "\"tls\" : \"maybe\""),
                        "configuration.tls: must be default, custom or insecure"),
                Arguments.of("a duplicate field", good.replace("\"stopped\" : false", "\"stopped\" : false, \"stopped\" : true"),
                        "Duplicate field 'stopped'"),
                Arguments.of("text after the object", good + " {}", "unexpected text after the JSON object"),
                // well-formed, but no run can have these figures
                Arguments.of("done > total", good.replace("\"done\" : 980", "\"done\" : 1001"),
                        "requests.done (1001) must be <= requests.total (1000): a run does no more requests than it has"),
                Arguments.of("succeeded > done", good.replace("\"done\" : 980", "\"done\" : 899"),
                        "requests.succeeded (900) must be <= requests.done (899): a request succeeds once it is done"),
                Arguments.of("errored > failed", good.replace("\"errored\" : 30", "\"errored\" : 81"),
                        "requests.errored (81) must be <= requests.failed (80)"),
                Arguments.of("timeout > errored", good.replace("\"timeout\" : 5", "\"timeout\" : 31"),
                        "requests.timeout (31) must be <= requests.errored (30)"),
                Arguments.of("a negative duration", good.replace("\"durationSeconds\" : 1.234", "\"durationSeconds\" : -1.5"),
                        "durationSeconds: must be >= 0, was -1.5"),
                Arguments.of("status counts that do not sum", good.replace("\"503\" : 50", "\"503\" : 51"),
                        "statusCodes: the counts add up to 951, but requests.succeeded + requests.failed - requests.errored"
                                + " is 950: every response has one status"),
                Arguments.of("status counts that overflow", good.replace("\"503\" : 50", "\"503\" : 9223372036854775807"),
                        "statusCodes: the counts overflow when added"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void should_reject_malformed_documents_naming_the_field(String name, String json, String message) {
        assertThatThrownBy(() -> ResultJson.fromJson(json))
                .isInstanceOf(ResultFormatException.class)
                .hasMessageContaining(message);
    }

    // ---- fixtures ------------------------------------------------------------------------------------

    private static Result withLatency(LatencyHistogram h) {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/a")).clients(8).requests(1_000).build();
        Map<ErrorCategory, ErrorCount> errors = Map.of(ErrorCategory.OTHER, new ErrorCount(6, "boom"));
        return new ResultBuilder().test(test).duration(Duration.ofMillis(1_234)).protocol("http/1.1")
                .requests(new Requests(1_000, 990, 980, 900, 80, 30, 5, 10))
                .statusCodes(new StatusCodes(Map.of(200, 900L, 503, 50L))).traffic(new Traffic(1, 2, 3, 4, 5))
                .serviceTime(h).responseTime(h).connectTime(h).timeToFirstByte(h)
                .clientRequestRates(Statistics.of(1, 2, 3)).connections(8).errors(errors).verdict(Verdict.ERRORS)
                .build();
    }

    private static Result result(LoadTest test, Optional<Rate> rate, List<Interval> intervals, Verdict verdict) {
        Map<ErrorCategory, ErrorCount> errors = new EnumMap<>(ErrorCategory.class);
        errors.put(ErrorCategory.CONNECT_TIMEOUT, new ErrorCount(3, "connect timed out after 1500 ms"));
        errors.put(ErrorCategory.STREAM_RESET, new ErrorCount(27, "RST_STREAM: \"REFUSED_STREAM\" ü\n",
                List.of("RST_STREAM: \"CANCEL\"", "RST_STREAM: \"INTERNAL_ERROR\"")));
        Map<Integer, Long> codes = new HashMap<>();
        codes.put(200, 880L);
        codes.put(302, 20L);
        codes.put(503, 50L);
        return new ResultBuilder().test(test).duration(Duration.ofNanos(2_000_123_456L)).protocol("h2c")
                .requests(new Requests(1_000, 990, 970, 900, 80, 30, 5, 10, 17)).statusCodes(new StatusCodes(codes))
                .traffic(new Traffic(123_456, 2_000, 8_000, 100_000, 54_321))
                .serviceTime(histogram(11, 1_000, 50_000_000)).responseTime(histogram(12, 1_000, 900_000_000))
                .connectTime(histogram(13, 50_000, 3_000_000)).timeToFirstByte(histogram(14, 100_000, 9_000_000))
                .clientRequestRates(Statistics.of(101.5, 99.25, 100.125, 97.0)).connections(11).errors(errors)
                .rate(rate).intervals(intervals).verdict(verdict).build();
    }

    private static Interval interval(Duration start, Duration length, long seed) {
        LatencyHistogram h = histogram(seed, 1_000, 20_000_000);
        return new IntervalBuilder().start(start).length(length).started(100 + seed).done(99 + seed)
                .statusCodes(new StatusCodes(Map.of(200, 90L + seed, 404, 9L))).errored(seed % 3).bytes(10_000 * seed)
                .responseTime(LatencySummary.of(h))
                .serviceTime(LatencySummary.of(histogram(seed + 100, 1_000, 9_000_000))).build();
    }

    /** A histogram of a few thousand pseudo-random nanosecond values, log-uniform within [min, max]. */
    private static LatencyHistogram histogram(long seed, long minNanos, long maxNanos) {
        Random random = new Random(seed);
        Histogram h = LatencyHistogram.newHistogram();
        for (int i = 0; i < 5_000; i++) {
            h.recordValue((long) (minNanos * Math.pow((double) maxNanos / minNanos, random.nextDouble())));
        }
        return LatencyHistogram.of(h);
    }

    private static void assertSameResult(Result actual, Result expected) {
        // every figure but the test, which has no equality of its own (read back, it is another object)
        assertThat(ResultBuilder.from(actual).test(expected.test()).build()).isEqualTo(expected);
        // the figures one by one too, so a failure names the figure
        assertThat(actual.duration()).isEqualTo(expected.duration());
        assertThat(actual.protocol()).isEqualTo(expected.protocol());
        assertThat(actual.requests()).isEqualTo(expected.requests());
        assertThat(actual.statusCodes()).isEqualTo(expected.statusCodes());
        assertThat(actual.traffic()).isEqualTo(expected.traffic());
        assertThat(actual.serviceTime()).isEqualTo(expected.serviceTime());
        assertThat(actual.responseTime()).isEqualTo(expected.responseTime());
        assertThat(actual.connectTime()).isEqualTo(expected.connectTime());
        assertThat(actual.timeToFirstByte()).isEqualTo(expected.timeToFirstByte());
        assertThat(actual.clientRequestRates()).isEqualTo(expected.clientRequestRates());
        assertThat(actual.connections()).isEqualTo(expected.connections());
        assertThat(actual.errors()).isEqualTo(expected.errors());
        assertThat(actual.rate()).isEqualTo(expected.rate());
        assertThat(actual.intervals()).isEqualTo(expected.intervals());
        assertThat(actual.verdict()).isEqualTo(expected.verdict());
        assertThat(actual.stopped()).isEqualTo(expected.stopped());
        assertThat(actual.requestsPerSecond()).isEqualTo(expected.requestsPerSecond());
    }

    /** Every setting that can be written down; secrets and the SSLContext are tested on their own. */
    private static void assertSameTest(LoadTest actual, LoadTest expected) {
        assertThat(actual.targets()).isEqualTo(expected.targets());
        assertThat(actual.clients()).isEqualTo(expected.clients());
        assertThat(actual.streams()).isEqualTo(expected.streams());
        assertThat(actual.threads()).isEqualTo(expected.threads());
        assertThat(actual.requests()).isEqualTo(expected.requests());
        assertThat(actual.duration()).isEqualTo(expected.duration());
        assertThat(actual.warmUp()).isEqualTo(expected.warmUp());
        assertThat(actual.rate()).isEqualTo(expected.rate());
        assertThat(actual.stages()).isEqualTo(expected.stages());
        assertThat(actual.isRateDriven()).isEqualTo(expected.isRateDriven());
        assertThat(actual.maxBacklog()).isEqualTo(expected.maxBacklog());
        assertThat(actual.scheduleResolution()).isEqualTo(expected.scheduleResolution());
        assertThat(actual.interval()).isEqualTo(expected.interval());
        assertThat(actual.protocol()).isEqualTo(expected.protocol());
        assertThat(actual.method()).isEqualTo(expected.method());
        assertThat(actual.headers()).isEqualTo(expected.headers());
        assertThat(actual.bodyLength()).isEqualTo(expected.bodyLength());
        assertThat(actual.body().orElse(null)).isEqualTo(expected.body().orElse(null));
        assertThat(actual.connectTimeout()).isEqualTo(expected.connectTimeout());
        assertThat(actual.requestTimeout()).isEqualTo(expected.requestTimeout());
        assertThat(actual.keepAlive()).isEqualTo(expected.keepAlive());
        assertThat(actual.insecureTrustAll()).isEqualTo(expected.insecureTrustAll());
        assertThat(actual.seed()).isEqualTo(expected.seed());
        assertThat(actual.toString()).isEqualTo(expected.toString());
    }
}
