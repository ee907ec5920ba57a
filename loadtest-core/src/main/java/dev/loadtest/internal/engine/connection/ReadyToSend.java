package dev.loadtest.internal.engine.connection;

/**
 * A new connection takes requests now: told once by its protocol handler, on the connection's I/O thread, when the
 * handler that will carry the requests is in place (HTTP/1.1: {@code connected}, in clear text and after ALPN chose
 * it; HTTP/2 by ALPN: once its handler is installed; h2c: at once, HttpCore's HTTP/2 handler takes the requests
 * queued before its preface; HTTP/2 forced over TLS: when the handshake is done). Its {@link ConnectionSlot} sends
 * nothing before: a request queued on HttpCore's session before ALPN's protocol took the session over was never sent.
 *
 * <p>It travels with the connect request, as the attachment of the {@code EndpointParameters} that HttpCore hands to
 * {@link ProtocolStarter}. Told inside HTTP/1.1's {@code connected} event, the slot's first request is taken in that
 * event ({@code Http1Connection.takeInEvent}) and written at its end: no HttpCore command, no selector wake-up.
 */
@FunctionalInterface
public interface ReadyToSend {

    /** For connections no slot waits on (the connect path's warming, test probes). */
    ReadyToSend NONE = () -> { };

    void ready();
}
