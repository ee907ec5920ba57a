package dev.loadtest;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The rules a load test's URIs follow. Every message shows a URI through {@link Redaction}. */
final class Targets {

    /** The highest TCP port. */
    static final int MAX_PORT = 65_535;

    private Targets() {
    }

    static List<URI> check(List<URI> uris) {
        if (uris.isEmpty()) {
            throw new IllegalArgumentException("targets must not be empty: give at least one URI");
        }
        URI first = null;
        for (URI uri : uris) {
            Objects.requireNonNull(uri, "target must not be null");
            String shown = Redaction.display(uri);
            // before any other rule, so that its message cannot be the one to print a password; a
            // registry-based authority (a host with '_') has no parsed user info: look at the raw authority
            if (uri.getRawUserInfo() != null || (uri.getRawAuthority() != null && uri.getRawAuthority().contains("@"))) {
                throw new IllegalArgumentException("target (" + shown
                        + ") must not carry user info: send credentials with header(\"Authorization\", ...)");
            }
            String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!"http".equals(scheme) && !"https".equals(scheme)) {
                throw new IllegalArgumentException("target (" + shown + ") must use the http or https scheme");
            }
            if (uri.getHost() == null || uri.getHost().isEmpty()) {
                throw new IllegalArgumentException("target (" + shown + ") must name a host"
                        + (uri.getRawAuthority() != null && uri.getRawAuthority().matches(".*:[0-9]{6,}")
                        ? ": its port must be within [1, " + MAX_PORT + "]" : ""));
            }
            // java.net.URI takes any number of digits for a port (99999); a socket takes 1 to 65535, and 0
            // would mean "any free port" to the operating system, which no server listens on
            if (uri.getPort() == 0 || uri.getPort() > MAX_PORT) {
                throw new IllegalArgumentException("target (" + shown + ") has port " + uri.getPort()
                        + ": a port must be within [1, " + MAX_PORT + "]");
            }
            if (uri.getRawFragment() != null) {
                throw new IllegalArgumentException("target (" + shown + ") must not have a fragment (#...)");
            }
            if (first == null) {
                first = uri;
            } else if (!scheme.equals(first.getScheme().toLowerCase(Locale.ROOT))
                    || !uri.getHost().equalsIgnoreCase(first.getHost()) || port(uri) != port(first)) {
                throw new IllegalArgumentException("target (" + shown + ") must use the same scheme, host and port as ("
                        + Redaction.display(first) + "): a load test loads one server");
            }
        }
        return List.copyOf(uris);
    }

    /**
     * {@code base} with {@code path} appended to its path, one slash between: the rule of
     * {@link LoadTest.Builder#path(String)}.
     */
    static URI withPath(URI base, String path) {
        Objects.requireNonNull(path, "path must not be null");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path (" + path + ") must start with /, e.g. /orders");
        }
        if (path.indexOf('#') >= 0) {
            throw new IllegalArgumentException("path (" + path + ") must not have a fragment (#...)");
        }
        if (base.getRawQuery() != null) {
            throw new IllegalArgumentException("path (" + path + ") needs targets without a query: "
                    + Redaction.display(base) + " has one; put the query in the path");
        }
        String basePath = base.getRawPath() == null ? "" : base.getRawPath();
        if (basePath.endsWith("/")) {
            basePath = basePath.substring(0, basePath.length() - 1);
        }
        String text = base.getScheme() + "://" + base.getRawAuthority() + basePath + path;
        try {
            return new URI(text);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("path (" + path + ") does not make a valid URI with "
                    + Redaction.display(base) + ": " + e.getReason() + " (percent-encode it, e.g. %20 for a space)");
        }
    }

    /** The port, with the scheme's default. */
    static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }
}
