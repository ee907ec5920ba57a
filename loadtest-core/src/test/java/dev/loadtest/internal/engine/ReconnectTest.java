package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.testing.Nginx;
import java.net.URI;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A server that closes connections after a number of requests (nginx's keepalive_requests: Connection:
 * close on HTTP/1.1, GOAWAY on HTTP/2): the clients open new connections and the run does all its work.
 */
@EnabledIf("dev.loadtest.testing.Nginx#isAvailable")
class ReconnectTest {

    @ParameterizedTest(name = "{0} streams={1}")
    @CsvSource({"HTTP_1_1, 1", "HTTP_1_1, 5", "HTTP_2, 1", "HTTP_2, 5"})
    void should_reopen_connections_the_server_closes_and_do_every_request(Protocol protocol, int streams) {
        try (Nginx nginx = Nginx.start(50)) {
            URI uri = protocol == Protocol.HTTP_2 ? nginx.h2c("/hello") : nginx.http1("/hello");
            Result r = LoadTest.target(uri).protocol(protocol).clients(2).streams(streams).requests(1000).run();
            assertThat(r.requests().done()).isEqualTo(1000);
            assertThat(r.requests().succeeded() + r.requests().errored()).isEqualTo(1000);
            assertThat(r.connections()).isGreaterThanOrEqualTo(1000 / 50);
            // requests the server did not process (behind its GOAWAY or Connection: close) went out again
            assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(1000);
            assertThat(r.errors()).as(r.toString()).isEmpty();
        }
    }

    /**
     * Issue 12's goal: nginx rotating connections every 100 requests costs no request, over h2c (GOAWAY with
     * streams above its last-stream-id) and over pipelined HTTP/1.1 (requests written behind the response
     * with {@code Connection: close}): each is sent again on a new connection and counted in {@code retried}.
     */
    @ParameterizedTest(name = "{0}, keepalive_requests {1}")
    @CsvSource({"HTTP_1_1, 100", "HTTP_2, 100", "HTTP_1_1, 10", "HTTP_2, 10"})
    void should_lose_no_request_to_graceful_rotation(Protocol protocol, int keepaliveRequests) {
        // keepalive_requests 10 rotates ten times as often: over h2c, a close of ours while the stream AT the
        // GOAWAY's last-stream-id was still answering lost that stream in about one run in two
        try (Nginx nginx = Nginx.start(keepaliveRequests)) {
            URI uri = protocol == Protocol.HTTP_2 ? nginx.h2c("/hello") : nginx.http1("/hello");
            Result r = LoadTest.target(uri).protocol(protocol).clients(10).streams(10).requests(20_000)
                    .requestTimeout(java.time.Duration.ofSeconds(30)).run();
            assertThat(r.requests().started()).as(r.toString()).isEqualTo(20_000);
            assertThat(r.requests().retried()).as(r.toString()).isPositive();
            assertThat(r.requests().succeeded()).as(r.toString()).isEqualTo(20_000);
            assertThat(r.requests().failed()).as(r.toString()).isZero();
            assertThat(r.verdict()).as(r.toString()).isEqualTo(dev.loadtest.Verdict.OK);
        }
    }
}
