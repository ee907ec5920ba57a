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
        int n;
        if (BATCH.get()[0] || (pending != null && pending.position() > 0)) {
            n = buffer(src);
        } else {
            n = session.write(src);
        }
        if (n > 0 && phase.isMeasured(System.nanoTime())) {
            recorders.get().sentBytes += n;
        }
        return n;
    }

    // ---- write coalescing -------------------------------------------------------------------
    //
    // HttpCore writes each HTTP/1.1 request head to the socket on its own: one system call per request,
    // a third of the I/O thread's time when pipelining (see bench/). While the pipelining handler
    // produces a batch of requests, writes are gathered here and sent with one call at the batch's end.
    // What the socket does not take stays pending, ahead of any later write, and keeps the session
    // asking to write until it is gone. All on the connection's I/O thread.

    private static final int PENDING_CAPACITY = 64 * 1024;
    private static final ThreadLocal<boolean[]> BATCH = ThreadLocal.withInitial(() -> new boolean[1]);
    private static final ThreadLocal<java.util.List<CountingSession>> UNFLUSHED =
            ThreadLocal.withInitial(java.util.ArrayList::new);

    /** Bytes taken but not yet written, in write mode; null until first needed. */
    private ByteBuffer pending;

    private int buffer(ByteBuffer src) throws IOException {
        if (pending == null) {
            pending = ByteBuffer.allocate(PENDING_CAPACITY);
        }
        if (pending.position() > 0 && !BATCH.get()[0]) {
            flushPending();   // keep the order: what is pending goes first
            if (pending.position() == 0) {
                return session.write(src);
            }
        }
        int n = Math.min(src.remaining(), pending.remaining());
        if (n == 0) {
            return 0;         // full: HttpCore keeps the rest and asks to write again
        }
        if (pending.position() == 0) {
            UNFLUSHED.get().add(this);
        }
        ByteBuffer slice = src.duplicate();
        slice.limit(slice.position() + n);
        pending.put(slice);
        src.position(src.position() + n);
        return n;
    }

    /** Writes what is pending; true when nothing is left. */
    private boolean flushPending() throws IOException {
        if (pending == null || pending.position() == 0) {
            return true;
        }
        pending.flip();
        try {
            session.write(pending);
        } finally {
            pending.compact();
        }
        return pending.position() == 0;
    }

    /** Gathers this thread's writes until {@link #endBatch()}. */
    static void beginBatch() {
        BATCH.get()[0] = true;
    }

    /**
     * Writes what this thread gathered, one system call per connection; a connection the socket
     * could not take it all from keeps asking to write.
     */
    static void endBatch() throws IOException {
        BATCH.get()[0] = false;
        flushUnflushed();
    }

    /** Writes what earlier batches of this thread left pending (at the start of each output event). */
    static void flushUnflushed() throws IOException {
        java.util.List<CountingSession> unflushed = UNFLUSHED.get();
        if (unflushed.isEmpty()) {
            return;
        }
        IOException failure = null;
        for (int i = unflushed.size() - 1; i >= 0; i--) {
            CountingSession s = unflushed.get(i);
            try {
                if (!s.isOpen() || s.flushPending()) {
                    unflushed.remove(i);
                } else {
                    s.session.setEvent(java.nio.channels.SelectionKey.OP_WRITE);
                }
            } catch (IOException e) {
                unflushed.remove(i);
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
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
