package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LoadTestConveniencesTest {

    private static LoadTest.Builder base(String uri) {
        return LoadTest.target(URI.create(uri)).requests(1);
    }

    @Test
    void should_append_a_path_to_a_server_uri() {
        assertThat(base("http://127.0.0.1:8080").path("/orders").build().targets())
                .containsExactly(URI.create("http://127.0.0.1:8080/orders"));
        assertThat(base("http://127.0.0.1:8080/").path("/orders?page=2").build().targets())
                .containsExactly(URI.create("http://127.0.0.1:8080/orders?page=2"));
    }

    @Test
    void should_keep_the_base_path_rather_than_resolve_against_it() {
        assertThat(base("http://h/api").path("/orders").build().targets())
                .containsExactly(URI.create("http://h/api/orders"));
        assertThat(base("http://h/api/").path("/orders/1").build().targets())
                .containsExactly(URI.create("http://h/api/orders/1"));
    }

    @Test
    void should_replace_an_earlier_path_and_apply_to_every_target() {
        LoadTest test = LoadTest.target(URI.create("http://h:1/a"), URI.create("http://h:1/b"))
                .path("/x").path("/y").requests(1).build();

        assertThat(test.targets()).containsExactly(URI.create("http://h:1/a/y"), URI.create("http://h:1/b/y"));
    }

    @Test
    void should_refuse_a_path_that_breaks_the_rule_naming_it() {
        assertThatThrownBy(() -> base("http://h").path("orders"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("path (orders) must start with /, e.g. /orders");
        assertThatThrownBy(() -> base("http://h").path("/a#b"))
                .hasMessage("path (/a#b) must not have a fragment (#...)");
        assertThatThrownBy(() -> base("http://h/?q=1").path("/a"))
                .hasMessageStartingWith("path (/a) needs targets without a query: http://h/?q=1 has one");
        assertThatThrownBy(() -> base("http://h").path("/a b"))
                .hasMessageStartingWith("path (/a b) does not make a valid URI with http://h: ");
    }

    @Test
    void should_send_a_text_body_with_its_content_type_encoded_in_its_charset() {
        LoadTest test = base("http://h").body("é", "text/plain; charset=ISO-8859-1").build();

        assertThat(test.body()).hasValueSatisfying(b -> assertThat(b).containsExactly(0xE9));
        assertThat(test.headers()).containsExactly(new Header("Content-Type", "text/plain; charset=ISO-8859-1"));
        assertThat(test.method()).isEqualTo("POST");
    }

    @Test
    void should_send_json_in_utf8_and_replace_an_earlier_content_type() {
        LoadTest test = base("http://h").header("content-type", "text/plain").header("Accept", "*/*")
                .jsonBody("{\"item\":\"thé\"}").build();

        assertThat(test.body()).hasValueSatisfying(b ->
                assertThat(new String(b, StandardCharsets.UTF_8)).isEqualTo("{\"item\":\"thé\"}"));
        assertThat(test.headers()).containsExactly(new Header("Accept", "*/*"),
                new Header("Content-Type", "application/json"));
    }

    @Test
    void should_refuse_an_unknown_charset_naming_it() {
        assertThatThrownBy(() -> base("http://h").body("x", "text/plain; charset=nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("contentType (text/plain; charset=nope) names a charset (nope) this JVM does not know");
    }
}
