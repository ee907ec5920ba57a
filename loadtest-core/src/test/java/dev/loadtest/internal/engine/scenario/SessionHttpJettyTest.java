package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.request.Request;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> send(String method, URI uri, Optional<String> cookie) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody());
        cookie.ifPresent(value -> request.header("Cookie", value));
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Sends a request of ours as it is (method, target, headers, body), with the jar's cookies for its URI. */
    private static HttpResponse<String> send(Request request, HttpClientCookieJar jar) throws Exception {
        URI uri = request.uri(server.uri(""));
        HttpRequest.Builder http = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).method(request.method(),
                request.body().map(HttpRequest.BodyPublishers::ofByteArray).orElse(HttpRequest.BodyPublishers.noBody()));
        request.headers().forEach(h -> http.header(h.name(), h.value()));
        jar.cookieHeader(uri).ifPresent(value -> http.header("Cookie", value));
        HttpResponse<String> response = client.send(http.build(), HttpResponse.BodyHandlers.ofString());
        jar.receive(uri, response.headers().allValues("Set-Cookie"));
        return response;
    }

    private static String redirect(int status, String to) {
        return "/redirect/" + status + "?to=" + URLEncoder.encode(to, StandardCharsets.UTF_8);
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

    @Test
    void should_follow_jettys_redirects_as_a_session_step_would() throws Exception {
        HttpClientCookieJar jar = new HttpClientCookieJar();
        send(Request.post("/login"), jar);
        Redirects redirects = new Redirects(server.uri(""));
        // a form posted to a 303 whose Location is relative, then a 307 that keeps the method: the chain ends at GET
        Request sent = Request.post(redirect(303, redirect(307, "/orders/done?id=1")))
                .body("item=tea", "application/x-www-form-urlencoded");
        HttpResponse<String> response = send(sent, jar);
        Optional<Request> next = redirects.next(sent, response.statusCode(), response.headers().allValues("Location"));
        while (next.isPresent()) {
            sent = next.get();
            response = send(sent, jar);
            next = redirects.next(sent, response.statusCode(), response.headers().allValues("Location"));
        }

        assertThat(redirects.followed()).isEqualTo(2);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("GET /orders/done?id=1 cookie=SESSION=" + jar.value("SESSION").orElseThrow()
                + " body=");
    }

    @Test
    void should_keep_a_posted_body_through_a_308() throws Exception {
        Redirects redirects = new Redirects(server.uri(""));
        Request sent = Request.post(redirect(308, "/v2/orders")).body("item=tea", "application/x-www-form-urlencoded");
        HttpResponse<String> response = send(sent, new HttpClientCookieJar());

        Request next = redirects.next(sent, response.statusCode(), response.headers().allValues("Location"))
                .orElseThrow();

        assertThat(response.statusCode()).isEqualTo(308);
        assertThat(send(next, new HttpClientCookieJar()).body()).isEqualTo("POST /v2/orders cookie= body=item=tea");
    }
}
