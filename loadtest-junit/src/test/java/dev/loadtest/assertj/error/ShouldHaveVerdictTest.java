package dev.loadtest.assertj.error;

import static dev.loadtest.assertj.error.ShouldHaveVerdict.shouldHaveVerdict;
import static dev.loadtest.junit.testing.Results.histogram;
import static dev.loadtest.junit.testing.Results.result;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.GeneratorLoad;
import dev.loadtest.Rate;
import dev.loadtest.Requests;
import dev.loadtest.Verdict;
import dev.loadtest.spi.ResultBuilder;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShouldHaveVerdictTest {

    @Test
    void should_show_what_made_the_verdict() {
        assertThat(shouldHaveVerdict(Verdict.OK, result().verdict(Verdict.ERRORS)
                .requests(new Requests(200, 200, 200, 190, 10, 0, 0, 0)).build()).create())
                .isEqualTo(String.format("%nExpecting verdict ok but was errors: 10 of 200 requests failed"));
        assertThat(shouldHaveVerdict(Verdict.OK, result().verdict(Verdict.OVERLOADED)
                .rate(new Rate(2000, 1740.2, 2000, 0, 300, 0, histogram(Duration.ofMillis(1), 1))).build()).create())
                .isEqualTo(String.format("%nExpecting verdict ok but was overloaded: achieved 1740.2 req/s of "
                        + "2000 req/s offered"));
        assertThat(shouldHaveVerdict(Verdict.OK, result().verdict(Verdict.GENERATOR_SATURATED)
                .rate(new Rate(2000, 2000, 2000, 0, 0, 0, histogram(Duration.ofMillis(25), 1))).build()).create())
                .isEqualTo(String.format("%nExpecting verdict ok but was generator-saturated: the generator's "
                        + "scheduler fell behind (lag p99 25ms, the line is 10ms): the figures may be its limit, not "
                        + "the server's"));
        GeneratorLoad busy = new GeneratorLoad(Duration.ofSeconds(5), 0.97, 1, 10, 20);
        assertThat(shouldHaveVerdict(Verdict.OK, ResultBuilder.from(result().verdict(Verdict.GENERATOR_SATURATED)
                .build()).generator(Optional.of(busy)).build()).create())
                .isEqualTo(String.format("%nExpecting verdict ok but was generator-saturated: the generator used "
                        + "0.97 of its 1 core (97 %%, the line is 90 %%): the figures may be its limit, not the "
                        + "server's; give it more cores, or run it on another machine"));
        assertThat(shouldHaveVerdict(Verdict.OK, result().verdict(Verdict.STALLED).build()).create())
                .isEqualTo(String.format("%nExpecting verdict ok but was stalled: no connection completed a "
                        + "second request"));
        assertThat(shouldHaveVerdict(Verdict.ERRORS, result().build()).create())
                .isEqualTo(String.format("%nExpecting verdict errors but was ok"));
    }
}
