package dev.loadtest.internal.engine.connection;

import dev.loadtest.internal.engine.http1.Http1Connection;
import dev.loadtest.internal.engine.http2.H2Guard;
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
 * does, but with our {@link Http1Connection} for HTTP/1.1, forced or chosen by ALPN; HTTP/2 stays
 * HttpCore's, behind an {@link H2Guard} that mends what HttpCore gets wrong about real servers and fails
 * wrong setups at once.
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

    public ProtocolStarter(ClientH2StreamMultiplexerFactory http2, HttpVersionPolicy policy, TlsStrategy tls,
                    Timeout handshakeTimeout, Callback<Exception> exceptionCallback, Recorders recorders, Phase phase,
                    Connections connections) {
        this(http2, policy, tls, handshakeTimeout, exceptionCallback, recorders, phase, connections, false);
    }

    public ProtocolStarter(ClientH2StreamMultiplexerFactory http2, HttpVersionPolicy policy, TlsStrategy tls,
                    Timeout handshakeTimeout, Callback<Exception> exceptionCallback, Recorders recorders, Phase phase,
                    Connections connections, boolean bodiesUnread) {
        this.bodiesUnread = bodiesUnread;
        this.http2 = http2;
        this.policy = policy;
        this.tls = tls;
        this.handshakeTimeout = handshakeTimeout;
        this.exceptionCallback = exceptionCallback;
        this.recorders = recorders;
        this.phase = phase;
        this.connections = connections;
    }

    @Override
    public IOEventHandler createHandler(ProtocolIOSession session, Object attachment) {
        recorders.onIoThread();   // HttpCore creates the handler on the thread the connection is pinned to
        EndpointParameters params = tls != null && attachment instanceof EndpointParameters p
                && URIScheme.HTTPS.same(p.getScheme()) ? p : null;
        boolean https = params != null;
        if (https) {
            // the connection is ready to send once its handshake is done: the run's clock may wait for that
            tls.upgrade(session, params, policy, handshakeTimeout, new FutureCallback<>() {
                @Override
                public void completed(TransportSecurityLayer layer) {
                    TlsDetails details = session.getTlsDetails();
                    connections.handshakeDone(session.getLocalAddress(), details == null ? null : details.getSSLSession());
                }

                @Override
                public void failed(Exception ex) {
                    // the session fails with it, and its slot hears of that
                }

                @Override
                public void cancelled() {
                    // as failed
                }
            });
        }
        if (https || policy == HttpVersionPolicy.NEGOTIATE) {
            registerProtocols(session);   // only ALPN and the negotiator switch protocols
        }
        return switch (policy) {
            case FORCE_HTTP_2 -> guard(session, !https,
                    guarded -> new ClientH2PrefaceHandler(guarded, http2, false, exceptionCallback));
            case FORCE_HTTP_1 -> new Http1Connection(recorders, phase);
            default -> new HttpProtocolNegotiator(session, null);
        };
    }

    /**
     * The handlers ALPN (or HttpCore's negotiator) switches to. Only registered where something may switch: each
     * registration fills a map of the connection's (a table, two entries, two lambdas: about 200 bytes a connection,
     * 2 MB of 10,000 clear-text connections' heap, for nothing).
     */
    private void registerProtocols(ProtocolIOSession session) {
        session.registerProtocol(ApplicationProtocol.HTTP_1_1.id, (s, callback) -> {
            Http1Connection connection = new Http1Connection(recorders, phase);
            s.upgrade(connection);
            try {
                connection.connected(s);
                if (callback != null) {
                    callback.completed(s);
                }
            } catch (IOException e) {
                connection.exception(s, e);
            }
        });
        // ALPN chose h2: what HttpCore's ClientH2UpgradeHandler does, with the guard in front
        session.registerProtocol(ApplicationProtocol.HTTP_2.id, (s, callback) -> {
            H2Guard guard = guard(s, false, guarded -> new ClientH2PrefaceHandler(guarded, http2, true, callback, exceptionCallback));
            s.upgrade(guard);
            try {
                guard.connected(s);
            } catch (IOException e) {
                guard.exception(s, e);
            }
        });
    }

    /** {@code handshakeTimeout} is the run's connect timeout: it also bounds the wait for the server's SETTINGS. */
    private H2Guard guard(ProtocolIOSession session, boolean clearText,
                          Function<ProtocolIOSession, IOEventHandler> preface) {
        return H2Guard.create(session, preface, MAX_FRAME_PAYLOAD, clearText && bodiesUnread, handshakeTimeout,
                recorders, phase);
    }
}
