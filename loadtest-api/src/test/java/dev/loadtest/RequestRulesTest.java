package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.request.Feeder;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LoadTest.Builder's request source, feeder and seed: the rules they combine by, and what the test keeps. */
class RequestRulesTest {

    private static final RequestSource ORDERS = ctx -> Request.post("/orders/" + ctx.sequence());

    @TempDir
    Path dir;

    private static LoadTest.Builder target() {
        return LoadTest.target("http://127.0.0.1:8080").clients(2).requests(10);
    }

    private Feeder rows(int n, Feeder.Order order) throws IOException {
        Path csv = dir.resolve("rows.csv");
        StringBuilder text = new StringBuilder("id\n");
        for (int i = 0; i < n; i++) {
            text.append(i).append('\n');
        }
        Files.writeString(csv, text);
        return Feeder.csv(csv).order(order);
    }

    @Test
    void should_refuse_a_request_source_with_a_method_a_body_or_a_path() {
        assertThatThrownBy(() -> target().request(ORDERS).method("PUT").build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("request source and method (PUT) cannot both be set: the source gives each request's"
                        + " method, path and body");
        assertThatThrownBy(() -> target().request(ORDERS).body(new byte[3]).build())
                .hasMessageStartingWith("request source and body (3 bytes) cannot both be set");
        assertThatThrownBy(() -> target().path("/orders").request(ORDERS).build())
                .hasMessageStartingWith("request source and path (/orders) cannot both be set");
    }

    @Test
    void should_refuse_a_feeder_without_a_request_source() throws IOException {
        Feeder feeder = rows(3, Feeder.Order.CIRCULAR);
        assertThatThrownBy(() -> target().feed(feeder).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("feed (" + feeder + ") needs a request source");
    }

    @Test
    void should_refuse_a_counted_run_asking_an_in_order_feeder_for_more_rows_than_it_has() throws IOException {
        Feeder feeder = rows(9, Feeder.Order.IN_ORDER);

        assertThatThrownBy(() -> target().request(ORDERS).feed(feeder).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("has 9 rows, fewer than the 10 requests of the run");
        assertThat(target().request(ORDERS).feed(feeder.order(Feeder.Order.CIRCULAR)).build().feeder())
                .hasValue(feeder.order(Feeder.Order.CIRCULAR));
        assertThat(target().requests(9).request(ORDERS).feed(feeder).build().requests()).hasValue(9);
    }

    @Test
    void should_check_a_shards_rows_against_the_shards_requests() throws IOException {
        Feeder feeder = rows(10, Feeder.Order.IN_ORDER);   // shard 0 of 3: rows 0, 3, 6, 9; shard 1: 1, 4, 7

        LoadTest.Builder whole = target().clients(3).requests(12).request(ORDERS).feed(feeder).seed(5);
        assertThat(whole.shard(0, 3).build().requests()).hasValue(4);
        assertThatThrownBy(() -> whole.shard(1, 3).build())
                .hasMessageContaining("gives shard 1 of 3 3 of its 10 rows")
                .hasMessageContaining("fewer than the 4 requests of the shard");
    }

    @Test
    void should_need_a_seed_in_a_sharded_run_with_a_request_source() {
        assertThatThrownBy(() -> target().request(ORDERS).shard(1, 2).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("a sharded run (shard 1 of 2) with a request source needs a seed");
        assertThat(target().request(ORDERS).shard(1, 2).seed(9).build().seed()).hasValue(9);
        assertThat(target().shard(1, 2).build().seed()).isEmpty();   // a static run draws nothing
    }

    @Test
    void should_pick_a_seed_per_test_built_and_keep_a_given_one() {
        LoadTest picked = target().request(ORDERS).build();
        LoadTest again = picked.newBuilder().build();

        assertThat(picked.seed()).isPresent();
        assertThat(again.seed()).isPresent();
        assertThat(List.of(picked.seed(), again.seed(), target().request(ORDERS).build().seed())).doesNotHaveDuplicates();
        LoadTest given = target().request(ORDERS).seed(-1).build();
        assertThat(given.newBuilder().build().seed()).hasValue(-1);
        assertThat(given.newBuilder().build().requestSource()).containsSame(ORDERS);
    }

    @Test
    void should_give_the_whole_run_of_a_shard_its_seed_without_reading_the_feeder_again() throws IOException {
        Feeder feeder = rows(10, Feeder.Order.IN_ORDER);
        LoadTest shard = target().clients(2).requests(10).request(ORDERS).feed(feeder).seed(3).shard(1, 2).build();
        Files.delete(feeder.file());   // after the run, say: writing the shard's result must not need it

        LoadTest whole = shard.unsharded();

        assertThat(whole.seed()).hasValue(3);
        assertThat(whole.shardCount()).isEqualTo(1);
        assertThat(whole.requests()).hasValue(10);
    }
}
