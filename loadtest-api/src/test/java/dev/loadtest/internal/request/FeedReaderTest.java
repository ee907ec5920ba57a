package dev.loadtest.internal.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.request.Feeder;
import dev.loadtest.request.FeederExhaustedException;
import dev.loadtest.request.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The orders of a feeder, its shards, and its end. */
class FeedReaderTest {

    private static final int ROWS = 10;

    @TempDir
    Path dir;

    @Test
    void should_give_each_row_once_in_order_then_say_it_is_exhausted() throws IOException {
        try (FeedReader reader = open(Feeder.Order.IN_ORDER, 0, 1)) {
            List<String> ids = take(reader, ROWS);

            assertThat(ids).containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8", "9");
            assertThatThrownBy(() -> reader.next(null)).isInstanceOf(FeederExhaustedException.class)
                    .hasMessage("feed file (" + dir.resolve("ids.csv") + ") has sent all its 10 rows (in order): the run ends");
            assertThatThrownBy(() -> reader.next(null)).isInstanceOf(FeederExhaustedException.class);
        }
    }

    @Test
    void should_start_again_from_the_first_row_when_circular() throws IOException {
        try (FeedReader reader = open(Feeder.Order.CIRCULAR, 0, 1)) {
            assertThat(take(reader, 25)).containsExactlyElementsOf(
                    IntStream.range(0, 25).mapToObj(i -> String.valueOf(i % ROWS)).toList());
        }
    }

    @Test
    void should_send_every_row_exactly_once_over_three_shards_in_order() throws IOException {
        List<String> sent = new ArrayList<>();
        for (int shard = 0; shard < 3; shard++) {
            try (FeedReader reader = open(Feeder.Order.IN_ORDER, shard, 3)) {
                assertThat(reader.rows()).isEqualTo(shard == 0 ? 4 : 3);
                sent.addAll(take(reader, (int) reader.rows()));
                assertThatThrownBy(() -> reader.next(null)).isInstanceOf(FeederExhaustedException.class)
                        .hasMessageContaining("of shard " + shard + " of 3");
            }
        }

        assertThat(sent).hasSize(ROWS).containsExactlyInAnyOrderElementsOf(
                IntStream.range(0, ROWS).mapToObj(String::valueOf).toList());
    }

    @Test
    void should_keep_each_shard_to_its_own_rows_in_every_order() throws IOException {
        for (Feeder.Order order : Feeder.Order.values()) {
            for (int shard = 0; shard < 3; shard++) {
                try (FeedReader reader = open(order, shard, 3)) {
                    SeededRandom random = SeededRandom.of(1, shard, SeededRandom.Stream.FEEDER);
                    List<String> ids = new ArrayList<>();
                    for (int i = 0; i < (int) reader.rows() * 5 && (order != Feeder.Order.IN_ORDER || i < reader.rows()); i++) {
                        ids.add(reader.next(random).get("id"));
                    }
                    int k = shard;
                    assertThat(ids).as(order + ", shard " + shard).isNotEmpty()
                            .allMatch(id -> Integer.parseInt(id) % 3 == k);
                }
            }
        }
    }

