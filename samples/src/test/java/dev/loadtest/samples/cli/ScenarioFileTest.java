package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.check.Check;
import dev.loadtest.request.Request;
import dev.loadtest.request.Row;
import dev.loadtest.scenario.Pause;
import dev.loadtest.scenario.Repeat;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Session;
import dev.loadtest.scenario.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioFileTest {

    private static final String SHOP = """
            scenario: shop
            feeder: users.csv
            steps:
              - name: login
                request:
                  method: POST
                  uri: /login
                  headers: { Content-Type: application/x-www-form-urlencoded }
                  body: "user={{user}}&n={{seq}}"
                expect: { status: [200, 2xx], header: "Content-Type: application/json" }
                extract:
                  token: { json: $.token }
                  sid: { cookie: SESSION, optional: true }
                pause: 1s
              - repeat: 2
                steps:
                  - name: catalogue
                    request: GET /catalogue?page={{randomInt 1 3}}
                    extract: { item: { regex: 'id=(\\w+)' } }
                    pause: { uniform: [100ms, 300ms] }
              - name: checkout
                if: item
                request: { method: POST, uri: "/checkout/{{item}}", headers: { Authorization: "Bearer {{token}}" } }
                expect: { json: "$.status=ordered", body: ordered }
                pause: { exponential: 2s }
            """;

    @TempDir
    Path dir;

    private ScenarioFile.Contents parse(String text) throws IOException {
        Files.writeString(dir.resolve("users.csv"), "user,password\nada,secret\n", StandardCharsets.UTF_8);
        Path file = dir.resolve("flow.yaml");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return ScenarioFile.read(file);
    }

    private String error(String text) {
        return assertThatThrownBy(() -> parse(text)).isInstanceOf(IllegalArgumentException.class)
                .actual().getMessage().replace(dir.resolve("flow.yaml").toString(), "flow.yaml");
    }

    @Test
    void should_read_the_same_concepts_as_the_java_model() throws IOException {
        ScenarioFile.Contents contents = parse(SHOP);
        Scenario shop = contents.scenario();

        assertThat(shop.name()).isEqualTo("shop");
        assertThat(contents.feeder().orElseThrow().columns()).containsExactly("user", "password");
        assertThat(shop.parts().get(1)).isInstanceOfSatisfying(Repeat.class, r -> assertThat(r.times()).isEqualTo(2));
        Step login = shop.steps().get(0);
        assertThat(login.checks()).extracting(Check::name)
                .containsExactly("status 200 or 2xx", "header Content-Type: application/json");
        assertThat(login.extracts()).extracting(Object::toString)
                .containsExactly("token = json $.token", "sid = cookie SESSION (optional)");
        assertThat(login.pause()).isEqualTo(Pause.fixed(Duration.ofSeconds(1)));
        Step checkout = shop.steps().get(2);
        assertThat(checkout.condition()).contains("item");
        assertThat(checkout.checks()).extracting(Check::name)
                .containsExactly("body contains \"ordered\"", "json $.status == \"ordered\"");   // the flags' order
        assertThat(checkout.pause()).isEqualTo(Pause.exponential(Duration.ofSeconds(2)));
        assertThat(shop.steps().get(1).pause())
                .isEqualTo(Pause.uniform(Duration.ofMillis(100), Duration.ofMillis(300)));
    }

    @Test
    void should_build_each_request_from_the_session_variables_and_feeder_row() throws IOException {
        Scenario shop = parse(SHOP).scenario();
        Session session = new FixedSession(Map.of("token", "t-1", "item", "tea"),
                Row.of(java.util.List.of("user", "password"), java.util.List.of("ada", "secret")));

        Request login = shop.steps().get(0).request().build(session);
        assertThat(new String(login.body().orElseThrow(), StandardCharsets.UTF_8)).isEqualTo("user=ada&n=17");
        Request checkout = shop.steps().get(2).request().build(session);
        assertThat(checkout.method()).isEqualTo("POST");
        assertThat(checkout.target()).isEqualTo("/checkout/tea");
        assertThat(checkout.headers()).extracting(h -> h.name() + ": " + h.value())
                .containsExactly("Authorization: Bearer t-1");
        assertThat(shop.steps().get(1).request().build(session).target()).matches("/catalogue\\?page=[123]");
    }

    @Test
    void should_read_json_too() throws IOException {
        Scenario scenario = parse("""
                {"scenario": "poll", "steps": [
                  {"name": "status", "request": "GET /status", "expect": {"status": 200},
                   "extract": {"etag": {"header": "ETag"}}}
                ]}
                """).scenario();

        assertThat(scenario.steps()).extracting(Step::name).containsExactly("status");
    }

    @Test
    void should_name_the_file_and_line_of_malformed_yaml() {
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n   request: GET /\n"))
                .startsWith("flow.yaml:4: not valid YAML or JSON: ");
        assertThat(error("")).isEqualTo("flow.yaml:1: the scenario file is empty: give scenario and steps");
        assertThat(error("scenario: a\nscenario: b\nsteps: []\n")).startsWith("flow.yaml:2: ");
    }

    @Test
    void should_name_the_line_of_an_unknown_field() {
        assertThat(error("scenario: shop\nsteps:\n  - name: login\n    request: GET /\n    extrct: {}\n"))
                .isEqualTo("flow.yaml:5: unknown field 'extrct' in step 'login': known are name, request, expect,"
                        + " extract, pause, if");
        assertThat(error("scenario: shop\nstep: []\n"))
                .isEqualTo("flow.yaml:2: unknown field 'step' in the scenario file: known are scenario, target, feeder,"
                        + " feeder-order, follow-redirects, token, steps");
    }

    @Test
    void should_name_the_line_of_a_step_without_a_request() {
        assertThat(error("scenario: shop\nsteps:\n  - name: login\n  - name: home\n    pause: 1s\n"))
                .isEqualTo("flow.yaml:3: step 'login' has no request: a step sends one (request: GET /path)");
    }

    @Test
    void should_name_the_line_of_a_step_using_a_variable_before_any_step_sets_it() {
        assertThat(error("""
                scenario: shop
                steps:
                  - name: catalogue
                    request: GET /catalogue?token={{token}}
                  - name: login
                    request: POST /login
                    extract: { token: { json: $.token } }
                """)).isEqualTo("flow.yaml:3: step 'catalogue' of scenario 'shop' uses variable (token) before any"
                + " step sets it: step 'login' extracts it, later");
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n    request: GET /\n  - name: b\n"
                + "    request: GET /{{nobody}}\n"))
                .isEqualTo("flow.yaml:5: step 'b' of scenario 'shop' uses {{nobody}}, a variable no step sets before"
                        + " it and there is no feeder: extract it in an earlier step or add the column");
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n    request: GET /\n    if: basket\n"))
                .startsWith("flow.yaml:3: step 'a' of scenario 'shop' runs only if variable (basket) is set");
    }

    @Test
    void should_name_the_line_of_a_bad_value() {
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n    request: GET /\n    expect: { status: 20x }\n"))
                .startsWith("flow.yaml:5: expect status 20x: '20x' must be a status code");
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n    request: GET /\n    pause: { uniform: [3s, 1s] }\n"))
                .isEqualTo("flow.yaml:5: uniform pause min (3s) must be <= max (1s)");
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n    request: GET /{{oops\n"))
                .startsWith("flow.yaml:4: placeholder in the URI (line 1, column 2) is not closed");
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n    request: GET /\n  - name: a\n    request: GET /\n"))
                .isEqualTo("flow.yaml:5: step name (a) is given twice in scenario 'shop': step names key the"
                        + " per-step results");
        assertThat(error("scenario: shop\nsteps:\n  - repeat: many\n    steps: [{name: a, request: GET /}]\n"))
                .isEqualTo("flow.yaml:3: repeat (many) must be a whole number of passes, e.g. repeat: 3");
        assertThat(error("scenario: shop\nfeeder: missing.csv\nsteps:\n  - name: a\n    request: GET /\n"))
                .startsWith("flow.yaml:2: ").contains("missing.csv");
        assertThat(error("scenario: shop\nfeeder-order: random\nsteps:\n  - name: a\n    request: GET /\n"))
                .isEqualTo("flow.yaml:2: feeder-order needs a feeder: add feeder: FILE");
        assertThat(error("scenario: shop\nsteps:\n  - name: a\n    request: GET /\n    extract: { v: { json: $.a,"
                + " header: X } }\n"))
                .isEqualTo("flow.yaml:5: extraction 'v' of step 'a' must give one of json, header, regex or cookie,"
                        + " not [json, header]");
        assertThat(error("scenario: shop\nfeeder: users.csv\nsteps:\n  - name: a\n    request: GET /{{email}}\n"))
                .startsWith("flow.yaml:4: step 'a' of scenario 'shop' uses {{email}}, a variable no step sets before"
                        + " it and no column of the feeder [user, password]");
    }

    /** A session with fixed variables and row, as the engine's would be at one step. */
    private record FixedSession(Map<String, String> variables, Row row) implements Session {

        @Override
        public long id() {
            return 0;
        }

        @Override
        public Optional<String> variable(String name) {
            return Optional.ofNullable(variables.get(name));
        }

        @Override
        public String get(String name) {
            return variable(name).orElseThrow();
        }

        @Override
        public Optional<String> cookie(String name) {
            return Optional.empty();
        }

        @Override
        public int iteration() {
            return 0;
        }

        @Override
        public long sequence() {
            return 17;
        }

        @Override
        public int client() {
            return 0;
        }

        @Override
        public RandomGenerator random() {
            return new SplittableRandom(1);
        }
    }
}
