package dev.loadtest.internal.engine.http2;

import dev.loadtest.internal.engine.HttpCoreTimes;
import dev.loadtest.internal.engine.connection.SetupException;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.function.Function;
import javax.net.ssl.SSLSession;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.HttpConnection;
import org.apache.hc.core5.http.ProtocolVersion;
import org.apache.hc.core5.http.impl.nio.HttpConnectionEventHandler;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.net.NamedEndpoint;
import org.apache.hc.core5.reactor.IOEventHandler;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.reactor.ProtocolIOSession;
import org.apache.hc.core5.util.Timeout;

/**
 * Stands in front of HttpCore's HTTP/2 handlers (the preface handler, then the multiplexer's) for the
 * whole life of an HTTP/2 connection, plain or TLS:
 * <ul>
 *   <li>decrypted bytes handed in by TLS go through the connection's {@link FrameFilter} (clear-text bytes are
 *   filtered where the multiplexer reads them, in {@link H2Session});</li>
 *   <li>until the server's first SETTINGS arrives, the connection is given the connect timeout, not the
 *   request timeout: a server that never sends them fails the connection with "no HTTP/2 settings from the
 *   server within 2 s";</li>
 *   <li>while the server allows no stream (SETTINGS_MAX_CONCURRENT_STREAMS 0) requests stay queued
 *   ({@link H2Session#poll}), for at most the connect timeout; a SETTINGS that raises the limit lets them go;</li>
 *   <li>each event is one {@link OutputBatch} event: the frames HttpCore writes during it leave together when it
 *   ends (over TLS, in one record instead of one record per frame).</li>
 * </ul>
 * On the connection's I/O thread only.
 */
public final class H2Guard implements HttpConnectionEventHandler {

    private enum Waiting { NOTHING, SETTINGS, STREAMS }

    private final ProtocolIOSession real;
    private final FrameFilter filter;
    private final H2Session session;
    private final OutputBatch output;
    private final Timeout connectTimeout;
    private final String server;
    private final Recorders recorders;
    private final Phase phase;
    private IOEventHandler inner;
    private Timeout idleTimeout;
    private Waiting waiting = Waiting.NOTHING;
    private boolean readsHeld;
    private boolean noStreams;
    private boolean ended;

    private H2Guard(ProtocolIOSession real, int maxFramePayload, boolean bodiesUnread, Timeout connectTimeout,
                    Recorders recorders, Phase phase) {
        this.real = real;
        this.server = server(real);
        this.filter = new FrameFilter(server, maxFramePayload);
        this.output = new OutputBatch(real);
        this.session = new H2Session(real, this, filter, output, bodiesUnread ? new DataSkippingReader() : null);
        this.connectTimeout = connectTimeout;
        this.recorders = recorders;
        this.phase = phase;
    }

    /**
     * A guard for a new HTTP/2 connection; {@code handler} makes HttpCore's first handler (its preface handler)
     * for the session the guard gives it. {@code bodiesUnread}: nothing reads the responses' bodies, only counts
     * them, so a clear-text connection may read DATA payloads without copying them ({@link DataSkippingReader});
     * ignored over TLS, whose bytes come decrypted.
     */
    public static H2Guard create(ProtocolIOSession real, Function<ProtocolIOSession, IOEventHandler> handler,
                          int maxFramePayload, boolean bodiesUnread, Timeout connectTimeout, Recorders recorders,
                          Phase phase) {
        H2Guard guard = new H2Guard(real, maxFramePayload, bodiesUnread, connectTimeout, recorders, phase);
        guard.inner = handler.apply(guard.session);
        return guard;
    }

    /** host:port of the server {@code session} is connected to, for messages. */
    public static String server(ProtocolIOSession session) {
        NamedEndpoint endpoint = session.getInitialEndpoint();
        if (endpoint != null) {
            return endpoint.getHostName() + ":" + endpoint.getPort();
        }
        SocketAddress remote = session.getRemoteAddress();
        return remote == null ? "?" : remote.toString().replaceFirst("^[^/]*/", "");
    }

    void inner(IOEventHandler handler) {
        this.inner = handler;
    }

    boolean readsHeld() {
        return readsHeld;
    }

    /** Requests stay queued: the server allows no stream now, and the connection is not ending. */
    boolean holdsRequests() {
        return noStreams && !ended;
    }

    @Override
    public void connected(IOSession s) throws IOException {
        // over TLS this comes after the handshake, whose own timeout HttpCore has undone by now
        idleTimeout = real.getSocketTimeout();
        await(Waiting.SETTINGS);
        boolean began = output.beginEvent();
        try {
            inner.connected(s);
            end(began);
        } catch (IOException e) {
            abandon(began);
            throw explained(e);
        } catch (RuntimeException e) {
            abandon(began);
            throw e;
        }
    }

    @Override
    public void inputReady(IOSession s, ByteBuffer src) throws IOException {
        boolean began = output.beginEvent();
        try {
            filterInput(s, src);
        } catch (IOException | RuntimeException e) {
            abandon(began);
            throw e;
        } finally {
            session.eventEnded();
        }
        end(began);
    }

