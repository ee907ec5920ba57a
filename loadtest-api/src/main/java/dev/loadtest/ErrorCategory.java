package dev.loadtest;

/**
 * Why requests or connections failed, in categories a user can act on.
 *
 * <pre>{@code
 * long refused = result.errors().getOrDefault(ErrorCategory.REFUSED, ErrorCount.NONE).count();
 * }</pre>
 */
public enum ErrorCategory {
    /** Nothing listened: the connection was refused. */
    REFUSED("connection refused"),
    /** The connection (TCP and TLS) was not open within the connect timeout. */
    CONNECT_TIMEOUT("connect timeout"),
    /** A request was not finished within the request timeout. */
    REQUEST_TIMEOUT("request timeout"),
    /** The connection was reset or closed by the server while requests were in flight. */
    RESET("connection reset or closed"),
    /** The server reset an HTTP/2 stream (RST_STREAM); the sample message names the code. */
    STREAM_RESET("stream reset"),
    /** The server sent GOAWAY while requests were in flight. */
    GOAWAY("GOAWAY"),
    /** The server broke the HTTP protocol (malformed status line, headers, framing...). */
    PROTOCOL("protocol error"),
    /** TLS failed: handshake, certificate, ALPN. */
    TLS("TLS error"),
    /** Anything else; the sample message says what. */
    OTHER("other error");

    private final String label;

    ErrorCategory(String label) {
        this.label = label;
    }

    /** A short human label for reports. */
    public String label() {
        return label;
    }
}
