package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void should_do_what_its_javadoc_shows() {
        assertThat(Redaction.display(URI.create("https://api.example/p?user=ann&token=s3cr3t")))
                .isEqualTo("https://api.example/p?user=ann&token=<redacted>");
        assertThat(Redaction.display(URI.create("https://ann:pw@api.example/"))).isEqualTo("https://<redacted>@api.example/");
        assertThat(Redaction.headerLine("Authorization: Bearer abc")).isEqualTo("Authorization: <redacted>");
        assertThat(Redaction.redacted(URI.create("https://api.example/?key=k")))
                .isEqualTo(URI.create("https://api.example/?key=%3Credacted%3E"));
    }

    @Test
    void should_redact_a_value_by_its_shape_alone() {
        assertThat(Redaction.value("Bearer abc")).isEqualTo("<redacted>");
        assertThat(Redaction.value("9f86d081884c7d659a2feaa0c55ad015")).isEqualTo("<redacted>");
        assertThat(Redaction.value("\"status\":\"ok\"")).isEqualTo("\"status\":\"ok\"");
    }

    @Test
    void should_show_credential_query_values_as_redacted_and_keep_the_rest() {
        assertThat(Redaction.display(URI.create("https://h/p?a=1&password=x&token=y&key=k&sig=s#f")))
                .isEqualTo("https://h/p?a=1&password=<redacted>&token=<redacted>&key=<redacted>&sig=<redacted>#f");
        assertThat(Redaction.display(URI.create("https://h/p"))).isEqualTo("https://h/p");
        assertThat(Redaction.display(URI.create("http://h/p?user=ann&flag"))).isEqualTo("http://h/p?user=ann&flag");
    }

    @Test
    void should_redact_query_values_by_their_shape_and_the_new_names() {
        String jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";

        assertThat(Redaction.display(URI.create("https://h/cb?code=abc&state=1&pwd=x&t=" + jwt + "&q=shoes")))
                .isEqualTo("https://h/cb?code=<redacted>&state=1&pwd=<redacted>&t=<redacted>&q=shoes");
        assertThat(Redaction.display(URI.create("https://h/reset/" + jwt + "/confirm")))
                .isEqualTo("https://h/reset/<redacted>/confirm");
        assertThat(Redaction.display(URI.create("https://h/p?" + jwt))).isEqualTo("https://h/p?<redacted>");
        // a percent-encoded name is still the name
        assertThat(Redaction.display(URI.create("https://h/p?api%5Fkey=k&x=1"))).isEqualTo("https://h/p?api%5Fkey=<redacted>&x=1");
    }

    @Test
    void should_redact_user_info_and_query_credentials_in_text_that_is_no_valid_uri() {
        assertThat(Redaction.display("http://ann:pw@h/a b?token=t0k&x=1"))
                .isEqualTo("http://<redacted>@h/a b?token=<redacted>&x=1");
        assertThat(Redaction.display("not a uri")).isEqualTo("not a uri");
    }

    @Test
    void should_redact_a_header_line_the_user_wrote_even_when_it_is_malformed() {
        assertThat(Redaction.headerLine("Authorization: Bearer abc")).isEqualTo("Authorization: <redacted>");
        assertThat(Redaction.headerLine("X-Upstream: Bearer abc")).isEqualTo("X-Upstream: <redacted>");
        assertThat(Redaction.headerLine("Authorization Bearer abc")).isEqualTo("Authorization <redacted>");
        assertThat(Redaction.headerLine("X-Api-Key=s3cr3t")).isEqualTo("<redacted>");
        assertThat(Redaction.headerLine("Accept: */*")).isEqualTo("Accept: */*");
        assertThat(Redaction.headerLine("NoColon")).isEqualTo("NoColon");
    }

    @Test
    void should_record_a_valid_uri_whose_redacted_values_decode_to_the_marker() {
        URI redacted = Redaction.redacted(URI.create("http://127.0.0.1:8080/hello?user=ann&api_key=s3cr3t"));

        assertThat(redacted.toString()).isEqualTo("http://127.0.0.1:8080/hello?user=ann&api_key=%3Credacted%3E");
        assertThat(redacted.getQuery()).isEqualTo("user=ann&api_key=<redacted>");
        assertThat(Redaction.display(redacted)).isEqualTo("http://127.0.0.1:8080/hello?user=ann&api_key=<redacted>");
        assertThat(Redaction.redacted(URI.create("http://ann:pw@h/reset/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln?x=1"))
                .toString()).isEqualTo("http://%3Credacted%3E@h/reset/%3Credacted%3E?x=1");
        URI plain = URI.create("http://127.0.0.1/hello?user=ann");
        assertThat(Redaction.redacted(plain)).isSameAs(plain);
    }

    @Test
    void should_describe_a_load_test_without_its_query_credentials() {
        LoadTest test = LoadTest.target("http://127.0.0.1:8080/hello?access_token=s3cr3t").requests(1).build();

        assertThat(test.toString()).doesNotContain("s3cr3t").contains("access_token=<redacted>");
        assertThat(Redaction.display(List.of(test.targets().get(0))))
                .containsExactly("http://127.0.0.1:8080/hello?access_token=<redacted>");
    }
}
