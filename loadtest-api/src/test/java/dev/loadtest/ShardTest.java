package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ShardTest {

    private static LoadTest.Builder base() {
        return LoadTest.target("http://127.0.0.1:1/");
    }

    @Test
    void should_deal_clients_round_robin_and_requests_as_h2load_splits_them() {
        // 7 clients, 100 requests: h2load gives each client 14, the first 2 clients 15
        int[] clients = new int[3];
        long[] requests = new long[3];
        for (int k = 0; k < 3; k++) {
            LoadTest t = base().clients(7).requests(100).shard(k, 3).build();
            clients[k] = t.clients();
            requests[k] = t.requests().getAsLong();
            assertThat(t.shardIndex()).isEqualTo(k);
            assertThat(t.shardCount()).isEqualTo(3);
        }
        // clients 0,3,6 | 1,4 | 2,5
        assertThat(clients).containsExactly(3, 2, 2);
        // shard 0: 15 + 14 + 14; shard 1: 15 + 14; shard 2: 14 + 14
        assertThat(requests).containsExactly(43, 29, 28);
        assertThat(requests[0] + requests[1] + requests[2]).isEqualTo(100);
    }

    @Test
    void should_divide_rates_and_stages() {
        LoadTest t = base().clients(4).rate(900).duration(Duration.ofSeconds(2)).shard(1, 3).build();
        assertThat(t.rate().getAsDouble()).isEqualTo(300);
        assertThat(t.stages()).containsExactly(Stage.rate(300, Duration.ofSeconds(2)));

        LoadTest ramp = base().clients(4).stages(Stage.ramp(0, 600, Duration.ofSeconds(3))).shard(2, 3).build();
        assertThat(ramp.stages()).containsExactly(Stage.ramp(0, 200, Duration.ofSeconds(3)));

        LoadTest conc = base().clients(4).streams(2).stages(Stage.concurrency(8, Duration.ofSeconds(1)))
                .shard(0, 3).build();
        assertThat(conc.stages()).containsExactly(Stage.concurrency(3, Duration.ofSeconds(1)));
    }

    @Test
    void should_keep_the_whole_run_in_new_builder_and_unsharded() {
        LoadTest t = base().clients(7).requests(100).threads(3).shard(2, 3).build();
        assertThat(t.threads()).isEqualTo(2);
        LoadTest again = t.newBuilder().build();
        assertThat(again.clients()).isEqualTo(2);
        assertThat(again.requests().getAsLong()).isEqualTo(28);
        LoadTest whole = t.unsharded();
        assertThat(whole.clients()).isEqualTo(7);
        assertThat(whole.requests().getAsLong()).isEqualTo(100);
        assertThat(whole.shardCount()).isEqualTo(1);
        assertThat(whole.shardIndex()).isZero();
        assertThat(whole.threads()).isEqualTo(3);
    }

    @Test
    void should_not_change_an_unsharded_run() {
        LoadTest t = base().clients(7).requests(100).build();
        assertThat(t.shardIndex()).isZero();
        assertThat(t.shardCount()).isEqualTo(1);
        assertThat(t.unsharded()).isSameAs(t);
        assertThat(t.startAt()).isEmpty();
    }

    @Test
    void should_refuse_bad_shards_naming_value_and_rule() {
        assertThatThrownBy(() -> base().shard(3, 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shard index (3) must be within [0, 3) for 3 shards: indexes are 0-based");
        assertThatThrownBy(() -> base().shard(-1, 3)).hasMessageContaining("shard index (-1)");
        assertThatThrownBy(() -> base().shard(0, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shard count (0) must be within [1, 10000]");
        assertThatThrownBy(() -> base().clients(2).requests(10).shard(0, 3).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("clients (2) must be >= shard count (3)");
        assertThatThrownBy(() -> base().clients(4).stages(Stage.concurrency(2, Duration.ofSeconds(1)))
                .shard(0, 3).build()).hasMessageContaining("stage concurrency (2) must be >= shard count (3)");
    }

    @Test
    void should_refuse_a_start_more_than_an_hour_away() {
        LoadTest.Builder b = base().requests(1).startAt(Instant.now().plus(Duration.ofHours(2)));
        assertThatThrownBy(b::build).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("must be at most 1h from now");
        assertThat(base().requests(1).startAt(Instant.now().plus(Duration.ofMinutes(59))).build().startAt())
                .isPresent();
    }
}
