package dev.loadtest.internal.engine.http2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.faults.FaultServer;
import dev.loadtest.faults.FaultTls;
import dev.loadtest.faults.H2Faults;
import dev.loadtest.internal.engine.connection.ConnectionProbe;
import dev.loadtest.internal.engine.connection.ConnectionProbe.Outcome;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One connection at a time, below the run's accounting (so these also run against HttpCore 5.3 with
 * {@code -Dhttpcore5.version=5.3.6 -Dmaven.main.skip}): extension frames are ignored, a server that allows
 * no stream is waited for.
 */
class H2GuardTest {

    private static final Duration WITHIN = Duration.ofSeconds(10);

    @ParameterizedTest(name = "tls {0}")
    @ValueSource(booleans = {false, true})
    void should_get_its_response_through_altsvc_origin_and_a_padded_unknown_frame(boolean tls) throws Exception {
        try (FaultServer server = tls ? FaultServer.startTls(H2Faults.extensionFrames())
                : FaultServer.start(H2Faults.extensionFrames())) {
            Outcome outcome = ConnectionProbe.probe(test(server, tls), WITHIN);
            assertThat(outcome.failure()).isNull();
            assertThat(outcome.status()).isEqualTo(200);
        }
    }

    @ParameterizedTest(name = "tls {0}")
    @ValueSource(booleans = {false, true})
    void should_send_its_request_once_the_server_raises_max_concurrent_streams_from_0(boolean tls) throws Exception {
        try (FaultServer server = tls ? FaultServer.startTls(H2Faults.noStreamsUntil(200, 1))
                : FaultServer.start(H2Faults.noStreamsUntil(200, 1))) {
            Outcome outcome = ConnectionProbe.probe(test(server, tls), WITHIN);
            assertThat(outcome.failure()).isNull();
            assertThat(outcome.status()).isEqualTo(200);
        }
    }

    private static LoadTest test(FaultServer server, boolean tls) {
        LoadTest.Builder b = LoadTest.target(server.uri("/")).protocol(tls ? Protocol.NEGOTIATE : Protocol.HTTP_2)
                .requests(1).connectTimeout(Duration.ofSeconds(3));
        if (tls) {
            b.sslContext(FaultTls.clientContext());
        }
        return b.build();
    }
}
