package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShardPlanTest {

    private static Settings settings(int clients, long requests, int maxBacklog, int k, int n) {
        return LoadTest.target("http://127.0.0.1:1/").clients(clients).requests(requests).maxBacklog(maxBacklog)
                .shard(k, n).settings();
    }

    @Test
    void should_split_clients_and_requests_so_that_the_shards_add_up_to_the_whole_run() {
        for (int n = 1; n <= 7; n++) {
            for (int clients = n; clients <= 23; clients += 3) {
                for (long requests = clients; requests <= 200; requests += 37) {
                    int clientSum = 0;
                    long requestSum = 0;
                    for (int k = 0; k < n; k++) {
                        ShardPlan plan = ShardPlan.of(settings(clients, requests, 10_000, k, n));
                        assertThat(plan.requests()).as("shard %d of %d", k, n).isGreaterThanOrEqualTo(plan.clients());
                        clientSum += plan.clients();
                        requestSum += plan.requests();
                    }
                    assertThat(clientSum).as("clients %d over %d shards", clients, n).isEqualTo(clients);
                    assertThat(requestSum).as("requests %d over %d shards", requests, n).isEqualTo(requests);
                }
            }
        }
    }

    @Test
    void should_round_the_backlog_up_so_that_no_shard_has_none() {
        assertThat(ShardPlan.of(settings(3, 3, 10, 0, 3)).maxBacklog()).isEqualTo(4);
        assertThat(ShardPlan.of(settings(3, 3, 1, 2, 3)).maxBacklog()).isEqualTo(1);
        assertThat(ShardPlan.of(settings(3, 3, 10, 0, 1)).maxBacklog()).isEqualTo(10);
    }

    @Test
    void should_keep_the_settings_as_given_in_a_shard() {
        LoadTest shard = LoadTest.target("https://127.0.0.1:1/").clients(5).requests(50).shard(1, 2).build();

        LoadTest whole = shard.newBuilder().shard(0, 1).build();

        assertThat(shard.clients()).isEqualTo(2);
        assertThat(whole.clients()).isEqualTo(5);
        assertThat(whole.requests()).hasValue(50);
        assertThat(whole.protocol()).isEqualTo(Protocol.NEGOTIATE);
        assertThat(whole.method()).isEqualTo("GET");
    }
}
