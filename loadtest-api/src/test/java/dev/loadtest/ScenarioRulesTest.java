package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.check.Check;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.scenario.StepRequest;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The builder's scenario settings: which combinations build, and what the others are told. */
class ScenarioRulesTest {

    private static final Scenario SHOP = Scenario.of("shop", Step.of("home", s -> Request.get("/")),
            Step.of("item", StepRequest.template("GET", "/items/{{sku}}", List.of(), null)));
    private static final Scenario HOME = Scenario.of("home", Step.of("home", s -> Request.get("/"))
            .checks(Check.status(200)));

    private static LoadTest.Builder shop() {
        return LoadTest.target("http://127.0.0.1:1").scenario(HOME);
    }

    @Test
    void should_give_a_closed_run_as_many_connections_as_users_unless_clients_are_given() {
        LoadTest test = shop().users(7).duration(Duration.ofSeconds(1)).build();
        assertThat(test.clients()).isEqualTo(7);
        assertThat(test.users()).isEqualTo(7);
        assertThat(test.scenario()).contains(HOME);
        assertThat(test.seed()).isPresent();
        assertThat(shop().users(7).clients(2).streams(4).duration(Duration.ofSeconds(1)).build().clients()).isEqualTo(2);
        assertThat(test.newBuilder().users(9).build().clients()).as("the default follows the users").isEqualTo(9);
    }

    @Test
    void should_take_arrivals_as_the_open_model_rate() {
        LoadTest test = shop().arrivals(20).clients(4).duration(Duration.ofSeconds(1)).build();
        assertThat(test.isRateDriven()).isTrue();
        assertThat(test.arrivals()).hasValue(20);
        assertThat(test.users()).isZero();
        assertThat(test.toString()).contains("scenario=home", "arrivals=20.0 sessions/s");
    }

    @Test
    void should_count_a_run_in_iterations_per_user() {
        LoadTest test = shop().users(3).iterations(5).build();
        assertThat(test.iterations()).hasValue(5);
        assertThat(test.duration()).isEmpty();
        assertThat(test.toString()).contains("users=3", "iterations=5");
    }

    @Test
    void should_divide_users_among_shards_as_clients() {
        int sum = 0;
        for (int k = 0; k < 3; k++) {
            LoadTest shard = shop().users(10).duration(Duration.ofSeconds(1)).seed(1).shard(k, 3).build();
            sum += shard.users();
            assertThat(shard.clients()).isEqualTo(shard.users());
        }
        assertThat(sum).isEqualTo(10);
    }

