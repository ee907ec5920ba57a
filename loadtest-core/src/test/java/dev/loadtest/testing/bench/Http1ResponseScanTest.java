package dev.loadtest.testing.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The benchmark's HTTP/1.1 seam reads whole responses, so the benchmark times the whole read path. */
class Http1ResponseScanTest {

    private static final String HELLO = "HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\nContent-Type: text/plain\r\n"
            + "Content-Length: 6\r\nConnection: keep-alive\r\n\r\nhello\n";

    @Test
    void should_take_every_byte_of_whole_responses_and_count_them() throws Exception {
        byte[] two = (HELLO + HELLO).getBytes(StandardCharsets.ISO_8859_1);
        Http1ResponseScan scan = new Http1ResponseScan();

        assertThat(scan.scan(two, 0, two.length)).isEqualTo(two.length);
        assertThat(scan.responses()).isEqualTo(2);
    }

    @Test
    void should_stop_at_a_line_not_yet_whole_and_finish_the_response_when_given_the_rest() throws Exception {
        byte[] one = HELLO.getBytes(StandardCharsets.ISO_8859_1);
        int inSecondLine = HELLO.indexOf("Server") + 3;
        Http1ResponseScan scan = new Http1ResponseScan();

        int stopped = scan.scan(one, 0, inSecondLine);

        assertThat(stopped).isEqualTo(HELLO.indexOf("Server"));
        assertThat(scan.responses()).isZero();
        assertThat(scan.scan(one, stopped, one.length)).isEqualTo(one.length);
        assertThat(scan.responses()).isEqualTo(1);
    }
}
