package dev.loadtest.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.CapacityAnswer;
import dev.loadtest.CapacityAnswer.Conclusion;
import dev.loadtest.CapacityStep;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Objective;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StatusCodes;
import dev.loadtest.Traffic;
import dev.loadtest.Verdict;
import dev.loadtest.spi.ResultBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityJsonTest {

    private static final Objective OBJECTIVE = Objective.empty().maxResponseTime(99, Duration.ofMillis(50))
            .maxResponseTime(99.9, Duration.ofMillis(120)).maxErrorRate(0.001);

    private static Result result(double rate, long responseMillis, Verdict verdict) {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/x").clients(8).rate(rate)
                .duration(Duration.ofSeconds(1)).warmUp(Duration.ofMillis(500)).build();
        Histogram h = LatencyHistogram.newHistogram();
        h.recordValueWithCount(responseMillis * 1_000_000, Math.round(rate));
        LatencyHistogram lat = LatencyHistogram.of(h);
        long n = Math.round(rate);
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(1)).protocol("http/1.1")
                .requests(new Requests(n, n, n, n, 0, 0, 0, 0)).statusCodes(new StatusCodes(Map.of(200, n)))
                .traffic(new Traffic(10 * n, 5 * n, 5 * n, 5 * n, 20 * n)).serviceTime(lat).responseTime(lat)
                .connections(8).rate(Optional.of(new Rate(rate, rate, n, 0, 0, 0, lat))).verdict(verdict).build();
    }

    private static CapacityAnswer answer() {
        CapacityStep held = new CapacityStep(1, CapacityStep.Phase.DOUBLING, 100, result(100, 10, Verdict.OK),
                CapacityStep.Outcome.HELD, List.of(), "");
        Objective.Breach breach = new Objective.Breach("p99 response time", "<= 50ms", "212ms");
        CapacityStep failed = new CapacityStep(2, CapacityStep.Phase.DOUBLING, 200, result(200, 212, Verdict.OK),
                CapacityStep.Outcome.FAILED, List.of(breach), breach.toString());
        CapacityStep confirmed = new CapacityStep(3, CapacityStep.Phase.CONFIRMING, 100, result(100, 11, Verdict.OK),
                CapacityStep.Outcome.HELD, List.of(), "");
        return new CapacityAnswer(OBJECTIVE, Conclusion.FOUND, OptionalDouble.of(100), OptionalDouble.of(200),
                OptionalDouble.empty(), List.of(held, failed, confirmed));
    }

    @Test
    void should_write_the_capacity_object_with_each_step_and_its_result() {
        String json = CapacityJson.toJson(answer());

        assertThat(json).contains("\"format\" : \"loadtest-capacity\"", "\"capacity\" : {",
                "\"conclusion\" : \"found\"", "\"limitedBy\" : \"objective\"", "\"heldRate\" : 100",
                "\"failedRate\" : 200", "\"generatorRate\" : null", "\"capacity\" : 100", "\"percentile\" : 99.9",
                "\"maxMicros\" : 120000", "\"maxErrorRate\" : 0.001", "\"phase\" : \"confirming\"",
                "\"outcome\" : \"failed\"", "\"required\" : \"<= 50ms\"", "\"format\" : \"loadtest-result\"");
    }

    @Test
    void should_read_back_what_it_wrote(@TempDir Path dir) throws Exception {
        CapacityAnswer answer = answer();
        Path file = dir.resolve("capacity.json");
        CapacityJson.write(answer, file);

        CapacityAnswer again = CapacityJson.read(file);

        assertThat(again.objective()).isEqualTo(OBJECTIVE);
        assertThat(again.conclusion()).isEqualTo(Conclusion.FOUND);
        assertThat(again.heldRate()).isEqualTo(answer.heldRate());
        assertThat(again.failedRate()).isEqualTo(answer.failedRate());
        assertThat(again.generatorRate()).isEmpty();
        assertThat(again.summary()).isEqualTo(answer.summary());
        assertThat(again.steps()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            CapacityStep a = answer.steps().get(i);
            CapacityStep b = again.steps().get(i);
            assertThat(b.number()).isEqualTo(a.number());
            assertThat(b.phase()).isEqualTo(a.phase());
            assertThat(b.rate()).isEqualTo(a.rate());
            assertThat(b.outcome()).isEqualTo(a.outcome());
            assertThat(b.breaches()).isEqualTo(a.breaches());
            assertThat(b.reason()).isEqualTo(a.reason());
            assertThat(b.result().responseTime()).isEqualTo(a.result().responseTime());
            assertThat(b.result().requests()).isEqualTo(a.result().requests());
            assertThat(b.result().test().rate()).isEqualTo(a.result().test().rate());
        }
    }

    @Test
    void should_write_a_generator_limited_answer_with_no_capacity_figure() throws Exception {
        CapacityStep limited = new CapacityStep(1, CapacityStep.Phase.DOUBLING, 800, result(800, 1, Verdict.OK),
                CapacityStep.Outcome.GENERATOR_LIMITED, List.of(), "achieved 612 req/s of 800 req/s offered ...");
        CapacityAnswer answer = new CapacityAnswer(OBJECTIVE, Conclusion.GENERATOR_LIMITED, OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.of(612), List.of(limited));

        String json = CapacityJson.toJson(answer);

        assertThat(json).contains("\"limitedBy\" : \"generator\"", "\"capacity\" : null", "\"heldRate\" : null",
                "\"generatorRate\" : 612", "limited by the load generator at 612 req/s");
        assertThat(CapacityJson.fromJson(json).conclusion()).isEqualTo(Conclusion.GENERATOR_LIMITED);
    }

    @Test
    void should_refuse_a_result_document_naming_the_field() {
        String result = ResultJson.toJson(result(100, 10, Verdict.OK));

        assertThatThrownBy(() -> CapacityJson.fromJson(result)).isInstanceOf(ResultFormatException.class)
                .hasMessage("format: must be \"loadtest-capacity\", was \"loadtest-result\"");
        assertThatThrownBy(() -> CapacityJson.fromJson(CapacityJson.toJson(answer()).replace("\"held\"", "\"won\"")))
                .isInstanceOf(ResultFormatException.class)
                .hasMessage("capacity.steps[0]: outcome (won) must be one of held, failed, generator-limited, stopped");
    }
}