    @Test
    void should_refuse_a_scenario_with_the_settings_its_steps_replace() {
        assertThatThrownBy(() -> shop().users(1).method("PUT").duration(Duration.ofSeconds(1)).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("scenario (home) and method (PUT) cannot both be set: the scenario's steps give each"
                        + " request's method, path and body");
        assertThatThrownBy(() -> shop().users(1).path("/x").duration(Duration.ofSeconds(1)).build())
                .hasMessageContaining("scenario (home) and path (/x)");
        assertThatThrownBy(() -> shop().users(1).request(ctx -> Request.get("/")).duration(Duration.ofSeconds(1))
                .build()).hasMessageContaining("scenario (home) and request source");
    }

    @Test
    void should_name_the_rule_of_each_wrong_load_model() {
        assertThatThrownBy(() -> shop().duration(Duration.ofSeconds(1)).build())
                .hasMessage("scenario (home) needs users(n) (closed model) or arrivals(perSecond) (open model)");
        assertThatThrownBy(() -> shop().users(2).arrivals(3).duration(Duration.ofSeconds(1)).build())
                .hasMessageContaining("users (2) and arrivals cannot both be set");
        assertThatThrownBy(() -> shop().users(2).iterations(3).duration(Duration.ofSeconds(1)).build())
                .hasMessageContaining("iterations (3) and duration (1s) cannot both be set");
        assertThatThrownBy(() -> shop().users(2).build())
                .hasMessageContaining("neither iterations nor duration is set");
        assertThatThrownBy(() -> shop().arrivals(2).iterations(3).build())
                .hasMessageContaining("iterations (3) needs users(n)");
        assertThatThrownBy(() -> shop().users(2).requests(10).build())
                .hasMessageContaining("requests (10) cannot be set with a scenario");
        assertThatThrownBy(() -> LoadTest.target("http://127.0.0.1:1").users(2).requests(10).build())
                .hasMessage("users (2) needs a scenario: give scenario(Scenario.of(...))");
    }

    @Test
    void should_take_concurrency_stages_as_users_in_flight_up_to_the_users() {
        LoadTest test = shop().users(8).clients(2).stages(Stage.concurrency(3, Duration.ofSeconds(1)),
                Stage.concurrency(8, Duration.ofSeconds(1))).build();
        assertThat(test.users()).isEqualTo(8);
        assertThat(test.isRateDriven()).as("users over stages are the closed model").isFalse();
        assertThat(test.clients()).as("8 users in flight may share 2 connections").isEqualTo(2);
        assertThatThrownBy(() -> shop().stages(Stage.concurrency(3, Duration.ofSeconds(1))).build())
                .hasMessage("concurrency stages in a scenario run are users in flight: give users(n), the most users"
                        + " any stage has");
        assertThatThrownBy(() -> shop().users(4).stages(Stage.concurrency(2, Duration.ofSeconds(1)),
                Stage.concurrency(5, Duration.ofSeconds(1))).build())
                .hasMessage("stage concurrency (5) must be <= users (4): a stage's users in flight are drawn from the"
                        + " run's users");
        assertThatThrownBy(() -> shop().users(4).iterations(2).stages(Stage.concurrency(2, Duration.ofSeconds(1)))
                .build()).hasMessageContaining("iterations (2) and concurrency stages cannot both be set");
        assertThatThrownBy(() -> shop().users(4).duration(Duration.ofSeconds(1))
                .stages(Stage.concurrency(2, Duration.ofSeconds(1))).build())
                .hasMessageContaining("stages cannot be given with duration (1s)");
    }

    @Test
    void should_refuse_clients_or_streams_with_a_connection_per_user() {
        assertThatThrownBy(() -> shop().users(2).connectionPerUser().clients(4).duration(Duration.ofSeconds(1))
                .build()).hasMessageContaining("clients (4) cannot be set with connectionPerUser");
        assertThatThrownBy(() -> shop().arrivals(2).connectionPerUser().streams(2).duration(Duration.ofSeconds(1))
                .build()).hasMessageContaining("streams (2) cannot be set with connectionPerUser: each user (or, with"
                        + " arrivals, each session) has one connection");
        assertThat(shop().users(3).connectionPerUser().iterations(1).build().clients()).isEqualTo(3);
        // the open model: each arrival's session opens its own connection
        assertThat(shop().arrivals(2).connectionPerUser().duration(Duration.ofSeconds(1)).build().connectionPerUser())
                .isTrue();
    }

    @Test
    void should_size_an_open_run_with_a_connection_per_session_by_its_sessions_in_flight() {
        LoadTest test = shop().arrivals(20).connectionPerUser().duration(Duration.ofSeconds(1)).build();
        // each session in flight holds its own connection, and maxBacklog bounds them (k6's maxVUs)
        assertThat(test.clients()).isEqualTo(10_000);
        assertThat(test.threads()).as("the default: half the processors, as for any run of that many connections")
                .isEqualTo(ShardPlan.defaultThreads(10_000, Runtime.getRuntime().availableProcessors()));
        assertThat(shop().arrivals(20).connectionPerUser().threads(2).duration(Duration.ofSeconds(1)).build()
                .threads()).isEqualTo(2);
        assertThat(shop().arrivals(20).connectionPerUser().maxBacklog(3).duration(Duration.ofSeconds(1)).build()
                .clients()).isEqualTo(3);
        assertThatThrownBy(() -> shop().arrivals(20).connectionPerUser().maxBacklog(2).threads(3)
                .duration(Duration.ofSeconds(1)).build()).isInstanceOf(IllegalStateException.class)
                .hasMessage("threads (3) must be <= maxBacklog (2): with arrivals and connectionPerUser, each session"
                        + " in flight has its own connection, and the sessions in flight are at most that many");
        // a closed model's users, and an open model sharing connections, keep their clients
        assertThat(shop().arrivals(20).duration(Duration.ofSeconds(1)).build().clients()).isEqualTo(1);
        assertThat(shop().users(3).connectionPerUser().iterations(1).build().clients()).isEqualTo(3);
    }

    @Test
    void should_shard_an_open_run_with_a_connection_per_session_by_its_bound_of_sessions_in_flight() {
        LoadTest.Builder whole = shop().arrivals(30).connectionPerUser().maxBacklog(10).seed(7).threads(2)
                .duration(Duration.ofSeconds(1));

        for (int k = 0; k < 3; k++) {
            LoadTest shard = whole.shard(k, 3).build();
            assertThat(shard.arrivals()).hasValue(10.0);
            assertThat(shard.maxBacklog()).isEqualTo(4);
            assertThat(shard.clients()).as("its sessions in flight, each on its connection").isEqualTo(4);
            assertThat(shard.threads()).isEqualTo(2);
            assertThat(shard.unsharded().clients()).isEqualTo(10);
        }
        assertThatThrownBy(() -> whole.maxBacklog(2).shard(0, 3).build()).isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("maxBacklog (2) must be >= shard count (3): with arrivals and"
                        + " connectionPerUser, each shard needs room for at least one session in flight");
    }

    @Test
    void should_refuse_a_template_name_no_step_sets_and_no_feeder_gives() {
        assertThatThrownBy(() -> LoadTest.target("http://127.0.0.1:1").scenario(SHOP).users(1).iterations(1)
                .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("step 'item' of scenario 'shop' uses {{sku}}")
                .hasMessageContaining("there is no feeder");
    }

    @Test
    void should_refuse_a_run_check_named_as_a_step_check() {
        assertThatThrownBy(() -> shop().check(Check.status(200)).users(1).iterations(1).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("step 'home' of scenario 'home': its checks and the run's must have distinct"
                        + " names");
    }
}
