package dev.loadtest.testing.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The benchmark's HTTP/1.1 seam frames whole responses: where it stops shows that it read the first response's
 * head and its body of Content-Length bytes, then began the next response's head.
 */
class Http1ResponseScanTest {

    private static final String HELLO = "HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nContent-Type: text/plain\r\n"
            + "Content-Length: 6\r\nConnection: keep-alive\r\n\r\nhello\n";

    @Test
    void should_take_every_byte_of_whole_responses() throws Exception {
        byte[] two = (HELLO + HELLO).getBytes(StandardCharsets.ISO_8859_1);

        assertThat(new Http1ResponseScan().scan(two, 0, two.length)).isEqualTo(two.length);
    }

    @Test
    void should_stop_in_the_next_response_head_at_its_line_not_yet_whole() throws Exception {
        String cut = HELLO + "HTTP/1.1 200 OK\r\nSer";
        byte[] bytes = cut.getBytes(StandardCharsets.ISO_8859_1);

        int stopped = new Http1ResponseScan().scan(bytes, 0, bytes.length);

        assertThat(stopped).isEqualTo(cut.length() - "Ser".length());
    }
}
