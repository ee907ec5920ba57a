package dev.loadtest.internal.scenario;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A test's cookie jar: name=value pairs, every cookie sent everywhere, and the URIs it was asked about kept, so
 * that a test sees what the session gave it. The engine's jar is HttpClient 5's, with RFC 6265's rules.
 */
final class MapCookieJar implements CookieJar {

    final Map<String, String> cookies = new LinkedHashMap<>();
    URI lastReceivedFrom;

    @Override
    public void receive(URI uri, List<String> setCookieHeaders) {
        lastReceivedFrom = uri;
        for (String header : setCookieHeaders) {
            String pair = header.split(";", 2)[0];
            int eq = pair.indexOf('=');
            cookies.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
    }

    @Override
    public Optional<String> cookieHeader(URI uri) {
        if (cookies.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(cookies.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("; ")));
    }

    @Override
    public Optional<String> value(String name) {
        return Optional.ofNullable(cookies.get(name));
    }
}
