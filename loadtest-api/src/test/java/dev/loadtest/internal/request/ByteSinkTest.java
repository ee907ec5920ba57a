package dev.loadtest.internal.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ByteSinkTest {

    @Test
    void should_write_numbers_in_decimal_without_a_string() {
        ByteSink sink = new ByteSink();
        for (long n : new long[] {0, 7, 10, -1, -305, Long.MAX_VALUE, Long.MIN_VALUE}) {
            sink.reset();
            sink.writeDecimal(n);
            assertThat(sink.toString()).isEqualTo(Long.toString(n));
        }
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
