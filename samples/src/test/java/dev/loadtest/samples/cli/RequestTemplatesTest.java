package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.testing.RecordingServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The command's templates (URI, -H, -d), --feed, --feed-order and --seed, against a real server (Jetty). */
class RequestTemplatesTest {

    @RegisterExtension
    static final RecordingServer server = new RecordingServer();

    @TempDir
    Path dir;

    private String uri(String pathTemplate) {
        return server.uri() + pathTemplate;
    }

    @Test
    void should_send_n_distinct_ids_with_seq_over_h2c_and_http1() {
        for (List<String> protocol : List.of(List.of("--h1"), List.<String>of())) {   // h2c: the default for http://
            server.reset();
            List<String> args = new java.util.ArrayList<>(List.of("-n", "60", "-c", "3", "--seed", "-7"));
            args.addAll(protocol);
            args.add(uri("/orders/{{seq}}"));
            CommandRun run = CommandRun.of(args);

            assertThat(run.code()).as(run.err()).isZero();
            assertThat(server.seen()).extracting(RecordingServer.Seen::pathAndQuery)
                    .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 60).mapToObj(i -> "/orders/" + i).toList());
            assertThat(run.out()).contains("seed: -7 (");
        }
    }

    @Test
    void should_fill_headers_and_the_body_from_a_feed_in_order() throws IOException {
        Path feed = dir.resolve("customers.csv");
        Files.writeString(feed, "customer,item\nc1,tea\nc2,coffee\nc3,\"milk, oat\"\n");
        Path body = dir.resolve("order.json");
        Files.writeString(body, "{\"customer\":\"{{customer}}\",\"item\":\"{{item}}\",\"client\":{{client}}}");

        CommandRun run = CommandRun.of("-n", "3", "--h1", "--feed", feed.toString(), "--feed-order", "in-order",
                "-H", "X-Client: {{customer}}", "-H", "X-Run: static", "-H", "Content-Type: application/json",
                "-d", body.toString(), uri("/orders?item={{randomInt 1 9}}"));

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(server.seen()).hasSize(3).allSatisfy(s -> {
            assertThat(s.method()).isEqualTo("POST");
            assertThat(s.run()).isEqualTo("static");
            assertThat(s.contentType()).isEqualTo("application/json");
            assertThat(s.pathAndQuery()).matches("/orders\\?item=[1-9]");
            assertThat(s.body()).isEqualTo("{\"customer\":\"" + s.client() + "\",\"item\":\""
                    + switch (s.client()) {
                        case "c1" -> "tea";
                        case "c2" -> "coffee";
                        default -> "milk, oat";
                    } + "\",\"client\":0}");
        });
        assertThat(server.seen()).extracting(RecordingServer.Seen::client).containsExactlyInAnyOrder("c1", "c2", "c3");
    }

    @Test
    void should_send_a_body_without_placeholders_as_today() throws IOException {
        Path body = dir.resolve("plain.json");
        Files.writeString(body, "{\"id\":1}");

        CommandRun run = CommandRun.of("-n", "2", "--h1", "-d", body.toString(), uri("/plain"));

        assertThat(run.code()).as(run.err()).isZero();
        assertThat(server.seen()).extracting(RecordingServer.Seen::body).containsExactly("{\"id\":1}", "{\"id\":1}");
        assertThat(run.out()).doesNotContain("seed:");
    }

    @Test
    void should_say_a_template_error_as_a_usage_error_naming_it() throws IOException {
        Path feed = dir.resolve("users.csv");
        Files.writeString(feed, "user\nu1\n");

        CommandRun unknown = CommandRun.of("-n", "2", uri("/orders/{{sequence}}"));
        CommandRun column = CommandRun.of("-n", "2", "--feed", feed.toString(), uri("/users/{{customer}}"));
        CommandRun rows = CommandRun.of("-n", "2", "--feed", feed.toString(), "--feed-order", "in-order",
                uri("/users/{{user}}"));
        CommandRun order = CommandRun.of("-n", "2", "--feed-order", "random", uri("/users/1"));

        assertThat(List.of(unknown, column, rows, order)).allSatisfy(r -> {
            assertThat(r.code()).isEqualTo(LoadTestCommand.USAGE);
            assertThat(server.seen()).isEmpty();
        });
        assertThat(unknown.err()).contains("sequence").contains("the URI");
        assertThat(column.err()).contains("customer");
        assertThat(rows.err()).contains("has 1 rows, fewer than the 2 requests");
        assertThat(order.err()).contains("--feed-order (random) needs --feed FILE");
    }
}
