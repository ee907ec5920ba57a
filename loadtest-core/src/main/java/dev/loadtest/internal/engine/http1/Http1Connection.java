package dev.loadtest.internal.engine.http1;

import dev.loadtest.DurationFormat;
import dev.loadtest.internal.engine.connection.ConnectionSlot;
import dev.loadtest.internal.engine.connection.DirectSend;
import dev.loadtest.internal.engine.connection.Exchange;
import dev.loadtest.internal.engine.connection.LockedEvents;
import dev.loadtest.internal.engine.connection.NotProcessedException;
import dev.loadtest.internal.engine.connection.ReadyToSend;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.internal.engine.connection.SetupException;
import dev.loadtest.internal.engine.connection.StepWrites;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayDeque;
import java.util.concurrent.locks.Lock;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.nio.command.CommandSupport;
import org.apache.hc.core5.http.nio.command.RequestExecutionCommand;
import org.apache.hc.core5.http.nio.command.ShutdownCommand;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.util.Timeout;

/**
 * One HTTP/1.1 connection, as a load generator needs it: every request queued goes out at once, one
 * after the other on the wire (pipelined, up to the client's {@code streams}), each from bytes encoded
 * once per run ({@link RequestTemplate#http1HeadBytes()}); responses are read with {@link Http1ResponseParser},
 * which counts and skips them, and are matched to requests in order.
 *
 * <p>HttpCore's own HTTP/1.1 handler builds, processes, formats and parses message objects for each
 * request and writes one request per output event: with one request at a time, most of the generator's
 * CPU (bench/README.md). This one does per request what h2load does: copy the request's bytes, scan the
 * response's. The bytes read and written (after TLS, when there is TLS) are the traffic figures.
 *
 * <p>Requests arrive as HttpCore commands (an {@link Exchange} in a {@link RequestExecutionCommand}), so
 * {@link ConnectionSlot} speaks to both protocols alike. Everything here runs on the connection's I/O thread, but
 * for {@link #sendNow}: a thread that issues a request on an idle clear-text connection (the open model's scheduler,
 * the run's timer at the clock's start) writes it itself, instead of waking the I/O thread to do it (see there). The
 * connection's state is guarded by {@link #lock}, which the I/O thread holds through each event and other threads
 * only ever try.
 *
 * <p>Over 400 lines: the write path and the read path share the queue of requests awaiting their responses and
 * the connection's closing state, which every event of either path reads; apart, each would reach into the other.
 */
public final class Http1Connection extends LockedEvents implements DirectSend, Http1ResponseParser.Listener {

    private static final int MAX_READS_PER_EVENT = 8;
    /** Room for a line the last read cut (at most the parser's MAX_LINE) and a read after it. */
    private static final int READ_BUFFER = Http1ResponseParser.MAX_LINE + 64 * 1024;
    private static final int WRITE_BUFFER = 64 * 1024;

    /**
     * What one event reads passes through these buffers of its I/O thread: a connection keeps only what is left over
     * between events (usually nothing), so 10,000 connections fit in a small heap. Only threads that read make them
     * (the I/O threads); a thread that only writes (the open model's scheduler, the run's timer, in
     * {@link #sendNow}) takes only {@link #OUT}.
     *
     * <p>The socket reads into and writes from direct buffers: given a heap buffer, the JDK's socket channel borrows
     * a temporary direct one of the thread's for each call (a cache lookup and a return) and copies through it, so a
     * write copied each request twice. The parser reads a heap array ({@code in}): what a read brings is copied into it
     * once, as the JDK did. Over TLS the session hands over what it decrypted, so {@link #socketIn} is made at the
     * thread's first clear-text read.
     */
    private static final class ReadBuffers {
        final byte[] in = new byte[READ_BUFFER];
        private ByteBuffer socketIn;

        ByteBuffer socketIn() {
            if (socketIn == null) {
                socketIn = ByteBuffer.allocateDirect(READ_BUFFER);
            }
            return socketIn;
        }
    }

