package dev.loadtest.internal.engine;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Lock;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.nio.command.CommandSupport;
import org.apache.hc.core5.http.nio.command.RequestExecutionCommand;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.IOEventHandler;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.http.nio.command.ShutdownCommand;
import org.apache.hc.core5.util.Timeout;

/**
 * One HTTP/1.1 connection, as a load generator needs it: every request queued goes out at once, one
 * after the other on the wire (pipelined, up to the client's {@code streams}), each from bytes encoded
 * once per run ({@link RequestTemplate#http1Head()}); responses are read with {@link Http1ResponseParser},
 * which counts and skips them, and are matched to requests in order.
 *
 * <p>HttpCore's own HTTP/1.1 handler builds, processes, formats and parses message objects for each
 * request and writes one request per output event: with one request at a time, most of the generator's
 * CPU (bench/README.md). This one does per request what h2load does: copy the request's bytes, scan the
 * response's. The bytes read and written (after TLS, when there is TLS) are the traffic figures.
 *
 * <p>Requests arrive as HttpCore commands (an {@link Exchange} in a {@link RequestExecutionCommand}), so
 * {@link Client} speaks to both protocols alike. Everything here runs on the connection's I/O thread.
 */
final class Http1Connection implements IOEventHandler, Http1ResponseParser.Listener {

    private static final int BUFFER = 16 * 1024;
    private static final int MAX_READS_PER_EVENT = 8;

    private final Recorders recorders;
    private final Phase phase;
    private final Http1ResponseParser parser = new Http1ResponseParser(this);
    /** Sent requests waiting for their responses, oldest first. */
    private final ArrayDeque<Exchange> awaiting = new ArrayDeque<>();
    /** Bytes to write, in write mode. */
    private final ByteBuffer out = ByteBuffer.allocate(BUFFER);
    /** The parts of the request being copied into {@link #out}: its head, then its body (if any). */
    private ByteBuffer head;
    private ByteBuffer body;
    /** Bytes read and not yet parsed: {@code in[inStart, inEnd)}. */
    private byte[] in = new byte[BUFFER];
    private ByteBuffer inView = ByteBuffer.wrap(in);
    private int inStart;
    private int inEnd;
    /** No more requests go out: the server closes the connection, or the client shuts it. */
    private boolean closing;
    private IOSession session;

    Http1Connection(Recorders recorders, Phase phase) {
        this.recorders = recorders;
        this.phase = phase;
    }

    // ---- IOEventHandler ----

    @Override
    public void connected(IOSession ioSession) throws IOException {
        session = ioSession;
        ioSession.setEvent(SelectionKey.OP_READ);
        produce();
    }

    @Override
    public void inputReady(IOSession ioSession, ByteBuffer src) throws IOException {
        session = ioSession;
        try {
            if (src != null) {
                // TLS: the session hands over what it decrypted
                while (src.hasRemaining()) {
                    int n = Math.min(src.remaining(), room());
                    src.get(in, inEnd, n);
                    received(n);
                    inEnd += n;
                    parse();
                }
            } else {
                for (int reads = 0; reads < MAX_READS_PER_EVENT; reads++) {
                    int room = room();
                    inView.limit(in.length).position(inEnd);
                    int n = ioSession.read(inView);
                    if (n < 0) {
                        endOfStream();
                        return;
                    }
                    received(n);
                    inEnd += n;
                    parse();
                    if (n < room) {
                        break;   // the socket had no more
                    }
                }
            }
        } catch (HttpException | IOException e) {
            fail(e);   // a malformed response, or the socket failed: the connection is done
            return;
        }
        // responses done free streams: the requests sent in their place go out in this same event
        produce();
    }

    @Override
    public void outputReady(IOSession ioSession) throws IOException {
        session = ioSession;
        produce();
    }

    @Override
    public void timeout(IOSession ioSession, Timeout timeout) {
        session = ioSession;
        if (awaiting.isEmpty() && head == null && body == null) {
            ioSession.close(CloseMode.GRACEFUL);   // idle
        } else {
            fail(new SocketTimeoutException("no data for " + timeout + " (the socket timeout)"));
        }
    }

    @Override
    public void exception(IOSession ioSession, Exception cause) {
        session = ioSession;
        fail(cause);
    }

    @Override
    public void disconnected(IOSession ioSession) {
        session = ioSession;
        if (!awaiting.isEmpty()) {
            Exception cause = new ConnectionClosedException("Connection closed by peer");
            try {
                parser.endOfStream();   // a body delimited by the close ends here
            } catch (HttpException | IOException e) {
                cause = e;
            }
            failAwaiting(cause);
        }
        CommandSupport.cancelCommands(ioSession);
    }

    // ---- Http1ResponseParser.Listener ----

    @Override
    public boolean onHead(int status, long headerBytes) throws HttpException {
        Exchange exchange = awaiting.peekFirst();
        if (exchange == null) {
            throw new ProtocolException("Unexpected response: no request awaits one (status " + status + ")");
        }
        exchange.http1Head(status, headerBytes);
        return !exchange.template().isHead();
    }

    @Override
    public void onBody(int bytes) {
        Exchange exchange = awaiting.peekFirst();
        if (exchange != null) {
            exchange.http1Data(bytes);
        }
    }

