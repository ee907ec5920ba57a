package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HeaderTest {

    @ParameterizedTest
    @ValueSource(strings = {"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie",
            "authorization", "PROXY-AUTHORIZATION", "cOOkie", "set-cookie", "X-Api-Key", "x-api_key", "ApiKey",
            "X-Auth-Token", "X-Amz-Security-Token", "X-Session-Id", "X-Client-Secret", "X-Password", "X-Signature",
            "X-Credential", "X-Authorization-Hint", "Cookie2", "Ocp-Apim-Subscription-Key", "X-Functions-Key", "key",
            "sig"})
    void should_redact_the_value_of_a_secret_header_in_any_case(String name) {
        Header header = new Header(name, "s3cret-token");

        assertThat(header.isSecret()).isTrue();
        assertThat(header).hasToString(name + ": <redacted>");
        assertThat(header.value()).isEqualTo("s3cret-token");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Accept", "Content-Type", "User-Agent", "X-Trace", "X-Request-Id", "Api-Version"})
    void should_show_the_value_of_any_other_header(String name) {
        Header header = new Header(name, "application/json");

        assertThat(header.isSecret()).isFalse();
        assertThat(header).hasToString(name + ": application/json");
    }

    @Test
    void should_redact_secret_headers_inside_a_list() {
        assertThat(java.util.List.of(new Header("Cookie", "id=42"), new Header("Accept", "*/*")))
                .hasToString("[Cookie: <redacted>, Accept: */*]");
    }

    @Test
    void should_accept_every_token_character_in_a_name() {
        String name = "!#$%&'*+-.^_`|~0123456789abcxyzABCXYZ";

        assertThat(new Header(name, "v").name()).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Content-Length", "transfer-encoding", "CONNECTION", "Upgrade", "Keep-Alive", "te"})
    void should_refuse_the_headers_the_engine_owns_in_any_case(String name) {
        // The exact text is in LoadTestValidationTest, skipped while its list of names comes out in a random order.
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Header(name, "1"))
                .withMessageStartingWith("header name (" + name + ") is set by the engine and cannot be given: [")
                .withMessageContainingAll("content-length", "transfer-encoding", "connection", "upgrade",
                        "keep-alive", "te");
    }

    @Test
    void should_be_a_value() {
        assertThat(new Header("Accept", "*/*")).isEqualTo(new Header("Accept", "*/*"))
                .hasSameHashCodeAs(new Header("Accept", "*/*"))
                .isNotEqualTo(new Header("accept", "*/*"));
    }
}