    private void filterInput(IOSession s, ByteBuffer src) throws IOException {
        if (src == null || !src.hasRemaining()) {
            inner.inputReady(s, src);
            return;
        }
        ByteBuffer unit = filter.completeHeld(src);
        if (unit != null && unit.hasRemaining()) {
            // a frame header split across two TLS records goes first, alone: HttpCore must not read the
            // socket before it has the rest of src
            afterFilter();
            readsHeld = true;
            try {
                inner.inputReady(s, unit);
            } finally {
                readsHeld = false;
            }
        }
        src.limit(filter.filter(src, src.position(), src.limit()));
        afterFilter();
        inner.inputReady(s, src);
    }

    /** After each filtered stretch: bytes cut out are still traffic; settings change what we wait for. */
    void afterFilter() {
        long dropped = filter.takeDroppedBytes();
        if (dropped > 0 && phase.isMeasuredNow()) {
            recorders.get().received(dropped);
        }
        if (waiting == Waiting.SETTINGS && filter.settingsSeen()) {
            await(Waiting.NOTHING);
        }
        long max = filter.maxConcurrentStreams();
        if (max == 0 && !noStreams) {
            noStreams = true;
            await(Waiting.STREAMS);
        } else if (max > 0 && noStreams) {
            noStreams = false;
            if (waiting == Waiting.STREAMS) {
                await(Waiting.NOTHING);
            }
            real.setEvent(SelectionKey.OP_WRITE);   // the multiplexer takes the queued requests on its next output
        }
    }

    /** Waiting for the server: the connect timeout applies; else the session's own (idle) timeout. */
    private void await(Waiting what) {
        waiting = what;
        Timeout timeout = what == Waiting.NOTHING ? idleTimeout : connectTimeout;
        if (timeout != null) {
            real.setSocketTimeout(timeout);
        }
    }

    @Override
    public void timeout(IOSession s, Timeout timeout) throws IOException {
        switch (waiting) {
            case SETTINGS -> throw new SocketTimeoutException("no HTTP/2 settings from the server at " + server
                    + " within " + HttpCoreTimes.of(connectTimeout));
            case STREAMS -> throw new SocketTimeoutException("the server at " + server
                    + " allows no HTTP/2 stream (SETTINGS_MAX_CONCURRENT_STREAMS 0) and did not raise it within "
                    + HttpCoreTimes.of(connectTimeout));
            default -> {
                boolean began = output.beginEvent();
                try {
                    inner.timeout(s, timeout);
                } catch (IOException | RuntimeException e) {
                    abandon(began);
                    throw e;
                }
                end(began);
            }
        }
    }

    @Override
    public void outputReady(IOSession s) throws IOException {
        boolean began = output.beginEvent();
        try {
            inner.outputReady(s);
            end(began);
        } catch (IOException e) {
            abandon(began);
            throw explained(e);
        } catch (RuntimeException e) {
            abandon(began);
            throw e;
        }
    }

    /** The event that began here ended: what HttpCore wrote during it goes out now. */
    private void end(boolean began) throws IOException {
        if (began) {
            output.endEvent();
        }
    }

    private void abandon(boolean began) {
        if (began) {
            output.abandonEvent();
        }
    }

    /**
     * A write failed (broken pipe, reset) before the server's first frame was read: a server that does not
     * speak HTTP/2 (Python's http.server) answers the preface and closes at once, and our next write fails
     * before we read its answer. That answer, still in the socket's receive buffer, says what went wrong.
     */
    private IOException explained(IOException e) {
        if (filter.firstFrameSeen() || e instanceof SetupException) {
            return e;
        }
        try {
            ByteBuffer peek = ByteBuffer.allocate(64);
            int n = real.read(peek);
            if (n > 0) {
                filter.filter(peek, 0, n);
            }
        } catch (IOException answer) {
            return answer instanceof SetupException || answer instanceof org.apache.hc.core5.http2.H2ConnectionException
                    ? answer : e;
        }
        return e;
    }

    @Override
    public void exception(IOSession s, Exception cause) {
        ended = true;   // queued requests must be cancelled now, not held
        inner.exception(s, cause);
    }

    @Override
    public void disconnected(IOSession s) {
        ended = true;
        inner.disconnected(s);
    }

    // ---- HttpConnection: as the handler behind us says ----

    private HttpConnection connection() {
        return inner instanceof HttpConnection c ? c : null;
    }

    @Override
    public EndpointDetails getEndpointDetails() {
        HttpConnection c = connection();
        return c == null ? null : c.getEndpointDetails();
    }

    @Override
    public ProtocolVersion getProtocolVersion() {
        HttpConnection c = connection();
        return c == null ? null : c.getProtocolVersion();
    }

    @Override
    public SSLSession getSSLSession() {
        HttpConnection c = connection();
        return c == null ? null : c.getSSLSession();
    }

    @Override
    public SocketAddress getRemoteAddress() {
        return real.getRemoteAddress();
    }

    @Override
    public SocketAddress getLocalAddress() {
        return real.getLocalAddress();
    }

    @Override
    public boolean isOpen() {
        return real.isOpen();
    }

    @Override
    public Timeout getSocketTimeout() {
        return real.getSocketTimeout();
    }

    @Override
    public void setSocketTimeout(Timeout timeout) {
        real.setSocketTimeout(timeout);
    }

    @Override
    public void close() throws IOException {
        HttpConnection c = connection();
        if (c != null) {
            c.close();
        } else {
            real.close();
        }
    }

    @Override
    public void close(CloseMode closeMode) {
        HttpConnection c = connection();
        if (c != null) {
            c.close(closeMode);
        } else {
            real.close(closeMode);
        }
    }

    @Override
    public String toString() {
        return "H2Guard[" + inner + "]";
    }
}
