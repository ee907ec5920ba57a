package dev.loadtest.testing.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.request.TemplateSource;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The benchmark's head seam gives each built request's own head, and a static run's one head every time. */
class Http1HeadMakingTest {

    private static final URI SERVER = URI.create("http://127.0.0.1:18080/hello");

    @Test
    void should_encode_each_templated_request_and_the_static_one_once() {
        LoadTest templated = LoadTest.target(SERVER).protocol(Protocol.HTTP_1_1).clients(1)
                .duration(Duration.ofSeconds(1)).seed(1)
                .request(TemplateSource.of("GET", "/hello?id={{seq}}", List.of(), null, List.of())).build();
        try (Http1HeadMaking built = Http1HeadMaking.built(templated, SERVER)) {
            assertThat(text(built.next())).startsWith("GET /hello?id=0 HTTP/1.1\r\n");
            assertThat(text(built.next())).startsWith("GET /hello?id=1 HTTP/1.1\r\n");
        }
        LoadTest fixed = LoadTest.target(SERVER).protocol(Protocol.HTTP_1_1).clients(1)
                .duration(Duration.ofSeconds(1)).build();
        try (Http1HeadMaking once = Http1HeadMaking.fixed(fixed, SERVER)) {
            String first = text(once.next());
            assertThat(first).startsWith("GET /hello HTTP/1.1\r\n").contains("Host: 127.0.0.1:18080\r\n");
            assertThat(text(once.next())).isEqualTo(first);
        }
    }

    private static String text(ByteBuffer head) {
        return StandardCharsets.ISO_8859_1.decode(head.duplicate()).toString();
    }
}
