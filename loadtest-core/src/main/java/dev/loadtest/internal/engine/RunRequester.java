package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.connection.ConnectionSlot;
import dev.loadtest.internal.engine.connection.Connections;
import dev.loadtest.internal.engine.connection.ProtocolRules;
import dev.loadtest.internal.engine.connection.ProtocolStarter;
import dev.loadtest.internal.engine.connection.RequestProcessors;
import dev.loadtest.internal.engine.connection.Tls;
import dev.loadtest.internal.engine.http2.FrameCounter;
import dev.loadtest.internal.engine.http2.StreamSteps;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.net.SocketAddress;
import javax.net.ssl.SSLContext;
import org.apache.hc.core5.function.Callback;
import org.apache.hc.core5.http.config.CharCodingConfig;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.config.H2Config;
import org.apache.hc.core5.http2.impl.nio.ClientH2StreamMultiplexerFactory;
import org.apache.hc.core5.http2.impl.nio.bootstrap.H2AsyncRequester;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.pool.StrictConnPool;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/** HttpCore's requester as one run uses it: its I/O reactor, HTTP/2 settings, protocols and listeners. */
final class RunRequester {

    private static final Log LOG = Log.of(RunRequester.class);
    static final String HTTP2_PROPERTY = "loadtest.http2";

    private RunRequester() {
    }

    /**
     * The requester, built as H2RequesterBootstrap builds it but with our HTTP/1.1 connections
     * ({@link ProtocolStarter}); the pool is unused (connections come from requestSession). Timeouts are
     * checked at each {@code selectInterval}: HttpCore's default of 1 s would fire them up to a second late.
     */
    static H2AsyncRequester create(LoadTest test, Phase phase, Recorders recorders, Connections connections,
                                   TimeValue selectInterval) {
        boolean tls = test.isHttps();
        HttpVersionPolicy policy = ProtocolRules.versionPolicy(test.protocol(), tls);
        IOReactorConfig reactor = IOReactorConfig.custom()
                .setIoThreadCount(test.threads())
                .setSelectInterval(selectInterval)
                .setSoTimeout(Timeout.of(test.requestTimeout().plusSeconds(1)))
                .setTcpNoDelay(true)
                // no TCP keep-alive: HttpCore 5.4 switches it on by default (probes after 5 s idle), three more
                // setsockopt calls a connect and a kernel timer a socket, which a run with its own request and socket
                // timeouts has no use for; 5.3's defaults, and h2load's
                .setSoKeepAlive(false)
                .setTcpKeepIdle(-1)
                .setTcpKeepInterval(-1)
                .setTcpKeepCount(-1)
                .build();
        H2Config h2 = H2Config.custom().setPushEnabled(false).setInitialWindowSize((1 << 30) - 1).build();
        ClientH2StreamMultiplexerFactory http2 = new ClientH2StreamMultiplexerFactory(RequestProcessors.HTTP_2, null,
                h2, CharCodingConfig.DEFAULT, new FrameCounter(recorders, phase, connections::slotOf,
                        test.scenario().isPresent() ? local -> streamSteps(connections, local) : null));
        // clear text needs no TLS strategy: the default one would load the JDK's trust store at every run
        TlsStrategy tlsStrategy = null;
        if (tls) {
            SSLContext context = Tls.context(test);
            connections.tlsProvider(context.getProvider());
            tlsStrategy = Tls.strategy(test, context);
        }
        Timeout handshake = Timeout.of(test.connectTimeout());
        Callback<Exception> exceptions = e -> LOG.debug("I/O reactor exception", e);
        return Requesters.create(policy, reactor,
                new ProtocolStarter(http2, policy, tlsStrategy, handshake, exceptions, recorders, phase, connections,
                        test.checks().isEmpty() && test.scenario().isEmpty(), ownHttp2()),
                exceptions, connections.sessionErrorListener(),
                new StrictConnPool<>(1, 1, TimeValue.NEG_ONE_MILLISECOND, PoolReusePolicy.LIFO, null),
                tlsStrategy, handshake);
    }

    /**
     * Whether HTTP/2 runs on our own connection ({@code Http2Connection}): always, unless
     * {@code -Dloadtest.http2=httpcore} asks for HttpCore's multiplexer (to compare the two, or should a server need it).
     */
    static boolean ownHttp2() {
        String chosen = System.getProperty(HTTP2_PROPERTY, "");
        if (!chosen.isEmpty() && !chosen.equals("own") && !chosen.equals("httpcore")) {
            throw new IllegalArgumentException("-D" + HTTP2_PROPERTY + "=" + chosen
                    + ": the HTTP/2 implementation is 'own' (the default) or 'httpcore'");
        }
        return !chosen.equals("httpcore");
    }

    /** The steps the streams of the connection with this local address carry, in a scenario run; or null. */
    private static StreamSteps streamSteps(Connections connections, SocketAddress local) {
        ConnectionSlot slot = connections.slotOf(local);
        return slot == null ? null : slot.streamSteps();
    }
}
