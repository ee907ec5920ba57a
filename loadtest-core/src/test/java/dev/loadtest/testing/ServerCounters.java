package dev.loadtest.testing;

import java.nio.channels.SelectableChannel;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.server.Request;

/**
 * What {@link TestServer} counts, for tests to assert on: requests, TCP connections, requests per connection,
 * requests per protocol version. Thread-safe and cheap on the hot path (adders, one map lookup per request),
 * because the server runs under load from the engine.
 *
 * <p>Why two different Jetty hooks:
 * <ul>
 *   <li>TCP connections are counted with a {@link SelectorManager.AcceptListener}: it fires once per accepted
 *       socket. A {@link Connection.Listener} would fire once per Jetty <em>Connection</em>, and one socket
 *       carries several of them: TLS → ALPN → HTTP/2 on {@code tls()}, HTTP/1.1 → HTTP/2 on an h2c prior
 *       knowledge connection (Jetty starts with an HTTP/1.1 parser and upgrades when it sees {@code PRI *}).</li>
 *   <li>Requests per connection are keyed by the Jetty {@code Connection} that carried the request (the
 *       HTTP/1.1 or HTTP/2 connection, one per socket once the protocol is settled), and the entry is
 *       dropped when that connection closes ({@link Connection.Listener}), so a long load test does not grow
 *       the map. The maximum is kept separately, so it survives the connection.</li>
 * </ul>
 */
final class ServerCounters implements SelectorManager.AcceptListener {

    private final LongAdder requests = new LongAdder();
    private final LongAdder connections = new LongAdder();
    private final AtomicInteger maxRequestsPerConnection = new AtomicInteger();
    private final ConcurrentHashMap<Connection, ConnectionEntry> perConnection = new ConcurrentHashMap<>();
    private final AtomicLong connectionSerials = new AtomicLong();
    private final ConcurrentHashMap<String, LongAdder> perProtocol = new ConcurrentHashMap<>();

    /** Called by the handler for every request it receives, before it answers. */
    void onRequest(Request request) {
        requests.increment();
        perProtocol.computeIfAbsent(request.getConnectionMetaData().getHttpVersion().asString(), p -> new LongAdder()).increment();
        Connection connection = request.getConnectionMetaData().getConnection();
        int onThisConnection = perConnection.computeIfAbsent(connection, c -> newEntry()).requests.incrementAndGet();
        maxRequestsPerConnection.accumulateAndGet(onThisConnection, Math::max);
    }

    private ConnectionEntry newEntry() {
        return new ConnectionEntry(connectionSerials.incrementAndGet(), new AtomicInteger());
    }

    /**
     * The serial number of the connection that carried {@code request}, after {@link #onRequest}: unique for the
     * server's life, unlike the client's port, which its system may give a new connection once the old one closed.
     */
    long connectionSerial(Request request) {
        return perConnection.computeIfAbsent(request.getConnectionMetaData().getConnection(), c -> newEntry()).serial;
    }

    /** A connection's serial number, in the order of their first requests, and its requests so far. */
    private record ConnectionEntry(long serial, AtomicInteger requests) {
    }

    @Override
    public void onAccepted(SelectableChannel channel) {
        connections.increment();
    }

    /**
     * To be added as a bean of the connector: Jetty's connection factories attach the connector's
     * {@code Connection.Listener} beans to every connection they create, upgrades included. A separate
     * object, not {@code this}, so that registering it cannot also register the accept listener twice.
     */
    final Connection.Listener connectionListener = new Connection.Listener() {
        @Override
        public void onClosed(Connection connection) {
            perConnection.remove(connection);
        }
    };

    /** Connections with a per-connection entry (for tests of this class: entries must go on close). */
    int trackedConnections() {
        return perConnection.size();
    }

    long requestCount() {
        return requests.sum();
    }

    long connectionsOpened() {
        return connections.sum();
    }

    int maxRequestsPerConnection() {
        return maxRequestsPerConnection.get();
    }

    /** Requests by protocol as Jetty names it ({@code HTTP/1.1}, {@code HTTP/2.0}); a sorted snapshot. */
    Map<String, Long> requestsByProtocol() {
        Map<String, Long> snapshot = new TreeMap<>();
        perProtocol.forEach((protocol, count) -> snapshot.put(protocol, count.sum()));
        return Collections.unmodifiableMap(snapshot);
    }

    /**
     * Zeroes everything. Counts of connections still open restart from zero too, which is what a test that
     * calls {@code reset()} between phases wants. Not atomic with respect to requests in flight: call it
     * when the server is quiet.
     */
    void reset() {
        requests.reset();
        connections.reset();
        perConnection.clear();
        perProtocol.clear();
        maxRequestsPerConnection.set(0);
    }
}
