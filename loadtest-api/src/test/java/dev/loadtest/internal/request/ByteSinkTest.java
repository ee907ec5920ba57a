package dev.loadtest.internal.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ByteSinkTest {

    @Test
    void should_write_numbers_in_decimal_without_a_string() {
        ByteSink sink = new ByteSink();
        for (long n : new long[] {0, 7, 9, 10, 99, 100, -1, -305, 999_999_999, 1_000_000_000, Integer.MAX_VALUE,
                Integer.MAX_VALUE + 1L, -Integer.MAX_VALUE - 1L, 999_999_999_999_999_999L, Long.MAX_VALUE,
                Long.MIN_VALUE + 1, Long.MIN_VALUE}) {
            sink.reset();
            sink.writeDecimal(n);
            assertThat(sink.toString()).isEqualTo(Long.toString(n));
        }
    }

    @Test
    void should_tell_a_request_path_as_request_checks_one() {
        for (String path : List.of("/", "/a/b?c=d&e=%20f", "/~x-._!$&'()*+,;=:@/?")) {
            assertThat(sink(path).isRequestPath()).as(path).isTrue();
            assertThat(sink(path).toAsciiString()).isEqualTo(path);
        }
        for (String path : List.of("", "a/b", "/a b", "/a#b", "/%", "/%2", "/%zz", "/\u00e9", "/a\u007f", "/{x}")) {
            assertThat(sink(path).isRequestPath()).as(path).isFalse();
        }
    }

    private static ByteSink sink(String text) {
        ByteSink sink = new ByteSink();
        sink.writeUtf8(text);
        return sink;
    }

    @Test
    void should_write_text_after_what_it_holds_and_grow() {
        ByteSink sink = new ByteSink();
        sink.writeUtf8("id=");
        sink.writeUtf8("Zoë");
        sink.writeAscii('/');
        sink.writeHex(0xABCL, 4);
        String longText = "x".repeat(1000);
        sink.writeUtf8(longText);

        assertThat(sink.toString()).isEqualTo("id=Zoë/0abc" + longText);
        assertThat(sink.length()).isEqualTo(("id=Zoë/0abc" + longText).getBytes(StandardCharsets.UTF_8).length);
    }
}
