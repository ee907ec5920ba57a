package dev.loadtest.internal.scenario;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * A session's cookies: what the server set, sent back where RFC 6265 says they go. The engine backs it with
 * HttpClient 5's {@code BasicCookieStore} and its RFC 6265 cookie spec (strict); the api module names no
 * HttpClient type, so the session sees only this.
 *
 * <p>One per session; a session runs one step at a time, so an implementation need not be thread-safe.
 */
public interface CookieJar {

    /** Stores the cookies of a response's {@code Set-Cookie} headers, for a request sent to {@code uri}. */
    void receive(URI uri, List<String> setCookieHeaders);

    /** The value of the {@code Cookie} header for a request to {@code uri}, empty when no cookie goes there. */
    Optional<String> cookieHeader(URI uri);

    /** The value of a cookie of this name that has not expired, whatever its domain and path. */
    Optional<String> value(String name);
}
