package dev.loadtest.junit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.json.ResultJson;
import dev.loadtest.junit.testing.Kit;
import dev.loadtest.junit.testing.KitFixture;
import dev.loadtest.testing.TestServer;
import dev.loadtest.testing.api.SyntheticRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** A budget against a baseline file: recorded, kept, breached and inconclusive, run by JUnit's own engine. */
class BaselineBudgetTest {

    static final String RECORDED = "target/loadtest-baseline-test/recorded.json";
    static final String FAST = "target/loadtest-baseline-test/fast.json";
    static final String SHORT = "target/loadtest-baseline-test/short.json";

    static TestServer server;

    @BeforeAll
    static void start() {
        server = TestServer.h2c();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static LoadTest.Builder hello() {
        return LoadTest.target(server.uri("/hello")).clients(2).duration(Duration.ofMillis(1200))
                .interval(Duration.ofMillis(100));
    }

    @KitFixture
    static class Recorded {
        @Test
        @PerformanceBudget(baseline = RECORDED, maxRegression = "errorRate:50pp")
        void against_its_baseline(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_record_the_baseline_on_update_then_compare_with_it() throws Exception {
        Files.deleteIfExists(Path.of(RECORDED));
        String missing = Kit.failureMessage(Kit.run(Recorded.class));
        assertThat(missing).contains("regression from the baseline: required not regressed from " + RECORDED
                + " (errorRate +50 pp), actual no baseline at").contains("-Dloadtest.baseline.update=true");

        Kit.run(Recorded.class, PerformanceBudget.BASELINE_UPDATE_PROPERTY_NAME, "true").testEvents()
                .assertStatistics(s -> s.succeeded(1).failed(0));
        assertThat(ResultJson.read(Path.of(RECORDED)).test().targets()).containsExactly(server.uri("/hello"));

        Kit.run(Recorded.class).testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
    }

    @KitFixture
    static class AgainstAFasterBaseline {
        @Test
        @PerformanceBudget(baseline = FAST, maxRegression = {"p50:10%", "rps:5%"})
        void slower_than_the_baseline(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_fail_a_run_that_regressed_naming_the_figures() throws Exception {
        // a baseline of the same test that answered in 1 µs at 500 k req/s: any real run is far slower
        Files.createDirectories(Path.of(FAST).getParent());
        ResultJson.write(SyntheticRuns.run(hello().build(), 1, 12, 50_000, 0.001, 0, true), Path.of(FAST));
        String message = Kit.failureMessage(Kit.run(AgainstAFasterBaseline.class));
        assertThat(message).contains("regression from the baseline: required not regressed from " + FAST
                        + " (p50 +10 %, rps -5 %), actual REGRESSED: p50 response time: required a change of at most +10 %")
                .contains("throughput: required a change of no less than -5 %");
    }

    @KitFixture
    static class AgainstAShortBaseline {
        @Test
        @PerformanceBudget(baseline = SHORT)
        void too_short_to_tell(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_pass_an_inconclusive_comparison_with_a_warning_or_fail_it_when_configured() throws Exception {
        Files.createDirectories(Path.of(SHORT).getParent());
        ResultJson.write(SyntheticRuns.run(hello().build(), 1, 3, 500, 1.0, 0, true), Path.of(SHORT));
        EngineExecutionResults warned = Kit.run(AgainstAShortBaseline.class);
        warned.testEvents().assertStatistics(s -> s.succeeded(1).failed(0));
        assertThat(String.join("\n", Kit.reportEntries(warned, LoadTestExtension.REPORT_ENTRY)))
                .contains("INCONCLUSIVE (passed with a warning: loadtest.baseline.inconclusive is warn)")
                .contains("at least 10 intervals per run");

        String failed = Kit.failureMessage(Kit.run(AgainstAShortBaseline.class,
                PerformanceBudget.BASELINE_INCONCLUSIVE_PROPERTY_NAME, "fail"));
        assertThat(failed).contains("actual INCONCLUSIVE: ");
    }

    @KitFixture
    static class ToleranceWithoutBaseline {
        @Test
        @PerformanceBudget(maxRegression = "p99:10%")
        void no_file(LoadTester load) {
            load.run(hello());
        }
    }

    @KitFixture
    static class MalformedTolerance {
        @Test
        @PerformanceBudget(baseline = RECORDED, maxRegression = "p99:fast")
        void malformed(LoadTester load) {
            load.run(hello());
        }
    }

    @Test
    void should_refuse_malformed_baseline_budgets() {
        assertThat(Kit.failureMessage(Kit.run(ToleranceWithoutBaseline.class)))
                .contains("@PerformanceBudget(maxRegression) on ").contains("needs a baseline file");
        assertThat(Kit.failureMessage(Kit.run(MalformedTolerance.class)))
                .contains("@PerformanceBudget(maxRegression = \"p99:fast\")").contains("must be FIGURE=AMOUNT");
        assertThat(Kit.failureMessage(Kit.run(Recorded.class, PerformanceBudget.BASELINE_UPDATE_PROPERTY_NAME, "maybe")))
                .contains("loadtest.baseline.update (maybe) must be true or false");
    }
}
