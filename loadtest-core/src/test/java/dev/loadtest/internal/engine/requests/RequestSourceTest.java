package dev.loadtest.internal.engine.requests;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.request.Feeder;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestSource;
import dev.loadtest.testing.RecordingServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Requests built per request by a request source, through the engine, against a real server (Jetty). */
class RequestSourceTest {

    @RegisterExtension
    static final RecordingServer server = new RecordingServer();

    @TempDir
    Path dir;

    private static LoadTest.Builder target(Protocol protocol) {
        return LoadTest.target(server.uri()).protocol(protocol).requestTimeout(Duration.ofSeconds(10));
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_send_each_sequence_number_once(Protocol protocol) {
        Result result = target(protocol)
                .request(ctx -> Request.post("/orders/" + ctx.sequence())
                        .jsonBody("{\"id\":" + ctx.sequence() + ",\"client\":" + ctx.client() + "}"))
                .header("X-Run", "orders")
                .clients(4).streams(3).requests(300)
                .run();

        assertThat(result.requests().succeeded()).isEqualTo(300);
        List<RecordingServer.Seen> seen = server.seen();
        assertThat(seen).extracting(RecordingServer.Seen::pathAndQuery).doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 300).mapToObj(i -> "/orders/" + i).toList());
        assertThat(seen).allSatisfy(s -> {
            assertThat(s.method()).isEqualTo("POST");
            assertThat(s.run()).isEqualTo("orders");   // the run's header goes with every request
            assertThat(s.contentType()).startsWith("application/json");
            assertThat(s.body()).isEqualTo("{\"id\":" + s.pathAndQuery().substring(8) + ",\"client\":"
                    + s.body().replaceAll(".*\"client\":(\\d+)}", "$1") + "}");
        });
        assertThat(result.test().seed()).isPresent();
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_send_every_row_of_an_in_order_feeder_once_over_three_shards(Protocol protocol) throws IOException {
        Path csv = dir.resolve("orders.csv");
        List<String> lines = new ArrayList<>(List.of("order,customer"));
        for (int i = 0; i < 30; i++) {
            lines.add("o" + i + ",c" + (i % 7));
        }
        Files.write(csv, lines);
        Feeder feeder = Feeder.csv(csv).order(Feeder.Order.IN_ORDER);
        RequestSource source = ctx -> Request.get("/orders/" + ctx.row().get("order") + "?customer="
                + ctx.row().get("customer"));

        for (int shard = 0; shard < 3; shard++) {
            Result part = target(protocol).request(source).feed(feeder).seed(7).clients(6).requests(30)
                    .shard(shard, 3).run();
            assertThat(part.requests().succeeded()).isEqualTo(10);
        }

        assertThat(server.seen()).extracting(RecordingServer.Seen::pathAndQuery)
                .containsExactlyInAnyOrderElementsOf(IntStream.range(0, 30)
                        .mapToObj(i -> "/orders/o" + i + "?customer=c" + (i % 7)).toList());
    }

    @Test
    void should_send_the_same_requests_per_client_for_the_same_seed() {
        RequestSource source = ctx -> Request.get("/draw/" + ctx.random().nextInt(1_000_000))
                .header("X-Client", Integer.toString(ctx.client()));

        Map<String, List<String>> first = perClient(source, 42);
        Map<String, List<String>> again = perClient(source, 42);
        Map<String, List<String>> other = perClient(source, 43);

        assertThat(first).hasSize(3).allSatisfy((client, paths) -> assertThat(paths).hasSize(40));
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    /** The paths each client sent, in order: one stream per client, so the server sees them as they were built. */
    private static Map<String, List<String>> perClient(RequestSource source, long seed) {
        server.reset();
        Result result = target(Protocol.HTTP_1_1).request(source).seed(seed).clients(3).requests(120).run();
        assertThat(result.test().seed()).hasValue(seed);
        return server.seen().stream().collect(Collectors.groupingBy(RecordingServer.Seen::client, TreeMap::new,
                Collectors.mapping(RecordingServer.Seen::pathAndQuery, Collectors.toList())));
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"HTTP_1_1", "HTTP_2"})
    void should_count_a_request_the_source_fails_to_give_as_errored_and_go_on(Protocol protocol) {
        Result result = target(protocol)
                .request(ctx -> {
                    if (ctx.sequence() % 100 == 42) {
                        throw new IllegalStateException("no order numbered " + ctx.sequence() % 100);
                    }
                    return Request.get("/orders/" + ctx.sequence());
                })
                .clients(2).streams(2).requests(500)
                .run();

        assertThat(result.requests().errored()).isEqualTo(5);
        assertThat(result.requests().notIssued()).isEqualTo(5);
        assertThat(result.requests().succeeded()).isEqualTo(495);
        assertThat(result.requests().started()).isEqualTo(495);
        assertThat(result.errors().get(ErrorCategory.OTHER).count()).isEqualTo(5);
        assertThat(result.errors().get(ErrorCategory.OTHER).sampleMessage())
                .isEqualTo("request source: no order numbered 42");
        assertThat(server.seen()).hasSize(495);
    }

