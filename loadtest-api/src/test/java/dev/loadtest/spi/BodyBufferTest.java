package dev.loadtest.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodyBufferTest {

    @Test
    void should_keep_chunks_in_order_growing_past_its_first_allocation() {
        BodyBuffer buffer = new BodyBuffer(1 << 20, -1);
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            String chunk = "chunk " + i + ";";
            expected.append(chunk);
            buffer.append(ByteBuffer.wrap(chunk.getBytes(StandardCharsets.UTF_8)));
        }

        assertThat(buffer.tooLarge()).isFalse();
        assertThat(CapturedResponse.builder(200).body(buffer, true).bodyText()).isEqualTo(expected.toString());
    }

    @Test
    void should_count_bytes_past_the_bound_without_keeping_them_and_consume_every_chunk() {
        BodyBuffer buffer = new BodyBuffer(10, 100);
        ByteBuffer chunk = ByteBuffer.wrap("0123456789abcdef".getBytes(StandardCharsets.UTF_8));

        buffer.append(chunk);

        assertThat(chunk.hasRemaining()).isFalse();
        assertThat(buffer.tooLarge()).isTrue();
        assertThat(buffer.seen()).isEqualTo(16);
        assertThat(buffer.length()).isEqualTo(10);
        assertThat(buffer.bytes()).hasSize(10);   // sized to the bound, not to the announced length
    }

    @Test
    void should_not_be_too_large_at_exactly_the_bound() {
        BodyBuffer buffer = new BodyBuffer(4, 4);
        buffer.append(ByteBuffer.wrap(new byte[] {1, 2, 3, 4}));

        assertThat(buffer.tooLarge()).isFalse();
        assertThatThrownBy(() -> new BodyBuffer(0, -1)).hasMessage("limit (0) must be >= 1");
    }
}
