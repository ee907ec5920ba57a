package dev.loadtest.internal.engine.connection;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hc.core5.reactor.IOEventHandler;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.util.Timeout;

/**
 * Our own connections' events (HTTP/1.1's and HTTP/2's): each event of HttpCore's I/O reactor runs under the
 * connection's {@link #lock}, with {@link #session} set to the session it came on. Another thread may write a request
 * on an idle connection ({@link DirectSend#sendNow}): it only tries the lock, so it never meets an event halfway and
 * never makes the I/O thread wait.
 */
public abstract class LockedEvents implements IOEventHandler {

    /**
     * Guards the connection's state: held by the I/O thread through each event (uncontended but for a request another
     * thread, the scheduler or the timer, writes at that moment), and tried, never waited for, by {@code sendNow}.
     */
    protected final ReentrantLock lock = new ReentrantLock();
    /** The session of the connection's events; null before its first. */
    protected IOSession session;

    /** The connection is open (after TLS's handshake, over TLS): it starts taking requests. */
    protected abstract void onConnected() throws IOException;

    /** Bytes came: {@code src} holds those TLS decrypted; null in clear text, where the socket is read. */
    protected abstract void onInput(ByteBuffer src) throws IOException;

    /** The socket takes bytes again. */
    protected abstract void onOutput() throws IOException;

    /** Nothing came within the session's socket timeout. */
    protected abstract void onTimeout(Timeout timeout);

    /** The session failed (an I/O error, a failed handshake, an exception of an event of ours). */
    protected abstract void onException(Exception cause);

    /** The session is closed. */
    protected abstract void onDisconnected();

    @Override
    public final void connected(IOSession ioSession) throws IOException {
        lock.lock();
        try {
            session = ioSession;
            onConnected();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final void inputReady(IOSession ioSession, ByteBuffer src) throws IOException {
        lock.lock();
        try {
            session = ioSession;
            onInput(src);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final void outputReady(IOSession ioSession) throws IOException {
        lock.lock();
        try {
            session = ioSession;
            onOutput();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final void timeout(IOSession ioSession, Timeout timeout) {
        lock.lock();
        try {
            session = ioSession;
            onTimeout(timeout);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final void exception(IOSession ioSession, Exception cause) {
        lock.lock();
        try {
            session = ioSession;
            onException(cause);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public final void disconnected(IOSession ioSession) {
        lock.lock();
        try {
            session = ioSession;
            onDisconnected();
        } finally {
            lock.unlock();
        }
    }
}
