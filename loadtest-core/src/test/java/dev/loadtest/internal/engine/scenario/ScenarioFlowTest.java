package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import dev.loadtest.check.Check;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Extract;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.scenario.StepRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Scenario runs against a shop on Jetty whose sessions are cookies ({@link ShopServer}): the flow works end to end
 * (the server verifies each checkout against the basket of the cookie it came with), each step is recorded under
 * its name and the run is the sum of its steps, and a failed extraction or a missing cookie fails the session at
 * that step, with its reason.
 */
class ScenarioFlowTest {

    private static ShopServer shop;

    @BeforeAll
    static void start() throws Exception {
        shop = new ShopServer();
    }

    @AfterAll
    static void stop() throws Exception {
        shop.close();
    }

    private static Step login(String path) {
        return Step.of("login", s -> Request.post(path).body("user=u" + s.id() + "&password=secret",
                "application/x-www-form-urlencoded")).checks(Check.jsonPath("$.ok", "true"));
    }

    private static final Step CATALOGUE = Step.of("catalogue", s -> Request.get("/catalogue"))
            .extract(Extract.jsonPath("$.items[0].id").into("item"));
    private static final Step BASKET = Step.of("basket",
            StepRequest.template("POST", "/basket/{{item}}", List.of(), null));
    private static final Step CHECKOUT = Step.of("checkout", s -> Request.post("/checkout")
                    .jsonBody("{\"item\":\"" + s.get("item") + "\"}"))
            .checks(Check.status(200), Check.jsonPath("$.status", "ordered"));

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_run_every_session_through_its_own_basket_as_the_server_verifies(Protocol protocol) {
        long before = shop.verifiedCheckouts();
        long mismatchedBefore = shop.mismatchedCheckouts();
        Scenario flow = Scenario.of("shop", login("/login"), CATALOGUE, BASKET, CHECKOUT);

        // 6 users share 2 connections of 3 streams: each step goes on whichever is free, the cookie goes with the session
        Result r = LoadTest.target(shop.uri()).protocol(protocol).scenario(flow).users(6).clients(2).streams(3)
                .iterations(5).run();

        Sessions sessions = r.sessions().orElseThrow();
        assertThat(sessions.started()).isEqualTo(30);
        assertThat(sessions.completed()).as("%s", sessions.failureReasons()).isEqualTo(30);
        assertThat(sessions.failed()).isZero();
        assertThat(sessions.duration().count()).isEqualTo(30);
        assertThat(shop.verifiedCheckouts() - before).isEqualTo(30);
        assertThat(shop.mismatchedCheckouts() - mismatchedBefore).isZero();

        assertThat(r.steps()).extracting(StepResult::name).containsExactly("login", "catalogue", "basket", "checkout");
        for (StepResult step : r.steps()) {
            assertThat(step.requests().succeeded()).as(step.name()).isEqualTo(30);
            assertThat(step.statusCodes().count(200)).as(step.name()).isEqualTo(30);
            assertThat(step.serviceTime().count()).as(step.name()).isEqualTo(30);
            assertThat(step.traffic().dataBytes()).as(step.name()).isPositive();
        }
        assertThat(r.step("checkout").orElseThrow().checks()).extracting(dev.loadtest.check.CheckResult::passed).containsExactly(30L, 30L);
        // the run is the sum of its steps
        assertThat(r.requests().started()).isEqualTo(120);
        assertThat(r.requests().succeeded()).isEqualTo(120);
        assertThat(r.serviceTime().count()).isEqualTo(120);
        assertThat(r.checks()).hasSize(3);
    }

    @Test
    void should_keep_each_user_on_its_own_connection_with_a_connection_per_user() {
        java.util.Map<Long, java.util.Set<Integer>> clientsBySession = new java.util.concurrent.ConcurrentHashMap<>();
        Step catalogue = Step.of("catalogue", s -> {
            clientsBySession.computeIfAbsent(s.id(), id -> java.util.concurrent.ConcurrentHashMap.newKeySet())
                    .add(s.client());
            return Request.get("/catalogue");
        }).extract(Extract.jsonPath("$.items[0].id").into("item"));
        Step checkout = Step.of("checkout", s -> {
            clientsBySession.get(s.id()).add(s.client());
            return Request.post("/checkout").jsonBody("{\"item\":\"" + s.get("item") + "\"}");
        }).checks(Check.status(200));
        Scenario flow = Scenario.of("shop", login("/login"), catalogue, BASKET, checkout);

        Result r = LoadTest.target(shop.uri()).scenario(flow).users(3).connectionPerUser().iterations(4).run();

        assertThat(r.test().clients()).isEqualTo(3);
        assertThat(r.sessions().orElseThrow().completed()).isEqualTo(12);
        assertThat(r.connections()).as("one connection per user, kept for its sessions").isEqualTo(3);
        assertThat(clientsBySession).hasSize(12);
        assertThat(clientsBySession.values()).allSatisfy(clients -> assertThat(clients).hasSize(1));
    }

