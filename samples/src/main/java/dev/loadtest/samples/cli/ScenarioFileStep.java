package dev.loadtest.samples.cli;

import dev.loadtest.DurationFormat;
import dev.loadtest.Header;
import dev.loadtest.check.Check;
import dev.loadtest.samples.cli.YamlFields.FileError;
import dev.loadtest.scenario.Extract;
import dev.loadtest.scenario.Pause;
import dev.loadtest.scenario.Step;
import dev.loadtest.scenario.StepRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * One step of a {@link ScenarioFile}: {@code name}, {@code request} (a template, as the command's URI, headers
 * and body are), {@code expect} (the {@code --expect-*} words), {@code extract}, {@code pause} and {@code if}.
 * Each value's error says the line of that value.
 */
final class ScenarioFileStep {

    private static final String[] FIELDS = {"name", "request", "expect", "extract", "pause", "if"};

    private final String file;
    private final Node node;
    private final YamlFields fields;
    private final String what;

    ScenarioFileStep(String file, Node node) {
        this.file = file;
        this.node = node;
        YamlFields named = YamlFields.of(file, node, "a step");
        String name = named.text("name");
        if (name == null) {
            throw new FileError(file, node, "a step has no field 'name': every step has one, unique in the file");
        }
        this.what = "step '" + name + "'";
        this.fields = YamlFields.of(file, node, what).only(FIELDS);
    }

    Step step() {
        if (!fields.has("request")) {
            throw new FileError(file, node, what + " has no request: a step sends one (request: GET /path)");
        }
        Step step = at("name", () -> Step.of(fields.text("name"), request(fields.node("request"))));
        if (fields.has("expect")) {
            Node expect = fields.node("expect");
            Step plain = step;
            step = at(expect, () -> plain.checks(checks(expect).toArray(Check[]::new)));
        }
        if (fields.has("extract")) {
            step = step.extract(extracts(fields.node("extract")).toArray(Extract[]::new));   // the keys are distinct
        }
        if (fields.has("pause")) {
            step = step.pause(pause(fields.node("pause")));
        }
        if (fields.has("if")) {
            Step plain = step;
            step = at("if", () -> plain.onlyIf(fields.text("if")));
        }
        return step;
    }

    /** {@code GET /path}, {@code /path}, or {@code {method, uri, headers, body}}. */
    private StepRequest request(Node node) {
        String method;
        String uri;
        List<Header> headers = new ArrayList<>();
        String body = null;
        if (node instanceof ScalarNode scalar) {
            String[] words = scalar.getValue().strip().split("\\s+", 2);
            method = words.length == 2 ? words[0] : "GET";
            uri = words[words.length - 1];
        } else {
            YamlFields request = YamlFields.of(file, node, "the request of " + what)
                    .only("method", "uri", "headers", "body");
            method = request.has("method") ? request.text("method") : "GET";
            uri = request.text("uri");
            if (uri == null) {
                throw new FileError(file, node, "the request of " + what + " has no field 'uri': give a path"
                        + " (/orders/{{seq}}) or a URI of the run's server");
            }
            if (request.has("headers")) {
                YamlFields named = YamlFields.of(file, request.node("headers"), "the headers of " + what);
                for (String name : named.names()) {
                    String value = named.text(name);
                    headers.add(at(named.node(name), () -> new Header(name, value)));
                }
            }
            body = request.text("body");
        }
        String m = method;
        String u = uri;
        String b = body;
        return at(node, () -> StepRequest.template(m, u, headers, b));
    }

    /** The {@code --expect-*} words in the flags' order: {@code status}, {@code header}, {@code body}, {@code json}. */
    private List<Check> checks(Node node) {
        YamlFields expect = YamlFields.of(file, node, "the expect of " + what).only("status", "header", "body", "json");
        List<Check> checks = new ArrayList<>();
        if (expect.has("status")) {
            checks.add(at(expect.node("status"), () -> ExpectOptions.status(expect.texts("status"))));
        }
        for (String header : expect.texts("header")) {
            checks.add(at(expect.node("header"), () -> ExpectOptions.header(header)));
        }
        for (String body : expect.texts("body")) {
            checks.add(at(expect.node("body"), () -> Check.bodyContains(body)));
        }
        for (String json : expect.texts("json")) {
            checks.add(at(expect.node("json"), () -> ExpectOptions.json(json)));
        }
        return checks;
    }

    /** {@code VARIABLE: {json|header|regex|cookie: EXPRESSION, optional: true}}, in the order written. */
    private List<Extract> extracts(Node node) {
        YamlFields variables = YamlFields.of(file, node, "the extract of " + what);
        List<Extract> extracts = new ArrayList<>();
        for (String variable : variables.names()) {
            Node source = variables.node(variable);
            YamlFields from = YamlFields.of(file, source, "extraction '" + variable + "' of " + what)
                    .only("json", "header", "regex", "cookie", "optional");
            List<String> kinds = new ArrayList<>(from.names());
            kinds.remove("optional");
            if (kinds.size() != 1) {
                throw new FileError(file, source, "extraction '" + variable + "' of " + what + " must give one of"
                        + " json, header, regex or cookie, not " + (kinds.isEmpty() ? "none" : kinds));
            }
            String kind = kinds.get(0);
            String expression = from.text(kind);
            Extract extract = at(from.node(kind), () -> (switch (kind) {
                case "json" -> Extract.jsonPath(expression);
                case "header" -> Extract.header(expression);
                case "regex" -> Extract.regex(expression);
                default -> Extract.cookie(expression);
            }).into(variable));
            if (from.bool("optional")) {
                extract = extract.optional();
            }
            extracts.add(extract);
        }
        return extracts;
    }

    /** {@code 1s}, {@code {uniform: [1s, 3s]}} or {@code {exponential: 2s}}. */
    private Pause pause(Node node) {
        if (node instanceof ScalarNode scalar) {
            return at(node, () -> Pause.fixed(duration(scalar.getValue())));
        }
        YamlFields pause = YamlFields.of(file, node, "the pause of " + what).only("uniform", "exponential");
        if (pause.names().size() != 1) {
            throw new FileError(file, node, "the pause of " + what + " must be a duration (1s), {uniform: [MIN, MAX]}"
                    + " or {exponential: MEAN}");
        }
        if (pause.has("exponential")) {
            return at(node, () -> Pause.exponential(duration(pause.text("exponential"))));
        }
        Node bounds = pause.node("uniform");
        if (!(bounds instanceof SequenceNode sequence) || sequence.getValue().size() != 2) {
            throw new FileError(file, bounds, "uniform of " + what + " must be two durations: [MIN, MAX]");
        }
        List<String> both = pause.texts("uniform");
        return at(bounds, () -> Pause.uniform(duration(both.get(0)), duration(both.get(1))));
    }

    private static Duration duration(String text) {
        try {
            return DurationFormat.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("pause (" + text + ") " + e.getMessage());
        }
    }

    /** The value, or the model's error at the line of the field {@code name}. */
    private <T> T at(String name, Supplier<T> value) {
        return at(fields.node(name), value);
    }

    /** The value, or the model's error at the node's line: the rule as the Java model words it. */
    private <T> T at(Node where, Supplier<T> value) {
        try {
            return value.get();
        } catch (FileError e) {
            throw e;
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new FileError(file, where, String.valueOf(e.getMessage()).replaceFirst("^--expect-", "expect "));
        }
    }

}
