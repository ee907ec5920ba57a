package dev.loadtest.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.loadtest.Header;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestTest {

    private static final List<URI> TARGETS = List.of(URI.create("http://localhost:8080/api"));

    @Test
    void should_build_a_post_with_headers_and_a_json_body() {
        Request request = Request.post("/orders/42").header("Accept", "application/json").jsonBody("{\"item\":\"tea\"}");

        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.target()).isEqualTo("/orders/42");
        assertThat(request.isAbsolute()).isFalse();
        assertThat(request.headers()).containsExactly(new Header("Accept", "application/json"),
                new Header("Content-Type", "application/json"));
        assertThat(request.body()).hasValueSatisfying(b -> assertThat(new String(b, StandardCharsets.UTF_8))
                .isEqualTo("{\"item\":\"tea\"}"));
        assertThat(request.bodyLength()).isEqualTo(14);
    }

    @Test
    void should_leave_the_original_unchanged_when_deriving() {
        Request get = Request.get("/items");

        Request withHeader = get.header("X-Trace", "1");

        assertThat(get.headers()).isEmpty();
        assertThat(withHeader.headers()).hasSize(1);
        assertThat(get.bodyLength()).isEqualTo(-1);
        assertThat(get.body()).isEmpty();
    }

    @Test
    void should_replace_the_content_type_and_encode_in_its_charset() {
        Request request = Request.put("/notes/1").header("Content-Type", "text/plain")
                .body("café", "text/plain; charset=ISO-8859-1");

        assertThat(request.headers()).containsExactly(new Header("Content-Type", "text/plain; charset=ISO-8859-1"));
        assertThat(request.body()).hasValueSatisfying(b -> assertThat(b).containsExactly('c', 'a', 'f', 0xE9));
    }

    @Test
    void should_copy_a_byte_body_in_and_out() {
        byte[] bytes = {1, 2, 3};
        Request request = Request.post("/upload").body(bytes);
        bytes[0] = 9;
        request.body().orElseThrow()[1] = 9;

        assertThat(request.body()).hasValueSatisfying(b -> assertThat(b).containsExactly(1, 2, 3));
    }

    @Test
    void should_refuse_a_charset_the_jvm_does_not_know() {
        assertThatIllegalArgumentException().isThrownBy(() -> Request.post("/x").body("a", "text/plain; charset=klingon"))
                .withMessage("contentType (text/plain; charset=klingon) names a charset (klingon) this JVM does not know");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/orders/42?expand=items&x=1", "/a%20b", "/~user/!$&'()*+,;=:@"})
    void should_take_a_path_made_of_uri_characters(String path) {
        assertThat(Request.get(path).target()).isEqualTo(path);
    }

    @Test
    void should_name_the_character_a_path_cannot_hold() {
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("/a b"))
                .withMessage("request target (/a b) has a character a URI cannot hold (a space at index 2): percent-encode"
                        + " it, e.g. %20 for a space");
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("/users/José"))
                .withMessageContaining("('é' at index 10)");
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("/a\r\nX: y"))
                .withMessageContaining("request target (/a\\r\\nX: y)").withMessageContaining("control character U+000D");
    }

    @Test
    void should_refuse_a_broken_percent_escape_and_a_fragment() {
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("/100%"))
                .withMessage("request target (/100%) has a % not followed by two hex digits at index 4: write a % itself"
                        + " as %25");
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("/page#top"))
                .withMessage("request target (/page#top) must not have a fragment (#...): a fragment is never sent");
    }

    @Test
    void should_refuse_a_target_that_is_neither_a_path_nor_an_http_uri() {
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("orders/1"))
                .withMessage("request target (orders/1) must be a path starting with / or an absolute http:// or https://"
                        + " URI");
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("ftp://localhost/x"))
                .withMessageContaining("must be a path starting with /");
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("http://user:pw@localhost/x"))
                .withMessageContaining("must not carry user info").withMessageNotContaining("pw");
    }

    @Test
    void should_refuse_a_method_that_is_not_a_token() {
        assertThatIllegalArgumentException().isThrownBy(() -> Request.of("GE T", "/"))
                .withMessage("method (GE T) must be an HTTP token, e.g. GET or POST");
        assertThat(Request.of("PATCH", "/x").method()).isEqualTo("PATCH");
        assertThat(Request.delete("/x").method()).isEqualTo("DELETE");
    }

    @Test
    void should_send_a_path_to_the_servers_scheme_host_and_port_as_written() {
        assertThat(Request.get("/orders/1?x=2").uri(TARGETS.get(0))).isEqualTo(URI.create("http://localhost:8080/orders/1?x=2"));
        assertThat(Request.get("/x").requireSameOrigin(TARGETS).target()).isEqualTo("/x");
    }

    @Test
    void should_accept_an_absolute_uri_of_the_same_server() {
        Request request = Request.get("HTTP://LOCALHOST:8080/other").requireSameOrigin(TARGETS);

        assertThat(request.isAbsolute()).isTrue();
        assertThat(request.uri(TARGETS.get(0))).isEqualTo(URI.create("HTTP://LOCALHOST:8080/other"));
        assertThat(Request.get("https://example.com/a").requireSameOrigin(List.of(URI.create("https://example.com:443/")))
                .isAbsolute()).isTrue();
    }

    @Test
    void should_give_the_path_and_query_the_request_line_carries() {
        assertThat(Request.get("/a?b=1").path()).isEqualTo("/a?b=1");
        assertThat(Request.get("http://localhost:8080/a%20b?c=%2F").path()).isEqualTo("/a%20b?c=%2F");
        assertThat(Request.get("http://localhost:8080").path()).isEqualTo("/");
        assertThat(Request.get("http://localhost:8080?x=1").path()).isEqualTo("/?x=1");
    }

    @Test
    void should_name_the_target_and_the_server_when_the_origin_differs() {
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("http://localhost:9090/x").requireSameOrigin(TARGETS))
                .withMessage("request target (http://localhost:9090/x) must use the same scheme, host and port as the run's"
                        + " targets (http://localhost:8080): a run's connections all go to one server");
        assertThatIllegalArgumentException().isThrownBy(() -> Request.get("https://localhost:8080/x").requireSameOrigin(TARGETS))
                .withMessageContaining("must use the same scheme, host and port");
    }

    @Test
    void should_redact_credentials_in_its_text() {
        Request request = Request.get("/x?api_key=abc").header("Authorization", "Bearer t0k3n");

        assertThat(request.toString()).isEqualTo("GET /x?api_key=<redacted> [Authorization: <redacted>]");
    }

    @Test
    void should_be_equal_by_value() {
        assertThat(Request.post("/a").body(new byte[] {1})).isEqualTo(Request.post("/a").body(new byte[] {1}))
                .hasSameHashCodeAs(Request.post("/a").body(new byte[] {1}))
                .isNotEqualTo(Request.post("/a").body(new byte[] {2}));
    }
}
