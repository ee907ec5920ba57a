package dev.loadtest.internal.engine.http2;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.concurrent.locks.Lock;
import org.apache.hc.core5.reactor.ProtocolIOSession;

/**
 * Gathers what HttpCore's HTTP/2 multiplexer writes during one I/O event of a connection and hands it to the
 * session in one write when the event ends.
 *
 * <p>Why: HttpCore's multiplexer writes and flushes each frame on its own ({@code FrameOutputBuffer.write}),
 * and over TLS its {@code SSLIOSession.write} wraps each write into a TLS record of its own. A run of
 * {@code -m 10} thus sent one 14-byte HEADERS frame per TLS record, one record per request: an AES-GCM
 * {@code Cipher.init}, a 22-byte record overhead and a 5-byte header each, and a server that, reading one
 * request per record, answers one response per record (measured against nginx: 1.0 record written and 1.0
 * record read per request). Gathered, the frames of an event go out in one record (one socket write in clear
 * text), as h2load's do. Interest-op changes the multiplexer makes during the event (it sets
 * {@code OP_WRITE} after every frame, which over TLS re-runs {@code SSLIOSession.updateEventMask} each time)
 * are applied once, when the event ends.
 *
 * <p>Bounded: at most {@link #CAPACITY} bytes are held; a frame that does not fit goes after what is held,
 * written straight through when the session takes it, so a large DATA frame is never copied here. When the
 * session takes less than is held (the socket is full), the rest stays here, {@code OP_WRITE} stays set,
 * and further writes take only what fits: the multiplexer keeps the rest in its own buffer, as it does when
 * a socket is full.
 *
 * <p>Writes from other threads (a request deadline resetting a stream from the timer thread) are gathered in
 * the same buffer under the session's lock, so their order with the I/O thread's frames holds, and ask for
 * {@code OP_WRITE} so the I/O thread sends them.
 */
final class OutputBatch {

    /**
     * Bytes held at most: a hundred requests' HEADERS frames, well under one TLS record's 16 KiB of plain text.
     * Per connection, allocated at its first write.
     */
    static final int CAPACITY = 4096;

    private final ProtocolIOSession real;
    private final Thread ioThread;
    private ByteBuffer held;
    /** On the I/O thread only: inside an event, writes and interest-op changes wait for its end. */
    private boolean inEvent;
    private int deferredSet;
    private int deferredClear;

    /** Made on the connection's I/O thread. */
    OutputBatch(ProtocolIOSession real) {
        this.real = real;
        this.ioThread = Thread.currentThread();
    }

    /** Takes what it can of {@code src}, as a channel write does; the caller keeps the rest. */
    int write(ByteBuffer src) throws IOException {
        Lock lock = real.getLock();
        lock.lock();
        try {
            if (!real.isOpen()) {
                return real.write(src);   // fails as the session fails a write once closed, instead of holding it
            }
            int n = src.remaining();
            if (held == null) {
                held = ByteBuffer.allocate(CAPACITY);
            }
            int taken;
            if (n <= held.remaining()) {
                held.put(src);
                taken = n;
            } else if (!drain()) {
                taken = Math.min(n, held.remaining());
                ByteBuffer part = src.slice();
                part.limit(taken);
                held.put(part);
                src.position(src.position() + taken);
            } else if (n <= held.remaining()) {
                held.put(src);
                taken = n;
            } else {
                taken = writeThrough(src);
            }
            if (!deferring()) {
                real.setEvent(SelectionKey.OP_WRITE);
            }
            return taken;
        } finally {
            lock.unlock();
        }
    }

    private int writeThrough(ByteBuffer src) throws IOException {
        int start = src.position();
        while (src.hasRemaining() && real.write(src) > 0) {
            // over TLS each write wraps at most one record's worth
        }
        return src.position() - start;
    }

    /** Hands what is held to the session; true when nothing is left. Under the session's lock. */
    private boolean drain() throws IOException {
        if (held == null || held.position() == 0) {
            return true;
        }
        held.flip();
        try {
            writeThrough(held);
        } finally {
            held.compact();
        }
        return held.position() == 0;
    }

    void setEvent(int op) {
        if (deferring()) {
            deferredSet |= op;
            deferredClear &= ~op;
        } else {
            real.setEvent(op);
        }
    }

    void clearEvent(int op) {
        if (deferring()) {
            deferredClear |= op;
            deferredSet &= ~op;
        } else {
            real.clearEvent(op);
        }
    }

    /** Before the multiplexer sets the whole mask: what was deferred happened first. */
    void applyDeferred() {
        if (deferring()) {
            applyEvents(false);
        }
    }

    private boolean deferring() {
        return Thread.currentThread() == ioThread && inEvent;
    }

    /**
     * An event of the connection starts on its I/O thread; returns false when one is already under way (the
     * guard hands a split frame header in as two calls), whose end then does the work.
     */
    boolean beginEvent() {
        if (inEvent || Thread.currentThread() != ioThread) {
            return false;
        }
        inEvent = true;
        return true;
    }

    /** The event ended normally: what it wrote goes to the session, then its interest-op changes. */
    void endEvent() throws IOException {
        inEvent = false;
        if (deferredSet == 0 && deferredClear == 0 && (held == null || held.position() == 0)) {
            // most input events write nothing: no lock. A write from another thread missed here asked for
            // OP_WRITE itself, and the output event that brings drains it
            return;
        }
        Lock lock = real.getLock();
        lock.lock();
        try {
            if (real.isOpen()) {
                drain();
            }
            applyEvents(held != null && held.position() > 0 && real.isOpen());
        } finally {
            lock.unlock();
        }
    }

    /** The event ended with an exception: the connection is failing, nothing more is sent for it. */
    void abandonEvent() {
        inEvent = false;
        deferredSet = 0;
        deferredClear = 0;
    }

    private void applyEvents(boolean stillHeld) {
        int set = deferredSet | (stillHeld ? SelectionKey.OP_WRITE : 0);
        int clear = deferredClear & ~set;
        deferredSet = 0;
        deferredClear = 0;
        if (clear != 0) {
            real.clearEvent(clear);
        }
        if (set != 0) {
            real.setEvent(set);
        }
    }

    /** Before a graceful close: what is held (a GOAWAY) goes first, if the session still takes it. */
    void flushBeforeClose() {
        Lock lock = real.getLock();
        lock.lock();
        try {
            if (real.isOpen()) {
                drain();
            }
        } catch (IOException ignored) {
            // the connection is closing anyway; what it could not send is lost with it
        } finally {
            lock.unlock();
        }
    }
}
