package dev.loadtest.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.testing.Await;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fault server itself: it counts, it answers, and close() leaves no thread or listener behind. */
class FaultServerTest {

    @Test
    void should_answer_count_and_close_everything() throws Exception {
        FaultServer server = FaultServer.start(Http1Faults.ok());
        int port = server.port();
        List<Socket> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Socket s = new Socket();
                s.connect(new InetSocketAddress("127.0.0.1", port), 2_000);
                s.setSoTimeout(5_000);
                clients.add(s);
            }
            OutputStream out = clients.get(0).getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answers = readAtLeast(clients.get(0).getInputStream(), 2 * 66);
            assertThat(answers).startsWith("HTTP/1.1 200 OK\r\n").endsWith("ok");
            assertThat(server.requests()).isEqualTo(2);
            // the kernel completes a connect before the acceptor thread takes it: wait (bounded) for the count
            Await.until(() -> server.connections() >= 3, Duration.ofSeconds(5));
            assertThat(server.connections()).isEqualTo(3);
        } finally {
            server.close();
            clients.forEach(FaultServer::closeQuietly);
        }
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.isAlive()
                && t.getName().startsWith(server.threadNamePrefix() + "-"));
        assertThat(server.openConnections()).isZero();
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
    }

    @Test
    void should_encode_statuses_as_hpack_blocks() {
        assertThat(H2Conn.headerBlock(200, -1)).containsExactly(0x88);
        // :status 103 as a literal with name index 8, then content-length (index 28) "2"
        assertThat(H2Conn.headerBlock(103, 2)).containsExactly(0x08, 3, '1', '0', '3', 0x0f, 0x0d, 1, '2');
    }

    private static String readAtLeast(InputStream in, int n) throws Exception {
        byte[] b = new byte[4096];
        int at = 0;
        while (at < n) {
            int r = in.read(b, at, b.length - at);
            if (r < 0) {
                break;
            }
            at += r;
        }
        return new String(b, 0, at, StandardCharsets.US_ASCII);
    }
}
