package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Issue 12: a wrong setup ends the run at once and the command says what to change in one stderr line. */
class SetupErrorLineTest {

    /** A TLS alert record (fatal, protocol_version), what a TLS port sends back to a plain HTTP request. */
    private static final byte[] TLS_ALERT = {0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x46};

    @Test
    @Timeout(60)
    void should_say_in_one_line_that_a_tls_port_needs_https() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> answerWithAlerts(server), "tls-alert-server");
            acceptor.setDaemon(true);
            acceptor.start();
            int port = server.getLocalPort();

            long start = System.nanoTime();
            CommandRun run = CommandRun.of("-n", "2000", "-c", "4", "--h1", "http://127.0.0.1:" + port + "/");
            long millis = (System.nanoTime() - start) / 1_000_000;

            assertThat(run.errLines()).as(run.err()).contains("loadtest: 127.0.0.1:" + port + " speaks TLS: use https://");
            assertThat(run.out()).contains("0 succeeded, 2000 failed");
            assertThat(millis).as("ended at once, not after n/c back-offs").isLessThan(10_000);
        }
    }

    private static void answerWithAlerts(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                InputStream in = s.getInputStream();
                in.read(new byte[4096]);   // the request (or its start)
                OutputStream out = s.getOutputStream();
                out.write(TLS_ALERT);
                out.flush();
                Thread.sleep(50);
            } catch (IOException | InterruptedException e) {
                return;
            }
        }
    }
}
