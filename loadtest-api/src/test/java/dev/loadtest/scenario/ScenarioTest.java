package dev.loadtest.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Header;
import dev.loadtest.check.Check;
import dev.loadtest.request.Request;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioTest {

    private static final StepRequest HOME = s -> Request.get("/");

    private static Step step(String name) {
        return Step.of(name, HOME);
    }

    @Test
    void should_list_each_step_once_in_written_order_with_repeats_flattened() {
        Scenario shop = Scenario.of("shop", step("login"),
                Scenario.repeat(3, step("browse"), Scenario.repeat(2, step("add"))), step("checkout"));

        assertThat(shop.steps()).extracting(Step::name).containsExactly("login", "browse", "add", "checkout");
        assertThat(shop).hasToString("shop [login, repeat 3 x [browse, repeat 2 x [add]], checkout]");
    }

    @Test
    void should_refuse_a_step_name_given_twice_even_inside_a_repeat() {
        Step again = step("browse");
        assertThatThrownBy(() -> Scenario.of("shop", step("browse"), Scenario.repeat(2, again)))
                .isInstanceOfSatisfying(ScenarioRuleException.class, e -> assertThat(e.step()).containsSame(again))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("step name (browse) is given twice in scenario 'shop': step names key the per-step"
                        + " results");
    }

    @Test
    void should_refuse_a_scenario_or_repeat_without_steps() {
        assertThatThrownBy(() -> Scenario.of("shop"))
                .hasMessage("scenario 'shop' has no step: give at least one");
        assertThatThrownBy(() -> Scenario.repeat(2))
                .hasMessage("repeat has no step: give at least one");
        assertThatThrownBy(() -> Scenario.repeat(0, step("a")))
                .hasMessageStartingWith("repeat times (0) must be within [1, 1000000]");
        assertThatThrownBy(() -> Scenario.of(" ", step("a")))
                .hasMessage("scenario name (' ') must not be blank");
    }

    @Test
    void should_refuse_a_condition_no_earlier_step_sets() {
        Step checkout = step("checkout").onlyIf("basket");
        Step fill = step("fill").extract(Extract.header("Location").into("basket"));

        assertThatThrownBy(() -> Scenario.of("shop", checkout))
                .hasMessage("step 'checkout' of scenario 'shop' runs only if variable (basket) is set, but no step"
                        + " before it sets it: no step extracts it");
        assertThatThrownBy(() -> Scenario.of("shop", checkout, fill))
                .hasMessageEndingWith(": step 'fill' extracts it, later")
                .isInstanceOfSatisfying(ScenarioRuleException.class, e -> assertThat(e.step()).containsSame(checkout));
        assertThat(Scenario.of("shop", fill, checkout).steps()).hasSize(2);
    }

    @Test
    void should_refuse_a_template_variable_extracted_only_by_a_later_step() {
        Step catalogue = Step.of("catalogue", StepRequest.template("GET", "/catalogue",
                List.of(new Header("Authorization", "Bearer {{token}}")), null));
        Step login = step("login").extract(Extract.jsonPath("$.token").into("token"));

        assertThatThrownBy(() -> Scenario.of("shop", catalogue, login))
                .hasMessage("step 'catalogue' of scenario 'shop' uses variable (token) before any step sets it:"
                        + " step 'login' extracts it, later");
        assertThat(Scenario.of("shop", login, catalogue).feederNames()).isEmpty();
    }

    @Test
    void should_leave_names_no_step_extracts_to_the_feeder_and_check_them_against_its_columns() {
        Scenario shop = Scenario.of("shop", Step.of("login",
                StepRequest.template("POST", "/login", List.of(), "user={{user}}&password={{password}}&n={{seq}}")));

        assertThat(shop.feederNames()).containsExactly("user", "password");
        assertThat(shop.requireColumns(List.of("user", "password", "email"))).isSameAs(shop);
        assertThatThrownBy(() -> shop.requireColumns(List.of("user")))
                .hasMessage("step 'login' of scenario 'shop' uses {{password}}, a variable no step sets before it and"
                        + " no column of the feeder [user]: extract it in an earlier step or add the column");
        assertThatThrownBy(() -> shop.requireColumns(List.of()))
                .hasMessageContaining("and there is no feeder");
    }

    @Test
    void should_validate_steps_as_they_are_built() {
        assertThatThrownBy(() -> Step.of("login", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("step 'login' has no request: a step sends one request");
        assertThatThrownBy(() -> Step.of("", HOME)).hasMessage("step name ('') must not be blank");
        assertThatThrownBy(() -> Step.of("a\nb", HOME))
                .hasMessage("step name (a\\nb) must be one line of printable characters");
        assertThatThrownBy(() -> step("a").checks(Check.status(200), Check.status(200)))
                .hasMessageStartingWith("check (status 200) is given twice in step 'a'");
        assertThatThrownBy(() -> step("a").extract(Extract.header("X").into("v"), Extract.cookie("c").into("v")))
                .hasMessage("variable (v) is extracted twice in step 'a': one extraction per variable");
        assertThatThrownBy(() -> step("a").onlyIf("1x"))
                .hasMessageStartingWith("variable name (1x) must start with a letter or _");
    }

    @Test
    void should_say_whether_a_step_needs_the_body() {
        assertThat(step("a").checks(Check.status(200)).extract(Extract.header("Location").into("l")).needsBody())
                .isFalse();
        assertThat(step("a").extract(Extract.regex("id=(\\d+)").into("id")).needsBody()).isTrue();
        assertThat(step("a").checks(Check.bodyContains("ok")).needsBody()).isTrue();
    }

    @Test
    void should_neither_follow_redirects_nor_fetch_tokens_unless_asked() {
        Scenario shop = Scenario.of("shop", step("home"));

        assertThat(shop.followsRedirects()).isFalse();
        assertThat(shop.tokenProvider()).isEmpty();
    }

    @Test
    void should_give_copies_that_follow_redirects_and_carry_a_token_provider_leaving_the_original() {
        Scenario shop = Scenario.of("shop", step("login"), Scenario.repeat(2, step("browse")));
        TokenProvider provider = () -> TokenProvider.Token.bearer("abc", Duration.ofMinutes(5));

        Scenario following = shop.followRedirects();
        Scenario both = following.authorization(provider);

        assertThat(following.followsRedirects()).isTrue();
        assertThat(following.tokenProvider()).isEmpty();
        assertThat(both.followsRedirects()).isTrue();
        assertThat(both.tokenProvider()).containsSame(provider);
        assertThat(both.authorization(provider).followRedirects().tokenProvider()).containsSame(provider);
        assertThat(shop.followsRedirects()).isFalse();
        assertThat(shop.tokenProvider()).isEmpty();
        assertThat(both.steps()).isEqualTo(shop.steps());
        assertThat(both.parts()).isEqualTo(shop.parts());
        assertThat(both).hasToString("shop [login, repeat 2 x [browse]], following redirects, with a token provider");
    }

    @Test
    void should_refuse_a_null_token_provider() {
        assertThatThrownBy(() -> Scenario.of("shop", step("home")).authorization(null))
                .isInstanceOf(NullPointerException.class).hasMessage("token provider must not be null");
    }
}
