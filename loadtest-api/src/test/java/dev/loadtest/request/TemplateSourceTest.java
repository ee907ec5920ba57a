package dev.loadtest.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.loadtest.internal.request.SeededRandom;
import dev.loadtest.Header;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestContext;
import dev.loadtest.request.Row;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateSourceTest {

    private static final List<String> COLUMNS = List.of("customer", "item");

    @Test
    void should_build_a_request_from_its_templates() {
        TemplateSource source = TemplateSource.of("POST", "http://localhost:8080/orders/{{seq}}?c={{client}}",
                List.of(new Header("X-Customer", "{{customer}}"), new Header("Accept", "application/json")),
                "{\"item\":\"{{item}}\",\"n\":{{seq}}}".getBytes(StandardCharsets.UTF_8), COLUMNS);

        Request request = source.next(context(5, 2, "ada", "tea"));

        assertThat(request).isEqualTo(Request.post("/orders/5?c=2")
                .header("X-Customer", "ada").header("Accept", "application/json")
                .body("{\"item\":\"tea\",\"n\":5}".getBytes(StandardCharsets.UTF_8)));
        assertThat(source.isStatic()).isFalse();
        assertThat(source.usesRow()).isTrue();
    }

    @Test
    void should_give_the_same_request_every_time_without_placeholders() {
        TemplateSource source = TemplateSource.of("GET", "http://localhost:8080", List.of(new Header("Accept", "*/*")),
                null, List.of());

        Request first = source.next(context(0, 0, "a", "b"));

        assertThat(source.isStatic()).isTrue();
        assertThat(source.usesRow()).isFalse();
        assertThat(first.target()).isEqualTo("/");
        assertThat(source.next(context(1, 1, "a", "b"))).isSameAs(first);
    }

    @Test
    void should_keep_the_query_of_an_origin_without_a_path() {
        TemplateSource source = TemplateSource.of("GET", "https://example.com:8443?id={{seq}}", List.of(), null, List.of());

        assertThat(source.next(context(3, 0, "a", "b")).target()).isEqualTo("/?id=3");
        assertThat(TemplateSource.origin("https://example.com:8443?id={{seq}}")).isEqualTo(URI.create("https://example.com:8443"));
    }

    @Test
    void should_give_the_origin_to_connect_to() {
        assertThat(TemplateSource.origin("http://localhost:8080/orders/{{seq}}")).isEqualTo(URI.create("http://localhost:8080"));
        assertThatIllegalArgumentException().isThrownBy(() -> TemplateSource.origin("http://{{host}}:8080/x"))
                .withMessage("the URI (http://{{host}}:8080/x) has a placeholder in its host or port: a run loads one server,"
                        + " only the path and the query may vary");
        assertThatIllegalArgumentException().isThrownBy(() -> TemplateSource.origin("orders/{{seq}}"))
                .withMessage("the URI (orders/{{seq}}) must start with /, http:// or https://");
    }

    @Test
    void should_report_template_mistakes_when_made_not_when_run() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> TemplateSource.of("GET", "/x", List.of(new Header("X-Id", "{{nope}}")), null, COLUMNS))
                .withMessageStartingWith("unknown placeholder {{nope}} in header X-Id (line 1, column 1)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> TemplateSource.of("GET", "/x", List.of(), "{{id}}".getBytes(StandardCharsets.UTF_8), COLUMNS))
                .withMessageStartingWith("unknown placeholder {{id}} in the body (line 1, column 1)");
        assertThatIllegalArgumentException().isThrownBy(() -> TemplateSource.of("GET", "/a b", List.of(), null, List.of()))
                .withMessageContaining("has a character a URI cannot hold");
        assertThatIllegalArgumentException().isThrownBy(() -> TemplateSource.of("G T", "/{{seq}}", List.of(), null, List.of()))
                .withMessage("method (G T) must be an HTTP token, e.g. GET or POST");
    }

    @Test
    void should_refuse_a_rendered_header_value_that_would_inject_a_header() {
        TemplateSource source = TemplateSource.of("GET", "/x", List.of(new Header("X-Customer", "{{customer}}")), null,
                COLUMNS);

        assertThatIllegalArgumentException().isThrownBy(() -> source.next(context(0, 0, "ada\r\nX-Admin: 1", "tea")))
                .withMessage("header value of X-Customer must not contain CR, LF or NUL (header injection)");
    }

    @Test
    void should_take_the_whole_target_from_a_column() {
        TemplateSource source = TemplateSource.of("GET", "{{item}}", List.of(), null, COLUMNS);

        assertThat(source.next(context(0, 0, "ada", "/items/7")).target()).isEqualTo("/items/7");
        assertThatIllegalArgumentException().isThrownBy(() -> source.next(context(0, 0, "ada", "items 7")))
                .withMessageContaining("request target (items 7) must be a path starting with /");
    }

    @Test
    void should_check_a_rendered_path_as_request_does() {
        TemplateSource source = TemplateSource.of("GET", "/items/{{item}}", List.of(), null, COLUMNS);

        for (String item : List.of("a b", "a#b", "50%", "%zz", "caf\u00e9", "x\u0001")) {
            String rendered = "/items/" + item;
            assertThatIllegalArgumentException().as(item).isThrownBy(() -> source.next(context(0, 0, "ada", item)))
                    .withMessage(messageOf(() -> Request.get(rendered)));
        }
        assertThat(source.next(context(0, 0, "ada", "t%C3%A9a;x=1&y=(2)")).target()).isEqualTo("/items/t%C3%A9a;x=1&y=(2)");
    }

    @Test
    void should_take_an_absolute_uri_from_a_column_and_check_it_as_request_does() {
        TemplateSource source = TemplateSource.of("GET", "{{item}}?n={{seq}}", List.of(), null, COLUMNS);

        Request request = source.next(context(4, 0, "ada", "http://localhost:8080/items"));

        assertThat(request.isAbsolute()).isTrue();
        assertThat(request.path()).isEqualTo("/items?n=4");
    }

    @Test
    void should_give_each_request_its_own_body_whatever_a_caller_does_with_a_copy() {
        TemplateSource source = TemplateSource.of("POST", "/o/{{seq}}", List.of(), "{}".getBytes(StandardCharsets.UTF_8),
                List.of());

        source.next(context(0, 0, "a", "b")).body().orElseThrow()[0] = 'X';

        assertThat(source.next(context(1, 0, "a", "b")).body().orElseThrow()).isEqualTo("{}".getBytes(StandardCharsets.UTF_8));
        assertThat(source.next(context(2, 0, "a", "b")).headers()).isEmpty();
    }

    private static String messageOf(Runnable r) {
        try {
            r.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected an IllegalArgumentException");
    }

    private static RequestContext context(long sequence, int client, String customer, String item) {
        return new Fixed(sequence, client, Row.of(COLUMNS, List.of(customer, item)),
                SeededRandom.of(7, client, SeededRandom.Stream.REQUESTS));
    }

    private record Fixed(long sequence, int client, Row row, java.util.random.RandomGenerator random)
            implements RequestContext {
    }
}
