package dev.loadtest.internal.engine.scenario;

import dev.loadtest.Header;
import dev.loadtest.Redaction;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hc.client5.http.CircularRedirectException;
import org.apache.hc.client5.http.RedirectException;
import org.apache.hc.client5.http.impl.DefaultRedirectStrategy;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.client5.http.protocol.RedirectLocations;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.message.BasicHttpResponse;

/**
 * The redirects of one step of a session that follows them ({@code Scenario.followRedirects()}): from the request
 * just sent and its response's status and {@code Location}, the request to send next, or nothing when the response
 * is the step's final one. Pure: it sends nothing and keeps only the chain of this step's URIs. One per step.
 *
 * <pre>{@code
 * Redirects redirects = new Redirects(server);
 * Request sent = first;
 * ... on each response:
 * Optional<Request> next = redirects.next(sent, status, response.headers("Location"));  // throws RedirectException
 * }</pre>
 *
 * <p>HttpClient 5's rules, from its {@code DefaultRedirectStrategy} (which statuses redirect, how a Location is
 * parsed, normalised and resolved against the request's URI) and its {@code RedirectExec} (the method): 301 and
 * 302 turn a POST into a GET, 303 turns anything but GET and HEAD into a GET, each without its body and the
 * headers that describe one; 307 and 308 keep method, headers and body. Beyond them, for a load test:
 * <ul>
 *   <li>a Location on another scheme, host or port is refused: a run's connections all go to one server;</li>
 *   <li>a URI visited before in this step is a loop (the first request's too, unlike HttpClient, so that
 *       {@code /a → /b → /a} stops at once); more than {@value #MAX_REDIRECTS} redirects fail the step.</li>
 * </ul>
 * The next request carries no {@code Cookie} header: the cookies for the new URI are the session's jar's to give
 * ({@link HttpClientCookieJar#cookieHeader}), after it has taken the redirect response's {@code Set-Cookie}.
 */
public final class Redirects {

    /** The most redirects one step follows. */
    public static final int MAX_REDIRECTS = Scenario.MAX_REDIRECTS;

    /** The headers that describe a body (Fetch's "request-body-header names"), dropped with it. */
    private static final Set<String> BODY_HEADERS = Set.of("content-type", "content-length", "content-encoding",
            "content-language", "content-location", "transfer-encoding");

    private final URI server;
    private final RedirectLocations visited = new RedirectLocations();

    /**
     * @param server the run's server ({@code http://host:port}): the only origin a redirect may go to
     */
    public Redirects(URI server) {
        this.server = Objects.requireNonNull(server, "server must not be null");
    }

    /**
     * The request that follows this response, or empty when it is not a redirect (no {@code Location}, or a status
     * other than 301, 302, 303, 307 and 308): the step ends with it.
     *
     * @param sent the request that got this response (its target a path or an absolute URI of the server)
     * @param status the response's status
     * @param locations the response's {@code Location} header values; the first counts
     * @throws RedirectException why the redirect cannot be followed, for the step's failure: another origin, a
     *     Location that is not a URI, too many redirects, or a loop ({@link CircularRedirectException})
     */
    public Optional<Request> next(Request sent, int status, List<String> locations) throws RedirectException {
        URI from = sent.uri(server);
        if (visited.size() == 0) {
            visited.add(from);
        }
        BasicHttpRequest request = new BasicHttpRequest(sent.method(), from);
        BasicHttpResponse response = new BasicHttpResponse(status);
        if (!locations.isEmpty()) {
            response.addHeader(HttpHeaders.LOCATION, locations.get(0));
        }
        URI to;
        try {
            HttpClientContext context = HttpClientContext.create();
            if (!DefaultRedirectStrategy.INSTANCE.isRedirected(request, response, context)) {
                return Optional.empty();
            }
            to = DefaultRedirectStrategy.INSTANCE.getLocationURI(request, response, context);
        } catch (HttpException e) {
            throw new RedirectException("redirect " + status + " from " + Redaction.display(from) + " to Location ("
                    + Redaction.display(locations.get(0)) + ") cannot be followed: " + e.getMessage(), e);
        }
        if (!sameOrigin(to)) {
            throw new RedirectException("redirect " + status + " from " + Redaction.display(from) + " to "
                    + Redaction.display(to) + " refused: it leaves "
                    + origin(server) + ", and a run's connections all go to one server");
        }
        URI target = withoutFragment(to);
        if (visited.contains(target)) {
            throw new CircularRedirectException("redirect loop: " + chain() + " -> " + Redaction.display(target));
        }
        if (visited.size() > MAX_REDIRECTS) {
            throw new RedirectException("more than " + MAX_REDIRECTS + " redirects: " + chain() + " -> "
                    + Redaction.display(target));
        }
        visited.add(target);
        try {
            return Optional.of(follow(sent, status, target));
        } catch (IllegalArgumentException e) {
            // a URI that java.net.URI takes but a request target may not carry
            throw new RedirectException("redirect " + status + " from " + Redaction.display(from) + " to "
                    + Redaction.display(target) + " cannot be followed: " + e.getMessage(), e);
        }
    }

    /** How many redirects this step has followed. */
    public int followed() {
        return Math.max(0, visited.size() - 1);
    }

    private static Request follow(Request sent, int status, URI target) {
        String path = (target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath())
                + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery());
        String method = sent.method();
        boolean toGet = switch (status) {
            case 301, 302 -> method.equalsIgnoreCase("POST");
            case 303 -> !method.equalsIgnoreCase("GET") && !method.equalsIgnoreCase("HEAD");
            default -> false;
        };
        List<Header> headers = new ArrayList<>(sent.headers().size());
        for (Header header : sent.headers()) {
            String name = header.name().toLowerCase(Locale.ROOT);
            if (!name.equals("cookie") && !(toGet && BODY_HEADERS.contains(name))) {
                headers.add(header);
            }
        }
        Request next = Request.of(toGet ? "GET" : method, path).headers(headers);
        return toGet ? next : sent.body().map(next::body).orElse(next);
    }

    private boolean sameOrigin(URI to) {
        return to.getScheme() != null && to.getHost() != null && to.getScheme().equalsIgnoreCase(server.getScheme())
                && to.getHost().equalsIgnoreCase(server.getHost()) && port(to) == port(server);
    }

    private static URI withoutFragment(URI uri) {
        if (uri.getRawFragment() == null) {
            return uri;
        }
        String s = uri.toString();
        return URI.create(s.substring(0, s.indexOf('#')));
    }

    private String chain() {
        return visited.getAll().stream().map(Redaction::display).collect(Collectors.joining(" -> "));
    }

    private static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getHost() + ":" + port(uri);
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }
}
