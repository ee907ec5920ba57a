package dev.loadtest.request;

import dev.loadtest.Header;
import dev.loadtest.Redaction;
import dev.loadtest.internal.ContentTypes;
import dev.loadtest.internal.HttpSyntax;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One request to send: method, target, headers and body. Immutable: each of {@link #header}, {@link #body}
 * and {@link #jsonBody} returns a new request, so a request may be kept and shared between threads.
 *
 * <pre>{@code
 * Request order = Request.post("/orders/42")
 *         .header("Accept", "application/json")
 *         .jsonBody("{\"item\":\"tea\",\"quantity\":1}");
 * }</pre>
 *
 * <p>The target is either a path with an optional query ({@code /orders/42?expand=items}), sent to the run's
 * scheme, host and port as it is written (the path of the run's target URIs is not put in front of it), or an
 * absolute {@code http} or {@code https} URI of that same server ({@link #requireSameOrigin(List)}): a run's
 * connections all go to one server. Either must be made of the characters a URI may hold: percent-encode
 * the others ({@code %20} for a space).
 */
public final class Request {

    private final String method;
    private final String target;
    private final URI absolute;
    private final List<Header> headers;
    private final byte[] body;

    private Request(String method, String target, URI absolute, List<Header> headers, byte[] body) {
        this.method = method;
        this.target = target;
        this.absolute = absolute;
        this.headers = headers;
        this.body = body;
    }

    /** A {@code GET} of a path ({@code /items?page=2}) or an absolute URI of the run's server. */
    public static Request get(String target) {
        return of("GET", target);
    }

    /** A {@code POST} of a path or an absolute URI of the run's server; give its body with {@link #body}. */
    public static Request post(String target) {
        return of("POST", target);
    }

    /** A {@code PUT} of a path or an absolute URI of the run's server. */
    public static Request put(String target) {
        return of("PUT", target);
    }

    /** A {@code DELETE} of a path or an absolute URI of the run's server. */
    public static Request delete(String target) {
        return of("DELETE", target);
    }

    /**
     * A request of any method: {@code Request.of("PATCH", "/orders/42")}.
     *
     * @param method an HTTP token, such as {@code PATCH} or {@code OPTIONS}
     * @param target a path starting with {@code /}, with an optional query, or an absolute {@code http} or
     *     {@code https} URI; no fragment
     * @throws IllegalArgumentException naming the value and the rule it breaks
     */
    public static Request of(String method, String target) {
        Objects.requireNonNull(method, "method must not be null");
        Objects.requireNonNull(target, "target must not be null");
        if (!HttpSyntax.isToken(method)) {
            throw new IllegalArgumentException("method (" + method.replace("\r", "\\r").replace("\n", "\\n")
                    + ") must be an HTTP token, e.g. GET or POST");
        }
        URI absolute = target.startsWith("/") ? checkPath(target) : checkAbsolute(target);
        return new Request(method, target, absolute, List.of(), null);
    }

    /**
     * A request whose parts the caller has checked already ({@link TemplateSource}, which parses its templates
     * once and checks what it renders): a valid method and path, checked headers in an unmodifiable list, a body
     * no one changes, or null. Nothing is checked or copied again.
     */
    static Request checked(String method, String path, List<Header> headers, byte[] body) {
        return new Request(method, path, null, headers, body);
    }

    /**
     * This request, which has neither headers nor body, with these, as {@link #checked} takes them.
     */
    Request withChecked(List<Header> headers, byte[] body) {
        return new Request(method, target, absolute, headers, body);
    }

    /**
     * This request with one more header; a name may be given several times. See {@link Header} for the rules
     * (no CR or LF in a value, no header the engine sets itself).
     */
    public Request header(String name, String value) {
        Header header = new Header(name, value);
        List<Header> more = new ArrayList<>(headers.size() + 1);
        more.addAll(headers);
        more.add(header);
        return new Request(method, target, absolute, List.copyOf(more), body);
    }

    /** This request with these headers added after its own, in order. See {@link Header} for the rules. */
    public Request headers(List<Header> more) {
        List<Header> all = new ArrayList<>(headers.size() + more.size());
        all.addAll(headers);
        for (Header h : more) {
            all.add(Objects.requireNonNull(h, "header must not be null"));
        }
        return new Request(method, target, absolute, List.copyOf(all), body);
    }

    /** This request with a body of these bytes (copied), without changing its headers. */
    public Request body(byte[] body) {
        Objects.requireNonNull(body, "body must not be null");
        return new Request(method, target, absolute, headers, body.clone());
    }

    /**
     * This request with a text body and its {@code Content-Type} header, which replaces any given before:
     * {@code body("name=tea&quantity=1", "application/x-www-form-urlencoded")}. The text is encoded in the
     * charset the content type names ({@code charset=...}), UTF-8 when it names none.
     *
     * @throws IllegalArgumentException if the content type is not a valid header value or names a charset this
     *     JVM does not know
     */
    public Request body(String text, String contentType) {
        Objects.requireNonNull(text, "body must not be null");
        Header header = new Header("Content-Type", Objects.requireNonNull(contentType, "contentType must not be null"));
        byte[] bytes = text.getBytes(ContentTypes.charset(contentType));
        List<Header> replaced = new ArrayList<>(headers.size() + 1);
        for (Header h : headers) {
            if (!h.name().equalsIgnoreCase("Content-Type")) {
                replaced.add(h);
            }
        }
        replaced.add(header);
        return new Request(method, target, absolute, List.copyOf(replaced), bytes);
    }

    /**
     * This request with a JSON body, sent as given (not parsed) in UTF-8 with {@code Content-Type:
     * application/json}. Shorthand for {@code body(json, "application/json")}.
     */
    public Request jsonBody(String json) {
        return body(json, "application/json");
    }

    /** The method, such as {@code GET}. */
    public String method() {
        return method;
    }

    /** The target as given: a path with its query, or an absolute URI. */
    public String target() {
        return target;
    }

    /**
     * What the request line (or HTTP/2's {@code :path}) carries: the target itself when it is a path, an absolute
     * target's path and query ({@code /} when it has no path).
     */
    public String path() {
        if (absolute == null) {
            return target;
        }
        String path = absolute.getRawPath() == null || absolute.getRawPath().isEmpty() ? "/" : absolute.getRawPath();
        return absolute.getRawQuery() == null ? path : path + "?" + absolute.getRawQuery();
    }

    /** Whether the target is an absolute URI rather than a path. */
    public boolean isAbsolute() {
        return absolute != null;
    }

    /** The headers in the order given; unmodifiable. */
    public List<Header> headers() {
        return headers;
    }

    /** A copy of the body, if there is one. */
    public Optional<byte[]> body() {
        return Optional.ofNullable(body).map(byte[]::clone);
    }

    /** The body's length in bytes, or -1 without a body; does not copy. */
    public int bodyLength() {
        return body == null ? -1 : body.length;
    }

    /**
     * The URI this request goes to when the run's server is {@code server}: an absolute target as it is, a path
     * with the server's scheme and authority ({@code http://localhost:8080} + {@code /orders/42}).
     */
    public URI uri(URI server) {
        Objects.requireNonNull(server, "server must not be null");
        if (absolute != null) {
            return absolute;
        }
        return URI.create(server.getScheme() + "://" + server.getRawAuthority() + target);
    }

    /**
     * Checks that an absolute target goes to the run's server: the same scheme, host and port as the first of
     * the run's targets (they all share them). A path always does.
     *
     * @param targets the run's target URIs, not empty
     * @return this request
     * @throws IllegalArgumentException naming the target, the targets' server and the rule
     */
    public Request requireSameOrigin(List<URI> targets) {
        Objects.requireNonNull(targets, "targets must not be null");
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("targets must not be empty: give at least one URI");
        }
        if (absolute == null) {
            return this;
        }
        URI server = targets.get(0);
        if (!absolute.getScheme().equalsIgnoreCase(server.getScheme())
                || !absolute.getHost().equalsIgnoreCase(server.getHost()) || port(absolute) != port(server)) {
            throw new IllegalArgumentException("request target (" + Redaction.display(target)
                    + ") must use the same scheme, host and port as the run's targets (" + server.getScheme() + "://"
                    + server.getHost() + ":" + port(server) + "): a run's connections all go to one server");
        }
        return this;
    }

    /** Equal when method, target, headers and body are. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Request r && method.equals(r.method) && target.equals(r.target)
                && headers.equals(r.headers) && Arrays.equals(body, r.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(method, target, headers, Arrays.hashCode(body));
    }

    /** {@code POST /orders/42 [Content-Type: application/json] 27 bytes}, credentials redacted. */
    @Override
    public String toString() {
        return method + " " + Redaction.display(target) + (headers.isEmpty() ? "" : " " + headers)
                + (body == null ? "" : " " + body.length + " bytes");
    }

    /** A path must hold only the characters of RFC 3986 (a request line cannot carry the others). */
    private static URI checkPath(String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '#') {
                throw new IllegalArgumentException("request target (" + Redaction.display(path)
                        + ") must not have a fragment (#...): a fragment is never sent");
            }
            if (!HttpSyntax.isUriChar(c)) {
                throw new IllegalArgumentException("request target (" + Redaction.display(printable(path))
                        + ") has a character a URI cannot hold (" + describe(c) + " at index " + i
                        + "): percent-encode it, e.g. %20 for a space");
            }
            if (c == '%' && (i + 2 >= path.length() || !HttpSyntax.isHex(path.charAt(i + 1))
                    || !HttpSyntax.isHex(path.charAt(i + 2)))) {
                throw new IllegalArgumentException("request target (" + Redaction.display(path)
                        + ") has a % not followed by two hex digits at index " + i + ": write a % itself as %25");
            }
        }
        return null;
    }

    private static URI checkAbsolute(String target) {
        String lower = target.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
            throw new IllegalArgumentException("request target (" + Redaction.display(printable(target))
                    + ") must be a path starting with / or an absolute http:// or https:// URI");
        }
        URI uri;
        try {
            uri = new URI(target);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("request target (" + Redaction.display(printable(target))
                    + ") is not a valid URI: " + e.getReason() + " (percent-encode it, e.g. %20 for a space)");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("request target (" + Redaction.display(target)
                    + ") must not carry user info: send credentials with header(\"Authorization\", ...)");
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("request target (" + Redaction.display(target) + ") must name a host");
        }
        if (uri.getRawFragment() != null) {
            throw new IllegalArgumentException("request target (" + Redaction.display(target)
                    + ") must not have a fragment (#...): a fragment is never sent");
        }
        return uri;
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }


    private static String describe(char c) {
        return c == ' ' ? "a space" : c < 32 || c == 127 ? String.format("control character U+%04X", (int) c)
                : "'" + c + "'";
    }

    private static String printable(String s) {
        return s.replace("\r", "\\r").replace("\n", "\\n");
    }
}
