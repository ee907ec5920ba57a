package dev.loadtest.internal.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Header;
import dev.loadtest.check.Check;
import dev.loadtest.internal.check.BodyBuffer;
import dev.loadtest.internal.check.CapturedResponse;
import dev.loadtest.internal.check.CheckTally;
import dev.loadtest.request.Request;
import dev.loadtest.request.Row;
import dev.loadtest.scenario.Extract;
import dev.loadtest.scenario.Pause;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.scenario.StepRequest;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionStateTest {

    private static final URI SERVER = URI.create("http://127.0.0.1:8080");
    private static final Row USER = Row.of(List.of("user"), List.of("ada"));

    private static final Step LOGIN = Step.of("login", StepRequest.template("POST", "/login", List.of(),
                    "user={{user}}"))
            .checks(Check.status(200))
            .extract(Extract.jsonPath("$.token").into("token"), Extract.cookie("SESSION").into("sid"))
            .pause(Pause.fixed(Duration.ofSeconds(1)));
    private static final Step CATALOGUE = Step.of("catalogue", StepRequest.template("GET", "/catalogue",
                    List.of(new Header("Authorization", "Bearer {{token}}")), null))
            .extract(Extract.regex("\"id\":\"(\\w+)\"").into("item"),
                    Extract.header("X-Coupon").into("coupon").optional());
    private static final Step COUPON = Step.of("coupon", s -> Request.post("/coupon/" + s.get("coupon")))
            .onlyIf("coupon");
    private static final Step CHECKOUT = Step.of("checkout", s -> Request.post("/checkout/" + s.get("item")))
            .checks(Check.jsonPath("$.status", "ordered"));
    private static final Scenario SHOP = Scenario.of("shop", LOGIN, CATALOGUE, COUPON, CHECKOUT);
    private static final ScenarioPlan PLAN = ScenarioPlan.of(SHOP, 1 << 20);

    private final MapCookieJar jar = new MapCookieJar();
    private final Map<Step, CheckTally> tallies = new IdentityHashMap<>();

    private SessionState session(long id) {
        return new SessionState(PLAN, id, 42, () -> USER, jar);
    }

    private static CapturedResponse response(int status, String body, String... headers) {
        CapturedResponse.Builder builder = CapturedResponse.builder(status);
        for (int i = 0; i < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder.body(body);
    }

    @Test
    void should_carry_variables_cookies_and_the_feeder_row_from_step_to_step() {
        SessionState session = session(7);

        Step first = session.next();
        Request login = session.request(first, 3, 100, SERVER);
        assertThat(new String(login.body().orElseThrow())).isEqualTo("user=ada");
        assertThat(session.client()).isEqualTo(3);
        assertThat(session.sequence()).isEqualTo(100);
        StepOutcome loggedIn = complete(session, first, login.uri(SERVER), response(200, "{\"token\":\"t-1\"}",
                "Set-Cookie", "SESSION=abc; Path=/; HttpOnly"));
        assertThat(loggedIn.passed()).isTrue();
        assertThat(loggedIn.pause()).isEqualTo(Duration.ofSeconds(1));
        assertThat(jar.lastReceivedFrom).isEqualTo(URI.create("http://127.0.0.1:8080/login"));
        assertThat(session.get("token")).isEqualTo("t-1");
        assertThat(session.get("sid")).isEqualTo("abc");

        Step second = session.next();
        Request catalogue = session.request(second, 0, 101, SERVER);
        assertThat(catalogue.headers()).containsExactly(new Header("Authorization", "Bearer t-1"),
                new Header("Cookie", "SESSION=abc"));
        assertThat(complete(session, second, catalogue.uri(SERVER), response(200, "[{\"id\":\"tea\"}]")).passed())
                .isTrue();

        Step third = session.next();   // the coupon step is skipped: the optional extraction found none
        assertThat(third.name()).isEqualTo("checkout");
        Request checkout = session.request(third, 1, 102, SERVER);
        assertThat(checkout.target()).isEqualTo("/checkout/tea");
        assertThat(complete(session, third, checkout.uri(SERVER), response(200, "{\"status\":\"ordered\"}"))
                .passed()).isTrue();

        assertThat(session.next()).isNull();
        assertThat(session.status()).isEqualTo(SessionState.Status.COMPLETED);
        assertThatThrownBy(session::next).hasMessage("next() on session 7 that is COMPLETED");
    }

    @Test
    void should_run_a_conditional_step_when_its_variable_is_set() {
        SessionState session = session(1);
        List<String> sent = new ArrayList<>();
        Map<String, CapturedResponse> answers = Map.of(
                "login", response(200, "{\"token\":\"t\"}", "Set-Cookie", "SESSION=s"),
                "catalogue", response(200, "{\"id\":\"jam\"}", "X-Coupon", "SPRING"),
                "coupon", response(204, ""),
                "checkout", response(200, "{\"status\":\"ordered\"}"));
        for (Step step = session.next(); step != null; step = session.next()) {
            Request request = session.request(step, 0, sent.size(), SERVER);
            sent.add(request.target());
            assertThat(complete(session, step, request.uri(SERVER), answers.get(step.name())).passed()).isTrue();
        }

        assertThat(sent).containsExactly("/login", "/catalogue", "/coupon/SPRING", "/checkout/jam");
    }

    @Test
    void should_fail_the_session_at_a_failed_check_with_every_failed_check_reported() {
        SessionState session = session(2);
        Step login = session.next();

        StepOutcome outcome = complete(session, login, SERVER, response(201, "{\"token\":\"t\"}",
                "Set-Cookie", "SESSION=s"));

        assertThat(outcome.passed()).isFalse();
        assertThat(tallies.get(login).results()).singleElement().satisfies(result -> {
            assertThat(result.name()).isEqualTo("status 200");
            assertThat(result.failed()).isEqualTo(1);
        });
        assertThat(outcome.failure()).isEqualTo("step 'login': check 'status 200' failed: status was 201");
        assertThat(outcome.pause()).isZero();
        assertThat(session.status()).isEqualTo(SessionState.Status.FAILED);
        assertThat(session.failedStep()).contains(login);
        assertThatThrownBy(session::next).hasMessageContaining("FAILED (step 'login': check 'status 200' failed");
    }

    @Test
    void should_fail_the_session_on_an_error_status_even_without_checks() {
        SessionState session = session(3);
        pass(session, session.next(), response(200, "{\"token\":\"t\"}", "Set-Cookie", "SESSION=s"));
        Step catalogue = session.next();

        assertThat(complete(session, catalogue, SERVER, response(503, "busy")).failure())
                .isEqualTo("step 'catalogue': status 503");
    }

    @Test
    void should_fail_the_session_when_a_required_extraction_finds_nothing() {
        SessionState missingCookie = session(4);
        assertThat(complete(missingCookie, missingCookie.next(), SERVER, response(200, "{\"token\":\"t\"}")).failure())
                .isEqualTo("step 'login': extraction sid = cookie SESSION failed: no cookie SESSION in the"
                        + " session's jar");

        SessionState notJson = session(5);
        assertThat(complete(notJson, notJson.next(), SERVER, response(200, "<html>")).failure())
                .startsWith("step 'login': extraction token = json $.token failed: body is not JSON");

        SessionState objectToken = session(6);
        assertThat(complete(objectToken, objectToken.next(), SERVER, response(200, "{\"token\":{}}")).failure())
                .isEqualTo("step 'login': extraction token = json $.token failed: $.token was an object, not a value");
    }

    @Test
    void should_fail_the_session_when_a_regex_finds_no_match_or_a_request_cannot_be_built() {
        SessionState session = session(8);
        Step login = session.next();
        pass(session, login, response(200, "{\"token\":\"t\"}", "Set-Cookie", "SESSION=s"));
        pass(session, session.next(), response(200, "no item here"));
        // the regex found nothing: the session failed at the catalogue, so it never reaches checkout
        assertThat(session.status()).isEqualTo(SessionState.Status.FAILED);
        assertThat(session.failure()).contains("step 'catalogue': extraction item = regex \"id\":\"(\\w+)\" failed:"
                + " no match of regex \"id\":\"(\\w+)\" in the body");

        SessionState other = session(9);
        Step checkout = SHOP.steps().get(3);
        assertThatThrownBy(() -> other.request(checkout, 0, 0, SERVER))
                .hasMessage("variable (item) is not set in session 9: the variables set are []");
        assertThat(other.failed(checkout, "variable (item) is not set").failure())
                .isEqualTo("step 'checkout': variable (item) is not set");
    }

    @Test
    void should_fail_an_extraction_that_reads_a_body_over_the_bound() {
        ScenarioPlan small = ScenarioPlan.of(SHOP, 8);
        SessionState session = new SessionState(small, 10, 42, () -> USER, jar);
        Step login = session.next();
        BodyBuffer body = new BodyBuffer(8, -1);
        body.append(ByteBuffer.wrap("{\"token\":\"long enough\"}".getBytes(StandardCharsets.UTF_8)));
        CapturedResponse large = CapturedResponse.builder(200).header("Set-Cookie", "SESSION=s").body(body, true);

        assertThat(session.complete(login, SERVER, large, small.checks(login).newTally()).failure())
                .isEqualTo("step 'login': extraction token = json $.token failed: the body was larger than the 8"
                        + " bytes kept for checks and extractions");
    }

    @Test
    void should_draw_the_same_pauses_and_randoms_for_the_same_seed_and_session() {
        Step think = Step.of("think", s -> Request.get("/?r=" + s.random().nextInt(1000)))
                .pause(Pause.exponential(Duration.ofSeconds(1)));
        ScenarioPlan plan = ScenarioPlan.of(Scenario.of("think", Scenario.repeat(5, think)), 1 << 20);

        assertThat(walk(plan, 1)).isEqualTo(walk(plan, 1)).isNotEqualTo(walk(plan, 2));
    }

    private List<String> walk(ScenarioPlan plan, long id) {
        SessionState session = new SessionState(plan, id, 99, () -> USER, new MapCookieJar());
        List<String> seen = new ArrayList<>();
        for (Step step = session.next(); step != null; step = session.next()) {
            Request request = session.request(step, 0, 0, SERVER);
            StepOutcome outcome = session.complete(step, SERVER, response(200, ""), plan.checks(step).newTally());
            seen.add(request.target() + " " + outcome.pause());
        }
        return seen;
    }

    /** Completes a step, counting its checks in this test's tally of the step. */
    private StepOutcome complete(SessionState session, Step step, URI uri, CapturedResponse response) {
        return session.complete(step, uri, response, tallies.computeIfAbsent(step, s -> PLAN.checks(s).newTally()));
    }

    private void pass(SessionState session, Step step, CapturedResponse response) {
        session.request(step, 0, 0, SERVER);
        complete(session, step, SERVER, response);
    }
}
