package dev.loadtest.internal.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.request.Row;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import dev.loadtest.scenario.StepRequest;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateRequestTest {

    @Test
    void should_find_the_names_that_are_not_the_templates_own() {
        assertThat(TemplateRequest.names("/a/{{ item }}/{{seq}}?u={{uuid}}&r={{randomInt 1 5}}&x=\\{{raw}}&{{user}}"))
                .containsExactly("item", "user");
    }

    @Test
    void should_report_a_malformed_placeholder_as_the_request_templates_do() {
        assertThatThrownBy(() -> StepRequest.template("GET", "/a/{{item", List.of(), null))
                .hasMessageStartingWith("placeholder in the URI (line 1, column 4) is not closed with }} on its line");
        assertThatThrownBy(() -> StepRequest.template("GET", "/a/{{randomInt 5}}", List.of(), null))
                .hasMessageStartingWith("placeholder {{randomInt 5}} in the URI (line 1, column 4) must be");
    }

    @Test
    void should_say_which_name_is_neither_a_variable_nor_a_feeder_column() {
        Step step = Step.of("s", StepRequest.template("GET", "/a/{{item}}", List.of(), null));
        ScenarioPlan plan = ScenarioPlan.of(Scenario.of("x", step), 1 << 20);
        URI server = URI.create("http://127.0.0.1:1");

        SessionState withFeeder = new SessionState(plan, 0, 1, () -> Row.of(List.of("user"), List.of("ada")),
                new MapCookieJar());
        assertThatThrownBy(() -> withFeeder.request(withFeeder.next(), 0, 0, server))
                .hasMessage("{{item}} is not set: no step of this session extracted it, and the feeder has no such"
                        + " column [user]");

        SessionState noFeeder = new SessionState(plan, 0, 1, () -> {
            throw new IllegalStateException("the run has no feeder");
        }, new MapCookieJar());
        assertThatThrownBy(() -> noFeeder.request(noFeeder.next(), 0, 0, server))
                .hasMessage("{{item}} is not set: no step of this session extracted it, and the run has no feeder");
    }
}
