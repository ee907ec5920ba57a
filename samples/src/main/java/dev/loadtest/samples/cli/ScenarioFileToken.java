package dev.loadtest.samples.cli;

import dev.loadtest.DurationFormat;
import dev.loadtest.Header;
import dev.loadtest.Redaction;
import dev.loadtest.samples.cli.YamlFields.FileError;
import dev.loadtest.scenario.TokenProvider;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;

/**
 * The {@code token} block of a {@link ScenarioFile}: where the scenario's token comes from, as an OAuth 2 token
 * endpoint answers (RFC 6749 5.1: {@code {"access_token": "...", "expires_in": 300}}). The block becomes a
 * {@link TokenProvider} that the run calls before it starts and again before the token expires.
 *
 * <pre>
 * token:
 *   uri: http://127.0.0.1:8080/oauth/token       # absolute; POSTed to unless method says otherwise
 *   headers: { Authorization: "Basic c2hvcDpzM2NyM3Q=" }
 *   body: grant_type=client_credentials           # sent as a form unless a Content-Type header is given
 *   json: $.access_token                          # where the token is (this by default)
 *   expires-in: $.expires_in                      # its lifetime in seconds (this by default)
 *   lifetime: 5m                                  # when the answer gives none
 * </pre>
 *
 * <p>Paths are property names from the top, {@code $.a.b}: what token endpoints answer needs no more. The
 * provider sends with the JDK's HTTP client, never on the run's connections, with a 10 second timeout; an
 * answer other than 2xx, or one without the token, is a failed fetch whose message says which.
 */
final class ScenarioFileToken {

    private static final String[] FIELDS = {"uri", "method", "headers", "body", "json", "expires-in", "lifetime"};
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Shown of an answer that is not what was expected: enough to recognise an error page. */
    private static final int SHOWN_BODY = 200;

    private final String file;

    private ScenarioFileToken(String file) {
        this.file = file;
    }

    /**
     * The provider the block describes.
     *
     * @throws FileError {@code FILE:LINE: rule} for a wrong field
     */
    static TokenProvider provider(String file, Node node) {
        return new ScenarioFileToken(file).read(node);
    }

    private TokenProvider read(Node node) {
        YamlFields token = YamlFields.of(file, node, "the token block").only(FIELDS);
        String uriText = token.text("uri");
        if (uriText == null) {
            throw new FileError(file, node, "the token block has no field 'uri': give the token endpoint, "
                    + "e.g. uri: http://127.0.0.1:8080/oauth/token");
        }
        URI uri = uri(token, uriText);
        String method = token.has("method") ? token.text("method").toUpperCase(Locale.ROOT) : "POST";
        List<Header> headers = new ArrayList<>();
        if (token.has("headers")) {
            YamlFields named = YamlFields.of(file, token.node("headers"), "the headers of the token block");
            for (String name : named.names()) {
                try {
                    headers.add(new Header(name, named.text(name)));
                } catch (IllegalArgumentException e) {
                    throw new FileError(file, named.node(name), e.getMessage());
                }
            }
        }
        String body = token.text("body");
        if (body != null && headers.stream().noneMatch(h -> h.name().equalsIgnoreCase("Content-Type"))) {
            headers.add(new Header("Content-Type", "application/x-www-form-urlencoded"));
        }
        List<String> tokenPath = path(token, "json", "$.access_token");
        List<String> expiresPath = path(token, "expires-in", "$.expires_in");
        Duration lifetime = null;
        if (token.has("lifetime")) {
            try {
                lifetime = DurationFormat.parse(token.text("lifetime"));
            } catch (IllegalArgumentException e) {
                throw new FileError(file, token.node("lifetime"), "lifetime (" + token.text("lifetime") + ") "
                        + e.getMessage());
            }
        }
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).method(method, body == null
                    ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            headers.forEach(h -> request.header(h.name(), h.value()));
            return new Endpoint(request.build(), tokenPath, expiresPath, Optional.ofNullable(lifetime));
        } catch (IllegalArgumentException e) {
            // the JDK's client refuses a few headers it sets itself (Host, Content-Length, ...) and bad methods
            throw new FileError(file, node, "the token block's request cannot be sent: " + e.getMessage());
        }
    }

    private URI uri(YamlFields token, String text) {
        URI uri = YamlFields.httpUri(text);
        if (uri != null) {
            return uri;
        }
        throw new FileError(file, token.node("uri"), "uri (" + Redaction.display(text) + ") of the token block must be "
                + "an absolute http:// or https:// URI");
    }

    /** {@code $.a.b} or {@code a.b} as property names. */
    private List<String> path(YamlFields token, String field, String fallback) {
        String text = token.has(field) ? token.text(field) : fallback;
        String names = text.startsWith("$.") ? text.substring(2) : text;
        List<String> path = List.of(names.split("\\.", -1));
        if (names.isEmpty() || path.stream().anyMatch(String::isEmpty)) {
            throw new FileError(file, token.node(field), field + " (" + text + ") of the token block must be property "
                    + "names from the top of the answer, e.g. $.access_token");
        }
        return path;
    }

    /** The provider: one request to the endpoint per fetch, the token and its lifetime read from the answer. */
    private record Endpoint(HttpRequest request, List<String> tokenPath, List<String> expiresPath,
                            Optional<Duration> lifetime) implements TokenProvider {

        /** One client for every fetch of a run: fetches are rare, and it keeps its connection. */
        private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

        @Override
        public Token fetch() throws Exception {
            HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
            String where = Redaction.display(request.uri());
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException("token endpoint " + where + " answered " + response.statusCode()
                        + ": " + shown(response.body()));
            }
            Map<?, ?> answer = json(where, response.body());
            Object token = at(answer, tokenPath);
            if (!(token instanceof String value) || value.isBlank()) {
                throw new IllegalStateException("the answer of token endpoint " + where + " has no text at $."
                        + String.join(".", tokenPath));
            }
            Object expiresIn = at(answer, expiresPath);
            if (expiresIn instanceof Number seconds && seconds.longValue() > 0) {
                return Token.bearer(value, Duration.ofSeconds(seconds.longValue()));
            }
            return Token.bearer(value, lifetime.orElseThrow(() -> new IllegalStateException("the answer of token "
                    + "endpoint " + where + " has no positive number of seconds at $." + String.join(".", expiresPath)
                    + ": give lifetime in the token block")));
        }

        private static Map<?, ?> json(String where, String body) {
            try {
                Object parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(body);   // JSON is YAML
                if (parsed instanceof Map<?, ?> map) {
                    return map;
                }
            } catch (YAMLException e) {
                // said below
            }
            throw new IllegalStateException("the answer of token endpoint " + where + " is not a JSON object: "
                    + shown(body));
        }

        private static Object at(Map<?, ?> answer, List<String> path) {
            Object value = answer;
            for (String name : path) {
                value = value instanceof Map<?, ?> map ? map.get(name) : null;
            }
            return value;
        }

        private static String shown(String body) {
            String line = body.strip().replaceAll("\\s+", " ");
            return Redaction.display(line.length() > SHOWN_BODY ? line.substring(0, SHOWN_BODY) + "..." : line);
        }

        @Override
        public String toString() {
            return request.method() + " " + Redaction.display(request.uri());
        }
    }
}
