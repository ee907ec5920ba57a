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
    @CsvSource({"HTTP_1_1, 1", "HTTP_2, 1", "HTTP_2, 5"})
    void should_reopen_connections_the_server_closes_and_do_every_request(Protocol protocol, int streams) {
        try (Nginx nginx = Nginx.start(50)) {
            URI uri = protocol == Protocol.HTTP_2 ? nginx.h2c("/hello") : nginx.http1("/hello");
            Result r = LoadTest.target(uri).protocol(protocol).clients(2).streams(streams).requests(1000).run();
            assertThat(r.requests().done()).isEqualTo(1000);
            assertThat(r.requests().succeeded() + r.requests().errored()).isEqualTo(1000);
            assertThat(r.connections()).isGreaterThanOrEqualTo(1000 / 50);
            if (streams == 1) {
                assertThat(r.requests().succeeded()).isEqualTo(1000);
            } else {
                // streams sent after the server's GOAWAY are not served; like h2load we count them as
                // errored (they fail when nginx closes the socket), at most streams - 1 per connection
                assertThat(r.requests().errored()).isLessThanOrEqualTo((long) (streams - 1) * r.connections());
                assertThat(r.errors().keySet()).allMatch(c -> c == dev.loadtest.ErrorCategory.RESET
                        || c == dev.loadtest.ErrorCategory.GOAWAY);
            }
        }
    }
}
