package dev.loadtest.internal.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioWalkTest {

    private static Step step(String name) {
        return Step.of(name, s -> Request.get("/" + name));
    }

    @Test
    void should_walk_nested_repeats_in_order_and_say_each_steps_pass() {
        Scenario scenario = Scenario.of("shop", step("login"),
                Scenario.repeat(2, step("browse"), Scenario.repeat(3, step("add"))), step("checkout"));
        ScenarioWalk walk = new ScenarioWalk(scenario);
        List<String> seen = new ArrayList<>();
        for (Step s = walk.next(); s != null; s = walk.next()) {
            seen.add(s.name() + "#" + walk.iteration());
        }

        assertThat(seen).containsExactly("login#0", "browse#0", "add#0", "add#1", "add#2", "browse#1", "add#0",
                "add#1", "add#2", "checkout#0");
        assertThat(walk.next()).isNull();
    }

    @Test
    void should_end_after_a_repeat_that_closes_the_scenario() {
        ScenarioWalk walk = new ScenarioWalk(Scenario.of("poll", Scenario.repeat(2, step("status"))));

        assertThat(walk.next().name()).isEqualTo("status");
        assertThat(walk.next().name()).isEqualTo("status");
        assertThat(walk.iteration()).isEqualTo(1);
        assertThat(walk.next()).isNull();
    }
}