    @Override
    public void onEnd(boolean keepAlive) {
        Exchange exchange = awaiting.pollFirst();
        if (!keepAlive) {
            // the server closes the connection after this response: the requests sent after it are lost
            closing = true;
            session.close(CloseMode.GRACEFUL);
        }
        if (exchange != null) {
            exchange.http1Completed();
        }
        if (!keepAlive) {
            failAwaiting(new ConnectionClosedException("Connection closed by the server after an earlier response"));
        } else if (closing && awaiting.isEmpty()) {
            session.close(CloseMode.GRACEFUL);   // shut down gracefully: the last response is in
        }
    }

    // ---- input ----

    /** Room after {@code inEnd}: unparsed bytes (part of a line) move to the front; a long line grows the buffer. */
    private int room() {
        if (inStart > 0) {
            System.arraycopy(in, inStart, in, 0, inEnd - inStart);
            inEnd -= inStart;
            inStart = 0;
        }
        if (inEnd == in.length) {
            // one line longer than the buffer: the parser refuses it beyond MAX_LINE
            in = java.util.Arrays.copyOf(in, in.length * 2);
            inView = ByteBuffer.wrap(in);
        }
        return in.length - inEnd;
    }

    private void parse() throws HttpException, IOException {
        inStart = parser.parse(in, inStart, inEnd);
        if (inStart == inEnd) {
            inStart = 0;
            inEnd = 0;
        }
    }

    private void endOfStream() throws HttpException, IOException {
        if (inStart < inEnd && parser.isIdle() && awaiting.isEmpty()) {
            throw new ProtocolException("Unexpected bytes from the server: no request awaits a response");
        }
        if (!awaiting.isEmpty()) {
            parser.endOfStream();
        }
        failAwaiting(new ConnectionClosedException("Connection closed by peer"));
        closing = true;
        session.close(CloseMode.GRACEFUL);
    }

    private void received(int n) {
        if (n > 0 && phase.isMeasured(System.nanoTime())) {
            recorders.get().totalBytes += n;
        }
    }

    // ---- output ----

    /** Copies queued requests into the output buffer and writes it, as long as the socket takes it. */
    private void produce() throws IOException {
        while (true) {
            if (head != null || body != null) {
                copyRequest();
            }
            if (head == null && body == null && !closing && out.hasRemaining()) {
                Command command = session.poll();
                if (command != null) {
                    take(command);
                    continue;
                }
            }
            if (out.position() == 0 || write() == 0 || (head == null && body == null && !session.hasCommands())) {
                break;
            }
        }
        writeInterest();
    }

    private void take(Command command) {
        if (command instanceof RequestExecutionCommand execution
                && execution.getExchangeHandler() instanceof Exchange exchange) {
            head = exchange.template().http1Head();
            body = exchange.template().body();
            exchange.http1Sent(System.nanoTime());
            awaiting.addLast(exchange);
        } else if (command instanceof ShutdownCommand shutdown) {
            closing = true;
            if (shutdown.getType() == CloseMode.IMMEDIATE || awaiting.isEmpty()) {
                session.close(shutdown.getType());
            }
        } else {
            command.cancel();
        }
    }

    private void copyRequest() {
        if (head != null) {
            copy(head);
            if (!head.hasRemaining()) {
                head = null;
            }
        }
        if (head == null && body != null) {
            copy(body);
            if (!body.hasRemaining()) {
                body = null;
            }
        }
    }

    private void copy(ByteBuffer src) {
        int n = Math.min(src.remaining(), out.remaining());
        if (n == src.remaining()) {
            out.put(src);
        } else {
            ByteBuffer slice = src.duplicate();
            slice.limit(slice.position() + n);
            out.put(slice);
            src.position(src.position() + n);
        }
    }

    /** Writes what the socket takes of the output buffer; returns the bytes written. */
    private int write() throws IOException {
        out.flip();
        int n;
        try {
            n = session.write(out);
        } finally {
            out.compact();
        }
        if (n > 0 && phase.isMeasured(System.nanoTime())) {
            recorders.get().sentBytes += n;
        }
        return n;
    }

    /**
     * Asks for output events while there is something to write, and not otherwise. Under the session's
     * lock, so a command enqueued by another thread between the check and the clear is not missed
     * (enqueue sets write interest under the same lock). HttpCore wakes the selector on every change of
     * interest, so it is changed only when it differs.
     */
    private void writeInterest() {
        boolean wantWrite = out.position() > 0 || head != null || body != null;
        boolean writing = (session.getEventMask() & SelectionKey.OP_WRITE) != 0;
        if (wantWrite) {
            if (!writing) {
                session.setEvent(SelectionKey.OP_WRITE);
            }
            return;
        }
        if (!writing) {
            return;
        }
        Lock lock = session.getLock();
        lock.lock();
        try {
            if (closing || !session.hasCommands()) {
                session.clearEvent(SelectionKey.OP_WRITE);
            }
        } finally {
            lock.unlock();
        }
    }

    // ---- failure ----

    private void fail(Exception cause) {
        closing = true;
        failAwaiting(cause);
        CommandSupport.failCommands(session, cause);
        session.close(CloseMode.IMMEDIATE);
    }

    private void failAwaiting(Exception cause) {
        Exchange exchange;
        while ((exchange = awaiting.pollFirst()) != null) {
            exchange.failed(cause);
        }
    }
}