    private static final ThreadLocal<ReadBuffers> READ_BUFFERS = ThreadLocal.withInitial(ReadBuffers::new);
    /** What one write sends passes through this direct buffer of the writing thread (see {@link ReadBuffers}). */
    private static final ThreadLocal<ByteBuffer> OUT =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(WRITE_BUFFER));

    private final Recorders recorders;
    private final Phase phase;
    /** Told in {@link #connected}: its slot's first request is taken in that event ({@link #takeInEvent}). */
    private final ReadyToSend ready;
    private final Http1ResponseParser parser = new Http1ResponseParser(this);
    /**
     * Sent requests waiting for their responses, oldest first. Small at first, as {@link #handedOver}: it grows to the
     * pipelining depth once, and 10,000 connections of one request each keep 64 bytes less each than with the default.
     */
    private final ArrayDeque<Exchange> awaiting = new ArrayDeque<>(1);
    /**
     * Requests this connection's I/O thread handed over during one of its events ({@link #takeInEvent}), oldest
     * first: the event's output writes them, ahead of HttpCore's queued commands (there are none when one is taken).
     * Small at first (it grows to the pipelining depth): 10,000 connections keep one each.
     */
    private final ArrayDeque<Exchange> handedOver = new ArrayDeque<>(1);
    /**
     * The parts of the request being copied out, the template's own arrays (read only): its head, then its body (if
     * any); each null once copied whole, and {@link #copiedOfPart} bytes of the first not null copied so far.
     */
    private byte[] head;
    private byte[] body;
    private int copiedOfPart;
    /** The start of a line the last read cut, parsed with the next read; null when none. */
    private byte[] carry;
    /** What the socket did not take, to go first at the next output event (read mode); null when none. */
    private ByteBuffer unsent;
    /** No more requests go out: the server closes the connection, or the client shuts it. */
    private boolean closing;
    /**
     * When the bytes being parsed were read: the completion time of every response in them, one clock
     * reading a read rather than one a response (the clock is a measurable share of a small response's CPU).
     */
    private long readNanos;
    /** Whether the server sent anything yet: its first bytes tell a TLS port spoken to in plain HTTP. */
    private boolean answered;
    /** Whether the bytes being parsed came out of TLS. */
    private boolean decrypted;
    /** A scenario run's: which step each byte read, and written, belongs to; null until it takes a step's request. */
    private Http1StepBytes stepBytes;
    private StepWrites stepWrites;
    /** The request whose head and body are being copied out. */
    private Exchange copying;

    /** {@code ready}: told once the connection takes requests, inside {@link #connected}. */
    public Http1Connection(Recorders recorders, Phase phase, ReadyToSend ready) {
        this.recorders = recorders;
        this.phase = phase;
        this.ready = ready;
    }

    // ---- the I/O reactor's events (LockedEvents) ----

    @Override
    protected void onConnected() throws IOException {
        session.setEvent(SelectionKey.OP_READ);
        ready.ready();   // the slot's first requests are handed over here, and written just below
        produce();
    }

    @Override
    protected void onInput(ByteBuffer src) throws IOException {
        ReadBuffers buffers = READ_BUFFERS.get();
        byte[] in = buffers.in;
        int end = takeCarry(in);
        if (!answered) {
            decrypted = src != null || isTlsSession();   // only the first bytes are looked at
        }
        try {
            if (src != null) {
                // TLS: the session hands over what it decrypted
                while (src.hasRemaining()) {
                    int n = Math.min(src.remaining(), in.length - end);
                    src.get(in, end, n);
                    end = parseRead(in, end, n);
                }
            } else {
                ByteBuffer socketIn = buffers.socketIn();
                for (int reads = 0; reads < MAX_READS_PER_EVENT; reads++) {
                    int room = in.length - end;
                    socketIn.clear().limit(room);
                    int n = session.read(socketIn);
                    if (n < 0) {
                        endOfStream(end);
                        return;
                    }
                    socketIn.flip().get(in, end, n);
                    end = parseRead(in, end, n);
                    if (n < room) {
                        break;   // the socket had no more
                    }
                }
            }
            keepCarry(in, end);
        } catch (HttpException | IOException e) {
            fail(e);   // a malformed response, or the socket failed: the connection is done
            return;
        }
        // responses done free streams: the requests sent in their place go out in this same event
        produce();
    }

    @Override
    protected void onOutput() throws IOException {
        produce();
    }

    @Override
    protected void onTimeout(Timeout timeout) {
        if (awaiting.isEmpty() && nothingUnwritten()) {
            session.close(CloseMode.GRACEFUL);   // idle
        } else {
            fail(new SocketTimeoutException("no data from the server for "
                    + DurationFormat.setting(timeout.toDuration()) + " (the socket timeout)"));
        }
    }

    @Override
    protected void onException(Exception cause) {
        fail(cause);
    }

    @Override
    protected void onDisconnected() {
        if (!awaiting.isEmpty()) {
            Exception cause = new ConnectionClosedException("Connection closed by peer");
            // a body delimited by the close ends here, unless we closed it: a request timeout cut it short
            if (!awaiting.peekFirst().isTimedOut()) {
                try {
                    readNanos = System.nanoTime();
                    parser.endOfStream();
                } catch (HttpException | IOException e) {
                    cause = e;
                }
            }
            failAwaiting(cause);
        }
        closing = true;
        failHandedOverNotSent();   // as HttpCore cancels its queued commands
        CommandSupport.cancelCommands(session);
    }

    // ---- Http1ResponseParser.Listener ----

    @Override
    public boolean onHead(int status, long headerBytes) throws HttpException {
        Exchange exchange = awaiting.peekFirst();
        if (exchange == null) {
            throw new ProtocolException("Unexpected response: no request awaits one (status " + status + ")");
        }
        exchange.http1Head(status, headerBytes);
        if (exchange.isChecked()) {
            exchange.http1Fields(parser.fields(), parser.contentLength());
        }
        return !exchange.template().isHead();
    }

    @Override
    public void onBody(byte[] buf, int from, int n) {
        Exchange exchange = awaiting.peekFirst();
        if (exchange != null) {
            exchange.http1Body(buf, from, n);
        }
    }

    @Override
    public void onEnd(long trailerBytes, boolean keepAlive) {
        Exchange exchange = awaiting.pollFirst();
        if (stepBytes != null && exchange != null) {
            stepBytes.responseEnded(exchange, parser.responseEnd());
        }
        if (!keepAlive) {
            // the server closes the connection after this response: the requests sent after it are lost
            closing = true;
            session.close(CloseMode.GRACEFUL);
        }
        if (exchange != null) {
            exchange.http1Completed(trailerBytes, readNanos);
        }
        if (!keepAlive) {
            // RFC 9112 §9.6: the server does not process requests behind a response that closes the connection
            failAwaiting(new NotProcessedException(
                    "not processed: sent behind a response that closed the connection (Connection: close)"));
        } else if (closing && awaiting.isEmpty()) {
            session.close(CloseMode.GRACEFUL);   // shut down gracefully: the last response is in
        }
    }

    // ---- input ----

    /** Counts a read's {@code n} bytes, after the {@code carried} ones of a cut line, and parses them all. */
    private int parseRead(byte[] in, int carried, int n) throws HttpException, IOException {
        boolean counted = received(n);
        if (stepBytes == null) {
            return parse(in, carried + n);
        }
        stepBytes.readStarts(carried, counted);
        int left = parse(in, carried + n);
        stepBytes.readEnds(awaiting.peekFirst(), carried + n);
        return left;
    }

    /** Parses {@code in[0, end)}; returns the end of what is left (a cut line, moved to the front). */
    private int parse(byte[] in, int end) throws HttpException, IOException {
        if (!answered && end > 0) {
            answered = true;
            if (!decrypted) {
                checkNotTls(in, end);
            }
        }
        int start = parser.parse(in, 0, end);
        if (start == end) {
            return 0;
        }
        // at most MAX_LINE bytes (the parser refuses a longer line), so a read's worth of room stays
        System.arraycopy(in, start, in, 0, end - start);
        return end - start;
    }

    /**
     * Plain HTTP sent to a TLS port: the reply is a TLS record (a 0x15 alert or a 0x16 handshake, then
     * version 0x03), not a status line; or nginx's 400 that says so in its body (in the first read, which
     * holds so small a response). Every connection would fail alike: the setup is wrong.
     */
    private void checkNotTls(byte[] in, int end) throws SetupException {
        if ((in[0] == 0x15 || in[0] == 0x16) && (end < 2 || in[1] == 0x03)) {
            throw new SetupException(plainToTls());
        }
        if (end > 12 && in[9] == '4' && in[10] == '0' && in[11] == '0'
                && new String(in, 0, Math.min(end, 2048), java.nio.charset.StandardCharsets.ISO_8859_1)
                        .contains("The plain HTTP request was sent to HTTPS port")) {
            throw new SetupException(plainToTls());   // nginx's answer, in the body of its 400
        }
    }

    /** Whether this connection speaks TLS (then the bytes here are decrypted, and TLS bytes cannot be). */
    private boolean isTlsSession() {
        return session instanceof org.apache.hc.core5.reactor.ssl.TransportSecurityLayer tls && tls.getTlsDetails() != null;
    }

    private String plainToTls() {
        java.net.SocketAddress remote = session == null ? null : session.getRemoteAddress();
        String where = remote instanceof java.net.InetSocketAddress a ? a.getHostString() + ":" + a.getPort() : "the server";
        return where + " speaks TLS: use https://";
    }

    /** Puts the cut line of the last event in front of the buffer; returns its length. */
    private int takeCarry(byte[] in) {
        if (carry == null) {
            return 0;
        }
        int n = carry.length;
        System.arraycopy(carry, 0, in, 0, n);
        carry = null;
        return n;
    }

    private void keepCarry(byte[] in, int end) {
        carry = end == 0 ? null : java.util.Arrays.copyOf(in, end);
    }

    private void endOfStream(int leftover) throws HttpException, IOException {
        readNanos = System.nanoTime();   // a body delimited by the close is whole now, not at the last read
        if (leftover > 0 && parser.isIdle() && awaiting.isEmpty()) {
            throw new ProtocolException("Unexpected bytes from the server: no request awaits a response");
        }
        if (!awaiting.isEmpty()) {
            parser.endOfStream();
        }
        closing = true;
        if (!awaiting.isEmpty()) {
            failAwaiting(new ConnectionClosedException("Connection closed by peer"));
        }
        failHandedOverNotSent();
        session.close(CloseMode.GRACEFUL);
    }

    /** Bytes read now: the clock reading their responses complete at, and the measured byte count; whether counted. */
    private boolean received(int n) {
        readNanos = System.nanoTime();
        if (n > 0 && phase.isMeasured(readNanos)) {
            recorders.get().received(n);
            return true;
        }
        return false;
    }

    // ---- output ----

    /**
     * Writes {@code exchange}'s request now, on the calling thread (any but the I/O thread: the open model's
     * scheduler as it falls due, the run's timer at the clock's start), when this connection is idle: connected, in
     * clear text, nothing of an earlier request left to write and no command queued before it. Whatever the socket
     * does not take at once goes with the next output event, on the I/O thread, as does a write that failed (which
     * then fails the connection there).
     *
     * <p>Why: handing the request to the I/O thread as a command costs, per request, a wake-up of its selector
     * (an eventfd write and read), write interest set and cleared again ({@code epoll_ctl} twice) and one more
     * {@code epoll_wait}; written here, the I/O thread wakes only for the response, as wrk2's one event loop does.
     * The request is sent when it is written, so its service time counts from here, as it would on the I/O thread.
     *
     * @return false, having done nothing, when the connection is not idle, is over TLS (the TLS session writes
     *     only on its I/O thread), or its I/O thread holds it at this moment: then enqueue the request as usual
     */
    @Override
    public boolean sendNow(Exchange exchange, long now) {
        if (!lock.tryLock()) {
            return false;   // the I/O thread is in an event of this connection: never wait for it
        }
        try {
            IOSession s = session;
            if (s == null || closing || !nothingUnwritten() || s.hasCommands() || !s.isOpen() || isTlsSession()) {
                return false;
            }
            take(exchange, now);
            ByteBuffer out = OUT.get();
            out.clear();
            copyRequest(out);
            try {
                if (write(out, now) > 0) {
                    s.updateWriteTime();   // the socket timeout counts from the last I/O, as after an output event
                }
            } catch (IOException e) {
                // left unwritten: the I/O thread's next write meets the error and fails the connection, as ever
            }
            keepUnsent(out);
            writeInterest();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes {@code exchange}'s request to write at the end of the current event, when the caller is this connection's
     * I/O thread inside one of its events (a response just completed, and its client sends the next request): the
     * closed model's every request. Returns false, having done nothing, otherwise (another thread, no event, the
     * connection closing, HttpCore's commands queued): then enqueue it as a command.
     *
     * <p>Why: a command costs per request what the write itself hardly does: a command and a context allocated, the
     * session's lock taken twice, write interest set and cleared again (each a selector update) and a wake-up of the
     * selector (an eventfd write, and a read to drain it, once per select). Taken here, the request goes out in the
     * same write it would have gone in, as h2load and wrk send theirs: 1 read and 1 write per request.
     */
    @Override
    public boolean takeInEvent(Exchange exchange) {
        if (!lock.isHeldByCurrentThread() || closing || session == null || !session.isOpen() || session.hasCommands()) {
            return false;
        }
        handedOver.addLast(exchange);
        return true;
    }

    /** Whether every byte of the requests taken or handed over has been written. */
    private boolean nothingUnwritten() {
        return head == null && body == null && unsent == null && handedOver.isEmpty();
    }

    /** Whether a request waits to be taken: handed over, or queued as HttpCore's command. */
    private boolean hasQueued() {
        return !handedOver.isEmpty() || session.hasCommands();
    }

    /** Copies queued requests out and writes them, as long as the socket takes them. */
    private void produce() throws IOException {
        long now = System.nanoTime();   // one clock reading for the requests of this write
        ByteBuffer out = OUT.get();
        out.clear();
        if (unsent != null) {
            out.put(unsent);
            unsent = null;
        }
        while (true) {
            if (head != null || body != null) {
                copyRequest(out);
            }
            if (head == null && body == null && !closing && out.hasRemaining()) {
                Exchange exchange = handedOver.pollFirst();
                if (exchange != null) {
                    take(exchange, now);
                    continue;
                }
                Command command = session.poll();
                if (command != null) {
                    take(command, now);
                    continue;
                }
            }
            if (out.position() == 0 || write(out, now) == 0 || (head == null && body == null && !hasQueued())) {
                break;
            }
        }
        keepUnsent(out);
        writeInterest();
    }

    /** Keeps what the socket did not take of {@code out} (write mode) for the next output event. */
    private void keepUnsent(ByteBuffer out) {
        if (out.position() > 0) {
            out.flip();
            unsent = ByteBuffer.allocate(out.remaining()).put(out).flip();
        }
    }

    private void take(Command command, long now) {
        if (command instanceof RequestExecutionCommand execution
                && execution.getExchangeHandler() instanceof Exchange exchange) {
            take(exchange, now);
        } else if (command instanceof ShutdownCommand shutdown) {
            closing = true;
            if (shutdown.getType() == CloseMode.IMMEDIATE || awaiting.isEmpty()) {
                session.close(shutdown.getType());
            }
        } else {
            command.cancel();
        }
    }

    /** Starts copying {@code exchange}'s request out: it is sent now, and its response is the next one awaited. */
    private void take(Exchange exchange, long now) {
        head = exchange.template().http1HeadBytes();
        body = exchange.template().bodyBytes();
        copiedOfPart = 0;
        copying = exchange;
        if (stepBytes == null && exchange.isStep()) {
            stepBytes = new Http1StepBytes();
            stepWrites = new StepWrites();
        }
        // a request another thread issued while this write was being filled is not sent before its issue
        exchange.http1Sent(Math.max(now, exchange.issuedNanos()));
        awaiting.addLast(exchange);
        if (exchange.isChecked()) {
            parser.keepFields();   // before its response arrives: the checks read the head's fields
        }
    }

    private void copyRequest(ByteBuffer out) {
        int from = out.position();
        copyParts(out);
        if (stepWrites != null) {
            stepWrites.copied(copying, out.position() - from);
        }
    }

    private void copyParts(ByteBuffer out) {
        if (head != null) {
            copiedOfPart = copy(head, copiedOfPart, out);
            if (copiedOfPart == head.length) {
                head = null;
                copiedOfPart = 0;
            }
        }
        if (head == null && body != null) {
            copiedOfPart = copy(body, copiedOfPart, out);
            if (copiedOfPart == body.length) {
                body = null;
                copiedOfPart = 0;
            }
        }
    }

    /** Copies what {@code out} takes of {@code part} from {@code from} on; returns how far it is copied now. */
    private static int copy(byte[] part, int from, ByteBuffer out) {
        int n = Math.min(part.length - from, out.remaining());
        out.put(part, from, n);
        return from + n;
    }

    /** Writes what the socket takes of {@code out} (write mode, left so); returns the bytes written. */
    private int write(ByteBuffer out, long now) throws IOException {
        out.flip();
        int n;
        try {
            n = session.write(out);
        } finally {
            out.compact();
        }
        boolean counted = n > 0 && phase.isMeasured(now);
        if (counted) {
            recorders.get().sent(n);
        }
        if (stepWrites != null) {
            stepWrites.written(n, counted);
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
        // a request handed over but not taken once closing never will be (produce takes none then; onDisconnected()
        // fails it): like a queued command, it asks for no output events, which would come with nothing to write
        boolean wantWrite = head != null || body != null || unsent != null || (!closing && !handedOver.isEmpty());
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
            if (closing || !hasQueued()) {
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
        failHandedOver(cause);
        CommandSupport.failCommands(session, cause);
        session.close(CloseMode.IMMEDIATE);
    }

    private void failAwaiting(Exception cause) {
        Exchange exchange;
        while ((exchange = awaiting.pollFirst()) != null) {
            exchange.failed(cause);
        }
    }

    /**
     * The connection closed: the requests handed over and not taken fail as never sent. The exception is made only when
     * one waits: most connections close with none (every connection of a run without keep-alive), and an exception's
     * stack trace is the dearest part of a close.
     */
    private void failHandedOverNotSent() {
        if (!handedOver.isEmpty()) {
            failHandedOver(new RequestNotExecutedException());
        }
    }

    /** Fails the requests handed over and not taken, as HttpCore fails (or cancels) its queued commands: never sent. */
    private void failHandedOver(Exception cause) {
        Exchange exchange;
        while ((exchange = handedOver.pollFirst()) != null) {
            exchange.failed(cause);
        }
    }
}