    @Test
    void should_keep_each_distinct_message_of_a_failing_source_up_to_ten() {
        // every tenth request fails, in one of twelve ways: 30 failures, 12 distinct messages
        Result result = target(Protocol.HTTP_1_1)
                .request(ctx -> {
                    if (ctx.sequence() % 10 == 3) {
                        throw new IllegalArgumentException("no stock for item " + ctx.sequence() / 10 % 12);
                    }
                    return Request.get("/items/" + ctx.sequence());
                })
                .clients(2).requests(300)
                .run();

        ErrorCount errors = result.errors().get(ErrorCategory.OTHER);
        assertThat(errors.count()).isEqualTo(30);
        assertThat(errors.messages()).hasSize(ErrorCount.MAX_MESSAGES).doesNotHaveDuplicates()
                .allMatch(m -> m.matches("request source: no stock for item \\d+"))
                .startsWith(errors.sampleMessage());
        assertThat(result.toString()).contains(errors.messages().get(9));
    }

    @Test
    void should_end_a_timed_run_when_an_in_order_feeder_runs_out() throws IOException {
        Path jsonl = dir.resolve("users.jsonl");
        Files.write(jsonl, IntStream.range(0, 25).mapToObj(i -> "{\"user\":\"u" + i + "\"}").toList());

        Result result = target(Protocol.HTTP_1_1)
                .request(ctx -> Request.get("/users/" + ctx.row().get("user")))
                .feed(Feeder.jsonLines(jsonl).order(Feeder.Order.IN_ORDER))
                .clients(2).duration(Duration.ofSeconds(60))
                .run();

        assertThat(result.requests().succeeded()).isEqualTo(25);
        assertThat(result.requests().errored()).isZero();
        assertThat(result.duration()).isLessThan(Duration.ofSeconds(60));
        assertThat(server.seen()).extracting(RecordingServer.Seen::pathAndQuery).doesNotHaveDuplicates().hasSize(25);
    }

    @Test
    void should_end_a_rate_driven_run_when_an_in_order_feeder_runs_out() throws IOException {
        Path csv = dir.resolve("ids.csv");
        Files.write(csv, IntStream.range(0, 21).mapToObj(i -> i == 0 ? "id" : "i" + i).toList());

        Result result = target(Protocol.HTTP_2)
                .request(ctx -> Request.get("/ids/" + ctx.row().get("id")))
                .feed(Feeder.csv(csv).order(Feeder.Order.IN_ORDER))
                .clients(2).rate(200).duration(Duration.ofSeconds(60))
                .run();

        assertThat(result.requests().succeeded()).isEqualTo(20);
        assertThat(result.requests().errored()).isZero();
        assertThat(result.duration()).isLessThan(Duration.ofSeconds(60));
        assertThat(server.seen()).extracting(RecordingServer.Seen::pathAndQuery).doesNotHaveDuplicates().hasSize(20);
    }

    @Test
    void should_let_a_request_replace_a_run_header_of_the_same_name() {
        target(Protocol.HTTP_1_1)
                .header("X-Client", "the run's").header("X-Run", "kept")
                .request(ctx -> Request.get("/h").header("x-client", "the request's"))
                .requests(3)
                .run();

        assertThat(server.seen()).hasSize(3).allSatisfy(s -> {
            assertThat(s.client()).isEqualTo("the request's");
            assertThat(s.run()).isEqualTo("kept");
        });
    }
}
