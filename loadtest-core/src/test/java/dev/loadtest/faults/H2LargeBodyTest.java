package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.assertCounted;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.check.Check;
import dev.loadtest.LoadTest;
import dev.loadtest.faults.FaultRuns.Run;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Large responses over HTTP/2 (bench case h2c-100KiB-c10-m10, issue 15): the engine opens its flow-control windows
 * wide once per connection, as h2load does with its 1 GiB windows ({@code -w 30 -W 30}), instead of granting
 * window back frame by frame. The server here sends each 100 KiB body in 8 KiB DATA frames, as nginx does
 * ({@code http2_chunk_size}), only within the windows the client granted, and never waits for more: a client
 * whose windows were too narrow for its responses would see them reset, and one that re-opened them per frame
 * or per response would send hundreds of WINDOW_UPDATEs.
 */
class H2LargeBodyTest {

    private static final int BODY = 100 * 1024;
    private static final int FRAME = 8 * 1024;
    private static final int CLIENTS = 2;
    private static final int REQUESTS = 300;
    /**
     * WINDOW_UPDATE frames a connection may send over the whole run: HttpCore opens the connection window once
     * when it connects (to 2^31-1); one more would be a refill after 2 GiB, far beyond this run's 30 MiB.
     */
    private static final long MAX_WINDOW_UPDATES_PER_CONNECTION = 2;

    @ParameterizedTest(name = "{0}, body checked: {1}")
    @CsvSource({"H2C, false", "H2C, true", "H2_TLS, false"})
    void should_take_100_KiB_bodies_with_windows_opened_once_per_connection(Transport t, boolean bodyChecked)
            throws Exception {
        // unchecked over h2c the engine passes over the DATA payloads (DataSkippingReader); a body check reads them
        byte[] body = Http1Faults.pattern(BODY);
        Queue<H2Conn> connections = new ConcurrentLinkedQueue<>();
        AtomicLong outsideWindows = new AtomicLong();
        FaultServer.Behaviour windowed = conn -> {
            H2Conn h2 = conn.h2().start();
            connections.add(h2);
            h2.serve((c, id) -> {
                c.headers(id, 200, BODY, false);
                if (!c.dataWithinWindows(id, body, FRAME)) {
                    outsideWindows.incrementAndGet();
                    c.rstStream(id, H2Conn.FLOW_CONTROL_ERROR);
                }
            });
        };
        try (FaultServer server = t.server(windowed)) {
            LoadTest.Builder test = t.target(server).clients(CLIENTS).streams(5).requests(REQUESTS)
                    .requestTimeout(Duration.ofSeconds(20));
            if (bodyChecked) {
                test.check(Check.bodyContains("xyzabcdefghijklmnopqrstuvwxyzab"));
            }
            Run run = run("h2-large-bodies-" + t + (bodyChecked ? "-checked" : ""), test);
            assertCounted(run);
            assertThat(outsideWindows.get()).as("bodies the client's windows did not allow\n%s", run.report()).isZero();
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(REQUESTS);
            assertThat(run.result().traffic().dataBytes()).as(run.report()).isEqualTo((long) REQUESTS * BODY);
            if (bodyChecked) {
                assertThat(run.result().checks().get(0).passed()).as("bodies as the server sent them\n%s", run.report())
                        .isEqualTo(REQUESTS);
            }
            assertThat(connections).hasSize(CLIENTS);
            for (H2Conn h2 : connections) {
                assertThat(h2.requestsOnConnection()).as("responses on one connection").isGreaterThan(0);
                assertThat(h2.windowUpdatesReceived()).as("WINDOW_UPDATE frames from one connection\n%s", run.report())
                        .isBetween(1L, MAX_WINDOW_UPDATES_PER_CONNECTION);
            }
        }
    }
}
