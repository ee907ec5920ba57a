package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The session's HTTP parts against Jetty's own Set-Cookie headers and redirects; the JDK's client carries the
 * bytes (it follows nothing and keeps no cookie itself), so what the server sees is what our parts decided.
 */
class SessionHttpJettyTest {

    private static SessionHttpServer server;
    private static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        server = new SessionHttpServer();
        client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static HttpResponse<String> send(String method, URI uri, Optional<String> cookie) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        cookie.ifPresent(value -> request.header("Cookie", value));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> exchange(HttpClientCookieJar jar, String method, String path)
            throws Exception {
        URI uri = server.uri(path);
        HttpResponse<String> response = send(method, uri, jar.cookieHeader(uri));
        jar.receive(uri, response.headers().allValues("Set-Cookie"));
        return response;
    }

    @Test
    void should_carry_jettys_cookies_back_by_path_and_forget_them_at_logout() throws Exception {
        HttpClientCookieJar jar = new HttpClientCookieJar();
        HttpClientCookieJar other = new HttpClientCookieJar();

        exchange(jar, "POST", "/login");
        exchange(other, "POST", "/login");
        String mine = jar.value("SESSION").orElseThrow();

        assertThat(exchange(jar, "GET", "/catalogue").body()).isEqualTo("GET /catalogue cookie=SESSION=" + mine
                + " body=");
        assertThat(exchange(jar, "GET", "/app/basket").body()).startsWith("GET /app/basket cookie=theme=dark; "
                + "SESSION=" + mine + " ");
        assertThat(other.value("SESSION")).isPresent().isNotEqualTo(Optional.of(mine));

        exchange(jar, "POST", "/logout");
        assertThat(jar.value("SESSION")).isEmpty();
        assertThat(exchange(jar, "GET", "/app/basket").body()).startsWith("GET /app/basket cookie=theme=dark ");
        assertThat(jar.rejections()).isEmpty();
    }
}
