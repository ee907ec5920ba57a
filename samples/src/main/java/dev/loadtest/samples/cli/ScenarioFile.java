package dev.loadtest.samples.cli;

import dev.loadtest.BoundedFile;
import dev.loadtest.Redaction;
import dev.loadtest.request.Feeder;
import dev.loadtest.samples.cli.YamlFields.FileError;
import dev.loadtest.scenario.Repeat;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.ScenarioPart;
import dev.loadtest.scenario.ScenarioRuleException;
import dev.loadtest.scenario.Step;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The command's scenario file ({@code loadtest scenario flow.yaml -u 50 -D 1m}): a {@link Scenario} written in
 * YAML or JSON (JSON is YAML too), read with SnakeYAML, so that people who do not write Java can run flows.
 *
 * <pre>
 * scenario: shop
 * feeder: users.csv                  # optional, beside this file; feeder-order: circular | in-order | random
 * follow-redirects: true             # optional: each step follows up to 10 redirects of its server
 * token:                             # optional: an OAuth token endpoint, see ScenarioFileToken
 *   uri: http://127.0.0.1:8080/oauth/token
 *   body: grant_type=client_credentials
 * steps:
 *   - name: login
 *     request: { method: POST, uri: /login, body: "user={{user}}" }   # or: request: POST /login
 *     expect: { status: 200, json: "$.ok=true" }                       # the --expect-* words
 *     extract: { token: { json: $.token }, sid: { cookie: SESSION, optional: true } }
 *     pause: 1s                                                        # or { uniform: [1s, 3s] }, { exponential: 2s }
 *   - repeat: 3
 *     steps:
 *       - name: browse
 *         request: GET /catalogue?page={{randomInt 1 5}}
 *         if: token                                                    # runs only when token is set
 * </pre>
 *
 * <p>Every error is a usage error before any load is sent, naming the file, the line and the rule: a malformed
 * file, an unknown field, a step without a request, a variable used before any step sets it, a feeder column
 * that is not there. Here, in the command's module, rather than in the library: it is the command's format (its
 * checks are the {@code --expect-*} words of {@link ExpectOptions}), and the library's users, who write
 * scenarios in Java, do not get a YAML parser on their class path for it.
 */
final class ScenarioFile {

    /** A scenario file is a few hundred lines; the bound only stops a wrong file (a device, a dump). */
    static final long MAX_BYTES = 1 << 20;

    private final String file;
    private final Path folder;
    /** Where each step is written, for the scenario's rules, which name a step but know no line. */
    private final Map<Step, Node> stepNodes = new IdentityHashMap<>();

    private ScenarioFile(Path path) {
        this.file = path.toString();
        this.folder = path.toAbsolutePath().getParent();
    }

    /**
     * What a scenario file gives the command: the scenario, its feeder if it names one, and the server its steps go
     * to if it names one ({@code target:}, which a URI on the command line overrides).
     */
    record Contents(Scenario scenario, Optional<Feeder> feeder, Optional<String> target) {
    }

