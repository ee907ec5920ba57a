package dev.loadtest.internal.engine.connection;

import dev.loadtest.internal.engine.http1.Http1Connection;
import dev.loadtest.internal.engine.http2.H2Guard;
import dev.loadtest.internal.engine.http2.Http2Connection;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.IOException;
import java.util.function.Function;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.function.Callback;
import org.apache.hc.core5.http.URIScheme;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.config.H2Config;
import org.apache.hc.core5.http2.impl.nio.ClientH2PrefaceHandler;
import org.apache.hc.core5.http2.impl.nio.ClientH2StreamMultiplexerFactory;
import org.apache.hc.core5.http2.impl.nio.HttpProtocolNegotiator;
import org.apache.hc.core5.http2.ssl.ApplicationProtocol;
import org.apache.hc.core5.reactor.EndpointParameters;
import org.apache.hc.core5.reactor.IOEventHandler;
import org.apache.hc.core5.reactor.IOEventHandlerFactory;
import org.apache.hc.core5.reactor.ProtocolIOSession;
import org.apache.hc.core5.reactor.ssl.TlsDetails;
import org.apache.hc.core5.reactor.ssl.TransportSecurityLayer;
import org.apache.hc.core5.util.Timeout;

/**
 * Gives each new connection its protocol handler, as HttpCore's ClientHttpProtocolNegotiationStarter
 * does, but with our own connections, {@link Http1Connection} for HTTP/1.1 and {@link Http2Connection} for HTTP/2,
 * forced or chosen by ALPN. HTTP/2 is HttpCore's with {@code -Dloadtest.http2=httpcore}, behind an {@link H2Guard}
 * that mends what HttpCore gets wrong about real servers and fails wrong setups at once.
 */
public final class ProtocolStarter implements IOEventHandlerFactory {

    /**
     * Our SETTINGS_MAX_FRAME_SIZE, which HttpCore also enforces on input: EngineRun's H2Config leaves it at
     * HttpCore's default.
     */
    static final int MAX_FRAME_PAYLOAD = H2Config.custom().build().getMaxFrameSize();

    private final ClientH2StreamMultiplexerFactory http2;
    private final HttpVersionPolicy policy;
    private final TlsStrategy tls;
    private final Timeout handshakeTimeout;
    private final Callback<Exception> exceptionCallback;
    private final Recorders recorders;
    private final Phase phase;
    private final Connections connections;
    /** Nothing reads the responses' bodies (no checks, no scenario): h2c may pass over DATA payloads (H2Guard). */
    private final boolean bodiesUnread;
    /** HTTP/2 is our own {@link Http2Connection}; else HttpCore's multiplexer behind an {@link H2Guard}. */
    private final boolean ownHttp2;

    public ProtocolStarter(ClientH2StreamMultiplexerFactory http2, HttpVersionPolicy policy, TlsStrategy tls,
                    Timeout handshakeTimeout, Callback<Exception> exceptionCallback, Recorders recorders, Phase phase,
                    Connections connections, boolean bodiesUnread, boolean ownHttp2) {
        this.bodiesUnread = bodiesUnread;
        this.ownHttp2 = ownHttp2;
        this.http2 = http2;
        this.policy = policy;
        this.tls = tls;
        this.handshakeTimeout = handshakeTimeout;
        this.exceptionCallback = exceptionCallback;
        this.recorders = recorders;
        this.phase = phase;
        this.connections = connections;
    }

