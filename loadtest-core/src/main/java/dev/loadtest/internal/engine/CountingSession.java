package dev.loadtest.internal.engine;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.util.concurrent.locks.Lock;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.IOEventHandler;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.util.Timeout;

/**
 * Counts the bytes a plain-text HTTP/1.1 connection reads and writes, as h2load's traffic total does.
 * (HTTP/2 is counted by frames; over TLS a session sees only ciphertext, so the heads are counted.)
 */
final class CountingSession implements IOSession {

    private final IOSession session;
    private final Recorders recorders;
    private final Phase phase;

    CountingSession(IOSession session, Recorders recorders, Phase phase) {
        this.session = session;
        this.recorders = recorders;
        this.phase = phase;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        int n = session.read(dst);
        if (n > 0 && phase.isMeasured(System.nanoTime())) {
            recorders.get().totalBytes += n;
        }
        return n;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        int n = session.write(src);
        if (n > 0 && phase.isMeasured(System.nanoTime())) {
            recorders.get().sentBytes += n;
        }
        return n;
    }

    @Override
    public String getId() {
        return session.getId();
    }

    @Override
    public IOEventHandler getHandler() {
        return session.getHandler();
    }

    @Override
    public void upgrade(IOEventHandler handler) {
        session.upgrade(handler);
    }

    @Override
    public Lock getLock() {
        return session.getLock();
    }

    @Override
    public void enqueue(Command command, Command.Priority priority) {
        session.enqueue(command, priority);
    }

    @Override
    public boolean hasCommands() {
        return session.hasCommands();
    }

    @Override
    public Command poll() {
        return session.poll();
    }

    @Override
    public ByteChannel channel() {
        return this;
    }

    @Override
    public SocketAddress getRemoteAddress() {
        return session.getRemoteAddress();
    }

    @Override
    public SocketAddress getLocalAddress() {
        return session.getLocalAddress();
    }

    @Override
    public int getEventMask() {
        return session.getEventMask();
    }

    @Override
    public void setEventMask(int ops) {
        session.setEventMask(ops);
    }

    @Override
    public void setEvent(int op) {
        session.setEvent(op);
    }

    @Override
    public void clearEvent(int op) {
        session.clearEvent(op);
    }

    @Override
    public void close() {
        session.close();
    }

    @Override
    public void close(CloseMode closeMode) {
        session.close(closeMode);
    }

    @Override
    public Status getStatus() {
        return session.getStatus();
    }

    @Override
    public boolean isOpen() {
        return session.isOpen();
    }

    @Override
    public Timeout getSocketTimeout() {
        return session.getSocketTimeout();
    }

    @Override
    public void setSocketTimeout(Timeout timeout) {
        session.setSocketTimeout(timeout);
    }

    @Override
    public long getLastReadTime() {
        return session.getLastReadTime();
    }

    @Override
    public long getLastWriteTime() {
        return session.getLastWriteTime();
    }

    @Override
    public long getLastEventTime() {
        return session.getLastEventTime();
    }

    @Override
    public void updateReadTime() {
        session.updateReadTime();
    }

    @Override
    public void updateWriteTime() {
        session.updateWriteTime();
    }

    @Override
    public String toString() {
        return session.toString();
    }
}
