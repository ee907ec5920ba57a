package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.json.ResultJson;
import dev.loadtest.testing.Await;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code --prometheus PORT}: the command's live metrics, scraped while it runs. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PrometheusCommandTest {

    private static final Pattern SERVED = Pattern.compile("prometheus metrics at (http://127\\.0\\.0\\.1:\\d+/metrics)");
    private static final Pattern DONE = Pattern.compile("(?m)^loadtest_requests_done_total\\{test=\"cli\"} (\\S+)$");

    @RegisterExtension
    static final DemoServerExtension server = new DemoServerExtension();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TempDir
    Path dir;

    @Test
    void should_serve_the_live_metrics_while_the_command_runs_and_stop_with_it() throws Exception {
        Path json = dir.resolve("run.json");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();   // synchronized: read while the command writes
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> LoadTestCommand.execute(new String[] {
                "-c", "2", "-D", "6s", "--interval", "100ms", "--prometheus", "0", "--test-name", "cli",
                "--json", json.toString(), server.uri("/hello").toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                false, name -> null));

        AtomicReference<URI> uri = new AtomicReference<>();
        Await.assertUntil("the command prints where its metrics are", () -> {
            Matcher m = SERVED.matcher(err.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                uri.set(URI.create(m.group(1)));
            }
            return uri.get() != null || code.isDone();
        }, Duration.ofSeconds(20));
        assertThat(uri.get()).as(err.toString(StandardCharsets.UTF_8)).isNotNull();
        AtomicReference<String> scraped = new AtomicReference<>("");
        Await.assertUntil("requests done in a scrape during the run", () -> {
            scraped.set(scrape(uri.get()));
            Matcher done = DONE.matcher(scraped.get());
            return done.find() && Double.parseDouble(done.group(1)) > 0 || code.isDone();
        }, Duration.ofSeconds(20));
        assertThat(code).as("still running when scraped").isNotDone();
        assertThat(scraped.get()).contains("loadtest_response_time_seconds_bucket{test=\"cli\",le=",
                "loadtest_requests_per_second{test=\"cli\"}");

        assertThat(code.get(40, TimeUnit.SECONDS)).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(ResultJson.read(json).requests().done()).isPositive();
        assertThat(scrapeFailure(uri.get())).as("the port is closed with the command")
                .isInstanceOf(ConnectException.class);
    }

    @Test
    void should_say_when_the_port_is_taken_before_running() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            CommandRun run = CommandRun.of("-n", "10", "--prometheus", Integer.toString(taken.getLocalPort()),
                    server.uri("/hello").toString());

            assertThat(run.code()).isEqualTo(LoadTestCommand.USAGE);
            assertThat(run.out()).doesNotContain("finished in");
            assertThat(run.errLines()).singleElement().asString().startsWith("loadtest: --prometheus "
                    + taken.getLocalPort() + ": cannot listen on 127.0.0.1:" + taken.getLocalPort() + " (");
        }
    }

    @Test
    void should_refuse_a_port_out_of_range_and_a_blank_name() {
        CommandRun port = CommandRun.of("-n", "10", "--prometheus", "70000", server.uri("/hello").toString());
        CommandRun name = CommandRun.of("-n", "10", "--test-name", " ", server.uri("/hello").toString());

        assertThat(port.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(port.err()).startsWith("loadtest: --prometheus (70000) must be within [0, 65535]");
        assertThat(name.code()).isEqualTo(LoadTestCommand.USAGE);
        assertThat(name.err()).startsWith("loadtest: --test-name (' ') must not be blank");
    }

    private String scrape(URI uri) {
        try {
            return http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private Throwable scrapeFailure(URI uri) throws InterruptedException {
        try {
            // a client of its own: no kept-alive connection from the scrapes, a new connection or nothing
            HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return null;
        } catch (IOException e) {
            return e;
        }
    }
}