    @Test
    void should_follow_redirects_within_a_step_with_the_cookies_set_on_the_way() {
        Step login = Step.of("login", s -> Request.post("/login-then-home").body("user=u&password=secret",
                "application/x-www-form-urlencoded")).checks(Check.status(200), Check.jsonPath("$.home", "true"));
        Step catalogue = Step.of("catalogue", s -> Request.get("/go/catalogue"))
                .extract(Extract.jsonPath("$.items[0].id").into("item"));
        Scenario flow = Scenario.of("shop", login, catalogue, BASKET, CHECKOUT).followRedirects();

        Result r = LoadTest.target(shop.uri()).scenario(flow).users(2).iterations(3).run();

        assertThat(r.sessions().orElseThrow().completed()).as("%s", r.sessions()).isEqualTo(6);
        StepResult first = r.step("login").orElseThrow();
        assertThat(first.requests().started()).isEqualTo(6);
        assertThat(first.statusCodes().count(200)).as("the final response is the step's").isEqualTo(6);
        assertThat(first.statusCodes().count(303)).isZero();
        // the run is still the sum of its steps: a redirect followed is part of its step's request
        assertThat(r.requests().started()).isEqualTo(24);
        assertThat(r.statusCodes().count(200)).isEqualTo(24);
    }

    @Test
    void should_fail_a_step_whose_redirect_goes_to_another_server_and_keep_a_redirect_not_followed() {
        Scenario away = Scenario.of("away", Step.of("away", s -> Request.get("/go/away"))).followRedirects();
        Result refused = LoadTest.target(shop.uri()).scenario(away).users(1).iterations(2).run();
        assertThat(refused.sessions().orElseThrow().failedAt()).containsExactly(java.util.Map.entry("away", 2L));
        assertThat(refused.sessions().orElseThrow().failureReasons().get("away")).singleElement().asString()
                .startsWith("redirect not followed: ").contains("127.0.0.2:9");
        assertThat(refused.step("away").orElseThrow().requests().failed()).isEqualTo(2);

        Scenario stay = Scenario.of("stay", Step.of("away", s -> Request.get("/go/catalogue")));
        Result notFollowed = LoadTest.target(shop.uri()).scenario(stay).users(1).iterations(2).run();
        assertThat(notFollowed.step("away").orElseThrow().statusCodes().count(302)).as("a 3xx is a final response")
                .isEqualTo(2);
        assertThat(notFollowed.sessions().orElseThrow().completed()).isEqualTo(2);
    }

    @Test
    void should_count_a_redirect_that_cannot_go_out_as_its_steps_failed_request_with_the_error() {
        // the step's request went out and got its 302; the redirect's request is lost with its connection before it
        // goes: the step's request failed (as a step that could not go out after one that did), never "not issued"
        Scenario broken = Scenario.of("broken", Step.of("moved", s -> Request.get("/go/broken"))).followRedirects();

        Result r = LoadTest.target(shop.uri()).protocol(Protocol.HTTP_1_1).scenario(broken).users(1).iterations(1)
                .run();

        StepResult moved = r.step("moved").orElseThrow();
        assertThat(moved.requests().started()).isEqualTo(1);
        assertThat(moved.requests().failed()).isEqualTo(1);
        assertThat(moved.requests().errored()).isEqualTo(1);
        assertThat(moved.requests().notIssued()).as("it went out once").isZero();
        assertThat(r.requests()).as("the run is the sum of its steps").isEqualTo(moved.requests());
        assertThat(moved.errors()).hasSize(1);
        assertThat(moved.errors().values()).singleElement().extracting(dev.loadtest.ErrorCount::sampleMessage).asString()
                .contains("no request awaits");
        assertThat(r.sessions().orElseThrow().failedAt()).containsExactly(java.util.Map.entry("moved", 1L));
        assertThat(r.sessions().orElseThrow().failureReasons().get("moved")).singleElement().asString()
                .contains("no request awaits");
    }

