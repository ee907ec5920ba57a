package dev.loadtest.json;

import static dev.loadtest.json.FlatJson.flatten;
import static dev.loadtest.json.FlatJson.micros;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Result;
import dev.loadtest.Results;
import dev.loadtest.StepResult;
import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.testing.ScenarioResults;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A scenario run's steps, sessions and token requests in the JSON format (version 3). */
class ScenarioJsonTest {

    @Test
    void should_read_back_every_step_the_sessions_and_the_token_requests() throws IOException {
        Result original = ScenarioResults.shop();

        Result read = ResultJson.fromJson(ResultJson.toJson(original));

        assertThat(read.steps()).isEqualTo(original.steps());
        assertThat(read.sessions()).isEqualTo(original.sessions());
        assertThat(read.tokenRequests()).isEqualTo(original.tokenRequests());
        assertThat(ResultBuilder.from(read).test(original.test()).build()).isEqualTo(original);
        assertThat(read.step("checkout").orElseThrow().checks().get(1).sample()).isPresent();
    }

    @Test
    void should_write_the_documented_step_session_and_token_fields() throws IOException {
        Result r = ScenarioResults.shop();

        Map<String, Object> json = flatten(ResultJson.toJson(r));

        StepResult checkout = r.step("checkout").orElseThrow();
        assertThat(json).containsEntry("formatVersion", 3L)
                .containsEntry("steps[0].name", "login").containsEntry("steps[2].name", "checkout")
                .containsEntry("steps[2].requests.done", 100L).containsEntry("steps[2].requests.failed", 5L)
                .containsEntry("steps[2].statusCodes.409", 4L).containsEntry("steps[2].errors.reset.count", 1L)
                .containsEntry("steps[2].checks[1].name", "json $.paid=true").containsEntry("steps[2].checks[1].failed", 2L)
                .containsEntry("steps[2].traffic.totalBytes", 250L * 99)
                .containsKey("steps[2].latency.responseTime.histogram").containsKey("steps[2].latency.serviceTime.histogram")
                .containsEntry("sessions.started", 100L).containsEntry("sessions.completed", 93L)
                .containsEntry("sessions.failed", 5L).containsEntry("sessions.unfinished", 2L)
                .containsEntry("sessions.failedAt.checkout", 5L)
                .containsEntry("sessions.failureReasons.checkout[0]", "status 409")
                .containsKey("sessions.duration.histogram")
                .containsEntry("tokenRequests.name", "token").containsEntry("tokenRequests.requests.done", 3L);
        assertThat(micros(json.get("steps[2].latency.responseTime.p99Micros")))
                .isEqualTo(checkout.responseTime().percentile(99));
        assertThat(micros(json.get("sessions.duration.p50Micros")))
                .isEqualTo(r.sessions().orElseThrow().duration().percentile(50));
    }

    @Test
    void should_write_no_scenario_fields_for_a_run_of_single_requests() throws IOException {
        Result single = ResultBuilder.from(ScenarioResults.shop()).steps(List.of()).sessions(Optional.empty())
                .tokenRequests(Optional.empty()).build();

        String json = ResultJson.toJson(single);

        assertThat(flatten(json).keySet()).noneMatch(k -> k.startsWith("steps") || k.startsWith("sessions")
                || k.startsWith("tokenRequests"));
        Result read = ResultJson.fromJson(json);
        assertThat(read.steps()).isEmpty();
        assertThat(read.sessions()).isEmpty();
        assertThat(read.tokenRequests()).isEmpty();
    }

    @Test
    void should_merge_scenario_shards_read_from_files_as_in_memory() throws IOException {
        Result a = ScenarioResults.shop(ScenarioResults.TEST.shard(0, 2).build());
        Result b = ScenarioResults.shop(ScenarioResults.TEST.shard(1, 2).build());

        Result fromFiles = Results.merge(ResultJson.fromJson(ResultJson.toJson(a)),
                ResultJson.fromJson(ResultJson.toJson(b)));

        assertThat(fromFiles.steps()).isEqualTo(Results.merge(a, b).steps());
        assertThat(fromFiles.step("checkout").orElseThrow().requests().done()).isEqualTo(200);
        assertThat(fromFiles.sessions().orElseThrow().failedAt()).containsEntry("checkout", 10L);
    }

    @Test
    void should_refuse_a_step_whose_counts_cannot_be_true_naming_the_step() {
        String json = ResultJson.toJson(ScenarioResults.shop());
        // the checkout's requests: done 100 of a total of 100; make it more than its total
        String forged = json.replaceFirst("(\"name\" : \"checkout\",\\s*\"requests\" : \\{\\s*\"total\" : )100", "$190");

        assertThat(forged).isNotEqualTo(json);
        assertThatThrownBy(() -> ResultJson.fromJson(forged)).isInstanceOf(ResultFormatException.class)
                .hasMessage("steps[2].requests.done (100) must be <= steps[2].requests.total (90): a run does no more "
                        + "requests than it has");
    }

    @Test
    void should_refuse_a_step_name_given_twice() {
        String json = ResultJson.toJson(ScenarioResults.shop()).replace("\"name\" : \"catalogue\"", "\"name\" : \"login\"");

        assertThatThrownBy(() -> ResultJson.fromJson(json)).isInstanceOf(ResultFormatException.class)
                .hasMessage("steps[1].name: \"login\" is given twice: a scenario's step names are unique, and steps "
                        + "merge by name");
    }

    @Test
    void should_refuse_sessions_that_do_not_add_up_naming_the_field() {
        String json = ResultJson.toJson(ScenarioResults.shop()).replace("\"completed\" : 93", "\"completed\" : 99");

        assertThatThrownBy(() -> ResultJson.fromJson(json)).isInstanceOf(ResultFormatException.class)
                .hasMessageStartingWith("sessions: sessions must count 0 <= completed + failed <= started, not "
                        + "started 100, completed 99, failed 5");
    }

    @Test
    void should_name_a_missing_step_field_by_its_path() {
        String json = ResultJson.toJson(ScenarioResults.shop()).replace("\"name\" : \"login\"", "\"nameX\" : \"login\"");

        assertThatThrownBy(() -> ResultJson.fromJson(json)).isInstanceOf(ResultFormatException.class)
                .hasMessage("steps[0].name: missing");
    }
}
