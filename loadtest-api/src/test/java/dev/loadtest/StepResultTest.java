package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.SessionsBuilder;
import dev.loadtest.spi.StepResultBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StepResultTest {

    @Test
    void should_find_a_step_by_name_and_copy_it_figure_for_figure() {
        StepResult login = new StepResultBuilder("login").requests(new Requests(5, 5, 5, 4, 1, 0, 0, 0)).build();
        StepResult checkout = new StepResultBuilder("checkout").build();
        Result r = new ResultBuilder().test(LoadTest.target("http://127.0.0.1:1/").requests(5).build())
                .duration(Duration.ofSeconds(1)).protocol("h2c").verdict(Verdict.OK)
                .steps(List.of(login, checkout)).build();

        assertThat(r.step("login")).contains(login);
        assertThat(r.step("basket")).isEmpty();
        assertThat(StepResultBuilder.from(login).build()).isEqualTo(login).isNotEqualTo(checkout);
        assertThat(ResultBuilder.from(r).build()).isEqualTo(r);
        assertThat(r.sessions()).isEmpty();
        assertThat(r.tokenRequests()).isEmpty();
    }

    @Test
    void should_count_unfinished_sessions_and_refuse_counts_that_do_not_add_up() {
        Sessions s = new SessionsBuilder().started(10).completed(6).failed(3).failedAt(Map.of("checkout", 3L))
                .failureReasons(Map.of("checkout", List.of("status 409"))).build();

        assertThat(s.unfinished()).isEqualTo(1);
        assertThat(SessionsBuilder.from(s).build()).isEqualTo(s);
        assertThatThrownBy(() -> new SessionsBuilder().started(2).completed(2).failed(1).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("started 2, completed 2, failed 1");
        assertThat(Optional.of(s)).isPresent();
    }
}
