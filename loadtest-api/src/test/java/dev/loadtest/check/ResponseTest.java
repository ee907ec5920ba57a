package dev.loadtest.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.spi.BodyBuffer;
import dev.loadtest.spi.CapturedResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResponseTest {

    @Test
    void should_find_headers_in_any_case_and_keep_repeated_ones_in_order() {
        CapturedResponse response = CapturedResponse.builder(200)
                .header("Set-Cookie", "a=1").header("Vary", "Accept").header("set-cookie", "b=2").head();

        assertThat(response.header("SET-COOKIE")).contains("a=1");
        assertThat(response.headers("Set-Cookie")).containsExactly("a=1", "b=2");
        assertThat(response.header("X-Missing")).isEmpty();
        assertThat(response.headers("X-Missing")).isEmpty();
    }

    @Test
    void should_decode_the_body_with_the_charset_of_the_content_type() {
        byte[] latin1 = "café".getBytes(StandardCharsets.ISO_8859_1);
        BodyBuffer buffer = new BodyBuffer(1024, latin1.length);
        buffer.append(ByteBuffer.wrap(latin1));

        Response response = CapturedResponse.builder(200)
                .header("Content-Type", "text/plain; charset=\"ISO-8859-1\"").body(buffer, true);

        assertThat(response.charset()).isEqualTo(StandardCharsets.ISO_8859_1);
        assertThat(response.bodyText()).isEqualTo("café");
        assertThat(response.body()).isEqualTo(latin1);
    }

    @Test
    void should_decode_as_utf_8_without_a_charset_or_with_an_unknown_one() {
        assertThat(Response.of(200, Map.of(), "café").bodyText()).isEqualTo("café");
        assertThat(Response.of(200, Map.of("Content-Type", "text/plain; charset=klingon"), "x").charset())
                .isEqualTo(StandardCharsets.UTF_8);
        assertThat(Response.of(200, Map.of("Content-Type", "application/json"), "x").charset())
                .isEqualTo(StandardCharsets.UTF_8);
    }

    @Test
    void should_give_a_copy_of_the_body_so_a_check_cannot_change_what_the_next_one_reads() {
        Response response = Response.of(200, Map.of(), "abc");

        response.body()[0] = 'x';

        assertThat(response.bodyText()).isEqualTo("abc");
        assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("abc");
    }

    @Test
    void should_refuse_to_read_a_body_that_was_not_kept() {
        Response head = CapturedResponse.builder(200).head();

        assertThat(head.hasBody()).isFalse();
        assertThatThrownBy(head::bodyText).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the body was not kept");
        assertThatThrownBy(head::body).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void should_refuse_a_status_out_of_range() {
        assertThatThrownBy(() -> Response.of(99, Map.of(), "")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("status (99) must be within [100, 599]");
    }
}
