package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.StepResult;
import dev.loadtest.Traffic;
import dev.loadtest.check.Check;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Extract;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import java.util.List;
import java.util.function.ToLongFunction;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A step's traffic is counted where and when the run's is, so the run's traffic is the sum of its steps': every
 * field exactly over HTTP/1.1; over h2c every field but the bytes received and sent, which the run counts for the
 * connection's own frames too (stream 0: SETTINGS, their acknowledgements, WINDOW_UPDATE, PING, GOAWAY), a few
 * dozen bytes a connection that no step sent or asked for. Over TLS alike: bytes are counted after decryption.
 */
class ScenarioTrafficTest {

    /** Stream 0's frames of one h2c connection, well above what they come to (about 100 bytes each way). */
    private static final long CONNECTION_FRAMES_BOUND = 400;

    /** The shop's flow: a login (a cookie set), a JSON catalogue read, a basket posted, a checkout with a body. */
    private static Scenario shopFlow() {
        Step login = Step.of("login", s -> Request.post("/login").body("user=u" + s.id() + "&password=secret",
                "application/x-www-form-urlencoded")).checks(Check.jsonPath("$.ok", "true"));
        Step catalogue = Step.of("catalogue", s -> Request.get("/catalogue"))
                .extract(Extract.jsonPath("$.items[0].id").into("item"));
        Step checkout = Step.of("checkout", s -> Request.post("/checkout")
                .jsonBody("{\"item\":\"" + s.get("item") + "\"}")).checks(Check.status(200));
        Step basket = Step.of("basket", s -> Request.post("/basket/" + s.get("item")));
        return Scenario.of("shop", login, catalogue, basket, checkout);
    }

    /** The shop's flow run by 4 users on 2 connections, on a shop of its own, as {@code load} sets it up. */
    private static Result shopRun(Protocol protocol, UnaryOperator<LoadTest.Builder> load) throws Exception {
        try (ShopServer shop = new ShopServer()) {
            return load.apply(LoadTest.target(shop.uri()).protocol(protocol).scenario(shopFlow()).users(4).clients(2))
                    .run();
        }
    }

    private static Result run(Protocol protocol) throws Exception {
        Result r = shopRun(protocol, load -> load.streams(2).iterations(5));
        assertThat(r.sessions().orElseThrow().completed()).as("%s", r.sessions().orElseThrow().failureReasons())
                .isEqualTo(20);
        return r;
    }

    private static Traffic sumOfSteps(List<StepResult> steps) {
        return new Traffic(sum(steps, Traffic::totalBytes), sum(steps, Traffic::headerBytes),
                sum(steps, Traffic::decodedHeaderBytes), sum(steps, Traffic::dataBytes), sum(steps, Traffic::sentBytes));
    }

    private static long sum(List<StepResult> steps, ToLongFunction<Traffic> field) {
        return steps.stream().mapToLong(s -> field.applyAsLong(s.traffic())).sum();
    }

    @Test
    void should_make_the_runs_http1_traffic_the_exact_sum_of_its_steps() throws Exception {
        Result r = run(Protocol.HTTP_1_1);

        assertThat(sumOfSteps(r.steps())).isEqualTo(r.traffic());
        for (StepResult step : r.steps()) {
            Traffic t = step.traffic();
            assertThat(t.sentBytes()).as(step.name()).isPositive();
            // a whole HTTP/1.1 response: its status line, field names, values and separators, and its body
            assertThat(t.totalBytes()).as(step.name()).isGreaterThan(t.headerBytes() + t.dataBytes());
        }
        // the checkout's request carries a JSON body the basket's lacks: its bytes are its own step's
        assertThat(r.step("checkout").orElseThrow().traffic().sentBytes())
                .isGreaterThan(r.step("basket").orElseThrow().traffic().sentBytes());
    }

    @Test
    void should_keep_the_http1_sum_exact_when_a_warm_up_and_a_deadline_cut_through_the_flow() throws Exception {
        // requests and reads on both edges of the measured window: a step's share is counted on the run's condition
        Result r = shopRun(Protocol.HTTP_1_1, load -> load.warmUp(Duration.ofMillis(300)).duration(Duration.ofMillis(700)));

        assertThat(r.requests().started()).isPositive();
        assertThat(sumOfSteps(r.steps())).isEqualTo(r.traffic());
    }

    @Test
    void should_make_the_runs_h2c_traffic_the_sum_of_its_steps_but_the_connections_own_frames() throws Exception {
        Result r = run(Protocol.HTTP_2);

        Traffic run = r.traffic();
        Traffic steps = sumOfSteps(r.steps());
        assertThat(steps.headerBytes()).isEqualTo(run.headerBytes());
        assertThat(steps.decodedHeaderBytes()).isEqualTo(run.decodedHeaderBytes());
        assertThat(steps.dataBytes()).isEqualTo(run.dataBytes());
        assertThat(run.totalBytes() - steps.totalBytes()).as("stream 0's frames received")
                .isBetween(1L, r.connections() * CONNECTION_FRAMES_BOUND);
        assertThat(run.sentBytes() - steps.sentBytes()).as("stream 0's frames sent")
                .isBetween(1L, r.connections() * CONNECTION_FRAMES_BOUND);
        for (StepResult step : r.steps()) {
            Traffic t = step.traffic();
            // HEADERS frames carry HPACK-compressed heads: the decoded names and values are more
            assertThat(t.headerBytes()).as(step.name()).isPositive().isLessThan(t.decodedHeaderBytes());
            // its frames: HEADERS and DATA payloads behind a 9-byte frame header each
            assertThat(t.totalBytes()).as(step.name()).isGreaterThanOrEqualTo(t.headerBytes() + t.dataBytes() + 2 * 9 * 20);
            assertThat(t.sentBytes()).as(step.name()).isGreaterThanOrEqualTo(9 * 20);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_count_a_steps_bytes_over_tls_after_decryption_as_the_runs(Protocol protocol) throws Exception {
        Scenario flow = Scenario.of("tls", Step.of("hello", s -> Request.get("/hello")),
                Step.of("echo", s -> Request.post("/echo").body("order", "text/plain")));
        Result r;
        try (TestServer server = TestServer.tls()) {
            r = LoadTest.target(server.uri("/")).sslContext(server.sslContext()).protocol(protocol).scenario(flow)
                    .users(2).iterations(5).run();
        }
        assertThat(r.sessions().orElseThrow().completed()).isEqualTo(10);

        Traffic run = r.traffic();
        Traffic steps = sumOfSteps(r.steps());
        if (protocol == Protocol.HTTP_1_1) {
            assertThat(steps).isEqualTo(run);
        } else {
            assertThat(steps.headerBytes()).isEqualTo(run.headerBytes());
            assertThat(steps.decodedHeaderBytes()).isEqualTo(run.decodedHeaderBytes());
            assertThat(steps.dataBytes()).isEqualTo(run.dataBytes());
            assertThat(run.totalBytes() - steps.totalBytes()).isBetween(1L, r.connections() * CONNECTION_FRAMES_BOUND);
            assertThat(run.sentBytes() - steps.sentBytes()).isBetween(1L, r.connections() * CONNECTION_FRAMES_BOUND);
        }
        // each step's response bodies, decrypted: the echo's "order" back, the hello's "Hello, World!\n"
        assertThat(r.step("echo").orElseThrow().traffic().dataBytes()).isEqualTo(10 * "order".length());
        assertThat(r.step("hello").orElseThrow().traffic().dataBytes()).isEqualTo(10 * 14);
    }
}
