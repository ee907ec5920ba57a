package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.testing.TestServer;
import dev.loadtest.testing.Threads;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ConnectPathWarmingTest {

    @Test
    void should_open_its_own_loopback_connection_and_never_the_targets() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            for (Protocol protocol : new Protocol[] {Protocol.HTTP_1_1, Protocol.HTTP_2}) {
                LoadTest test = LoadTest.target(server.uri("/hello")).protocol(protocol).requests(1).build();
                assertThat(ConnectPathWarming.connectOnce(test)).as(protocol + ": the whole connect path ran").isTrue();
            }
            assertThat(server.connectionsOpened()).as("connections to the target").isZero();
        }
        assertThat(Threads.engineThreadsAfterRun()).as("threads of the throwaway requester").isEmpty();
    }

    @Test
    void should_write_a_client_hello_over_tls_without_a_server_to_answer_it() throws Exception {
        // port 9 (discard) is never contacted: the connection goes to the warming's own listener
        LoadTest test = LoadTest.target("https://127.0.0.1:9/").insecureTrustAll().requests(1).build();
        assertThat(ConnectPathWarming.connectOnce(test)).as("the ClientHello reached the listener").isTrue();
        assertThat(Threads.engineThreadsAfterRun()).isEmpty();
    }
}
