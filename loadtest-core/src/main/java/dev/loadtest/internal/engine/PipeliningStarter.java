package dev.loadtest.internal.engine;

import java.io.IOException;
import org.apache.hc.core5.function.Callback;
import org.apache.hc.core5.http.impl.nio.ClientHttp1IOEventHandler;
import org.apache.hc.core5.http.impl.nio.ClientHttp1StreamDuplexer;
import org.apache.hc.core5.http.impl.nio.ClientHttp1StreamDuplexerFactory;
import org.apache.hc.core5.http.impl.nio.HttpConnectionEventHandler;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.impl.nio.ClientH2StreamMultiplexerFactory;
import org.apache.hc.core5.http2.impl.nio.ClientHttpProtocolNegotiationStarter;
import org.apache.hc.core5.http2.ssl.ApplicationProtocol;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.reactor.ProtocolIOSession;
import org.apache.hc.core5.util.Timeout;

/**
 * HttpCore's protocol starter, with HTTP/1.1 connections that really pipeline: its duplexer writes one
 * queued request per output event, so with ten requests queued about one is on the wire at a time
 * (DESIGN.md §8). Our handler goes on producing output while requests are queued, up to the depth,
 * and in clear text has {@link CountingSession} send the batch with one write.
 */
final class PipeliningStarter extends ClientHttpProtocolNegotiationStarter {

    private final ClientHttp1StreamDuplexerFactory http1;
    private final int depth;

    PipeliningStarter(ClientHttp1StreamDuplexerFactory http1, ClientH2StreamMultiplexerFactory http2,
                      HttpVersionPolicy policy, TlsStrategy tls, Timeout handshakeTimeout,
                      Callback<Exception> exceptionCallback, int depth) {
        super(http1, http2, policy, tls, handshakeTimeout, exceptionCallback);
        this.http1 = http1;
        this.depth = depth;
    }

    @Override
    public HttpConnectionEventHandler createHandler(ProtocolIOSession session, Object attachment) {
        HttpConnectionEventHandler handler = super.createHandler(session, attachment);
        // HTTP/1.1 chosen by ALPN (NEGOTIATE over TLS): replace the upgrade handler the starter registered
        session.registerProtocol(ApplicationProtocol.HTTP_1_1.id, (s, callback) -> {
            Pipelining pipelining = new Pipelining(http1.create(s), depth);
            s.upgrade(pipelining);
            try {
                pipelining.connected(s);
                if (callback != null) {
                    callback.completed(s);
                }
            } catch (IOException e) {
                pipelining.exception(s, e);
            }
        });
        if (handler instanceof ClientHttp1IOEventHandler) {
            return new Pipelining(http1.create(session), depth);   // FORCE_HTTP_1
        }
        return handler;
    }

    /** Writes up to {@code depth} queued requests per output event instead of one. */
    static final class Pipelining extends ClientHttp1IOEventHandler {

        private final ClientHttp1StreamDuplexer duplexer;
        private final int depth;

        Pipelining(ClientHttp1StreamDuplexer duplexer, int depth) {
            super(duplexer);
            this.duplexer = duplexer;
            this.depth = depth;
        }

        @Override
        public void outputReady(IOSession session) throws IOException {
            CountingSession.flushUnflushed();
            CountingSession.beginBatch();
            try {
                super.outputReady(session);
                for (int i = 1; i < depth && session.hasCommands() && duplexer.isOpen(); i++) {
                    super.outputReady(session);
                }
            } finally {
                CountingSession.endBatch();
            }
        }
    }
}
