package dev.loadtest.internal.engine.http2;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.util.concurrent.locks.Lock;
import javax.net.ssl.SSLContext;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.net.NamedEndpoint;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.IOEventHandler;
import org.apache.hc.core5.reactor.ProtocolIOSession;
import org.apache.hc.core5.reactor.ProtocolUpgradeHandler;
import org.apache.hc.core5.reactor.ssl.SSLBufferMode;
import org.apache.hc.core5.reactor.ssl.SSLSessionInitializer;
import org.apache.hc.core5.reactor.ssl.SSLSessionVerifier;
import org.apache.hc.core5.reactor.ssl.TlsDetails;
import org.apache.hc.core5.reactor.ssl.TransportSecurityLayer;
import org.apache.hc.core5.util.Timeout;

/**
 * The connection as HttpCore's HTTP/2 preface handler and multiplexer see it: the real session, except that
 * <ul>
 *   <li>{@link #read} hands over the server's bytes through the connection's {@link FrameFilter} (clear text:
 *   the multiplexer reads the socket through here, with a {@link DataSkippingReader} when nothing reads response
 *   bodies; over TLS, decrypted bytes come through {@link H2Guard#inputReady} instead);</li>
 *   <li>{@link #upgrade} keeps the {@link H2Guard} in front of whatever handler HttpCore switches to;</li>
 *   <li>{@link #poll} hands out no command while the server allows no stream (SETTINGS_MAX_CONCURRENT_STREAMS
 *   0), so requests wait in the queue rather than open streams the server refuses;</li>
 *   <li>{@link #write}, {@link #setEvent} and {@link #clearEvent} go through the connection's {@link OutputBatch}:
 *   the frames of one I/O event leave in one write (over TLS, one record), its interest-op changes once.</li>
 * </ul>
 * Everything else goes straight to the real session. Only interfaces present in HttpCore 5.3 and 5.4 are used.
 */
final class H2Session implements ProtocolIOSession {

    private final ProtocolIOSession real;
    private final H2Guard guard;
    private final FrameFilter filter;
    private final OutputBatch output;
    /** Reads the socket passing over DATA payloads, when nothing reads response bodies; else null. */
    private final DataSkippingReader skipper;
    private boolean endSeen;

    H2Session(ProtocolIOSession real, H2Guard guard, FrameFilter filter, OutputBatch output, DataSkippingReader skipper) {
        this.real = real;
        this.guard = guard;
        this.filter = filter;
        this.output = output;
        this.skipper = skipper;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (guard.readsHeld() || endSeen) {
            return endSeen ? -1 : 0;
        }
        int start = dst.position();
        if (!filter.putHeld(dst)) {
            return 0;
        }
        int n = skipper != null ? skipper.read(real, dst) : real.read(dst);
        int end = filter.filter(dst, start, dst.position());
        dst.position(end);
        if (n < 0) {
            endSeen = true;
            filter.endOfStream();
            // the rest of an incomplete frame: HttpCore reports the corrupt end of the stream
            filter.putHeld(dst);
        }
        guard.afterFilter();
        int got = dst.position() - start;
        return got == 0 && n < 0 ? -1 : got;
    }

    /** At the end of each event: bytes read for this connection but not yet taken stay with it. */
    void eventEnded() {
        if (skipper != null) {
            skipper.keepUnread();
        }
    }

    @Override
    public void upgrade(IOEventHandler handler) {
        guard.inner(handler);
        real.upgrade(guard);
    }

    @Override
    public Command poll() {
        return guard.holdsRequests() ? null : real.poll();
    }

    @Override
    public boolean hasCommands() {
        return real.hasCommands();
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return output.write(src);
    }

    @Override
    public void setEventMask(int ops) {
        output.applyDeferred();
        real.setEventMask(ops);
    }

    @Override
    public void setEvent(int op) {
        output.setEvent(op);
    }

    @Override
    public void clearEvent(int op) {
        output.clearEvent(op);
    }

    @Override
    public void close() {
        output.flushBeforeClose();
        real.close();
    }

    @Override
    public void close(CloseMode closeMode) {
        if (closeMode == CloseMode.GRACEFUL) {
            output.flushBeforeClose();
        }
        real.close(closeMode);
    }

    // ---- the rest as the real session ----

    @Override
    public boolean isOpen() {
        return real.isOpen();
    }

    @Override
    public IOEventHandler getHandler() {
        return real.getHandler();
    }

    @Override
    public Lock getLock() {
        return real.getLock();
    }

    @Override
    public void enqueue(Command command, Command.Priority priority) {
        real.enqueue(command, priority);
    }

    @Override
    public ByteChannel channel() {
        return real.channel();
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
    public int getEventMask() {
        return real.getEventMask();
    }

    @Override
    public Status getStatus() {
        return real.getStatus();
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
    public long getLastReadTime() {
        return real.getLastReadTime();
    }

    @Override
    public long getLastWriteTime() {
        return real.getLastWriteTime();
    }

    @Override
    public long getLastEventTime() {
        return real.getLastEventTime();
    }

    @Override
    public void updateReadTime() {
        real.updateReadTime();
    }

    @Override
    public void updateWriteTime() {
        real.updateWriteTime();
    }

    @Override
    public String getId() {
        return real.getId();
    }

    @Override
    public NamedEndpoint getInitialEndpoint() {
        return real.getInitialEndpoint();
    }

    @Override
    public void switchProtocol(String protocolId, FutureCallback<ProtocolIOSession> callback) {
        real.switchProtocol(protocolId, callback);
    }

    @Override
    public void registerProtocol(String protocolId, ProtocolUpgradeHandler upgradeHandler) {
        real.registerProtocol(protocolId, upgradeHandler);
    }

    @Override
    public void startTls(SSLContext sslContext, NamedEndpoint endpoint, SSLBufferMode sslBufferMode,
                         SSLSessionInitializer initializer, SSLSessionVerifier verifier, Timeout handshakeTimeout) {
        real.startTls(sslContext, endpoint, sslBufferMode, initializer, verifier, handshakeTimeout);
    }

    @Override
    public void startTls(SSLContext sslContext, NamedEndpoint endpoint, SSLBufferMode sslBufferMode,
                         SSLSessionInitializer initializer, SSLSessionVerifier verifier, Timeout handshakeTimeout,
                         FutureCallback<TransportSecurityLayer> callback) {
        real.startTls(sslContext, endpoint, sslBufferMode, initializer, verifier, handshakeTimeout, callback);
    }

    @Override
    public TlsDetails getTlsDetails() {
        return real.getTlsDetails();
    }

    @Override
    public String toString() {
        return real.toString();
    }
}
