package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.TokenProvider;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario file's follow-redirects and token block, the token fetched from a local endpoint. */
class ScenarioFileTokenTest {

    @TempDir
    Path dir;

    private HttpServer endpoint;
    private volatile int status = 200;
    private volatile String answer = "{\"access_token\":\"abc\",\"token_type\":\"Bearer\",\"expires_in\":300}";
    private final List<String> received = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/oauth/token", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("Content-Type")
                    + " " + exchange.getRequestHeaders().getFirst("Authorization") + " " + body);
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        endpoint.start();
    }

    @AfterEach
    void stop() {
        endpoint.stop(0);
    }

    private String tokenUri() {
        return "http://127.0.0.1:" + endpoint.getAddress().getPort() + "/oauth/token";
    }

    private Scenario read(String top) throws IOException {
        Path file = dir.resolve("flow.yaml");
        Files.writeString(file, "scenario: shop\n" + top + "steps:\n  - name: home\n    request: GET /\n",
                StandardCharsets.UTF_8);
        return ScenarioFile.read(file).scenario();
    }

    private String error(String top) {
        return assertThatThrownBy(() -> read(top)).isInstanceOf(IllegalArgumentException.class)
                .actual().getMessage().replace(dir.resolve("flow.yaml").toString(), "flow.yaml");
    }

    @Test
    void should_follow_redirects_only_when_the_file_says_so() throws IOException {
        assertThat(read("").followsRedirects()).isFalse();
        assertThat(read("follow-redirects: false\n").followsRedirects()).isFalse();
        assertThat(read("follow-redirects: true\n").followsRedirects()).isTrue();
        assertThat(error("follow-redirects: yes please\n"))
                .isEqualTo("flow.yaml:2: follow-redirects (yes please) must be true or false");
    }

    @Test
    void should_fetch_the_token_an_oauth_endpoint_answers() throws Exception {
        Scenario shop = read("token:\n  uri: " + tokenUri() + "\n  headers: { Authorization: Basic c2hvcDpz }\n"
                + "  body: grant_type=client_credentials\n");

        TokenProvider.Token token = shop.tokenProvider().orElseThrow().fetch();

        assertThat(token).isEqualTo(TokenProvider.Token.bearer("abc", Duration.ofSeconds(300)));
        assertThat(received).containsExactly(
                "POST application/x-www-form-urlencoded Basic c2hvcDpz grant_type=client_credentials");
    }

    @Test
    void should_read_the_token_and_lifetime_where_the_file_says() throws Exception {
        answer = "{\"data\":{\"jwt\":\"xyz\"},\"ttl\":60}";
        Scenario shop = read("token:\n  uri: " + tokenUri() + "\n  method: GET\n  json: $.data.jwt\n"
                + "  expires-in: ttl\n");

        assertThat(shop.tokenProvider().orElseThrow().fetch())
                .isEqualTo(TokenProvider.Token.bearer("xyz", Duration.ofSeconds(60)));
        assertThat(received).singleElement().asString().startsWith("GET null null");
    }

    @Test
    void should_take_the_files_lifetime_when_the_answer_has_none() throws Exception {
        answer = "{\"access_token\":\"abc\"}";

        assertThat(read("token:\n  uri: " + tokenUri() + "\n  lifetime: 5m\n").tokenProvider().orElseThrow().fetch()
                .lifetime()).isEqualTo(Duration.ofMinutes(5));
        assertThatThrownBy(() -> read("token:\n  uri: " + tokenUri() + "\n").tokenProvider().orElseThrow().fetch())
                .hasMessage("the answer of token endpoint " + tokenUri() + " has no positive number of seconds at "
                        + "$.expires_in: give lifetime in the token block");
    }

    @Test
    void should_fail_a_fetch_on_an_error_answer_or_a_missing_token_saying_which() throws IOException {
        TokenProvider provider = read("token:\n  uri: " + tokenUri() + "\n").tokenProvider().orElseThrow();

        status = 401;
        answer = "{\"error\":\"invalid_client\"}";
        assertThatThrownBy(provider::fetch).hasMessage("token endpoint " + tokenUri()
                + " answered 401: {\"error\":\"invalid_client\"}");
        status = 200;
        answer = "{\"token\":\"abc\",\"expires_in\":300}";
        assertThatThrownBy(provider::fetch).hasMessage("the answer of token endpoint " + tokenUri()
                + " has no text at $.access_token");
        answer = "<html>oops</html>";
        assertThatThrownBy(provider::fetch).hasMessage("the answer of token endpoint " + tokenUri()
                + " is not a JSON object: <html>oops</html>");
    }

    @Test
    void should_refuse_a_wrong_token_block_at_its_line() {
        assertThat(error("token:\n  body: x\n")).startsWith("flow.yaml:3: the token block has no field 'uri'");
        assertThat(error("token:\n  uri: /oauth/token\n")).isEqualTo("flow.yaml:3: uri (/oauth/token) of the token "
                + "block must be an absolute http:// or https:// URI");
        assertThat(error("token:\n  uri: http://127.0.0.1/t\n  json: $..token\n"))
                .isEqualTo("flow.yaml:4: json ($..token) of the token block must be property names from the top of "
                        + "the answer, e.g. $.access_token");
        assertThat(error("token:\n  uri: http://127.0.0.1/t\n  lifetime: soon\n")).startsWith("flow.yaml:4: lifetime "
                + "(soon) ");
        assertThat(error("token:\n  uri: http://127.0.0.1/t\n  scope: shop\n")).startsWith("flow.yaml:4: unknown field "
                + "'scope' in the token block: known are uri, method, headers, body, json, expires-in, lifetime");
    }
}
