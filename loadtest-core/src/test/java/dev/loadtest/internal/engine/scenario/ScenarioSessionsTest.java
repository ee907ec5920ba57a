package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Header;
import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.Stage;
import dev.loadtest.check.Check;
import dev.loadtest.request.Feeder;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Pause;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.scenario.StepRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a session is given (its number in a sharded run, one feeder row for all its steps), and when users run one:
 * over concurrency stages, as many in flight as the stage says, a user over a lowered count finishing its session.
 */
class ScenarioSessionsTest {

    private static ShopServer shop;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        shop = new ShopServer();
    }

    @AfterAll
    static void stop() throws Exception {
        shop.close();
    }

    @Test
    void should_number_a_shards_sessions_k_k_plus_n_and_so_on_so_that_shards_never_share_one() {
        List<Set<Long>> ids = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            Set<Long> seen = new ConcurrentSkipListSet<>();
            Scenario numbered = Scenario.of("numbered", Step.of("home", s -> {
                seen.add(s.id());
                return Request.get("/catalogue");
            }));
            Result r = LoadTest.target(shop.uri()).scenario(numbered).users(4).iterations(2).seed(5).shard(k, 2)
                    .run();
            assertThat(r.test().users()).isEqualTo(2);
            assertThat(r.sessions().orElseThrow().started()).isEqualTo(4);
            ids.add(seen);
        }
        assertThat(ids.get(0)).containsExactly(0L, 2L, 4L, 6L);
        assertThat(ids.get(1)).containsExactly(1L, 3L, 5L, 7L);
    }

    @Test
    void should_give_each_session_one_row_for_all_its_steps() throws Exception {
        Path users = dir.resolve("users.csv");
        Files.writeString(users, "user,password\nada,secret\nbob,secret\ncyd,secret\n");
        Map<Long, Set<String>> rowsBySession = new ConcurrentHashMap<>();
        Step login = Step.of("login", StepRequest.template("POST", "/login",
                        List.of(new Header("Content-Type", "application/x-www-form-urlencoded")),
                        "user={{user}}&password={{password}}"))
                .checks(Check.status(200));
        Step who = Step.of("who", s -> {
            rowsBySession.computeIfAbsent(s.id(), id -> ConcurrentHashMap.newKeySet()).add(s.row().get("user"));
            return Request.get("/catalogue");
        });
        Step again = Step.of("again", s -> {
            rowsBySession.get(s.id()).add(s.row().get("user"));
            return Request.get("/catalogue");
        });

        Result r = LoadTest.target(shop.uri()).scenario(Scenario.of("rows", login, who, again)).users(1)
                .iterations(3).feed(Feeder.csv(users).order(Feeder.Order.IN_ORDER)).run();

        assertThat(r.sessions().orElseThrow().completed()).isEqualTo(3);
        assertThat(rowsBySession.values()).allSatisfy(rows -> assertThat(rows).hasSize(1));
        assertThat(rowsBySession.values().stream().flatMap(Set::stream).toList())
                .containsExactlyInAnyOrder("ada", "bob", "cyd");
    }

    /**
     * Users over concurrency stages (k6's ramping VUs), counted on the client between a session's first step (log
     * in) and its last (the catalogue, with the login's cookie, which the server checks).
     */
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
