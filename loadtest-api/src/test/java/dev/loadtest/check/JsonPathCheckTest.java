package dev.loadtest.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonPathCheckTest {

    private static final String ORDER = """
            {"status": "ok", "count": 2, "paid": true, "note": null,
             "items": [{"id": "a-1", "qty": 1.50}, {"id": "b-2", "tags": ["x", "y"]}],
             "a.b": {"c]d": "dotted"}, "customer": {"address": {"city": "Lyon"}},
             "session_token": "s3cr3t", "trace": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"}
            """;

    private static Response json(String body) {
        return Response.of(200, Map.of("Content-Type", "application/json"), body);
    }

    private static String failure(String path, String expected) {
        return Check.jsonPath(path, expected).failure(json(ORDER)).orElse("passed");
    }

    @Test
    void should_compare_a_string_at_a_top_level_or_nested_path() {
        assertThat(failure("$.status", "ok")).isEqualTo("passed");
        assertThat(failure("$.customer.address.city", "Lyon")).isEqualTo("passed");
        assertThat(failure("$.customer.address.city", "Paris")).isEqualTo("$.customer.address.city was \"Lyon\"");
    }

    @Test
    void should_follow_array_indexes() {
        assertThat(failure("$.items[1].id", "b-2")).isEqualTo("passed");
        assertThat(failure("$.items[1].tags[1]", "y")).isEqualTo("passed");
        assertThat(failure("$.items[0].id", "b-2")).isEqualTo("$.items[0].id was \"a-1\"");
        assertThat(failure("$.items[2].id", "c-3")).isEqualTo("$.items[2].id is missing");
    }

    @Test
    void should_accept_quoted_names_with_dots_and_brackets() {
        assertThat(failure("$['a.b'][\"c]d\"]", "dotted")).isEqualTo("passed");
    }

    @Test
    void should_accept_a_json_pointer() {
        assertThat(failure("/items/1/id", "b-2")).isEqualTo("passed");
        assertThat(failure("/a.b/c]d", "dotted")).isEqualTo("passed");
        assertThat(failure("/missing", "x")).isEqualTo("/missing is missing");
    }

    @Test
    void should_compare_numbers_as_numbers_and_literals_as_written() {
        assertThat(failure("$.count", "2")).isEqualTo("passed");
        assertThat(failure("$.count", "2.0")).isEqualTo("passed");
        assertThat(failure("$.items[0].qty", "1.5")).isEqualTo("passed");
        assertThat(failure("$.count", "3")).isEqualTo("$.count was 2");
        assertThat(failure("$.count", "two")).isEqualTo("$.count was 2");
        assertThat(failure("$.paid", "true")).isEqualTo("passed");
        assertThat(failure("$.paid", "false")).isEqualTo("$.paid was true");
        assertThat(failure("$.note", "null")).isEqualTo("passed");
    }

    @Test
    void should_compare_the_whole_document_at_the_root() {
        assertThat(Check.jsonPath("$", "ok").failure(json("\"ok\""))).isEmpty();
        assertThat(Check.jsonPath("", "42").failure(json("42"))).isEmpty();
        assertThat(Check.jsonPath("$", "ok").failure(json("{\"a\":1}"))).contains("$ was an object");
    }

    @Test
    void should_fail_on_a_missing_value_an_object_or_an_array() {
        assertThat(failure("$.missing", "x")).isEqualTo("$.missing is missing");
        assertThat(failure("$.status.deeper", "x")).isEqualTo("$.status.deeper is missing");
        assertThat(failure("$.customer", "x")).isEqualTo("$.customer was an object");
        assertThat(failure("$.items", "x")).isEqualTo("$.items was an array");
    }

    @Test
    void should_fail_on_a_body_that_is_not_json_saying_so() {
        Check check = Check.jsonPath("$.status", "ok");

        assertThat(check.failure(json("<html>502 Bad Gateway</html>")).orElseThrow())
                .startsWith("body is not JSON: Unexpected character ('<'");
        assertThat(check.failure(json("")).orElseThrow()).isEqualTo("$.status is missing");
        assertThat(check.failure(json("{\"status\": ")).orElseThrow()).startsWith("body is not JSON");
    }

    @Test
    void should_stop_reading_at_the_value_so_what_follows_it_does_not_matter() {
        assertThat(Check.jsonPath("$.status", "ok").failure(json("{\"status\":\"ok\", garbage")).isEmpty()).isTrue();
    }

    @Test
    void should_read_a_body_in_another_charset() {
        Response latin1 = Response.of(200, Map.of("Content-Type", "application/json; charset=ISO-8859-1"),
                "{\"city\":\"Besançon\"}");

        assertThat(Check.jsonPath("$.city", "Besançon").failure(latin1)).isEmpty();
    }

    @Test
    void should_redact_credentials_in_the_name_and_the_reason() {
        assertThat(failure("$.session_token", "other")).isEqualTo("$.session_token was <redacted>");
        assertThat(failure("$.trace", "x")).isEqualTo("$.trace was <redacted>");
        assertThat(Check.jsonPath("$.session_token", "s3cr3t").name()).isEqualTo("json $.session_token == <redacted>");
    }

    @Test
    void should_name_the_check_after_its_path_and_value() {
        assertThat(Check.jsonPath("$.status", "ok").name()).isEqualTo("json $.status == \"ok\"");
        assertThat(Check.jsonPath("$.count", "2").name()).isEqualTo("json $.count == 2");
        assertThat(Check.jsonPath("$.status", "ok").needsBody()).isTrue();
    }

    @Test
    void should_refuse_a_path_outside_the_subset_naming_it_and_the_rule() {
        assertThatThrownBy(() -> Check.jsonPath("status", "ok")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("json path (status) must be a JSONPath of $ and .name, [index] or ['name'] steps"
                        + " (e.g. $.items[0].id) or a JSON Pointer (e.g. /items/0/id)");
        assertThatThrownBy(() -> Check.jsonPath("$..id", "x"))
                .hasMessageStartingWith("json path ($..id) has an empty name after '.' at character 2");
        assertThatThrownBy(() -> Check.jsonPath("$.items[*]", "x"))
                .hasMessageStartingWith("json path ($.items[*]) has [*], neither an index nor a quoted name");
        assertThatThrownBy(() -> Check.jsonPath("$.items[0", "x"))
                .hasMessageStartingWith("json path ($.items[0) has a '[' without its ']'");
        assertThatThrownBy(() -> Check.jsonPath("$['a", "x"))
                .hasMessageStartingWith("json path ($['a) has a quoted name without its closing ']");
        assertThatThrownBy(() -> Check.jsonPath("$x", "x"))
                .hasMessageStartingWith("json path ($x) has 'x' where '.' or '[' was expected at character 2");
    }
}
