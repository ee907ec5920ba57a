package dev.loadtest.samples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.check.Check;
import dev.loadtest.check.Response;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;

class ExpectOptionsTest {

    /** A command holding the group, as the main command will. */
    @Command(name = "probe")
    static final class Probe {
        @ArgGroup(validate = false)
        ExpectOptions expect = new ExpectOptions();
    }

    private static List<Check> parse(String... args) {
        Probe probe = new Probe();
        new CommandLine(probe).parseArgs(args);
        return probe.expect.checks();
    }

    private static Response response(int status) {
        return Response.of(status, Map.of(), "");
    }

    @Test
    void should_make_no_check_without_flags() {
        Probe probe = new Probe();
        new CommandLine(probe).parseArgs();

        assertThat(probe.expect.isSet()).isFalse();
        assertThat(probe.expect.checks()).isEmpty();
    }

    @Test
    void should_make_one_status_check_of_every_code_and_class_given() {
        List<Check> checks = parse("--expect-status", "2xx", "--expect-status", "304,404", "--expect-status", "2XX");

        assertThat(checks).extracting(Check::name).containsExactly("status 2xx, 304 or 404");
        Check status = checks.get(0);
        assertThat(status.failure(response(201))).isEmpty();
        assertThat(status.failure(response(304))).isEmpty();
        assertThat(status.failure(response(404))).isEmpty();
        assertThat(status.failure(response(500))).isPresent();
        assertThat(parse("--expect-status", "200").get(0).name()).isEqualTo("status 200");
        assertThat(parse("--expect-status", "200", "--expect-status", "204").get(0).name()).isEqualTo("status 200 or 204");
        assertThat(parse("--expect-status", "3xx").get(0).name()).isEqualTo("status 3xx");
    }

    @Test
    void should_make_header_body_and_json_checks_in_the_order_given() {
        List<Check> checks = parse("--expect-json", "$.status=ok", "--expect-body", "ok",
                "--expect-header", "Content-Type: application/json", "--expect-status", "200",
                "--expect-json", "/items/0/id=\"42\"");

        assertThat(checks).extracting(Check::name).containsExactly("status 200",
                "header Content-Type: application/json", "body contains \"ok\"", "json $.status == \"ok\"",
                "json /items/0/id == 42");
        Response order = Response.of(200, Map.of("Content-Type", "application/json"),
                "{\"status\":\"ok\",\"items\":[{\"id\":42}]}");
        assertThat(checks).allSatisfy(check -> assertThat(check.failure(order)).isEmpty());
    }

    @Test
    void should_end_the_path_at_the_first_equals_sign_outside_brackets() {
        Check check = parse("--expect-json", "$['a=b'].c=x=y").get(0);

        assertThat(check.name()).isEqualTo("json $['a=b'].c == \"x=y\"");
        assertThat(check.failure(Response.of(200, Map.of(), "{\"a=b\":{\"c\":\"x=y\"}}"))).isEmpty();
    }

    @ParameterizedTest(name = "[{index}] {0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--expect-status|20|--expect-status 20: '20' must be a status code (100 to 599) or a class (1xx to 5xx), e.g. 200 or 2xx",
        "--expect-status|600|--expect-status 600: '600' must be a status code (100 to 599) or a class (1xx to 5xx), e.g. 200 or 2xx",
        "--expect-status|6xx|--expect-status 6xx: '6xx' must be a status code (100 to 599) or a class (1xx to 5xx), e.g. 200 or 2xx",
        "--expect-status|200,|--expect-status 200,: '' must be a status code (100 to 599) or a class (1xx to 5xx), e.g. 200 or 2xx",
        "--expect-header|Content-Type|--expect-header 'Content-Type' must be NAME: VALUE, e.g. 'Content-Type: application/json'",
        "--expect-header|Authorization Bearer abc|--expect-header 'Authorization <redacted>' must be NAME: VALUE, e.g. 'Content-Type: application/json'",
        "--expect-header|': x'|--expect-header ': x' must be NAME: VALUE, e.g. 'Content-Type: application/json'",
        "--expect-body|''|--expect-body '' must not be empty: every body contains it",
        "--expect-json|$.status|--expect-json '$.status' must be PATH=VALUE, e.g. $.status=ok or /items/0/id=42",
        "--expect-json|=ok|--expect-json '=ok' must be PATH=VALUE, e.g. $.status=ok or /items/0/id=42",
        "--expect-json|status=ok|--expect-json 'status=ok': json path (status) must be a JSONPath of $ and .name, [index] or ['name'] steps (e.g. $.items[0].id) or a JSON Pointer (e.g. /items/0/id)",
    })
    void should_refuse_a_malformed_value_naming_the_flag_the_value_and_the_rule(String flag, String value,
            String message) {
        assertThatThrownBy(() -> parse(flag, value)).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }

    @Test
    void should_refuse_the_same_check_twice() {
        assertThatThrownBy(() -> parse("--expect-body", "ok", "--expect-body", "ok"))
                .hasMessage("--expect-body 'ok' is given twice");
        assertThatThrownBy(() -> parse("--expect-header", "X-Api-Key: k1", "--expect-header", "X-Api-Key: k1"))
                .hasMessage("--expect-header 'X-Api-Key: <redacted>' is given twice");
    }
}
