package dev.loadtest.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.request.TemplateSource;
import dev.loadtest.Header;
import dev.loadtest.request.Feeder;
import dev.loadtest.request.FeederExhaustedException;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestSource;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a run's requests are numbered, seeded and fed, as the engine will drive them. */
class RunContextTest {

    private static final List<URI> TARGETS = List.of(URI.create("http://localhost:8080/"));
    private static final RequestSource NUMBERED = ctx -> Request.get("/r/" + ctx.sequence() + "/c/" + ctx.client());

    @TempDir
    Path dir;

    @Test
    void should_number_requests_from_zero_in_an_unsharded_run() {
        try (RunContext run = RunContext.open(NUMBERED, null, TARGETS, 1, 0, 1)) {
            ClientContext a = run.client(0);
            ClientContext b = run.client(1);

            assertThat(List.of(a.next().target(), b.next().target(), a.next().target()))
                    .containsExactly("/r/0/c/0", "/r/1/c/1", "/r/2/c/0");
        }
    }

    @Test
    void should_keep_sequence_numbers_and_clients_unique_across_shards() {
        List<String> targets = new ArrayList<>();
        for (int shard = 0; shard < 3; shard++) {
            try (RunContext run = RunContext.open(NUMBERED, null, TARGETS, 1, shard, 3)) {
                ClientContext first = run.client(0);
                ClientContext second = run.client(1);
                for (int i = 0; i < 2; i++) {
                    targets.add(first.next().target());
                    targets.add(second.next().target());
                }
            }
        }

        assertThat(targets).containsExactly(
                "/r/0/c/0", "/r/3/c/3", "/r/6/c/0", "/r/9/c/3",
                "/r/1/c/1", "/r/4/c/4", "/r/7/c/1", "/r/10/c/4",
                "/r/2/c/2", "/r/5/c/5", "/r/8/c/2", "/r/11/c/5");
    }

    @Test
    void should_build_the_same_requests_per_client_from_the_same_seed() throws IOException {
        Feeder feeder = Feeder.csv(csv(50)).order(Feeder.Order.RANDOM);
        TemplateSource source = TemplateSource.of("POST", "/orders/{{uuid}}", List.of(new Header("X-N", "{{randomInt 1 1000}}")),
                "{\"user\":\"{{id}}\"}".getBytes(StandardCharsets.UTF_8), feeder.columns());

        List<Request> first = requests(source, feeder, 42);
        List<Request> again = requests(source, feeder, 42);
        List<Request> otherSeed = requests(source, feeder, 43);

        assertThat(again).isEqualTo(first);
        assertThat(otherSeed).isNotEqualTo(first);
    }

    @Test
    void should_draw_the_same_numbers_whether_or_not_a_random_feeder_is_added() throws IOException {
        RequestSource draws = ctx -> Request.get("/n/" + ctx.random().nextLong());
        RequestSource drawsAndRows = ctx -> Request.get("/n/" + ctx.random().nextLong() + "?u=" + ctx.row().get("id"));
        Feeder feeder = Feeder.csv(csv(50)).order(Feeder.Order.RANDOM);

        try (RunContext plain = RunContext.open(draws, null, TARGETS, 9, 0, 1);
                RunContext fed = RunContext.open(drawsAndRows, feeder, TARGETS, 9, 0, 1)) {
            ClientContext a = plain.client(0);
            ClientContext b = fed.client(0);
            for (int i = 0; i < 10; i++) {
                assertThat(b.next().target()).startsWith(a.next().target() + "?u=");
            }
        }
    }

