package dev.loadtest.internal.engine.scenario;

import dev.loadtest.internal.scenario.CookieJar;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hc.client5.http.cookie.BasicCookieStore;
import org.apache.hc.client5.http.cookie.Cookie;
import org.apache.hc.client5.http.cookie.CookieOrigin;
import org.apache.hc.client5.http.cookie.CookieSpec;
import org.apache.hc.client5.http.cookie.MalformedCookieException;
import org.apache.hc.client5.http.impl.cookie.RFC6265CookieSpecFactory;
import org.apache.hc.client5.http.psl.PublicSuffixMatcherLoader;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;

/**
 * A session's cookie jar on HttpClient 5: its {@link BasicCookieStore} holds the cookies, its RFC 6265 strict
 * spec (the one HttpClient uses by default, with the public suffix list) parses, validates, matches and formats
 * them. The steps mirror HttpClient's own {@code ResponseProcessCookies} and {@code RequestAddCookies}, so a
 * session treats cookies as an HttpClient 5 client would: path and domain matching, {@code Expires} and
 * {@code Max-Age} (0 deletes), {@code Secure} cookies sent only over https.
 *
 * <p>One per session; a session runs one step at a time, so this is not meant to be shared between threads
 * (the store locks anyway). The spec is stateless and shared by every jar.
 */
public final class HttpClientCookieJar implements CookieJar {

    /** How many refusal reasons are kept: enough to explain a missing cookie, bounded whatever the server sends. */
    static final int MAX_REJECTIONS = 8;

    /** The strict RFC 6265 spec; made once (it loads the public suffix list), stateless, thread-safe. */
    private static final CookieSpec SPEC = new RFC6265CookieSpecFactory(
            RFC6265CookieSpecFactory.CompatibilityLevel.STRICT, PublicSuffixMatcherLoader.getDefault()).create(null);

    private final BasicCookieStore store = new BasicCookieStore();
    private final Deque<String> rejections = new ArrayDeque<>();

    @Override
    public void receive(URI uri, List<String> setCookieHeaders) {
        if (setCookieHeaders.isEmpty()) {
            return;
        }
        CookieOrigin origin = origin(uri);
        for (String value : setCookieHeaders) {
            try {
                for (Cookie cookie : SPEC.parse(new BasicHeader("Set-Cookie", value), origin)) {
                    try {
                        SPEC.validate(cookie, origin);
                        store.addCookie(cookie);
                    } catch (MalformedCookieException e) {
                        reject("cookie " + cookie.getName() + " from " + uri + " refused: " + e.getMessage());
                    }
                }
            } catch (MalformedCookieException e) {
                reject("Set-Cookie (" + value + ") from " + uri + " is malformed: " + e.getMessage());
            }
        }
    }

    @Override
    public Optional<String> cookieHeader(URI uri) {
        Instant now = Instant.now();
        CookieOrigin origin = origin(uri);
        List<Cookie> matched = new ArrayList<>();
        boolean expired = false;
        for (Cookie cookie : store.getCookies()) {
            if (cookie.isExpired(now)) {
                expired = true;
            } else if (SPEC.match(cookie, origin)) {
                matched.add(cookie);
            }
        }
        if (expired) {
            // RFC 6265 5.3: evict expired cookies whenever one is seen
            store.clearExpired(now);
        }
        if (matched.isEmpty()) {
            return Optional.empty();
        }
        // the spec orders them as RFC 6265 5.4 recommends: longer paths first, then older
        List<Header> headers = SPEC.formatCookies(matched);
        return headers.isEmpty() ? Optional.empty() : Optional.of(headers.get(0).getValue());
    }

    @Override
    public Optional<String> value(String name) {
        Instant now = Instant.now();
        for (Cookie cookie : store.getCookies()) {
            if (cookie.getName().equals(name) && !cookie.isExpired(now)) {
                return Optional.of(cookie.getValue());
            }
        }
        return Optional.empty();
    }

    /**
     * Why cookies the server sent were refused (malformed, or a domain or path the response's origin may not
     * set), the latest {@value #MAX_REJECTIONS} at most, oldest first: what to say when a step misses a cookie.
     */
    public List<String> rejections() {
        return List.copyOf(rejections);
    }

    /**
     * The cookies held, for a failure message or a debugger, without their values (a session cookie is a
     * credential): {@code [SESSION (127.0.0.1, /), theme (127.0.0.1, /app)]}.
     */
    @Override
    public String toString() {
        return store.getCookies().stream().map(c -> c.getName() + " (" + c.getDomain() + ", " + c.getPath() + ")")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    private void reject(String reason) {
        if (rejections.size() == MAX_REJECTIONS) {
            rejections.removeFirst();
        }
        rejections.addLast(reason);
    }

    /** The cookie origin of a request to this absolute URI: host, port (the scheme's when absent), path, https. */
    static CookieOrigin origin(URI uri) {
        Objects.requireNonNull(uri, "uri must not be null");
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost();
        if (host == null || !(scheme.equals("http") || scheme.equals("https"))) {
            throw new IllegalArgumentException("cookie origin (" + uri + ") must be an absolute http or https URI");
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1); // an IPv6 literal, as HttpClient names the host
        }
        boolean secure = scheme.equals("https");
        int port = uri.getPort() >= 0 ? uri.getPort() : secure ? 443 : 80;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return new CookieOrigin(host, port, path, secure);
    }
}
