package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.request.Request;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.net.URIAuthority;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A built request's HTTP/1.1 head, written by {@link Http1Heads} or encoded, is the bytes HttpCore's own encoding gives. */
class BuiltRequestsTest {

    private static final LoadTest TEST = LoadTest.target("http://127.0.0.1:8080/").protocol(Protocol.HTTP_1_1)
            .header("X-Run", "1").request(ctx -> Request.get("/")).requests(1).build();

    @ParameterizedTest
    @ValueSource(strings = {"/", "/orders/123", "/hello?id=42&name=a%20b", "/a/b/c?x=1"})
    void should_write_a_get_head_as_httpcore_encodes_it(String target) {
        BuiltRequests built = new BuiltRequests(TEST);
        String written = text(built.template(Request.get(target)).http1Head());
        assertThat(written).isEqualTo(httpCore(TEST, Request.get(target)))
                .startsWith("GET " + target + " HTTP/1.1\r\n").contains("X-Run: 1");
    }

    static Stream<Request> requests() {
        return Stream.of(
                Request.post("/orders/1").body("{}", "application/json"),
                Request.post("/orders/1"),                                   // Content-Length: 0
                Request.put("/orders/1").body(new byte[0]),
                Request.of("PATCH", "/orders/1").jsonBody("{\"q\":2}"),
                Request.delete("/orders/1"),
                Request.delete("/orders/1").body(new byte[3]),
                Request.of("HEAD", "/hello"),
                Request.get("/hello").header("Accept", "text/plain").header("X-Two", "a").header("X-Two", "b"),
                Request.get("/hello").header("x-run", "mine"),               // replaces the run's, any case
                Request.get("/hello").header("User-Agent", "other/1"),       // replaces ours
                Request.get("/hello").header("X-Odd", "a\fb\u000bc"),        // written as spaces
                Request.get("/hello").header("X-Latin", "caf\u00e9"),
                Request.get("/hello").header("X-Wide", "\u0141\ud83d\ude00"), // beyond ISO-8859-1: HttpCore's
                Request.get("/hello").header("Host", "other.example"),       // HttpCore's: no Host of ours
                Request.get("http://127.0.0.1:8080/caf%C3%A9?x=1"),
                Request.get("http://127.0.0.1:8080"),
                Request.of("OPTIONS", "/hello"),                             // HttpCore's
                Request.of("get", "/hello"),                                 // HttpCore's
                Request.of("QUERY", "/search").body("q", "text/plain"),      // HttpCore's
                Request.of("TRACE", "/hello"));                              // HttpCore's
    }

    @ParameterizedTest
    @MethodSource("requests")
    void should_write_every_head_as_httpcore_encodes_it(Request request) {
        assertThat(text(new BuiltRequests(TEST).template(request).http1Head())).isEqualTo(httpCore(TEST, request));
    }

    @Test
    void should_write_heads_as_httpcore_does_whatever_the_runs_headers() {
        LoadTest test = LoadTest.target("http://localhost:9000/").protocol(Protocol.HTTP_1_1)
                .header("User-Agent", "mine/2").header("Accept", "*/*").header("X-Form", "x\fy")
                .request(ctx -> Request.get("/")).requests(1).build();
        BuiltRequests built = new BuiltRequests(test);
        for (Request request : requests().toList()) {
            assertThat(text(built.template(request).http1Head())).as(request.toString())
                    .isEqualTo(httpCore(test, request));
        }
    }

    @Test
    void should_write_the_common_methods_heads_itself_and_leave_the_others_to_httpcore() {
        Http1Heads heads = Http1Heads.of("http", new URIAuthority("127.0.0.1", 8080),
                RequestTemplate.withUserAgent(TEST.headers()));
        for (String method : List.of("GET", "HEAD", "DELETE", "POST", "PUT", "PATCH")) {
            assertThat(heads.encode(method, "/", true, null, List.of(), -1)).as(method).isNotNull();
        }
        for (String method : List.of("OPTIONS", "TRACE", "CONNECT", "QUERY", "get")) {
            assertThat(heads.encode(method, "/", true, null, List.of(), -1)).as(method).isNull();
        }
        assertThat(heads.encode("GET", "/", true, null, List.of(new dev.loadtest.Header("X", "\u0141")), -1)).isNull();
    }

    @Test
    void should_leave_the_head_to_httpcore_when_the_run_names_the_host() {
        LoadTest test = LoadTest.target("http://127.0.0.1:8080/").protocol(Protocol.HTTP_1_1)
                .header("Host", "virtual.example").request(ctx -> Request.get("/")).requests(1).build();
        Request request = Request.post("/orders").body("{}", "application/json");
        assertThat(text(new BuiltRequests(test).template(request).http1Head())).isEqualTo(httpCore(test, request))
                .contains("Host: virtual.example").doesNotContain("127.0.0.1");
    }

    @Test
    void should_make_a_request_httpcore_refuses_that_requests_error() {
        Request trace = Request.of("TRACE", "/hello").body(new byte[1]);
        assertThatIllegalArgumentException().isThrownBy(() -> new BuiltRequests(TEST).template(trace))
                .withMessageContaining("TRACE request may not enclose an entity");
    }

    @Test
    void should_announce_a_bodys_length_and_type_to_httpcore_over_http2() {
        RequestTemplate template = new BuiltRequests(TEST).template(Request.post("/o").body("{}", "application/json"));
        assertThat(template.entityDetails().getContentLength()).isEqualTo(2);
        assertThat(template.entityDetails().getContentType()).isEqualTo("application/json");
        assertThat(new BuiltRequests(TEST).template(Request.get("/")).entityDetails()).isNull();
    }

    /** The head HttpCore's processors and formatter give the request on the test's server. */
    private static String httpCore(LoadTest test, Request request) {
        Header[] run = RequestTemplate.withUserAgent(test.headers());
        List<dev.loadtest.Header> own = request.headers();
        Stream<Header> kept = Stream.of(run)
                .filter(h -> own.stream().noneMatch(o -> o.name().equalsIgnoreCase(h.getName())));
        Header[] headers = Stream.concat(kept, own.stream().map(h -> new BasicHeader(h.name(), h.value())))
                .toArray(Header[]::new);
        var target = test.targets().get(0);
        return text(new RequestTemplate(request.method(), "http", new URIAuthority(target.getHost(), target.getPort()),
                request.path(), headers, request.body().orElse(null)).http1Head());
    }

    private static String text(ByteBuffer head) {
        byte[] b = new byte[head.remaining()];
        head.get(b);
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