    /**
     * Reads and checks a scenario file.
     *
     * @throws IllegalArgumentException {@code FILE:LINE: rule} for anything wrong in it, or naming the file when
     *     it cannot be read
     */
    static Contents read(Path path) {
        String text;
        try {
            text = new String(BoundedFile.read("scenario file", path, MAX_BYTES), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("scenario file (" + path + ") cannot be read: "
                    + BoundedFile.describe(e));
        }
        return new ScenarioFile(path).parse(text);
    }

    private Contents parse(String text) {
        Node root = compose(text);
        YamlFields top = YamlFields.of(file, root, "the scenario file").only("scenario", "target", "feeder",
                "feeder-order", "follow-redirects", "token", "steps");
        String name = top.text("scenario");
        if (name == null) {
            throw new FileError(file, root, "the scenario file has no field 'scenario': give the scenario's name");
        }
        Optional<Feeder> feeder = feeder(top);
        List<ScenarioPart> parts = parts(top.required("steps"), "the scenario's steps");
        Scenario scenario;
        try {
            scenario = Scenario.of(name, parts);
            scenario.requireColumns(feeder.map(Feeder::columns).orElse(List.of()));
        } catch (ScenarioRuleException e) {
            throw new FileError(file, e.step().map(stepNodes::get).orElse(root), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new FileError(file, top.required("scenario"), e.getMessage());
        }
        return new Contents(sessionSettings(top, scenario), feeder, target(top));
    }

    /** {@code target: http://host:port}: the server, an absolute http or https URI. */
    private Optional<String> target(YamlFields top) {
        String target = top.text("target");
        if (target == null) {
            return Optional.empty();
        }
        if (YamlFields.httpUri(target) == null) {
            throw new FileError(file, top.required("target"), "target (" + Redaction.display(target)
                    + ") must be an absolute http or https URI, e.g. http://127.0.0.1:8080");
        }
        return Optional.of(target);
    }

    /** {@code follow-redirects: true} and the {@code token} block ({@link ScenarioFileToken}). */
    private Scenario sessionSettings(YamlFields top, Scenario scenario) {
        Scenario set = top.bool("follow-redirects") ? scenario.followRedirects() : scenario;
        return top.has("token") ? set.authorization(ScenarioFileToken.provider(file, top.node("token"))) : set;
    }

    private Node compose(String text) {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(false);
        options.setMaxAliasesForCollections(10);   // a scenario has no use for a billion laughs
        try {
            Node root = new Yaml(new SafeConstructor(options)).compose(new StringReader(text));
            if (root == null) {
                throw new IllegalArgumentException(file + ":1: the scenario file is empty: give scenario and steps");
            }
            return root;
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String line = mark == null ? "" : ":" + (mark.getLine() + 1);
            throw new IllegalArgumentException(file + line + ": not valid YAML or JSON: " + e.getProblem());
        } catch (org.yaml.snakeyaml.error.YAMLException e) {
            throw new IllegalArgumentException(file + ": not valid YAML or JSON: " + e.getMessage());
        }
    }

    private Optional<Feeder> feeder(YamlFields top) {
        String name = top.text("feeder");
        if (name == null) {
            if (top.has("feeder-order")) {
                throw new FileError(file, top.node("feeder-order"), "feeder-order needs a feeder: add feeder: FILE");
            }
            return Optional.empty();
        }
        try {
            Feeder feeder = Feeder.of(folder.resolve(name));
            String order = top.text("feeder-order");
            return Optional.of(order == null ? feeder : feeder.order(Feeder.Order.of(order)));
        } catch (IllegalArgumentException e) {
            throw new FileError(file, top.node(top.has("feeder-order") ? "feeder-order" : "feeder"), e.getMessage());
        }
    }

    /** A list of steps and repeats. */
    private List<ScenarioPart> parts(Node node, String what) {
        if (!(node instanceof SequenceNode sequence)) {
            throw new FileError(file, node, what + " must be a list (- name: ...), not " + YamlFields.kind(node));
        }
        if (sequence.getValue().isEmpty()) {
            throw new FileError(file, node, what + " are empty: give at least one step");
        }
        List<ScenarioPart> parts = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            parts.add(part(item));
        }
        return parts;
    }

    private ScenarioPart part(Node node) {
        YamlFields fields = YamlFields.of(file, node, "a step");
        if (fields.has("repeat")) {
            fields = YamlFields.of(file, node, "repeat").only("repeat", "steps");
            String times = fields.text("repeat");
            List<ScenarioPart> inner = parts(fields.required("steps"), "repeat's steps");
            int count;
            try {
                count = Integer.parseInt(times.strip());
            } catch (NumberFormatException e) {
                throw new FileError(file, fields.node("repeat"), "repeat (" + times + ") must be a whole number of"
                        + " passes, e.g. repeat: 3");
            }
            try {
                return new Repeat(count, inner);
            } catch (IllegalArgumentException e) {
                throw new FileError(file, fields.node("repeat"), e.getMessage());
            }
        }
        Step step = new ScenarioFileStep(file, node).step();
        stepNodes.put(step, node);
        return step;
    }
}
