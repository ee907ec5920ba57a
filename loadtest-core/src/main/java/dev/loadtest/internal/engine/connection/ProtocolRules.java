package dev.loadtest.internal.engine.connection;

import dev.loadtest.Protocol;
import org.apache.hc.core5.http2.HttpVersionPolicy;

/**
 * Which protocols a run's {@link Protocol} lets its connections speak, and the HttpCore policy that says so: one
 * place, so that what is prepared before a run (requests, warming, TLS parameters) and what its connections
 * negotiate cannot disagree.
 */
public final class ProtocolRules {

    private ProtocolRules() {
    }

    /** Whether a connection of this run may speak HTTP/1.1: forced, or chosen by ALPN. */
    public static boolean mayUseHttp1(Protocol protocol) {
        return protocol != Protocol.HTTP_2;
    }

    /** Whether a connection of this run may speak HTTP/2: forced (h2c or h2), or chosen by ALPN. */
    public static boolean mayUseHttp2(Protocol protocol) {
        return protocol != Protocol.HTTP_1_1;
    }

    /**
     * Over TLS, HTTP/1.1 goes through ALPN negotiation offering http/1.1 only (see {@link Tls#strategy}). A server
     * that does not accept that ALPN id aborts the handshake: over TLS 1.2 an SSLHandshakeException
     * (no_application_protocol); over TLS 1.3 a bare EOF, which HttpCore 5.4 reports as "Unexpected input"
     * (NEGOTIATE) or a broken pipe (FORCE_HTTP_1).
     */
    public static HttpVersionPolicy versionPolicy(Protocol protocol, boolean tls) {
        return switch (protocol) {
            case HTTP_1_1 -> tls ? HttpVersionPolicy.NEGOTIATE : HttpVersionPolicy.FORCE_HTTP_1;
            case HTTP_2 -> HttpVersionPolicy.FORCE_HTTP_2;
            case NEGOTIATE -> HttpVersionPolicy.NEGOTIATE;
        };
    }
}