    @Test
    void should_take_one_row_per_request_only_when_asked() throws IOException {
        AtomicInteger calls = new AtomicInteger();
        RequestSource source = ctx -> {
            if (calls.getAndIncrement() % 2 == 1) {
                return Request.get("/none");
            }
            return Request.get("/u/" + ctx.row().get("id") + "/" + ctx.row().get("id"));
        };
        Feeder feeder = Feeder.csv(csv(3)).order(Feeder.Order.IN_ORDER);

        try (RunContext run = RunContext.open(source, feeder, TARGETS, 1, 0, 1)) {
            ClientContext client = run.client(0);
            List<String> targets = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                targets.add(client.next().target());
            }

            assertThat(targets).containsExactly("/u/0/0", "/none", "/u/1/1", "/none", "/u/2/2", "/none");
            assertThatThrownBy(client::next).isInstanceOf(FeederExhaustedException.class);
        }
    }

    @Test
    void should_send_each_row_of_an_in_order_feeder_once_over_three_shards_of_two_clients() throws IOException {
        Feeder feeder = Feeder.csv(csv(20)).order(Feeder.Order.IN_ORDER);
        RequestSource source = ctx -> Request.get("/u/" + ctx.row().get("id"));
        List<String> sent = new ArrayList<>();
        for (int shard = 0; shard < 3; shard++) {
            try (RunContext run = RunContext.open(source, feeder, TARGETS, 1, shard, 3)) {
                List<ClientContext> clients = List.of(run.client(0), run.client(1));
                // the clients take turns until the shard's rows run out; bounded by far more turns than rows
                for (int turn = 0; turn < 100; turn++) {
                    try {
                        sent.add(clients.get(turn % 2).next().target());
                    } catch (FeederExhaustedException e) {
                        break;
                    }
                }
            }
        }

        assertThat(sent).hasSize(20).doesNotHaveDuplicates();
    }

    @Test
    void should_check_rows_against_a_counted_run_before_it_starts() throws IOException {
        Feeder feeder = Feeder.csv(csv(3)).order(Feeder.Order.IN_ORDER);

        try (RunContext run = RunContext.open(NUMBERED, feeder, TARGETS, 1, 0, 1);
                RunContext noFeeder = RunContext.open(NUMBERED, null, TARGETS, 1, 0, 1)) {
            run.requireRows(3);
            noFeeder.requireRows(1_000);
            assertThatIllegalArgumentException().isThrownBy(() -> run.requireRows(4))
                    .withMessageContaining("has 3 rows, fewer than the 4 requests of the run");
        }
    }

    @Test
    void should_say_what_is_wrong_with_a_request_for_the_engine_to_count_it_errored() {
        RequestSource noFeederAsked = ctx -> Request.get("/u/" + ctx.row().get("id"));
        RequestSource returnsNull = ctx -> null;
        RequestSource otherServer = ctx -> Request.get("http://example.com/x");

        try (RunContext a = RunContext.open(noFeederAsked, null, TARGETS, 1, 0, 1);
                RunContext b = RunContext.open(returnsNull, null, TARGETS, 1, 0, 1);
                RunContext c = RunContext.open(otherServer, null, TARGETS, 1, 0, 1)) {
            assertThatIllegalStateException().isThrownBy(() -> a.client(0).next())
                    .withMessage("the run has no feeder: give one (a CSV or JSON Lines file) to read rows from");
            assertThatIllegalStateException().isThrownBy(() -> b.client(0).next())
                    .withMessage("the request source returned null for request 0");
            assertThatIllegalArgumentException().isThrownBy(() -> c.client(0).next())
                    .withMessageContaining("must use the same scheme, host and port as the run's targets (http://localhost:8080)");
        }
    }

    private static List<Request> requests(RequestSource source, Feeder feeder, long seed) {
        List<Request> requests = new ArrayList<>();
        try (RunContext run = RunContext.open(source, feeder, TARGETS, seed, 0, 1)) {
            for (int c = 0; c < 3; c++) {
                ClientContext client = run.client(c);
                for (int i = 0; i < 20; i++) {
                    requests.add(client.next());
                }
            }
        }
        return requests;
    }

    private Path csv(int rows) throws IOException {
        StringBuilder s = new StringBuilder("id\n");
        for (int i = 0; i < rows; i++) {
            s.append(i).append('\n');
        }
        return Files.writeString(dir.resolve("ids" + rows + ".csv"), s);
    }
}