    @Test
    void should_give_every_row_once_to_clients_taking_them_at_once() throws Exception {
        Path file = csv(2_000);
        Set<String> seen = ConcurrentHashMap.newKeySet();
        List<String> duplicates = java.util.Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (FeedReader reader = FeedReader.open(FeedIndex.of(Feeder.csv(file).order(Feeder.Order.IN_ORDER)), 0, 1)) {
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                clients.add(pool.submit(() -> {
                    for (int i = 0; i < 1_000; i++) {
                        try {
                            String id = reader.next(null).get("id");
                            if (!seen.add(id)) {
                                duplicates.add(id);
                            }
                        } catch (FeederExhaustedException e) {
                            return;
                        }
                    }
                }));
            }
            for (Future<?> client : clients) {
                client.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(duplicates).isEmpty();
        assertThat(seen).hasSize(2_000);
    }

    @Test
    void should_draw_the_same_rows_from_the_same_seed_at_random() throws IOException {
        try (FeedReader reader = open(Feeder.Order.RANDOM, 0, 1)) {
            List<String> first = take(reader, SeededRandom.of(42, 3, SeededRandom.Stream.FEEDER), 50);
            List<String> again = take(reader, SeededRandom.of(42, 3, SeededRandom.Stream.FEEDER), 50);
            List<String> otherClient = take(reader, SeededRandom.of(42, 4, SeededRandom.Stream.FEEDER), 50);

            assertThat(again).isEqualTo(first);
            assertThat(otherClient).isNotEqualTo(first);
            assertThat(first.stream().collect(Collectors.toSet())).hasSizeGreaterThan(5);
        }
    }

    @Test
    void should_refuse_a_counted_run_asking_more_rows_than_there_are() throws IOException {
        try (FeedReader whole = open(Feeder.Order.IN_ORDER, 0, 1); FeedReader shard = open(Feeder.Order.IN_ORDER, 1, 3);
                FeedReader circular = open(Feeder.Order.CIRCULAR, 0, 1)) {
            whole.requireRows(10);
            circular.requireRows(1_000);

            assertThatIllegalArgumentException().isThrownBy(() -> whole.requireRows(11))
                    .withMessage("feed file (" + dir.resolve("ids.csv") + ") has 10 rows, fewer than the 11 requests of"
                            + " the run: an in-order feeder sends each row once; give fewer requests, more rows, or the"
                            + " circular order");
            assertThatIllegalArgumentException().isThrownBy(() -> shard.requireRows(4))
                    .withMessage("feed file (" + dir.resolve("ids.csv") + ") gives shard 1 of 3 3 of its 10 rows (rows 1,"
                            + " 4, ...), fewer than the 4 requests of the shard: an in-order feeder sends each row once;"
                            + " give fewer requests, more rows, or the circular order");
            assertThatIllegalArgumentException().isThrownBy(
                    () -> FeedReader.requireRows(Feeder.csv(dir.resolve("ids.csv")).order(Feeder.Order.IN_ORDER), 10, 4, 1, 3))
                    .withMessageContaining("gives shard 1 of 3 3 of its 10 rows");
        }
    }

    @Test
    void should_refuse_a_shard_that_would_get_no_row() throws IOException {
        Path file = csv(2);

        assertThatIllegalArgumentException().isThrownBy(() -> FeedReader.open(FeedIndex.of(Feeder.csv(file)), 2, 3))
                .withMessage("feed file (" + file + ") has 2 rows: shard 2 of 3 gets none (shard k sends rows k, k+3, ...):"
                        + " give at least 3 rows");
    }

    @Test
    void should_read_json_lines_rows_by_their_offset() throws IOException {
        Path file = Files.writeString(dir.resolve("ids.jsonl"), "{\"id\":0,\"n\":\"a\"}\n\n{\"n\":\"b\",\"id\":1}\r\n{\"id\":2,\"n\":\"c\"}");

        try (FeedReader reader = FeedReader.open(FeedIndex.of(Feeder.jsonLines(file)), 0, 1)) {
            assertThat(reader.read(2)).isEqualTo(Row.of(List.of("id", "n"), List.of("2", "c")));
            assertThat(reader.read(1)).isEqualTo(Row.of(List.of("id", "n"), List.of("1", "b")));
            assertThat(reader.read(0)).isEqualTo(Row.of(List.of("id", "n"), List.of("0", "a")));
        }
    }

    @Test
    void should_say_the_file_changed_when_a_row_is_gone() throws IOException {
        Path file = csv(3);
        try (FeedReader reader = FeedReader.open(FeedIndex.of(Feeder.csv(file)), 0, 1)) {
            Files.writeString(file, "id\n");

            assertThatThrownBy(() -> reader.read(2)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("feed file (" + file + ") changed during the run: row 2 is gone");
        }
    }

    private FeedReader open(Feeder.Order order, int shard, int shards) throws IOException {
        Path file = dir.resolve("ids.csv");
        if (!Files.exists(file)) {
            csv(ROWS);
        }
        return FeedReader.open(FeedIndex.of(Feeder.csv(file).order(order)), shard, shards);
    }

    /** ids.csv with the rows 0 to rows - 1, quoted every third one to vary the row lengths. */
    private Path csv(int rows) throws IOException {
        StringBuilder s = new StringBuilder("id,name\r\n");
        for (int i = 0; i < rows; i++) {
            s.append(i).append(',').append(i % 3 == 0 ? "\"user, " + i + "\"" : "user" + i).append("\r\n");
        }
        return Files.writeString(dir.resolve("ids.csv"), s);
    }

    private static List<String> take(FeedReader reader, int n) {
        return take(reader, null, n);
    }

    private static List<String> take(FeedReader reader, SeededRandom random, int n) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ids.add(reader.next(random).get("id"));
        }
        return ids;
    }
}
