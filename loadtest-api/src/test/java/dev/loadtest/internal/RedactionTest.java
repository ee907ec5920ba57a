package dev.loadtest.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedactionTest {

    @Test
    void should_show_credential_query_values_as_redacted_and_keep_the_rest() {
        assertThat(Redaction.display(URI.create("https://h/p?a=1&password=x&token=y&key=k&sig=s#f")))
                .isEqualTo("https://h/p?a=1&password=<redacted>&token=<redacted>&key=<redacted>&sig=<redacted>#f");
        assertThat(Redaction.display(URI.create("https://h/p"))).isEqualTo("https://h/p");
        assertThat(Redaction.display(URI.create("http://h/p?user=ann&flag"))).isEqualTo("http://h/p?user=ann&flag");
    }

    @Test
    void should_record_a_valid_uri_whose_redacted_values_decode_to_the_marker() {
        URI redacted = Redaction.redacted(URI.create("http://127.0.0.1:8080/hello?user=ann&api_key=s3cr3t"));

        assertThat(redacted.toString()).isEqualTo("http://127.0.0.1:8080/hello?user=ann&api_key=%3Credacted%3E");
        assertThat(redacted.getQuery()).isEqualTo("user=ann&api_key=<redacted>");
        assertThat(Redaction.display(redacted)).isEqualTo("http://127.0.0.1:8080/hello?user=ann&api_key=<redacted>");
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
