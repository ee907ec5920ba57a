package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.request.Request;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.hc.core5.net.URIAuthority;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A built request's HTTP/1.1 head, spliced or encoded, is the bytes HttpCore's own encoding gives. */
class BuiltRequestsTest {

    private static final LoadTest TEST = LoadTest.target("http://127.0.0.1:8080/").protocol(Protocol.HTTP_1_1)
            .header("X-Run", "1").request(ctx -> Request.get("/")).requests(1).build();

    @ParameterizedTest
    @ValueSource(strings = {"/", "/orders/123", "/hello?id=42&name=a%20b", "/a/b/c?x=1"})
    void should_splice_a_get_target_into_the_runs_head_as_httpcore_encodes_it(String target) {
        BuiltRequests built = new BuiltRequests(TEST);
        String spliced = text(built.template(Request.get(target)).http1Head());
        String encoded = text(new RequestTemplate("GET", "http", new URIAuthority("127.0.0.1", 8080), target,
                RequestTemplate.withUserAgent(TEST.headers()), null).http1Head());
        assertThat(spliced).isEqualTo(encoded).startsWith("GET " + target + " HTTP/1.1\r\n").contains("X-Run: 1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"POST", "DELETE"})
    void should_encode_other_requests_through_httpcore(String method) {
        BuiltRequests built = new BuiltRequests(TEST);
        Request request = Request.of(method, "/orders/1").body("{}", "application/json");
        String head = text(built.template(request).http1Head());
        assertThat(head).startsWith(method + " /orders/1 HTTP/1.1\r\n").contains("Content-Length: 2");
    }

    private static String text(ByteBuffer head) {
        byte[] b = new byte[head.remaining()];
        head.get(b);
        return new String(b, StandardCharsets.ISO_8859_1);
    }
}
