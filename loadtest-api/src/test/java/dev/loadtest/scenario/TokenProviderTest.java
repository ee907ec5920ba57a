package dev.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.scenario.TokenProvider.Token;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TokenProviderTest {

    @Test
    void should_make_a_bearer_header_value() {
        Token token = Token.bearer("eyJabc", Duration.ofSeconds(300));

        assertThat(token.authorization()).isEqualTo("Bearer eyJabc");
        assertThat(token.lifetime()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void should_keep_any_scheme_given_as_the_whole_value() {
        assertThat(new Token("Basic dXNlcjpwYXNz", Duration.ofHours(1)).authorization())
                .isEqualTo("Basic dXNlcjpwYXNz");
    }

    @Test
    void should_refuse_a_lifetime_that_is_not_positive() {
        assertThatThrownBy(() -> Token.bearer("abc", Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("token lifetime (PT0S) must be positive");
        assertThatThrownBy(() -> Token.bearer("abc", Duration.ofSeconds(-1)))
                .hasMessage("token lifetime (PT-1S) must be positive");
    }

    @Test
    void should_refuse_a_blank_value_or_one_a_header_cannot_carry() {
        assertThatThrownBy(() -> new Token(" ", Duration.ofMinutes(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("token authorization must not "
                        + "be blank");
        assertThatThrownBy(() -> Token.bearer("abc\r\nX-Evil: 1", Duration.ofMinutes(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Authorization");
    }

    @Test
    void should_not_show_the_token_in_its_string() {
        assertThat(Token.bearer("s3cr3t", Duration.ofMinutes(5)))
                .hasToString("Token[Authorization: <redacted>, lifetime PT5M]");
    }
}
