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
            "sig", "code", "pwd", "X-Pwd", "X-JWT", "jwt", "passphrase", "X-Otp", "auth_code", "X-Bearer"})
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

    @ParameterizedTest
    @ValueSource(strings = {
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",            // a JWT
        "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.",                         // an unsigned JWT
        "Bearer abc", "bearer abc", "Basic dXNlcjpwYXNz", "Token t0k", "Digest username=\"u\"", "NTLM TlRMTVNT",
        "AWS4-HMAC-SHA256 Credential=AKIA/20261201",
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a",                      // a GitHub token
        "9f86d081884c7d659a2feaa0c55ad015",                              // 32 hex digits
        "sk_live_4eC39HqLyjWDarjtT1zdp7dc",                              // a payment provider's key
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",                      // base64 with slashes, 40 characters
        "dGhpcyBpcyBhIHNlY3JldCB0b2tlbjEyMw=="})                         // base64 with padding
    void should_redact_a_value_shaped_like_a_credential_whatever_the_name(String value) {
        Header header = new Header("X-Anything", value);

        assertThat(header.isSecret()).isTrue();
        assertThat(Header.isSecret("X-Anything", value)).isTrue();
        assertThat(header).hasToString("X-Anything: <redacted>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"application/json", "*/*", "gzip, deflate, br", "en-US,en;q=0.9", "no-cache",
        "loadtest/1.0.0-SNAPSHOT", "Mozilla/5.0 (X11; Linux x86_64)", "12345678901234567890123",
        "text/html; charset=utf-8", "max-age=3600", "https://example.com/a/b?c=1", "bearer", "2026-12-01T14:00:00Z"})
    void should_show_a_value_of_no_credential_shape(String value) {
        assertThat(Header.isSecret("X-Anything", value)).isFalse();
        assertThat(new Header("X-Anything", value)).hasToString("X-Anything: " + value);
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
