package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.Stage;
import dev.loadtest.check.Check;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Pause;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Users over concurrency stages (k6's ramping VUs): the sessions in flight follow the stages, and a user over a
 * lowered count finishes its session before it stops. Counted on the client, between a session's first step
 * (log in) and its last (the catalogue, with the login's cookie, which the server checks).
 */
class ScenarioUserStagesTest {

    private static ShopServer shop;

    @BeforeAll
    static void start() throws Exception {
        shop = new ShopServer();
    }

    @AfterAll
    static void stop() throws Exception {
        shop.close();
    }

    @Test
    void should_keep_the_sessions_in_flight_to_each_stages_users_and_finish_the_sessions_over_a_lowered_one() {
        AtomicInteger inFlight = new AtomicInteger();
        List<Integer> seenAtEachStart = new CopyOnWriteArrayList<>();
        Step login = Step.of("login", s -> {
            seenAtEachStart.add(inFlight.incrementAndGet());
            return Request.post("/login").body("user=u" + s.id() + "&password=secret",
                    "application/x-www-form-urlencoded");
        }).checks(Check.status(200)).pause(Pause.fixed(Duration.ofMillis(100)));
        Step catalogue = Step.of("catalogue", s -> {
            inFlight.decrementAndGet();   // built only after the login's response and pause: the session's last step
            return Request.get("/catalogue");
        }).checks(Check.status(200));

        Result r = LoadTest.target(shop.uri()).scenario(Scenario.of("visit", login, catalogue)).users(8)
                .stages(Stage.concurrency(2, Duration.ofMillis(600)), Stage.concurrency(6, Duration.ofMillis(800)),
                        Stage.concurrency(1, Duration.ofMillis(1_000)))
                .run();

        Sessions sessions = r.sessions().orElseThrow();
        assertThat(sessions.failed()).as("every session's cookie reached the server: %s", sessions).isZero();
        assertThat(sessions.completed()).isPositive();
        assertThat(seenAtEachStart).as("never more in flight than the largest stage, though 8 users exist")
                .allMatch(n -> n <= 6)
                .as("the second stage let 6 users in").contains(6);
        assertThat(seenAtEachStart.get(0)).as("the first stage starts with 2 users").isLessThanOrEqualTo(2);
        assertThat(seenAtEachStart.subList(seenAtEachStart.size() - 3, seenAtEachStart.size()))
                .as("in the last stage one user is left, the others parked after their sessions ended")
                .containsOnly(1);
    }
}
