package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.connection.Connections;
import dev.loadtest.internal.engine.connection.ProtocolRules;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.impl.nio.bootstrap.H2AsyncRequester;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.EndpointParameters;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Opens one connection the way a run opens its connections, once per JVM and kind of connection, before the
 * first run of that kind connects: a requester built as the run's is ({@link RunRequester}, with figures that
 * nobody reads) connects to a listener of ours on the loopback interface, the connection gets its protocol
 * handler (our HTTP/1.1 connection, or HttpCore's HTTP/2 preface behind our guard, and the TLS session that
 * writes its ClientHello), the listener reads what the client wrote first, and everything is closed.
 *
 * <p>Why: a run's connect time is measured from its request to the I/O thread until the connection is ready,
 * and in a fresh JVM the first connection pays for loading the reactor's connect path, the socket options,
 * the protocol handlers and, over TLS, the JDK's handshake classes and key-share generation: 20 to 110 ms on
 * loopback in issue 15's runs (h2load: under half a millisecond), with every connection opened at the same
 * time queued behind the first. That is our cost, not the server's.
 *
 * <p>Nothing goes to the run's target. Every wait is bounded ({@link #WAIT_MILLIS} each); a failure only
 * leaves the path cold, never fails the run.
 */
final class ConnectPathWarming {

    private static final int WAIT_MILLIS = 1_000;
    private static final Log LOG = Log.of(ConnectPathWarming.class);
    /** The kinds of connection this JVM has opened once: the version policy, and whether over TLS. */
    private static final Set<String> WARMED = ConcurrentHashMap.newKeySet();

    private ConnectPathWarming() {
    }

    /** Opens and closes one loopback connection like {@code test}'s, unless this JVM did so already. */
    static void once(LoadTest test) {
        String kind = ProtocolRules.versionPolicy(test.protocol(), test.isHttps()) + (test.isHttps() ? " over TLS" : "");
        if (WARMED.add(kind)) {
            connectOnce(test);
        }
    }

    /**
     * Opens and closes one loopback connection like {@code test}'s. Returns whether the whole path ran: the
     * connection was made and, when its handler writes first (TLS, HTTP/2), its first bytes arrived.
     */
    static boolean connectOnce(LoadTest test) {
        boolean tls = test.isHttps();
        HttpVersionPolicy policy = ProtocolRules.versionPolicy(test.protocol(), tls);
        // figures nobody reads; a phase whose measured part starts in an hour, so a timed run measures nothing
        Phase offTheRecord = new Phase(test, System.nanoTime() + TimeUnit.HOURS.toNanos(1));
        H2AsyncRequester requester = RunRequester.create(test, offTheRecord, new Recorders((t, e) -> { }),
                new Connections(), TimeValue.ofMilliseconds(20));
        try (ServerSocket listener = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(WAIT_MILLIS);
            requester.start();
            HttpHost host = new HttpHost(tls ? "https" : "http", listener.getInetAddress(), listener.getLocalPort());
            // as a run's connect, without its ready signal: the protocol comes from the requester's ProtocolStarter,
            // which reads no policy from the attachment (only HttpCore's own negotiation starter would)
            Future<IOSession> connected = requester.requestSession(host, Timeout.ofMilliseconds(WAIT_MILLIS),
                    new EndpointParameters(host, null), null);
            try (Socket accepted = listener.accept()) {
                IOSession session = connected.get(WAIT_MILLIS, TimeUnit.MILLISECONDS);
                // the ClientHello or the HTTP/2 preface: the handler's first write
                boolean whole = !(tls || policy == HttpVersionPolicy.FORCE_HTTP_2) || readFirstBytes(accepted) > 0;
                session.close(CloseMode.IMMEDIATE);
                return whole;
            }
        } catch (Exception e) {
            LOG.debug("warming the connect path failed; the first connections may take longer", e);
            return false;
        } finally {
            requester.initiateShutdown();
            requester.close(CloseMode.IMMEDIATE);
            try {
                requester.awaitShutdown(TimeValue.ofMilliseconds(WAIT_MILLIS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static int readFirstBytes(Socket accepted) throws java.io.IOException {
        accepted.setSoTimeout(WAIT_MILLIS);
        InputStream in = accepted.getInputStream();
        return in.read(new byte[512]);
    }
}
