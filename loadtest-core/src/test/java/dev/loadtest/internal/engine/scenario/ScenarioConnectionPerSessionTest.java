package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Extract;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.testing.Await;
import dev.loadtest.testing.TestServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The open model with {@code connectionPerUser()}: each arrival's session opens a connection of its own, its steps go
 * over it, and it closes at the session's end; a connection that cannot be had fails its session (a server freeze in
 * such a run: {@link ScenarioOpenModelTest}). And sessions whose
 * connections all gave up (a dead server in an iterations run) end failed, with the connection's error. Against
 * Jetty, which says which connection carried each request ({@code /connection}: the client's address and port, and
 * the server's serial number for the connection).
 */
class ScenarioConnectionPerSessionTest {

    @ParameterizedTest
    @EnumSource(TestServer.Kind.class)
    void should_give_each_session_a_connection_of_its_own_and_close_it_at_the_session_end(TestServer.Kind kind)
            throws Exception {
        Map<Long, Set<String>> connectionsBySession = new ConcurrentHashMap<>();
        AtomicLong mostClosed = new AtomicLong();
        try (TestServer server = TestServer.builder(kind).start()) {
            // a JVM's first TLS handshakes take a second or two on a busy machine (class loading, the JIT), longer
            // than the run's sessions have: opening connections first leaves the run only its own handshakes
            configure(LoadTest.target(server.uri("/hello")).keepAlive(false).requests(20), kind, server).run();
            Await.assertUntil("the warm-up's connections closed", () -> server.openConnections() == 0,
                    Duration.ofSeconds(5));
            long warmUpConnections = server.connectionsOpened();
            Step first = Step.of("first", s -> Request.get("/connection")).extract(Extract.regex("\\S+").into("c1"));
            Step second = Step.of("second", s -> {
                connectionsBySession.computeIfAbsent(s.id(), id -> ConcurrentHashMap.newKeySet()).add(s.get("c1"));
                // connections the server saw close while the run went on
                mostClosed.accumulateAndGet(server.connectionsOpened() - warmUpConnections - server.openConnections(),
                        Math::max);
                return Request.get("/connection");
            }).extract(Extract.regex("\\S+").into("c2"));
            Step third = Step.of("third", s -> {
                connectionsBySession.get(s.id()).add(s.get("c2"));
                return Request.get("/hello");
            });
            LoadTest.Builder test = LoadTest.target(server.uri("/")).scenario(Scenario.of("three", first, second, third))
                    .arrivals(5).connectionPerUser().duration(Duration.ofSeconds(4));
            Result r = configure(test, kind, server).run();

            Sessions sessions = r.sessions().orElseThrow();
            assertThat(sessions.started()).as("%s", sessions).isBetween(15L, 25L);
            assertThat(sessions.failed()).as("%s %s %s", sessions, sessions.failureReasons(), r.errors()).isZero();
            // a session the run's end cut is unfinished (a busy machine may leave several): the rest completed
            assertThat(sessions.completed()).as("%s", r).isGreaterThanOrEqualTo(5);
            assertThat(r.protocol()).isEqualTo(kind == TestServer.Kind.HTTP1 ? "http/1.1"
                    : kind == TestServer.Kind.H2C ? "h2c" : "h2");
            // the server saw each completed session's steps on one connection, and no connection carry two sessions
            assertThat(connectionsBySession).hasSizeGreaterThanOrEqualTo((int) sessions.completed());
            assertThat(connectionsBySession.values()).allSatisfy(used -> assertThat(used).hasSize(1));
            Set<String> distinct = new HashSet<>();
            connectionsBySession.values().forEach(distinct::addAll);
            assertThat(distinct).as("the connections by session: %s", connectionsBySession)
                    .hasSize(connectionsBySession.size());
            // one connection per session begun (those begun just before the end may not have connected), each timed
            assertThat(r.connections()).isBetween(sessions.completed(), sessions.started());
            // a connection is counted when it connects, timed when it is ready: over TLS a handshake the run's end cut
            // has no time, and only a session in flight at the end can hold such a connection
            assertThat(r.connectTime().count()).as("%s", r).isLessThanOrEqualTo(r.connections())
                    .isGreaterThanOrEqualTo(r.connections()
                            - (kind == TestServer.Kind.TLS ? sessions.unfinished() : 0));
            // closed at each session's end, not at the run's: the later sessions saw the earlier ones' closed
            assertThat(mostClosed.get()).as("connections closed during the run")
                    .isGreaterThanOrEqualTo(sessions.completed() / 2);
            Await.assertUntil("every connection closed", () -> server.openConnections() == 0, Duration.ofSeconds(5));
            Await.assertUntil("the server counted every connection",
                    () -> server.connectionsOpened() - warmUpConnections >= r.connections(), Duration.ofSeconds(5));
            assertThat(server.connectionsOpened() - warmUpConnections).isLessThanOrEqualTo(sessions.started());
        }
    }

    private static LoadTest.Builder configure(LoadTest.Builder test, TestServer.Kind kind, TestServer server) {
        return kind == TestServer.Kind.TLS ? test.sslContext(server.sslContext())
                : test.protocol(kind == TestServer.Kind.H2C ? Protocol.HTTP_2 : Protocol.HTTP_1_1);
    }

    @Test
    void should_fail_a_session_whose_connection_is_refused_with_the_connect_error() throws Exception {
        Scenario browse = Scenario.of("browse", Step.of("home", s -> Request.get("/hello")),
                Step.of("item", s -> Request.get("/hello")));
        Result r = LoadTest.target("http://127.0.0.1:" + freePort() + "/").scenario(browse).arrivals(20)
                .connectionPerUser().duration(Duration.ofSeconds(1)).run();

        Sessions sessions = r.sessions().orElseThrow();
        assertThat(sessions.started()).isBetween(10L, 30L);
        assertThat(sessions.failed()).as("%s", sessions).isGreaterThanOrEqualTo(sessions.started() - 1);
        assertThat(sessions.failedAt()).containsOnlyKeys("home");
        assertThat(sessions.failureReasons().get("home")).isNotEmpty()
                .allSatisfy(reason -> assertThat(reason).containsIgnoringCase("refused"));
        // each failed session's first step is a request never issued, in the connect error's category; not retried
        StepResult home = r.step("home").orElseThrow();
        assertThat(home.requests().notIssued()).isEqualTo(sessions.failed());
        assertThat(r.errors().getOrDefault(ErrorCategory.REFUSED, ErrorCount.NONE).count()).isEqualTo(sessions.failed());
        assertThat(r.requests().started()).isZero();
        assertThat(r.connections()).isZero();
        assertThat(r.step("item").orElseThrow().requests().notIssued()).isZero();
    }

    @ParameterizedTest
    @EnumSource(names = {"SHARED", "PER_USER"})
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void should_fail_every_session_of_an_iterations_run_against_a_dead_server(Connections connections)
            throws Exception {
        Scenario browse = Scenario.of("browse", Step.of("home", s -> Request.get("/hello")),
                Step.of("item", s -> Request.get("/hello")));
        LoadTest.Builder test = LoadTest.target("http://127.0.0.1:" + freePort() + "/").scenario(browse).users(3)
                .iterations(4);
        Result r = (connections == Connections.PER_USER ? test.connectionPerUser() : test).run();

        // the clients give up after a second of refused connects; the sessions waiting for them fail there, and the
        // users begin no more (the run stops rather than failing sessions that never began)
        Sessions sessions = r.sessions().orElseThrow();
        assertThat(sessions.started()).as("%s", sessions).isEqualTo(3);
        assertThat(sessions.failed()).as("%s", sessions).isEqualTo(3);
        assertThat(sessions.unfinished()).isZero();
        assertThat(sessions.failedAt()).containsExactly(Map.entry("home", 3L));
        assertThat(sessions.failureReasons().get("home")).isNotEmpty().allSatisfy(reason ->
                assertThat(reason).containsIgnoringCase("refused").contains("given up after"));
        assertThat(r.errors().getOrDefault(ErrorCategory.REFUSED, ErrorCount.NONE).count()).isEqualTo(3);
        assertThat(r.step("home").orElseThrow().requests().notIssued()).isEqualTo(3);
    }

    enum Connections { SHARED, PER_USER }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
