package dev.loadtest.internal.engine;

import org.apache.hc.core5.http.FormattedHeader;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;

/**
 * Sizes of HTTP/1.1 message heads, for the byte counts of TLS connections (where the socket sees
 * only ciphertext) and h2load's "headers" figure (names and values only).
 */
final class Http1Sizes {

    private Http1Sizes() {
    }

    /** h2load's header bytes: the lengths of names and values, nothing else. */
    static long headerNamesAndValues(HttpResponse response) {
        long n = 0;
        for (Header h : response.getHeaders()) {
            n += h.getName().length() + (h.getValue() == null ? 0 : h.getValue().length());
        }
        return n;
    }

    /** The response head as it was on the wire: status line, header lines, blank line. */
    static long responseHead(HttpResponse response) {
        String reason = response.getReasonPhrase();
        long n = "HTTP/1.1 200 ".length() + (reason == null ? 0 : reason.length()) + 2;
        for (Header h : response.getHeaders()) {
            n += (h instanceof FormattedHeader f ? f.getBuffer().length()
                    : h.getName().length() + 2 + (h.getValue() == null ? 0 : h.getValue().length())) + 2;
        }
        return n + 2;
    }

    /** The request head as HttpCore writes it. */
    static long requestHead(HttpRequest request) {
        long n = request.getMethod().length() + 1 + request.getRequestUri().length() + " HTTP/1.1\r\n".length();
        for (Header h : request.getHeaders()) {
            n += h.getName().length() + 2 + (h.getValue() == null ? 0 : h.getValue().length()) + 2;
        }
        return n + 2;
    }
}
