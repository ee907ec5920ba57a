package dev.loadtest.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Result;
import dev.loadtest.testing.Await;
import dev.loadtest.testing.TestServer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The endpoint scraped as Prometheus scrapes it, during a real run against Jetty. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PrometheusEndpointTest {

    private static final Pattern DONE = Pattern.compile("(?m)^loadtest_requests_done_total\\{test=\"scraped\"} (\\S+)$");

    private static TestServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void should_serve_the_live_metrics_during_a_run() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        AtomicReference<String> scraped = new AtomicReference<>("");
        try (PrometheusEndpoint endpoint = PrometheusEndpoint.start(registry, 0)) {
            assertThat(endpoint.uri()).isEqualTo(URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics"));
            LoadTestRun run = LoadTest.target(server.uri("/hello")).clients(2).duration(Duration.ofSeconds(20))
                    .interval(Duration.ofMillis(100))
                    .listener(LoadTestMetrics.of(registry, "scraped"))
                    .start();
            try {
                Await.assertUntil("a scrape with requests done and response times, while the run goes on", () -> {
                    scraped.set(get(endpoint.uri()).body());
                    Matcher done = DONE.matcher(scraped.get());
                    return done.find() && Double.parseDouble(done.group(1)) > 0
                            && scraped.get().contains("loadtest_response_time_seconds_count{test=\"scraped\"}")
                            && !scraped.get().contains("loadtest_response_time_seconds_count{test=\"scraped\"} 0");
                }, Duration.ofSeconds(15));
                assertThat(run.result()).isNotDone();
            } finally {
                run.stop();
            }
            Result r = run.result().get(30, TimeUnit.SECONDS);

            String last = get(endpoint.uri()).body();
            Matcher done = DONE.matcher(last);
            assertThat(done.find()).isTrue();
            assertThat(Double.parseDouble(done.group(1))).isEqualTo(r.requests().done());
            assertThat(last).contains("# TYPE loadtest_requests_done_total counter",
                    "loadtest_requests_succeeded_total{test=\"scraped\"}",
                    "loadtest_responses_total{status=\"200\",test=\"scraped\"}",
                    "loadtest_received_bytes_total{test=\"scraped\"}",
                    "loadtest_sent_bytes_total{test=\"scraped\"}",
                    "# TYPE loadtest_requests_per_second gauge",
                    "loadtest_progress_ratio{test=\"scraped\"}",
                    "# TYPE loadtest_response_time_seconds histogram",
                    "loadtest_response_time_seconds_bucket{test=\"scraped\",le=\"+Inf\"} " + r.responseTime().count(),
                    "loadtest_service_time_seconds_bucket{test=\"scraped\",le=\"1.0E-5\"}",
                    "loadtest_service_time_seconds_max{test=\"scraped\"}");
        }
    }

    @Test
    void should_answer_openmetrics_when_asked_and_refuse_other_paths_and_methods() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        LoadTest.target(server.uri("/hello")).clients(1).requests(10).listener(LoadTestMetrics.of(registry, "om")).run();
        try (PrometheusEndpoint endpoint = PrometheusEndpoint.start(registry, 0)) {
            HttpResponse<String> text = get(endpoint.uri());
            assertThat(text.statusCode()).isEqualTo(200);
            assertThat(text.headers().firstValue("Content-Type")).contains(PrometheusEndpoint.TEXT);

            HttpResponse<String> openMetrics = http.send(HttpRequest.newBuilder(endpoint.uri())
                    .header("Accept", "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5")
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertThat(openMetrics.headers().firstValue("Content-Type")).contains(PrometheusEndpoint.OPEN_METRICS);
            assertThat(openMetrics.body()).contains("loadtest_requests_done_total{test=\"om\"} 10.0").endsWith("# EOF\n");

            HttpResponse<String> head = http.send(HttpRequest.newBuilder(endpoint.uri())
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(head.statusCode()).isEqualTo(200);
            assertThat(head.body()).isEmpty();

            assertThat(get(endpoint.uri().resolve("/other")).statusCode()).isEqualTo(404);
            HttpResponse<String> post = http.send(HttpRequest.newBuilder(endpoint.uri())
                    .POST(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(post.statusCode()).isEqualTo(405);
            assertThat(post.headers().firstValue("Allow")).contains("GET, HEAD");
        }
    }

    @Test
    void should_say_which_port_is_wrong_or_taken() throws Exception {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        assertThatThrownBy(() -> PrometheusEndpoint.start(registry, 65_536))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("port (65536) must be within [0, 65535]");
        try (PrometheusEndpoint taken = PrometheusEndpoint.start(registry, 0)) {
            assertThatThrownBy(() -> PrometheusEndpoint.start(registry, taken.port())).isInstanceOf(IOException.class);
        }
    }

    private HttpResponse<String> get(URI uri) {
        try {
            return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
