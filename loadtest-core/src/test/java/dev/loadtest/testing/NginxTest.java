package dev.loadtest.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The nginx fixture serves what it promises on both listeners, and cleans up after itself. Skipped where
 * nginx is not installed, failed instead on CI ({@code CI=true}), which installs it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@EnabledIf(value = "nginxInstalledOrCi", disabledReason = "nginx is not installed (apt-get install nginx-light)")
class NginxTest {

    private static Nginx nginx;

    static boolean nginxInstalledOrCi() {
        return Nginx.isAvailable() || "true".equals(System.getenv("CI"));
    }

    @BeforeAll
    static void start() {
        if (!Nginx.isAvailable()) {
            fail("CI=true but " + Nginx.unavailableReason());
        }
        nginx = Nginx.start();
    }

    @AfterAll
    static void stop() {
        if (nginx != null) {
            nginx.close();
        }
    }

    @Test
    void http1ListenerServesTheFiles() throws Exception {
        assertThat(new String(RawHttp1.get(nginx.http1("/hello")), StandardCharsets.US_ASCII))
                .isEqualTo("Hello, World!\n");
        assertThat(RawHttp1.get(nginx.http1("/1k"))).isEqualTo(Nginx.pattern(1024));
        assertThat(RawHttp1.get(nginx.http1("/100k"))).hasSize(102_400).isEqualTo(Nginx.pattern(102_400));
    }

    @Test
    void http1ListenerSpeaksHttp11ToAnIndependentClient() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<byte[]> response = client.send(HttpRequest.newBuilder(nginx.http1("/1k"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
        assertThat(response.headers().firstValue("content-length")).hasValue("1024");
        assertThat(response.body()).isEqualTo(Nginx.pattern(1024));
    }

    @Test
    void h2cListenerServesTheFilesWithPriorKnowledge() throws Exception {
        assertThat(new String(RawH2c.get(nginx.h2c("/hello")), StandardCharsets.US_ASCII))
                .isEqualTo("Hello, World!\n");
        assertThat(RawH2c.get(nginx.h2c("/1k"))).isEqualTo(Nginx.pattern(1024));
        // larger than the default 64 KiB window: the client's SETTINGS and WINDOW_UPDATE must have worked
        assertThat(RawH2c.get(nginx.h2c("/100k"))).isEqualTo(Nginx.pattern(102_400));
    }

    @Test
    void trailersFollowAChunkedBodyOverHttp11() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", nginx.http1Port())) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write("GET /trailers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            assertThat(response).startsWith("HTTP/1.1 200 OK\r\n").contains("Transfer-Encoding: chunked\r\n")
                    .endsWith("\r\ne\r\n" + Nginx.HELLO + "\r\n0\r\n" + Nginx.TRAILER + "\r\n\r\n");
        }
    }

    @Test
    void listenersAreOnLoopbackAndDistinct() {
        assertThat(nginx.http1("/hello")).isEqualTo(URI.create("http://127.0.0.1:" + nginx.http1Port() + "/hello"));
        assertThat(nginx.h2c("x")).isEqualTo(URI.create("http://127.0.0.1:" + nginx.h2cPort() + "/x"));
        assertThat(nginx.http1Port()).isNotEqualTo(nginx.h2cPort());
        assertThat(nginx.isRunning()).isTrue();
    }

    @Test
    void missingFileIsNotServed() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RawHttp1.get(nginx.http1("/nope")))
                .hasMessageContaining("404");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RawH2c.get(nginx.h2c("/nope")))
                .hasMessageContaining("not 200");
    }

    @Test
    void twoInstancesRunSideBySideAndCloseStopsTheProcessAndDeletesItsDirectory() throws Exception {
        Nginx second = Nginx.start();
        Path dir = second.directory();
        try {
            assertThat(second.http1Port()).isNotIn(nginx.http1Port(), nginx.h2cPort());
            assertThat(RawHttp1.get(second.http1("/hello"))).isEqualTo(RawHttp1.get(nginx.http1("/hello")));
            assertThat(Files.readString(dir.resolve("nginx.conf"))).contains("daemon off;", "access_log off;",
                    "keepalive_requests");
        } finally {
            second.close();
        }
        assertThat(second.isRunning()).isFalse();
        assertThat(dir).doesNotExist();
        second.close(); // idempotent
    }
}
