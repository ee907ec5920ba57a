package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Protocol;
import dev.loadtest.testing.Await;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * An I/O thread that dies of an error (out of memory, say) leaves its connections without callbacks: a
 * counted run would wait for ever. The run must end at once, failed, and say why.
 */
class IoThreadDeathTest {

    @Test
    @SuppressWarnings({"deprecation", "removal"})
    void should_fail_the_run_at_once_when_an_io_thread_dies() throws Exception {
        try (TestServer server = TestServer.http1()) {
            LoadTestRun run = LoadTest.target(server.uri("/slow/60000")).protocol(Protocol.HTTP_1_1)
                    .clients(2).requests(4).requestTimeout(Duration.ofSeconds(120)).start();
            Await.until(() -> server.requestCount() >= 2, Duration.ofSeconds(10));
            assertThat(server.requestCount()).as("requests in flight").isEqualTo(2);
            List<Thread> io = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("requester-dispatch")).toList();
            assertThat(io).isNotEmpty();
            try {
                io.forEach(Thread::stop);   // ThreadDeath: an Error, as OutOfMemoryError is
            } catch (UnsupportedOperationException e) {
                run.stop();
                assumeTrue(false, "this JDK cannot stop a thread (Java 20+)");
            }

            // the timer checks every 50 ms; 10 s is only a bound for a loaded machine
            assertThatThrownBy(() -> run.result().get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("the I/O thread requester-dispatch").hasMessageContaining("died during the run of java.lang.ThreadDeath");
        }
    }
}