    /**
     * {@code attachment}: the connect request's {@link EndpointParameters}, whose own attachment is the slot's
     * {@link ReadyToSend} (none for the connect path's warming and test probes).
     */
    @Override
    public IOEventHandler createHandler(ProtocolIOSession session, Object attachment) {
        recorders.onIoThread();   // HttpCore creates the handler on the thread the connection is pinned to
        EndpointParameters endpoint = attachment instanceof EndpointParameters p ? p : null;
        ReadyToSend ready = endpoint != null && endpoint.getAttachment() instanceof ReadyToSend r ? r : ReadyToSend.NONE;
        boolean https = tls != null && endpoint != null && URIScheme.HTTPS.same(endpoint.getScheme());
        if (https) {
            // the run's clock may wait for the handshake; HTTP/2 forced over TLS (no ALPN switch) takes requests then
            boolean readyAtHandshake = policy == HttpVersionPolicy.FORCE_HTTP_2 && !ownHttp2;
            tls.upgrade(session, endpoint, policy, handshakeTimeout, new FutureCallback<>() {
                @Override
                public void completed(TransportSecurityLayer layer) {
                    TlsDetails details = session.getTlsDetails();
                    connections.handshakeDone(session.getLocalAddress(), details == null ? null : details.getSSLSession());
                    if (readyAtHandshake) {
                        ready.ready();
                    }
                }

                @Override
                public void failed(Exception ex) {
                    // the session closes; its slot counts the connection lost of this
                    connections.handshakeFailed(session, ex);
                }

                @Override
                public void cancelled() {
                    // the session closes; its slot counts it as closed before any response
                }
            });
        }
        if (https || policy == HttpVersionPolicy.NEGOTIATE) {
            registerProtocols(session, ready);   // only ALPN and the negotiator switch protocols
        }
        switch (policy) {
            case FORCE_HTTP_2:
                if (ownHttp2) {
                    return http2(session, ready);   // tells ready in connected, as HTTP/1.1 does
                }
                H2Guard h2 = guard(session, !https,
                        guarded -> new ClientH2PrefaceHandler(guarded, http2, false, exceptionCallback));
                if (!https) {
                    ready.ready();   // HttpCore's HTTP/2 handler sends what was queued once its preface is out
                }
                return h2;
            case FORCE_HTTP_1:
                return new Http1Connection(recorders, phase, ready);
            default:
                return new HttpProtocolNegotiator(session, null);
        }
    }

    /**
     * The handlers ALPN (or HttpCore's negotiator) switches to, each telling {@code ready} once in place. Only
     * registered where something may switch: each registration fills a map of the connection's (a table, two
     * entries, two lambdas: about 200 bytes a connection, 2 MB of 10,000 clear-text connections' heap, for nothing).
     */
    private void registerProtocols(ProtocolIOSession session, ReadyToSend ready) {
        session.registerProtocol(ApplicationProtocol.HTTP_1_1.id,
                (s, callback) -> switchTo(new Http1Connection(recorders, phase, ready), s, callback));
        // ALPN chose h2: our connection; or what HttpCore's ClientH2UpgradeHandler does, with the guard in front
        session.registerProtocol(ApplicationProtocol.HTTP_2.id, (s, callback) -> {
            if (ownHttp2) {
                switchTo(http2(s, ready), s, callback);
                return;
            }
            H2Guard guard = guard(s, false, guarded -> new ClientH2PrefaceHandler(guarded, http2, true, callback, exceptionCallback));
            s.upgrade(guard);
            try {
                guard.connected(s);
                ready.ready();
            } catch (IOException e) {
                guard.exception(s, e);
            }
        });
    }

    /** The session switches to our {@code connection}, which takes requests from now on (it tells its ready). */
    private static void switchTo(IOEventHandler connection, ProtocolIOSession s,
                                 FutureCallback<ProtocolIOSession> callback) {
        s.upgrade(connection);
        try {
            connection.connected(s);
            if (callback != null) {
                callback.completed(s);
            }
        } catch (IOException e) {
            connection.exception(s, e);
        }
    }

    /** {@code handshakeTimeout} is the run's connect timeout: it also bounds the wait for the server's SETTINGS. */
    private Http2Connection http2(ProtocolIOSession session, ReadyToSend ready) {
        return new Http2Connection(recorders, phase, ready, connections::slotOf, handshakeTimeout,
                H2Guard.server(session));
    }

    /** {@code handshakeTimeout} is the run's connect timeout: it also bounds the wait for the server's SETTINGS. */
    private H2Guard guard(ProtocolIOSession session, boolean clearText,
                          Function<ProtocolIOSession, IOEventHandler> preface) {
        return H2Guard.create(session, preface, MAX_FRAME_PAYLOAD, clearText && bodiesUnread, handshakeTimeout,
                recorders, phase);
    }
}
