package dev.loadtest.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckTest {

    private static Response status(int status) {
        return Response.of(status, Map.of(), "");
    }

    @Test
    void should_pass_a_status_among_the_codes_and_name_them() {
        Check check = Check.status(200, 204);

        assertThat(check.name()).isEqualTo("status 200 or 204");
        assertThat(check.failure(status(204))).isEmpty();
        assertThat(check.failure(status(503))).contains("status was 503");
        assertThat(Check.status(200).name()).isEqualTo("status 200");
        assertThat(Check.status(200, 201, 204, 201).name()).isEqualTo("status 200, 201 or 204");
        assertThat(check.needsBody()).isFalse();
    }

    @Test
    void should_pass_a_status_of_the_class() {
        Check check = Check.statusClass(2);

        assertThat(check.name()).isEqualTo("status 2xx");
        assertThat(check.failure(status(200))).isEmpty();
        assertThat(check.failure(status(299))).isEmpty();
        assertThat(check.failure(status(300))).contains("status was 300");
        assertThat(check.failure(status(199))).contains("status was 199");
    }

    @Test
    void should_refuse_status_codes_and_classes_out_of_range() {
        assertThatThrownBy(() -> Check.status(42)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("status code (42) must be within [100, 599]");
        assertThatThrownBy(() -> Check.status()).hasMessageContaining("status codes must not be empty");
        assertThatThrownBy(() -> Check.statusClass(6)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("status class (6) must be within [1, 5]: 2 for 2xx");
    }

    @Test
    void should_find_text_in_the_body() {
        Check check = Check.bodyContains("ok");

        assertThat(check.name()).isEqualTo("body contains \"ok\"");
        assertThat(check.needsBody()).isTrue();
        assertThat(check.failure(Response.of(200, Map.of(), "all ok"))).isEmpty();
        assertThat(check.failure(Response.of(200, Map.of(), "{\"status\":\"error\"}")))
                .contains("body does not contain \"ok\"");
        assertThatThrownBy(() -> Check.bodyContains("")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not be empty");
    }

    @Test
    void should_quote_a_long_or_multi_line_text_on_one_shortened_line() {
        assertThat(Check.bodyContains("a\"b\nc").name()).isEqualTo("body contains \"a\\\"b\\nc\"");
        assertThat(Check.bodyContains("x".repeat(100)).name()).isEqualTo("body contains \"" + "x".repeat(40) + "...\"");
    }

    @Test
    void should_redact_an_expected_text_that_has_the_shape_of_a_credential() {
        assertThat(Check.bodyContains("9f86d081884c7d659a2feaa0c55ad015").name())
                .isEqualTo("body contains <redacted>");
    }

    @Test
    void should_match_a_header_in_any_case_with_its_value_or_media_type() {
        Check check = Check.header("Content-Type", "application/json");
        Response json = Response.of(200, Map.of("content-type", "application/json; charset=utf-8"), "{}");
        Response html = Response.of(200, Map.of("Content-Type", "text/html"), "<p>");

        assertThat(check.name()).isEqualTo("header Content-Type: application/json");
        assertThat(check.needsBody()).isFalse();
        assertThat(check.failure(json)).isEmpty();
        assertThat(check.failure(html)).contains("Content-Type was text/html");
        assertThat(check.failure(status(200))).contains("no Content-Type header");
        assertThat(Check.header("X-Mode", "fast").failure(Response.of(200, Map.of("X-Mode", "fastest"), "")))
                .contains("X-Mode was fastest");
    }

    @Test
    void should_redact_a_credential_header_in_the_name_and_the_reason() {
        Check check = Check.header("Set-Cookie", "session=abc");

        assertThat(check.name()).isEqualTo("header Set-Cookie: <redacted>");
        assertThat(check.failure(Response.of(200, Map.of("Set-Cookie", "session=xyz"), "")))
                .contains("Set-Cookie was <redacted>");
    }

    @Test
    void should_refuse_a_malformed_header_name_or_value() {
        assertThatThrownBy(() -> Check.header("Content-Type: x", "y")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("header name ('Content-Type: x') must be a non-empty header name");
        assertThatThrownBy(() -> Check.header(" ", "y")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Check.header("X-A", "a\r\nX-B: b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("header value of X-A must not contain CR or LF");
    }

    @Test
    void should_run_a_custom_check_that_keeps_the_body_or_only_reads_the_head() {
        Check hasId = Check.of("has an id", r -> r.bodyText().contains("\"id\""));
        Check cached = Check.ofHead("cached", r -> r.header("Age").isPresent());

        assertThat(hasId.needsBody()).isTrue();
        assertThat(cached.needsBody()).isFalse();
        assertThat(hasId.failure(Response.of(200, Map.of(), "{\"id\":1}"))).isEmpty();
        assertThat(hasId.failure(Response.of(200, Map.of(), "{}"))).contains("returned false");
        assertThat(cached.failure(Response.of(200, Map.of("age", "3"), ""))).isEmpty();
        assertThat(cached.name()).isEqualTo("cached");
    }

    @Test
    void should_let_an_exception_of_a_custom_check_through_to_the_caller() {
        Check broken = Check.of("broken", r -> {
            throw new IllegalStateException("no id");
        });

        assertThatThrownBy(() -> broken.failure(status(200))).hasMessage("no id");
    }

    @Test
    void should_pass_any_of_several_checks_and_say_why_all_failed() {
        Check check = Check.anyOf(Check.statusClass(2), Check.status(304));

        assertThat(check.name()).isEqualTo("status 2xx or status 304");
        assertThat(check.failure(status(304))).isEmpty();
        assertThat(check.failure(status(201))).isEmpty();
        assertThat(check.failure(status(404))).contains("status was 404; status was 404");
        assertThat(check.needsBody()).isFalse();
        assertThat(Check.anyOf(Check.status(200), Check.bodyContains("x")).needsBody()).isTrue();
    }

    @Test
    void should_rename_a_check_and_refuse_a_blank_long_or_multi_line_name() {
        Check renamed = Check.status(200).named("ok");

        assertThat(renamed.name()).isEqualTo("ok");
        assertThat(renamed.toString()).isEqualTo("ok");
        assertThat(renamed.failure(status(500))).contains("status was 500");
        assertThatThrownBy(() -> Check.of(" ", r -> true)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("check name (' ') must not be blank");
        assertThatThrownBy(() -> Check.of("a\nb", r -> true)).hasMessage("check name (a\\nb) must be one line");
        assertThatThrownBy(() -> Check.of("x".repeat(201), r -> true))
                .hasMessageContaining("201 characters) must be at most 200 characters");
    }
}
