package dev.loadtest.internal.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SampleTextTest {

    private static final String JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl";

    @Test
    void should_redact_json_members_whose_name_or_value_is_a_credential() {
        assertThat(SampleText.of("{\"user\":\"ann\",\"access_token\":\"abc\",\"password\" : \"pw\",\"id\":\"" + JWT + "\"}"))
                .isEqualTo("{\"user\":\"ann\",\"access_token\":\"<redacted>\",\"password\" : \"<redacted>\",\"id\":\"<redacted>\"}");
    }

    @Test
    void should_redact_form_pairs_schemes_and_opaque_tokens_anywhere() {
        assertThat(SampleText.of("user=ann&api_key=k1&next=/home")).isEqualTo("user=ann&api_key=<redacted>&next=/home");
        assertThat(SampleText.of("send Authorization: Bearer abc.def please"))
                .isEqualTo("send Authorization: Bearer <redacted> please");
        assertThat(SampleText.of("<p>your key is 9f86d081884c7d659a2feaa0c55ad015</p>"))
                .isEqualTo("<p>your key is <redacted></p>");
        assertThat(SampleText.of("see /reset/" + JWT + "/confirm")).isEqualTo("see /reset/<redacted>/confirm");
    }

    @Test
    void should_keep_ordinary_text() {
        String error = "{\"status\":\"error\",\"message\":\"no such order: 42\",\"path\":\"/orders/42\"}";

        assertThat(SampleText.of(error)).isEqualTo(error);
        assertThat(SampleText.of("<html><title>502 Bad Gateway</title></html>"))
                .isEqualTo("<html><title>502 Bad Gateway</title></html>");
    }

    @Test
    void should_show_one_line_of_at_most_200_characters() {
        assertThat(SampleText.of("<html>\n  <body>\r\n\tgone\n</body>\n")).isEqualTo("<html> <body> gone </body>");
        assertThat(SampleText.of("ab".repeat(300))).hasSize(203).endsWith("ab...");
        assertThat(SampleText.of("PK\u0003\u0004\u0000\u001b[31mzip")).isEqualTo("PK....[31mzip");
    }

    @Test
    void should_redact_before_cutting_so_a_credential_is_never_half_shown() {
        String text = "a".repeat(190) + " token=" + "s".repeat(50) + " tail";

        assertThat(SampleText.of(text)).isEqualTo("a".repeat(190) + " token=<re...").doesNotContain("sss");
    }
}
