package dev.loadtest;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/** The rules a load test's URIs follow. */
final class Targets {

    private Targets() {
    }

    static List<URI> check(List<URI> uris) {
        if (uris.isEmpty()) {
            throw new IllegalArgumentException("targets must not be empty: give at least one URI");
        }
        URI first = null;
        for (URI uri : uris) {
            Objects.requireNonNull(uri, "target must not be null");
            // credentials first: no later message may print them
            if (uri.getRawUserInfo() != null || (uri.getRawAuthority() != null && uri.getRawAuthority().contains("@"))) {
                throw new IllegalArgumentException("target (" + redacted(uri.toString())
                        + ") must not carry user info: send credentials with header(\"Authorization\", ...)");
            }
            String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!"http".equals(scheme) && !"https".equals(scheme)) {
                throw new IllegalArgumentException("target (" + uri + ") must use the http or https scheme");
            }
            if (uri.getHost() == null || uri.getHost().isEmpty()) {
                throw new IllegalArgumentException("target (" + uri + ") must name a host");
            }
            if (uri.getRawFragment() != null) {
                throw new IllegalArgumentException("target (" + uri + ") must not have a fragment (#...)");
            }
            if (first == null) {
                first = uri;
            } else if (!scheme.equals(first.getScheme().toLowerCase(Locale.ROOT))
                    || !uri.getHost().equalsIgnoreCase(first.getHost()) || port(uri) != port(first)) {
                throw new IllegalArgumentException("target (" + uri + ") must use the same scheme, host and port as ("
                        + first + "): a load test loads one server");
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
                    + redacted(base.toString()) + " has one; put the query in the path");
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
                    + redacted(base.toString()) + ": " + e.getReason() + " (percent-encode it, e.g. %20 for a space)");
        }
    }

    /** The port, with the scheme's default. */
    static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /** The URI text with any user info replaced, for messages. */
    static String redacted(String uri) {
        return uri.replaceAll("(?<=//)[^/?#@]*@", "<redacted>@");
    }
}
