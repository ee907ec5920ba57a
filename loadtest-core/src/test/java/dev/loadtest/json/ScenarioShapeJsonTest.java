package dev.loadtest.json;

import static dev.loadtest.json.FlatJson.flatten;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.check.Check;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Extract;
import dev.loadtest.scenario.Pause;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.scenario.StepRequest;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.testing.ScenarioResults;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scenario a run ran, recorded in the JSON result's configuration. */
class ScenarioShapeJsonTest {

    private static final Scenario SHOP = Scenario.of("shop",
            Step.of("login", StepRequest.template("POST", "/login?n={{seq}}&token=abcdefghijklmnop0123456789",
                            List.of(), "user=ann"))
                    .extract(Extract.cookie("session").into("sid"), Extract.jsonPath("$.user.id").into("uid").optional())
                    .pause(Pause.uniform(Duration.ofSeconds(1), Duration.ofSeconds(3))),
            Scenario.repeat(3, Step.of("catalogue", s -> Request.get("/catalogue")).checks(Check.status(200))),
            Step.of("checkout", StepRequest.template("POST", "/checkout", List.of(), null)).onlyIf("sid"));

    private static Result runOf(LoadTest test) {
        return ResultBuilder.from(ScenarioResults.shop()).test(test).build();
    }

    @Test
    void should_record_the_scenarios_parts_in_order_with_what_each_step_does() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").scenario(SHOP).users(5).iterations(2)
                .connectionPerUser().build();

        Map<String, Object> json = flatten(ResultJson.toJson(runOf(test)));

        assertThat(json).containsEntry("configuration.scenario.name", "shop")
                .containsEntry("configuration.scenario.model", "closed")
                .containsEntry("configuration.scenario.users", 5L)
                .containsEntry("configuration.scenario.iterations", 2L)
                .containsEntry("configuration.scenario.connectionPerUser", true)
                .containsEntry("configuration.scenario.followRedirects", false)
                .containsEntry("configuration.scenario.tokenProvider", false)
                .containsEntry("configuration.scenario.parts[0].step", "login")
                .containsEntry("configuration.scenario.parts[0].request",
                        "POST /login?n={{seq}}&token=<redacted>")
                .containsEntry("configuration.scenario.parts[0].extract[0].from", "cookie")
                .containsEntry("configuration.scenario.parts[0].extract[0].expression", "session")
                .containsEntry("configuration.scenario.parts[0].extract[0].into", "sid")
                .containsEntry("configuration.scenario.parts[0].extract[0].optional", false)
                .containsEntry("configuration.scenario.parts[0].extract[1].from", "json")
                .containsEntry("configuration.scenario.parts[0].extract[1].optional", true)
                .containsEntry("configuration.scenario.parts[0].pause", "uniform 1s to 3s")
                .containsEntry("configuration.scenario.parts[1].repeat", 3L)
                .containsEntry("configuration.scenario.parts[1].parts[0].step", "catalogue")
                .containsEntry("configuration.scenario.parts[1].parts[0].checks[0]", "status 200")
                .containsEntry("configuration.scenario.parts[2].step", "checkout")
                .containsEntry("configuration.scenario.parts[2].request", "POST /checkout")
                .containsEntry("configuration.scenario.parts[2].onlyIf", "sid");
        assertThat(json).as("a function's request is known only when built; no pause, no key")
                .doesNotContainKey("configuration.scenario.parts[1].parts[0].request")
                .doesNotContainKey("configuration.scenario.parts[1].parts[0].pause")
                .doesNotContainKey("configuration.scenario.arrivals");
        assertThat(json.keySet()).as("bodies may carry credentials").noneMatch(k -> k.contains("body")
                && k.startsWith("configuration.scenario"));
    }

    @Test
    void should_record_an_open_models_arrivals_and_the_whole_runs_users_for_a_shard() throws IOException {
        LoadTest open = LoadTest.target("http://127.0.0.1:1/").scenario(SHOP).arrivals(20)
                .duration(Duration.ofSeconds(10)).build();
        LoadTest shard = LoadTest.target("http://127.0.0.1:1/").scenario(SHOP).users(6)
                .duration(Duration.ofSeconds(10)).seed(7).shard(1, 2).build();

        Map<String, Object> openJson = flatten(ResultJson.toJson(runOf(open)));
        Map<String, Object> shardJson = flatten(ResultJson.toJson(runOf(shard)));

        assertThat(openJson).containsEntry("configuration.scenario.model", "open")
                .doesNotContainKey("configuration.scenario.users")
                .doesNotContainKey("configuration.scenario.iterations");
        assertThat(((Number) openJson.get("configuration.scenario.arrivals")).doubleValue()).isEqualTo(20.0);
        assertThat(shard.users()).isEqualTo(3);
        assertThat(shardJson).as("the whole run's users, as its clients and rate are written")
                .containsEntry("configuration.scenario.users", 6L);
    }

    @Test
    void should_read_a_document_with_a_scenario_and_write_none_for_single_requests() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").scenario(SHOP).users(2)
                .duration(Duration.ofSeconds(10)).build();
        Result r = runOf(test);

        Result read = ResultJson.fromJson(ResultJson.toJson(r));

        assertThat(read.steps()).isEqualTo(r.steps());
        assertThat(read.test().scenario()).as("a step's request may be a function: not read back").isEmpty();
        assertThat(flatten(ResultJson.toJson(ScenarioResults.shop())).keySet())
                .noneMatch(k -> k.startsWith("configuration.scenario"));
    }

    @Test
    void should_write_a_connection_per_sessions_bound_as_its_clients_so_its_threads_and_shards_read_back()
            throws IOException {
        LoadTest shard = LoadTest.target("http://127.0.0.1:1/").scenario(SHOP).arrivals(30).connectionPerUser()
                .maxBacklog(90).threads(2).seed(7).duration(Duration.ofSeconds(10)).shard(1, 3).build();

        String written = ResultJson.toJson(runOf(shard));
        Map<String, Object> json = flatten(written);
        Result read = ResultJson.fromJson(written);

        assertThat(json).containsEntry("configuration.clients", 90L).containsEntry("configuration.threads", 2L)
                .containsEntry("configuration.shard.clients", 30L)
                .containsEntry("configuration.scenario.connectionPerUser", true);
        // the scenario is not read back: the run reads as one of single requests on as many connections
        assertThat(read.test().clients()).isEqualTo(30);
        assertThat(read.test().threads()).isEqualTo(2);
        assertThat(read.test().unsharded().clients()).isEqualTo(90);
        assertThat(read.test().maxBacklog()).isEqualTo(30);
    }

    @Test
    void should_read_a_run_ended_by_iterations_as_a_timed_run_of_its_measured_length() throws IOException {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").scenario(SHOP).users(5).iterations(2).build();
        Result r = runOf(test);
        assertThat(test.duration()).isEmpty();
        assertThat(test.requests()).isEmpty();

        Result read = ResultJson.fromJson(ResultJson.toJson(r));

        assertThat(read.test().duration()).contains(r.duration());
        assertThat(read.steps()).isEqualTo(r.steps());
    }
}