    @Test
    void should_send_the_token_providers_authorization_and_report_its_requests_apart() {
        Step orders = Step.of("orders", s -> Request.get("/orders")).checks(Check.status(200));
        Scenario flow = Scenario.of("api", orders).authorization(() ->
                dev.loadtest.scenario.TokenProvider.Token.bearer(shop.token(), Duration.ofMinutes(5)));

        Result r = LoadTest.target(shop.uri()).scenario(flow).users(2).iterations(5).run();

        assertThat(r.sessions().orElseThrow().completed()).isEqualTo(10);
        assertThat(r.step("orders").orElseThrow().statusCodes().count(200)).isEqualTo(10);
        StepResult token = r.tokenRequests().orElseThrow();
        assertThat(token.name()).isEqualTo("token");
        assertThat(token.requests().succeeded()).isEqualTo(1);
        assertThat(r.requests().started()).as("the token's requests are not the run's").isEqualTo(10);
    }

    @Test
    void should_not_start_a_run_whose_token_provider_fails_first() {
        Scenario flow = Scenario.of("api", Step.of("orders", s -> Request.get("/orders"))).authorization(() -> {
            throw new IllegalStateException("token endpoint answered 503");
        });
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LoadTest.target(shop.uri()).scenario(flow).users(1)
                        .iterations(1).run())
                .hasMessageContaining("token endpoint answered 503");
    }

    @Test
    void should_fail_a_session_at_an_extraction_that_finds_nothing_and_say_why() {
        Step catalogue = Step.of("catalogue", s -> Request.get("/catalogue"))
                .extract(Extract.jsonPath("$.basket.id").into("item"));
        Scenario flow = Scenario.of("shop", login("/login"), catalogue, BASKET, CHECKOUT);

        Result r = LoadTest.target(shop.uri()).scenario(flow).users(2).iterations(3).run();

        Sessions sessions = r.sessions().orElseThrow();
        assertThat(sessions.started()).isEqualTo(6);
        assertThat(sessions.failed()).isEqualTo(6);
        assertThat(sessions.failedAt()).containsExactly(java.util.Map.entry("catalogue", 6L));
        assertThat(sessions.failureReasons().get("catalogue")).singleElement().asString()
                .contains("extraction item = json $.basket.id failed", "$.basket.id is missing");
        StepResult failedStep = r.step("catalogue").orElseThrow();
        assertThat(failedStep.requests().failed()).isEqualTo(6);
        assertThat(failedStep.requests().checkFailed()).isEqualTo(6);
        assertThat(r.step("basket").orElseThrow().requests().started()).isZero();
        assertThat(r.requests().failed()).isEqualTo(6);
    }

    @Test
    void should_fail_a_session_whose_cookie_is_missing_at_the_step_that_needs_it() {
        Step quiet = login("/login-quietly").extract(Extract.cookie("SID").into("sid").optional());
        Scenario flow = Scenario.of("shop", quiet, CATALOGUE, BASKET, CHECKOUT);

        Result r = LoadTest.target(shop.uri()).scenario(flow).users(2).iterations(2).run();

        Sessions sessions = r.sessions().orElseThrow();
        assertThat(sessions.failedAt()).containsExactly(java.util.Map.entry("catalogue", 4L));
        assertThat(sessions.failureReasons().get("catalogue")).containsExactly("status 401");
        assertThat(r.step("catalogue").orElseThrow().statusCodes().count(401)).isEqualTo(4);

        Scenario strict = Scenario.of("shop", login("/login-quietly").extract(Extract.cookie("SID").into("sid")),
                CATALOGUE);
        Sessions refused = LoadTest.target(shop.uri()).scenario(strict).users(1).iterations(2).run().sessions()
                .orElseThrow();
        assertThat(refused.failedAt()).containsExactly(java.util.Map.entry("login", 2L));
        assertThat(refused.failureReasons().get("login")).singleElement().asString()
                .contains("no cookie SID in the session's jar");
    }
}
