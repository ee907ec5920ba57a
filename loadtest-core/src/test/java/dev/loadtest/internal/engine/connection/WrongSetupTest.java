package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadtest.Protocol;
import dev.loadtest.faults.FaultServer;
import dev.loadtest.faults.H2Faults;
import dev.loadtest.faults.Http1Faults;
import dev.loadtest.internal.engine.connection.ConnectionProbe.Outcome;
import dev.loadtest.testing.Nginx;
import dev.loadtest.testing.TestServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A wrong setup shows in a connection's first bytes: the connection fails with a {@link SetupException} that
 * says what to change, against the scripted servers and against real ones of other implementations.
 */
class WrongSetupTest {

    private static final Duration WITHIN = Duration.ofSeconds(10);

    @Test
    void should_say_use_h1_when_a_scripted_http1_server_answers_the_h2_preface() throws Exception {
        try (FaultServer server = FaultServer.start(Http1Faults.ok())) {
            assertSetup(ConnectionProbe.probe(server.uri("/"), Protocol.HTTP_2, WITHIN),
                    "the server at 127.0.0.1:" + server.port() + " answered HTTP/1.1 to HTTP/2 prior knowledge: use --h1");
        }
    }

    @Test
    void should_say_use_h1_when_jetty_without_h2c_answers_the_h2_preface() throws Exception {
        try (TestServer server = TestServer.http1()) {
            assertSetup(ConnectionProbe.probe(server.uri("/"), Protocol.HTTP_2, WITHIN),
                    "answered HTTP/1.1 to HTTP/2 prior knowledge: use --h1 (protocol(HTTP_1_1)) or a server with h2c");
        }
    }

    @Test
    void should_say_use_h1_when_nginx_without_http2_answers_the_h2_preface() throws Exception {
        assumeTrue(Nginx.isAvailable(), Nginx::unavailableReason);
        try (Nginx nginx = Nginx.start()) {
            assertSetup(ConnectionProbe.probe(nginx.http1("/hello"), Protocol.HTTP_2, WITHIN),
                    "answered HTTP/1.1 to HTTP/2 prior knowledge: use --h1");
        }
    }

    @Test
    void should_say_use_h1_when_pythons_http_server_answers_the_h2_preface() throws Exception {
        Process python;
        try {
            python = new ProcessBuilder("python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1")
                    .redirectErrorStream(true).start();
        } catch (java.io.IOException e) {
            assumeTrue(false, "python3 is not installed");
            return;
        }
        try {
            int port = portOf(python);
            // Python's http.server answers "HTTP/2.0" with a bare HTML error page (HTTP/0.9 style), and closes
            assertSetup(ConnectionProbe.probe(URI.create("http://127.0.0.1:" + port + "/"), Protocol.HTTP_2, WITHIN),
                    "answered HTTP/2 prior knowledge with an HTML page, not HTTP/2: use --h1 (protocol(HTTP_1_1))");
        } finally {
            python.destroy();
            python.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void should_say_use_https_when_a_tls_port_answers_the_h2_preface() throws Exception {
        try (FaultServer server = FaultServer.startTls(H2Faults.ok())) {
            URI plain = URI.create("http://127.0.0.1:" + server.port() + "/");
            assertSetup(ConnectionProbe.probe(plain, Protocol.HTTP_2, WITHIN),
                    "the server at 127.0.0.1:" + server.port() + " answered the HTTP/2 preface with TLS: use https://");
        }
    }

    @Test
    void should_say_use_https_when_jettys_tls_port_answers_the_h2_preface() throws Exception {
        try (TestServer server = TestServer.tls()) {
            URI plain = URI.create("http://127.0.0.1:" + server.port() + "/");
            assertSetup(ConnectionProbe.probe(plain, Protocol.HTTP_2, WITHIN), "answered the HTTP/2 preface with TLS: use https://");
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Protocol.class)
    void should_say_use_http_when_a_plain_port_answers_the_tls_client_hello(Protocol protocol) throws Exception {
        FaultServer.Behaviour plain = conn -> {
            conn.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
            conn.close();
        };
        try (FaultServer server = FaultServer.start(plain)) {
            URI https = URI.create("https://127.0.0.1:" + server.port() + "/");
            assertSetup(ConnectionProbe.probe(https, protocol, WITHIN), "the server at 127.0.0.1:" + server.port()
                    + " does not speak TLS: use http:// (it answered \"HTTP/1.1 400 Bad...\")");
        }
    }

    @Test
    void should_say_use_http_when_nginxs_plain_port_answers_the_tls_client_hello() throws Exception {
        assumeTrue(Nginx.isAvailable(), Nginx::unavailableReason);
        try (Nginx nginx = Nginx.start()) {
            URI https = URI.create("https://127.0.0.1:" + nginx.http1Port() + "/hello");
            assertSetup(ConnectionProbe.probe(https, Protocol.NEGOTIATE, WITHIN), "does not speak TLS: use http://");
        }
    }

    @Test
    void should_say_use_http_when_jettys_plain_port_answers_the_tls_client_hello() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            URI https = URI.create("https://127.0.0.1:" + server.port() + "/");
            assertSetup(ConnectionProbe.probe(https, Protocol.HTTP_2, WITHIN), "does not speak TLS: use http://");
        }
    }

    @Test
    void should_still_connect_to_a_real_tls_server() throws Exception {
        try (TestServer server = TestServer.tls()) {
            Outcome outcome = ConnectionProbe.probe(dev.loadtest.LoadTest.target(server.uri("/")).requests(1)
                    .sslContext(server.sslContext()).build(), WITHIN);
            assertThat(outcome.failure()).isNull();
            assertThat(outcome.status()).isBetween(200, 599);
        }
    }

    @Test
    void should_still_connect_to_a_real_h2c_server() throws Exception {
        try (TestServer server = TestServer.h2c()) {
            Outcome outcome = ConnectionProbe.probe(server.uri("/"), Protocol.HTTP_2, WITHIN);
            assertThat(outcome.failure()).isNull();
            assertThat(outcome.status()).isBetween(200, 599);
        }
    }

    private static void assertSetup(Outcome outcome, String expected) {
        assertThat(outcome.failure()).as("the connection's failure").isInstanceOf(SetupException.class);
        assertThat(outcome.failure().getMessage()).contains(expected).doesNotContain("\n");
    }

    private static int portOf(Process python) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(python.getInputStream(), StandardCharsets.UTF_8));
        Pattern port = Pattern.compile("port (\\d+)");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            String line = out.readLine();
            if (line == null) {
                break;
            }
            Matcher m = port.matcher(line);
            if (m.find()) {
                return Integer.parseInt(m.group(1));
            }
        }
        throw new IllegalStateException("python3 -m http.server did not say its port");
    }
}
