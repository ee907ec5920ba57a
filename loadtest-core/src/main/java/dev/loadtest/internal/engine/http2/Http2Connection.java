package dev.loadtest.internal.engine.http2;

import dev.loadtest.DurationFormat;
import dev.loadtest.internal.engine.HttpCoreTimes;
import dev.loadtest.internal.engine.connection.DirectSend;
import dev.loadtest.internal.engine.connection.Exchange;
import dev.loadtest.internal.engine.connection.LockedEvents;
import dev.loadtest.internal.engine.connection.ReadyToSend;
import dev.loadtest.internal.engine.connection.SetupException;
import dev.loadtest.internal.engine.connection.StepWrites;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.nio.command.CommandSupport;
import org.apache.hc.core5.http.nio.command.RequestExecutionCommand;
import org.apache.hc.core5.http.nio.command.ShutdownCommand;
import org.apache.hc.core5.http2.H2ConnectionException;
import org.apache.hc.core5.http2.H2Error;
import org.apache.hc.core5.http2.H2StreamResetException;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.util.Timeout;

/**
 * One HTTP/2 connection, as a load generator needs it (RFC 9113, client side): what {@code Http1Connection} is for
 * HTTP/1.1. Requests go out as HEADERS whose header block was encoded once per request template
 * ({@link RequestBlock}), then their bodies as DATA within the server's windows; responses are read frame by frame
 * where they lie in the read buffer ({@link FrameReader}), their header blocks decoded to what a run needs of them
 * ({@link HeaderBlockDecoder}: the status and the decoded size, the fields only for the checks),
 * their DATA counted and passed over (or kept for the checks). Per request it does what h2load does.
 *
 * <p>HttpCore's multiplexer, with our guard in front of it, did per request what a general client needs: a stream
 * object with its own handler, a message converted to and from header lists, an encoder that searches its dynamic
 * table, a map of boxed ids, a callback for every frame. That was the largest part of the I/O thread's time and of
 * what the JIT compiled in a short run (bench/README.md). It stays the path of {@code -Dloadtest.http2=httpcore}.
 *
 * <p>In a scenario run each step's traffic is counted where and when the run's is, byte by byte: each byte read counts
 * for the step of its frame's stream if the read it came in is measured (the reader tells which stream each byte is
 * of: {@link FrameReader.Tally}), and the bytes of each write go to the frames copied into it, oldest first
 * ({@link StepWrites}), our RST_STREAM and WINDOW_UPDATE of a step's stream included. Stream 0's frames are the run's
 * alone.
 *
 * <p>What a real server may do and how it ends here:
 * <ul>
 *   <li>SETTINGS: its MAX_CONCURRENT_STREAMS bounds the streams open (no stream opens before its first SETTINGS;
 *   0 holds requests for at most the connect timeout), INITIAL_WINDOW_SIZE and WINDOW_UPDATE bound request bodies,
 *   MAX_FRAME_SIZE their DATA frames; each SETTINGS is acknowledged, each PING answered.</li>
 *   <li>Our windows are opened wide at the start (stream and connection, {@link #WINDOW}) and handed back when half
 *   used: the server is never held up by flow control, as with h2load.</li>
 *   <li>RST_STREAM fails its request ({@code H2StreamResetException}; REFUSED_STREAM is sent again by its client).
 *   GOAWAY fails the requests above its last-stream-id as not processed ({@link GoAwayException}, sent again), and,
 *   with an error code, those below it as terminated by the peer; no stream opens after it, and the connection closes
 *   once its last stream ends.</li>
 *   <li>A frame that breaks the protocol ends the connection with GOAWAY and an {@code H2ConnectionException} that
 *   says what came; a response that breaks it (no {@code :status}, DATA before the head) ends its stream with
 *   RST_STREAM and a {@code ProtocolException}. Frames of types HTTP/2 does not define are passed over.</li>
 * </ul>
 *
 * <p>Everything runs on the connection's I/O thread under {@link #lock}, but {@link #sendNow}, which another thread
 * (the open model's scheduler, the run's timer) may call on an idle clear-text connection, and which only tries the
 * lock.
 *
 * <p>Over 400 lines: the streams, the windows and the closing state are shared by the read path and the write path;
 * apart, each would reach into the other.
 */
public final class Http2Connection extends LockedEvents implements DirectSend, FrameReader.Listener, FrameReader.Tally {

    /** Our stream and connection windows: 2^30 - 1, as h2load opens them. Handed back when half is used. */
    static final int WINDOW = (1 << 30) - 1;
    private static final int MAX_READS_PER_EVENT = 8;
    private static final int BUFFER = 64 * 1024;
    /** The largest header block our write buffer takes with the frames around it. */
    private static final int MAX_REQUEST_BLOCK = BUFFER - 1024;

    /** What one read takes in, and one write sends, passes through these direct buffers of the calling thread. */
    private static final ThreadLocal<ByteBuffer> IN = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BUFFER));
    private static final ThreadLocal<ByteBuffer> OUT = ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(BUFFER));

    private enum Waiting { NOTHING, SETTINGS, STREAMS }

    private enum Opened { OPENED, NO_ROOM, FAILED }

    private final Recorders recorders;
    private final Phase phase;
    private final ReadyToSend ready;
    private final Function<SocketAddress, GoAwayListener> goAwayListeners;
    private final Timeout connectTimeout;
    private final String server;
    private final FrameReader reader;
    private final HeaderBlockDecoder decoder = new HeaderBlockDecoder(4096);
    private final StreamTable streams = new StreamTable();
    /** Requests taken during one of this connection's events, or held back for a stream: oldest first. */
    private final ArrayDeque<Exchange> handedOver = new ArrayDeque<>(1);
    /** Streams whose request body waits for the server's window (or for room in the write), oldest first. */
    private final ArrayDeque<H2Stream> uploads = new ArrayDeque<>(1);
    /** Frames of the connection's own (preface, SETTINGS, acknowledgements, WINDOW_UPDATE, RST_STREAM) to go first. */
    private ByteBuffer control = ByteBuffer.allocate(128);
    /** What the socket did not take, to go first at the next output event (read mode); null when none. */
    private ByteBuffer unsent;
    private Timeout idleTimeout;
    private Waiting waiting = Waiting.NOTHING;

    // the server's settings (RFC 9113 §6.5.2)
    private boolean settingsSeen;
    private long maxConcurrentStreams = Long.MAX_VALUE;
    private long initialWindow = H2Frames.DEFAULT_WINDOW;
    private int maxFrame = H2Frames.DEFAULT_MAX_FRAME;
    private long connectionSendWindow = H2Frames.DEFAULT_WINDOW;

    private int nextStreamId = 1;
    /** The server's SETTINGS_HEADER_TABLE_SIZE, and whether our next header block must start with a size update. */
    private long headerTableSize = 4096;
    private boolean tableSizeUpdateDue;
    /** DATA bytes received and not yet handed back to the server in a connection WINDOW_UPDATE. */
    private int connectionUnacknowledged;
    /** The header block being collected from HEADERS and CONTINUATION frames: its stream, flags and bytes. */
    private int blockStream;
    private int blockFlags;
    private byte[] block;
    private int blockLength;
    /** The DATA frame being read: its stream (null when none or not ours any more) and flags. */
    private H2Stream dataStream;
    private int dataFlags;
    /** The server sent GOAWAY: no stream opens any more. */
    private boolean goingAway;
    /** No more requests go out: the connection is shutting down, failed or closed. */
    private boolean closing;
    /** When the bytes being read came: the completion time of every response in them (one clock reading a read). */
    private long readNanos;
    private boolean readMeasured;
    /**
     * A scenario run's: which step each byte written belongs to, and each byte of {@link #control} not yet copied out
     * (null: the connection's own); both null until the connection opens a step's stream. From then on the reader
     * tells each byte read to {@link #payload} and the like, which count it for the step of its frame's stream in a
     * measured read, as {@link #received} counts the read for the run (stream 0's frames are the run's only).
     */
    private StepWrites stepWrites;
    private StepWrites controlOwners;
    /** The bytes of a frame header cut by a read's end that came in measured reads: its stream is not known yet. */
    private int cutHeaderMeasured;

    /**
     * {@code goAwayListeners}: who hears of a GOAWAY on the connection with a local address (its client);
     * {@code connectTimeout} bounds the wait for the server's first SETTINGS, and for a stream it allows.
     */
    public Http2Connection(Recorders recorders, Phase phase, ReadyToSend ready,
                           Function<SocketAddress, GoAwayListener> goAwayListeners, Timeout connectTimeout,
                           String server) {
        this.recorders = recorders;
        this.phase = phase;
        this.ready = ready;
        this.goAwayListeners = goAwayListeners;
        this.connectTimeout = connectTimeout;
        this.server = server;
        this.reader = new FrameReader(this, server, H2Frames.DEFAULT_MAX_FRAME);
    }

    /**
     * Reads a canned response (SETTINGS, HEADERS, DATA) through a throwaway connection's reader and decoder, off the
     * network and the record: a run's first response then finds the classes of this path loaded and linked (see the
     * engine's {@code RequestPathWarming}).
     */
    public static void warmReadPath() throws IOException {
        HeaderBlockDecoder decoder = new HeaderBlockDecoder(4096);
        FrameReader reader = new FrameReader(new FrameReader.Listener() {
            @Override
            public void frame(int type, int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException {
                if (type == H2Frames.HEADERS) {
                    try {
                        decoder.decode(buf, at, at + length, new ArrayList<>());
                    } catch (HeaderBlockDecoder.MalformedBlock e) {
                        throw new IOException(e.getMessage(), e);
                    }
                }
            }

            @Override
            public void dataStart(int streamId, int flags, int length) {
            }

            @Override
            public void dataBytes(ByteBuffer buf, int at, int n) {
            }

            @Override
            public void dataEnd() {
            }

            @Override
            public void unknownFrame(int type, int streamId) {
            }
        }, "warm-up", H2Frames.DEFAULT_MAX_FRAME);
        // SETTINGS (empty); HEADERS: :status 200, server: nginx (Huffman), content-length: 6 (indexed names); DATA
        byte[] block = {(byte) 0x88, 0x76, (byte) 0x84, (byte) 0xaa, 0x63, 0x55, (byte) 0xe7, 0x5c, 0x01, '6'};
        ByteBuffer wire = ByteBuffer.allocate(3 * H2Frames.HEADER + block.length + 6);
        H2Frames.header(wire, 0, H2Frames.SETTINGS, 0, 0);
        H2Frames.header(wire, block.length, H2Frames.HEADERS, H2Frames.FLAG_END_HEADERS, 1);
        wire.put(block);
        H2Frames.header(wire, 6, H2Frames.DATA, H2Frames.FLAG_END_STREAM, 1);
        wire.put("hello\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).flip();
        reader.read(wire);
        new StreamTable().put(new H2Stream(1, null, 0));
    }

    // ---- the I/O reactor's events (LockedEvents) ----

    @Override
    protected void onConnected() throws IOException {
        idleTimeout = session.getSocketTimeout();
        await(Waiting.SETTINGS);
        control(H2Frames.PREFACE.length + 3 * H2Frames.HEADER + 12 + 4);
        control.put(H2Frames.PREFACE);
        H2Frames.settings(control, WINDOW);
        H2Frames.windowUpdate(control, 0, WINDOW - H2Frames.DEFAULT_WINDOW);
        session.setEvent(SelectionKey.OP_READ);
        ready.ready();   // the client's first requests are handed over here; they go once the server's SETTINGS came
        produce();
    }

    @Override
    protected void onInput(ByteBuffer src) throws IOException {
        try {
            if (src != null) {
                received(src.remaining());   // TLS: the session hands over what it decrypted
                reader.read(src);
            } else {
                ByteBuffer in = IN.get();
                for (int reads = 0; reads < MAX_READS_PER_EVENT && !closing; reads++) {
                    in.clear();
                    int n = session.read(in);
                    if (n < 0) {
                        endOfStream();
                        return;
                    }
                    received(n);
                    in.flip();
                    reader.read(in);
                    if (n < BUFFER) {
                        break;   // the socket had no more
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            fail(e);   // the socket failed, or the server broke the protocol: the connection is done
            return;
        }
        if (goingAway && streams.isEmpty() && !closing) {
            shutDown();
        }
        awaitStreams();
        if (streams.isEmpty() || closing) {
            produce();   // nothing more to read for now: what waits goes out in this same event
        } else {
            // more responses are on their way: what the streams that ended let go waits for the next output event, so
            // that the responses read meanwhile (this connection's, and the other connections' of this select) send
            // their requests in the same write, as h2load does. Writing at once answered each read with a small write,
            // and the server each small write with a small read: 4 to 7 times the writes, and the server's wake-ups
            writeInterest();
        }
    }

    @Override
    protected void onOutput() throws IOException {
        produce();
    }

    @Override
    protected void onTimeout(Timeout timeout) {
        switch (waiting) {
            case SETTINGS -> fail(new SocketTimeoutException("no HTTP/2 settings from the server at " + server
                    + " within " + HttpCoreTimes.of(connectTimeout)));
            case STREAMS -> fail(new SocketTimeoutException("the server at " + server
                    + " allows no HTTP/2 stream (SETTINGS_MAX_CONCURRENT_STREAMS 0) and did not raise it within "
                    + HttpCoreTimes.of(connectTimeout)));
            default -> {
                if (streams.isEmpty() && handedOver.isEmpty() && unsent == null) {
                    shutDown();   // idle
                } else {
                    fail(new SocketTimeoutException("no data from the server for "
                            + DurationFormat.setting(timeout.toDuration()) + " (the socket timeout)"));
                }
            }
        }
    }

    @Override
    protected void onException(Exception cause) {
        fail(cause);
    }

    @Override
    protected void onDisconnected() {
        closing = true;
        // as HttpCore's multiplexer releases its streams: each in flight ends as cut by the close
        streams.drain(s -> {
            s.ended = true;
            s.exchange.cancel();
        });
        uploads.clear();
        failHandedOverNotSent();
        CommandSupport.cancelCommands(session);
    }

    // ---- input: the frames ----

    /** Bytes read now: the clock reading their responses complete at, and the measured byte count. */
    private void received(int n) {
        readNanos = System.nanoTime();
        readMeasured = phase.isMeasured(readNanos);
        if (n > 0 && readMeasured) {
            recorders.get().received(n);
        }
    }

    private void endOfStream() throws IOException {
        readNanos = System.nanoTime();
        reader.endOfStream();
        closing = true;
        session.close(CloseMode.GRACEFUL);   // disconnected ends what is in flight
    }

    @Override
    public void frame(int type, int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (block != null && type != H2Frames.CONTINUATION) {
            throw protocolError("a frame of type 0x" + Integer.toHexString(type) + " inside a header block");
        }
        switch (type) {
            case H2Frames.DATA -> paddedData(flags, streamId, buf, at, length);
            case H2Frames.HEADERS -> headers(flags, streamId, buf, at, length);
            case H2Frames.CONTINUATION -> continuation(flags, streamId, buf, at, length);
            case H2Frames.PRIORITY -> {
                // deprecated (RFC 9113 §5.3.2) and of no use to a client: passed over
            }
            case H2Frames.RST_STREAM -> rstStream(streamId, buf, at, length);
            case H2Frames.SETTINGS -> settings(flags, streamId, buf, at, length);
            case H2Frames.PUSH_PROMISE -> throw protocolError("PUSH_PROMISE, though our SETTINGS disabled push");
            case H2Frames.PING -> ping(flags, streamId, buf, at, length);
            case H2Frames.GOAWAY -> goAway(streamId, buf, at, length);
            case H2Frames.WINDOW_UPDATE -> windowUpdate(streamId, buf, at, length);
            default -> throw new IllegalStateException("frame type " + type);
        }
    }

    @Override
    public void unknownFrame(int type, int streamId) throws IOException {
        if (block != null) {
            throw protocolError("a frame of type 0x" + Integer.toHexString(type) + " inside a header block");
        }
    }

    @Override
    public void dataStart(int streamId, int flags, int length) throws IOException {
        if (block != null) {
            throw protocolError("DATA inside a header block");
        }
        dataStream = dataStream(streamId, length);
        dataFlags = flags;
    }

    @Override
    public void dataBytes(ByteBuffer buf, int at, int n) {
        H2Stream s = dataStream;
        if (s != null && !s.ended) {
            s.exchange.h2Data(buf, at, n);
        }
    }

    @Override
    public void dataEnd() {
        H2Stream s = dataStream;
        dataStream = null;
        if (s != null && !s.ended && (dataFlags & H2Frames.FLAG_END_STREAM) != 0) {
            complete(s);
        }
    }

    /** A DATA frame's header: the windows, and the stream it is for (null: one that ended, or none). */
    private H2Stream dataStream(int streamId, int length) throws IOException {
        if (streamId == 0) {
            throw protocolError("DATA on stream 0");
        }
        consumed(length);
        H2Stream s = streams.get(streamId);
        if (s == null) {
            checkNotIdle(streamId, "DATA");
            return null;   // a stream we reset, or one that ended: its bytes are passed over
        }
        s.unacknowledged += length;
        if (s.unacknowledged >= WINDOW / 2) {
            controlWindowUpdate(streamId, s.unacknowledged, s.exchange);
            s.unacknowledged = 0;
        }
        if (!s.headSeen) {
            resetStream(s, H2Error.PROTOCOL_ERROR, new ProtocolException("DATA before the response's head"));
            return null;
        }
        return s;
    }

    /** DATA bytes received: the connection's window is handed back when half of it is used. */
    private void consumed(int length) {
        connectionUnacknowledged += length;
        if (connectionUnacknowledged >= WINDOW / 2) {
            controlWindowUpdate(0, connectionUnacknowledged, null);
            connectionUnacknowledged = 0;
        }
    }

    private void paddedData(int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException {
        int pad = padLength(flags, buf, at, length, 0);
        dataStart(streamId, flags, length);
        dataBytes(buf, at + 1, length - 1 - pad);
        dataEnd();
    }

    /** The padding of a PADDED frame (0 without), checked against what the frame holds beside {@code fixed} bytes. */
    private int padLength(int flags, ByteBuffer buf, int at, int length, int fixed) throws IOException {
        if ((flags & H2Frames.FLAG_PADDED) == 0) {
            if (length < fixed) {
                throw new H2ConnectionException(H2Error.FRAME_SIZE_ERROR, "the server at " + server
                        + " sent a frame of " + length + " bytes, short of its " + fixed + " bytes of priority fields");
            }
            return 0;
        }
        if (length < 1) {
            throw new H2ConnectionException(H2Error.FRAME_SIZE_ERROR, "the server at " + server
                    + " sent a padded frame without its pad length");
        }
        int pad = buf.get(at) & 0xff;
        if (pad + 1 + fixed > length) {
            throw protocolError("padding of " + pad + " bytes in a frame of " + length);
        }
        return pad;
    }

    private void headers(int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (streamId == 0) {
            throw protocolError("HEADERS on stream 0");
        }
        int pad = padLength(flags, buf, at, length, (flags & H2Frames.FLAG_PRIORITY) != 0 ? 5 : 0);
        int from = at + ((flags & H2Frames.FLAG_PADDED) != 0 ? 1 : 0) + ((flags & H2Frames.FLAG_PRIORITY) != 0 ? 5 : 0);
        int fragment = at + length - pad - from;
        if (readMeasured) {
            recorders.get().headerBytes(fragment, 0);   // the compressed header bytes, as h2load counts them
            stepHeaderBytes(streamId, fragment, 0);
        }
        if ((flags & H2Frames.FLAG_END_HEADERS) != 0) {
            headerBlock(streamId, flags, buf, from, from + fragment);
            return;
        }
        blockStream = streamId;
        blockFlags = flags;
        block = new byte[Math.max(fragment * 2, 256)];
        blockLength = 0;
        appendToBlock(buf, from, fragment);
    }

    private void continuation(int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (block == null || streamId != blockStream) {
            throw protocolError(block == null ? "CONTINUATION without a header block before it"
                    : "CONTINUATION on stream " + streamId + " inside the header block of stream " + blockStream);
        }
        if (readMeasured) {
            recorders.get().headerBytes(length, 0);   // h2load counts the whole block (nghttp2 adds it to the HEADERS')
            stepHeaderBytes(streamId, length, 0);
        }
        appendToBlock(buf, at, length);
        if ((flags & H2Frames.FLAG_END_HEADERS) != 0) {
            ByteBuffer whole = ByteBuffer.wrap(block, 0, blockLength);
            block = null;
            headerBlock(blockStream, blockFlags, whole, 0, whole.limit());
        }
    }

    private void appendToBlock(ByteBuffer buf, int at, int n) throws IOException {
        if (blockLength + n > FrameFilter.MAX_HEADER_BLOCK) {
            throw protocolError("a header block of more than " + FrameFilter.MAX_HEADER_BLOCK / 1024
                    + " KiB (our limit for one response's headers)");
        }
        if (blockLength + n > block.length) {
            block = java.util.Arrays.copyOf(block, Math.max(block.length * 2, blockLength + n));
        }
        buf.get(at, block, blockLength, n);
        blockLength += n;
    }

    /** A whole header block on {@code streamId}: decoded (the decoder's table must follow every block), then used. */
    private void headerBlock(int streamId, int flags, ByteBuffer buf, int from, int to) throws IOException {
        H2Stream s = streams.get(streamId);
        // the fields themselves only for a check, of the response's own head (not of its trailers)
        List<Header> fields = s != null && !s.headSeen && s.exchange.isChecked() ? new ArrayList<>() : null;
        int status;
        try {
            status = decoder.decode(buf, from, to, fields);
        } catch (HeaderBlockDecoder.MalformedBlock e) {
            throw new H2ConnectionException(H2Error.COMPRESSION_ERROR, "the server at " + server
                    + " sent a header block that cannot be decoded: " + e.getMessage());
        }
        if (readMeasured) {
            recorders.get().headerBytes(0, decoder.decodedBytes());
            stepHeaderBytes(s, 0, decoder.decodedBytes());
        }
        if (s == null) {
            if ((streamId & 1) == 0) {
                throw protocolError("HEADERS on stream " + streamId + ", which the client did not open (push is off)");
            }
            checkNotIdle(streamId, "HEADERS");
            return;   // a stream we reset, or one that ended
        }
        boolean endStream = (flags & H2Frames.FLAG_END_STREAM) != 0;
        if (s.headSeen) {
            if (!endStream) {
                resetStream(s, H2Error.PROTOCOL_ERROR, new ProtocolException("trailers without END_STREAM"));
                return;
            }
            complete(s);
            return;
        }
        if (status < 0) {
            resetStream(s, H2Error.PROTOCOL_ERROR, new ProtocolException("a response without a valid :status"));
            return;
        }
        if (status >= 100 && status < 200) {
            if (endStream) {
                resetStream(s, H2Error.PROTOCOL_ERROR, new ProtocolException("an interim " + status
                        + " response that ends the stream"));
            }
            return;   // interim: the final head follows
        }
        s.headSeen = true;
        try {
            s.exchange.h2Head(status, fields, fields == null || endStream ? 0 : contentLength(fields));
        } catch (ProtocolException e) {
            resetStream(s, H2Error.PROTOCOL_ERROR, e);
            return;
        }
        if (endStream) {
            complete(s);
        }
    }

    // ---- FrameReader.Tally: a scenario run's bytes read, for the steps ----

    @Override
    public void headerStart(int n) {
        if (readMeasured) {
            cutHeaderMeasured += n;
        }
    }

    @Override
    public void headerEnd(int streamId, int n) {
        int measured = cutHeaderMeasured + (readMeasured ? n : 0);
        cutHeaderMeasured = 0;
        stepReceived(streamId, measured);
    }

    @Override
    public void payload(int streamId, int n) {
        if (readMeasured) {
            stepReceived(streamId, n);
        }
    }

    /** {@code n} bytes of a frame on {@code streamId} read while measured: its step's too, if it carries one. */
    private void stepReceived(int streamId, int n) {
        H2Stream s = n == 0 || streamId == 0 ? null : streams.get(streamId);
        if (s != null && s.exchange.isStep()) {
            s.exchange.stepWire(n, true);
        }
    }

    private void stepHeaderBytes(int streamId, long compressed, long decoded) {
        if (stepWrites != null) {
            stepHeaderBytes(streams.get(streamId), compressed, decoded);
        }
    }

    /** Header bytes of stream {@code s} (null: none of ours now) read while measured: its step's too, if any. */
    private void stepHeaderBytes(H2Stream s, long compressed, long decoded) {
        if (stepWrites != null && s != null && s.exchange.isStep()) {
            s.exchange.stepHeaderBytes(compressed, decoded);
        }
    }

    private static long contentLength(List<Header> fields) {
        for (Header h : fields) {
            if (h.getName().equals("content-length")) {
                try {
                    return Long.parseLong(h.getValue().strip());
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** A frame for a stream we never opened (an odd id above the last we used) breaks the protocol. */
    private void checkNotIdle(int streamId, String frame) throws IOException {
        if ((streamId & 1) == 0 || streamId >= nextStreamId) {
            throw protocolError(frame + " on stream " + streamId + ", which the client did not open");
        }
    }

    private void rstStream(int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (length != 4) {
            throw frameSizeError("RST_STREAM", length);
        }
        if (streamId == 0) {
            throw protocolError("RST_STREAM on stream 0");
        }
        int code = buf.getInt(at);
        H2Stream s = streams.remove(streamId);
        if (s == null) {
            checkNotIdle(streamId, "RST_STREAM");
            return;
        }
        s.ended = true;
        s.exchange.failed(new H2StreamResetException(code, "Stream reset (" + code + ")"));
    }

    private void settings(int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (streamId != 0) {
            throw protocolError("SETTINGS on stream " + streamId);
        }
        if ((flags & H2Frames.FLAG_ACK) != 0) {
            if (length != 0) {
                throw frameSizeError("SETTINGS with ACK", length);
            }
            return;
        }
        if (length % 6 != 0) {
            throw frameSizeError("SETTINGS", length);
        }
        for (int i = at; i < at + length; i += 6) {
            setting(buf.getShort(i) & 0xffff, buf.getInt(i + 2) & 0xffffffffL);
        }
        control(H2Frames.HEADER);
        int from = control.position();
        H2Frames.settingsAck(control);
        controlOwnedBy(null, from);
        settingsSeen = true;
        if (waiting == Waiting.SETTINGS || (maxConcurrentStreams > 0 && waiting == Waiting.STREAMS)) {
            await(Waiting.NOTHING);
        }
        awaitStreams();
    }

    /**
     * The server allows no stream and none is in flight: the connect timeout applies to the wait for one. With streams
     * in flight the idle timeout stays (a server that drains by announcing 0 still answers them).
     */
    private void awaitStreams() {
        if (settingsSeen && maxConcurrentStreams == 0 && streams.isEmpty() && waiting == Waiting.NOTHING) {
            await(Waiting.STREAMS);
        }
    }

    private void setting(int id, long value) throws IOException {
        switch (id) {
            case H2Frames.SETTINGS_ENABLE_PUSH -> {
                if (value > 1) {
                    throw protocolError("SETTINGS_ENABLE_PUSH " + value + " (0 or 1)");
                }
            }
            case H2Frames.SETTINGS_MAX_CONCURRENT_STREAMS -> maxConcurrentStreams = value;
            case H2Frames.SETTINGS_INITIAL_WINDOW_SIZE -> {
                if (value > H2Frames.MAX_WINDOW) {
                    throw new H2ConnectionException(H2Error.FLOW_CONTROL_ERROR, "the server at " + server
                            + " sent SETTINGS_INITIAL_WINDOW_SIZE " + value + ", over the 2^31-1 a window may be");
                }
                long delta = value - initialWindow;
                initialWindow = value;
                // every open stream's window moves by the change (RFC 9113 §6.9.2), and may go below zero
                streams.forEach(s -> s.sendWindow += delta);
                for (H2Stream s : uploads) {
                    if (s.sendWindow > H2Frames.MAX_WINDOW) {
                        throw new H2ConnectionException(H2Error.FLOW_CONTROL_ERROR, "the server at " + server
                                + " raised a stream's send window past 2^31-1 (SETTINGS_INITIAL_WINDOW_SIZE)");
                    }
                }
            }
            case H2Frames.SETTINGS_MAX_FRAME_SIZE -> {
                if (value < H2Frames.DEFAULT_MAX_FRAME || value > H2Frames.MAX_FRAME_LIMIT) {
                    throw protocolError("SETTINGS_MAX_FRAME_SIZE " + value + " (16384 to 16777215)");
                }
                maxFrame = (int) value;
            }
            case H2Frames.SETTINGS_HEADER_TABLE_SIZE -> {
                // our blocks use no dynamic table, but a decoder (nghttp2's) may insist that a change of its size be
                // acknowledged at the start of the next block (RFC 7541 §4.2): a size update to 0, always allowed
                if (value != headerTableSize) {
                    headerTableSize = value;
                    tableSizeUpdateDue = true;
                }
            }
            default -> {
                // MAX_HEADER_LIST_SIZE: advisory; others unknown, ignored (RFC 9113 §6.5.2)
            }
        }
    }

    private void ping(int flags, int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (streamId != 0) {
            throw protocolError("PING on stream " + streamId);
        }
        if (length != 8) {
            throw frameSizeError("PING", length);
        }
        if ((flags & H2Frames.FLAG_ACK) == 0) {
            control(H2Frames.HEADER + 8);
            int from = control.position();
            H2Frames.pingAck(control, buf, at);
            controlOwnedBy(null, from);
        }
    }

    private void goAway(int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (streamId != 0) {
            throw protocolError("GOAWAY on stream " + streamId);
        }
        if (length < 8) {
            throw frameSizeError("GOAWAY", length);
        }
        int lastStreamId = buf.getInt(at) & 0x7fffffff;
        int code = buf.getInt(at + 4);
        goingAway = true;
        // above the last stream id: not processed, sent again elsewhere; with an error, the rest end too (as HttpCore)
        streams.drain(s -> {
            s.ended = true;
            s.exchange.failed(s.id > lastStreamId ? new GoAwayException(lastStreamId, code)
                    : new H2StreamResetException(code, "Connection terminated by the peer (" + code + ")"));
        }, s -> s.id > lastStreamId || code != H2Error.NO_ERROR.getCode());
        failHandedOverNotSent();
        CommandSupport.cancelCommands(session);
        GoAwayListener listener = goAwayListeners.apply(session.getLocalAddress());
        if (listener != null) {
            listener.onGoAway(lastStreamId, code);   // its client sends nothing more here, and replaces the connection
        }
    }

    private void windowUpdate(int streamId, ByteBuffer buf, int at, int length) throws IOException {
        if (length != 4) {
            throw frameSizeError("WINDOW_UPDATE", length);
        }
        int increment = buf.getInt(at) & 0x7fffffff;
        if (streamId == 0) {
            if (increment == 0) {
                throw protocolError("a WINDOW_UPDATE of 0 on the connection");
            }
            connectionSendWindow += increment;
            if (connectionSendWindow > H2Frames.MAX_WINDOW) {
                throw new H2ConnectionException(H2Error.FLOW_CONTROL_ERROR, "the server at " + server
                        + " raised the connection's send window past 2^31-1 (WINDOW_UPDATE)");
            }
            return;
        }
        H2Stream s = streams.get(streamId);
        if (s == null) {
            checkNotIdle(streamId, "WINDOW_UPDATE");
            return;
        }
        if (increment == 0) {
            resetStream(s, H2Error.PROTOCOL_ERROR, new ProtocolException("a WINDOW_UPDATE of 0 on the stream"));
            return;
        }
        s.sendWindow += increment;
        if (s.sendWindow > H2Frames.MAX_WINDOW) {
            resetStream(s, H2Error.FLOW_CONTROL_ERROR, new ProtocolException(
                    "the server raised the stream's send window past 2^31-1 (WINDOW_UPDATE)"));
        }
    }

    private void complete(H2Stream s) {
        streams.remove(s.id);
        s.ended = true;
        if (s.body != null) {
            // the response came whole before the request's body went: the rest is not sent, and the stream is closed
            // on our side too, or it would keep one of the server's streams (RFC 9113 §8.1)
            s.body = null;
            control(H2Frames.HEADER + 4);
            int from = control.position();
            H2Frames.rstStream(control, s.id, H2Error.CANCEL.getCode());
            controlOwnedBy(s.exchange, from);
        }
        s.exchange.h2Completed(readNanos);
    }

    /** Ends {@code s} with RST_STREAM({@code code}): its request fails of {@code cause}; the connection goes on. */
    private void resetStream(H2Stream s, H2Error code, Exception cause) {
        streams.remove(s.id);
        s.ended = true;
        control(H2Frames.HEADER + 4);
        int from = control.position();
        H2Frames.rstStream(control, s.id, code.getCode());
        controlOwnedBy(s.exchange, from);
        s.exchange.failed(cause);
    }

    private H2ConnectionException protocolError(String what) {
        return new H2ConnectionException(H2Error.PROTOCOL_ERROR, "the server at " + server + " sent " + what);
    }

    private H2ConnectionException frameSizeError(String frame, int length) {
        return new H2ConnectionException(H2Error.FRAME_SIZE_ERROR, "the server at " + server + " sent " + frame
                + " of " + length + " bytes");
    }

    /** Waiting for the server: the connect timeout applies; else the session's own (idle) timeout. */
    private void await(Waiting what) {
        waiting = what;
        Timeout timeout = what == Waiting.NOTHING ? idleTimeout : connectTimeout;
        if (timeout != null) {
            session.setSocketTimeout(timeout);
        }
    }

    // ---- output ----

    /** Room for {@code n} more bytes of control frames. */
    private void control(int n) {
        if (control.remaining() < n) {
            control = ByteBuffer.allocate(Math.max(control.capacity() * 2, control.position() + n))
                    .put(control.flip());
        }
    }

    /** A WINDOW_UPDATE of {@code streamId}, whose request is {@code owner}'s (null: the connection's, stream 0). */
    private void controlWindowUpdate(int streamId, int increment, Exchange owner) {
        control(H2Frames.HEADER + 4);
        int from = control.position();
        H2Frames.windowUpdate(control, streamId, increment);
        controlOwnedBy(owner, from);
    }

    /**
     * The frame just put into {@link #control} from {@code from} on is of {@code owner}'s stream (null: the
     * connection's own): a scenario run counts it for that step once it is written, as its other frames.
     */
    private void controlOwnedBy(Exchange owner, int from) {
        if (controlOwners != null) {
            controlOwners.copied(owner, control.position() - from);
        }
    }

    @Override
    public boolean takeInEvent(Exchange exchange) {
        if (!lock.isHeldByCurrentThread() || closing || goingAway || session == null || !session.isOpen()
                || session.hasCommands()) {
            return false;
        }
        handedOver.addLast(exchange);
        return true;
    }

    /**
     * Writes {@code exchange}'s request now, on the calling thread (not the I/O thread), when the connection is idle
     * and in clear text, as {@code Http1Connection#sendNow} does and for the same reason: no wake-up of the I/O thread
     * per request. Returns false, having done nothing, otherwise.
     */
    @Override
    public boolean sendNow(Exchange exchange, long now) {
        if (lock.isHeldByCurrentThread() || !lock.tryLock()) {
            return false;   // its own I/O thread (or a send nested in this connection's write): never write within a write
        }
        try {
            IOSession s = session;
            if (s == null || closing || goingAway || !canOpen() || unsent != null || control.position() > 0
                    || !handedOver.isEmpty() || !uploads.isEmpty() || s.hasCommands() || !s.isOpen() || isTls()) {
                return false;
            }
            handedOver.addLast(exchange);
            try {
                produce(now);
            } catch (IOException e) {
                // left unwritten: the I/O thread's next write meets the error and fails the connection, as ever
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    private boolean isTls() {
        return session instanceof org.apache.hc.core5.reactor.ssl.TransportSecurityLayer tls
                && tls.getTlsDetails() != null;
    }

    /** Whether a new stream may open now. */
    private boolean canOpen() {
        return settingsSeen && !goingAway && !closing && streams.size() < maxConcurrentStreams
                && nextStreamId > 0;
    }

    private void produce() throws IOException {
        produce(System.nanoTime());
    }

    /** Writes what waits (control frames, request bodies the windows allow, new streams) while the socket takes it. */
    private void produce(long now) throws IOException {
        ByteBuffer out = OUT.get();
        out.clear();
        if (unsent != null) {
            out.put(unsent);
            unsent = null;
        }
        while (true) {
            boolean more = fill(out, now);
            if (out.position() == 0) {
                break;
            }
            int n = write(out, now);
            if (n == 0 || !more) {
                break;
            }
        }
        keepUnsent(out);
        writeInterest();
    }

    /** Fills {@code out} with what waits; returns whether more waits than fitted. */
    private boolean fill(ByteBuffer out, long now) {
        if (control.position() > 0) {
            control.flip();
            int n = Math.min(control.remaining(), out.remaining());
            out.put(out.position(), control, control.position(), n);
            out.position(out.position() + n);
            if (stepWrites != null) {
                controlOwners.moveTo(stepWrites, n);
            }
            control.position(control.position() + n);
            control.compact();
            if (control.position() > 0) {
                return true;
            }
        }
        if (!upload(out)) {
            return true;
        }
        while (canOpen()) {
            Exchange exchange = handedOver.pollFirst();
            if (exchange == null) {
                Command command = session.poll();
                if (command == null) {
                    return false;
                }
                exchange = take(command);
                if (exchange == null) {
                    continue;
                }
            }
            switch (open(exchange, out, now)) {
                case OPENED -> { }
                case NO_ROOM -> {
                    handedOver.addFirst(exchange);
                    return true;
                }
                // the next request may fail alike (and its client issue another): one a write, not a loop
                case FAILED -> {
                    return !handedOver.isEmpty() || session.hasCommands();
                }
            }
            if (!upload(out)) {
                return true;
            }
        }
        return false;
    }

    /** The exchange of a queued command; null for another command (which is carried out here). */
    private Exchange take(Command command) {
        if (command instanceof RequestExecutionCommand execution
                && execution.getExchangeHandler() instanceof Exchange exchange) {
            return exchange;
        }
        if (command instanceof ShutdownCommand shutdown) {
            if (shutdown.getType() == CloseMode.IMMEDIATE || streams.isEmpty()) {
                closing = true;
                session.close(shutdown.getType());
            } else {
                goingAway = true;   // no new stream; closed when the last ends
            }
        } else {
            command.cancel();
        }
        return null;
    }

    /**
     * Opens a stream for {@code exchange}'s request: its HEADERS (and CONTINUATION) into {@code out}, its body into
     * the uploads; or, having done nothing, tells that the frames do not fit in what is left of {@code out}, or that the
     * request failed (HTTP/2 cannot carry it).
     */
    private Opened open(Exchange exchange, ByteBuffer out, long now) {
        byte[] headerBlock;
        try {
            headerBlock = exchange.template().h2HeaderBlock();
        } catch (HttpException | RuntimeException e) {
            exchange.failed(e);   // a request HTTP/2 cannot carry (a connection-specific header): never sent
            return Opened.FAILED;
        }
        if (tableSizeUpdateDue) {
            byte[] updated = new byte[headerBlock.length + 1];
            updated[0] = 0x20;   // a dynamic table size update to 0 (RFC 7541 §6.3)
            System.arraycopy(headerBlock, 0, updated, 1, headerBlock.length);
            headerBlock = updated;
        }
        int frames = (headerBlock.length + maxFrame - 1) / maxFrame;
        if (headerBlock.length > MAX_REQUEST_BLOCK) {
            exchange.failed(new ProtocolException("request headers of " + headerBlock.length
                    + " bytes HPACK-encoded: over the " + MAX_REQUEST_BLOCK + " bytes this client sends"));
            return Opened.FAILED;
        }
        if (out.remaining() < headerBlock.length + Math.max(frames, 1) * H2Frames.HEADER) {
            return Opened.NO_ROOM;
        }
        tableSizeUpdateDue = false;
        if (stepWrites == null && exchange.isStep()) {
            countSteps(out);
        }
        int from = out.position();
        int id = nextStreamId;
        nextStreamId += 2;   // past 2^31-1 it turns negative: canOpen() then opens no more (see streamIdsUsedUp)
        byte[] body = exchange.template().bodyBytes();
        boolean hasBody = body != null && body.length > 0;
        int at = 0;
        do {
            int n = Math.min(maxFrame, headerBlock.length - at);
            boolean last = at + n == headerBlock.length;
            int flags = (last ? H2Frames.FLAG_END_HEADERS : 0) | (at == 0 && !hasBody ? H2Frames.FLAG_END_STREAM : 0);
            H2Frames.header(out, n, at == 0 ? H2Frames.HEADERS : H2Frames.CONTINUATION, flags, id);
            out.put(headerBlock, at, n);
            at += n;
        } while (at < headerBlock.length);
        if (stepWrites != null) {
            stepWrites.copied(exchange, out.position() - from);
        }
        H2Stream s = new H2Stream(id, exchange, initialWindow);
        streams.put(s);
        // a request another thread issued while this write was being filled is not sent before its issue
        exchange.h2Sent(Math.max(now, exchange.issuedNanos()), id);
        if (hasBody && !s.ended) {
            s.body = body;
            uploads.addLast(s);
        }
        if (nextStreamId < 0) {
            streamIdsUsedUp(id);
        }
        return Opened.OPENED;
    }

    /**
     * The connection opens its first step's stream: from now on each byte written and read is counted for the step of
     * its frame's stream. What the output and the control frames hold already is the connection's own, and so is a
     * frame header the last read cut (no step's stream was open when it came).
     */
    private void countSteps(ByteBuffer out) {
        stepWrites = new StepWrites();
        stepWrites.copied(null, out.position());
        controlOwners = new StepWrites();
        controlOwners.copied(null, control.position());
        reader.tally(this);
    }

    /**
     * The connection opened its last stream id (2^31 - 1, after a billion requests): as after a GOAWAY of its own, the
     * requests waiting here go back to their client, which replaces the connection once its last streams end.
     */
    private void streamIdsUsedUp(int lastStreamId) {
        goingAway = true;
        failHandedOverNotSent();
        CommandSupport.cancelCommands(session);
        GoAwayListener listener = goAwayListeners.apply(session.getLocalAddress());
        if (listener != null) {
            listener.onGoAway(lastStreamId, H2Error.NO_ERROR.getCode());
        }
    }

    /** Copies request bodies into {@code out} as the windows allow; false when {@code out} filled up first. */
    private boolean upload(ByteBuffer out) {
        while (!uploads.isEmpty()) {
            H2Stream s = uploads.peekFirst();
            if (s.ended) {
                uploads.pollFirst();
                continue;
            }
            long window = Math.min(s.sendWindow, connectionSendWindow);
            int room = out.remaining() - H2Frames.HEADER;
            if (window <= 0) {
                // this stream waits for a window; a later one may have its own
                if (connectionSendWindow <= 0 || !rotateBlocked()) {
                    return true;
                }
                continue;
            }
            if (room <= 0) {
                return false;
            }
            int n = (int) Math.min(Math.min(window, room), Math.min(maxFrame, s.body.length - s.bodySent));
            boolean last = s.bodySent + n == s.body.length;
            H2Frames.header(out, n, H2Frames.DATA, last ? H2Frames.FLAG_END_STREAM : 0, s.id);
            out.put(s.body, s.bodySent, n);
            if (stepWrites != null) {
                stepWrites.copied(s.exchange, H2Frames.HEADER + n);
            }
            s.bodySent += n;
            s.sendWindow -= n;
            connectionSendWindow -= n;
            if (last) {
                s.body = null;
                uploads.pollFirst();
            }
        }
        return true;
    }

    /** Moves the stream in front, blocked by its own window, behind the others; false when every one is blocked. */
    private boolean rotateBlocked() {
        for (H2Stream s : uploads) {
            if (!s.ended && s.sendWindow > 0) {
                uploads.addLast(uploads.pollFirst());
                return true;
            }
        }
        return false;
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

    private void keepUnsent(ByteBuffer out) {
        if (out.position() > 0) {
            out.flip();
            unsent = ByteBuffer.allocate(out.remaining()).put(out).flip();
        }
    }

    /** Whether something waits to be written that the socket could take now. */
    private boolean wantsWrite() {
        if (unsent != null || control.position() > 0) {
            return true;
        }
        for (H2Stream s : uploads) {
            if (!s.ended && s.sendWindow > 0 && connectionSendWindow > 0) {
                return true;
            }
        }
        // queued commands set write interest when enqueued; asked again here, once a stream ended lets them go
        return canOpen() && (!handedOver.isEmpty() || session.hasCommands());
    }

    /**
     * Asks for output events while there is something to write, and not otherwise (as {@code Http1Connection} does);
     * queued commands ask for none while no stream may open: a stream that ends lets them go in its read event.
     */
    private void writeInterest() {
        boolean writing = (session.getEventMask() & SelectionKey.OP_WRITE) != 0;
        if (wantsWrite()) {
            if (!writing) {
                session.setEvent(SelectionKey.OP_WRITE);
            }
            return;
        }
        if (!writing) {
            return;
        }
        Lock sessionLock = session.getLock();
        sessionLock.lock();
        try {
            if (closing || !canOpen() || !session.hasCommands()) {
                session.clearEvent(SelectionKey.OP_WRITE);
            }
        } finally {
            sessionLock.unlock();
        }
    }

    /** Closes gracefully: nothing in flight (idle, or after GOAWAY once the last stream ended). */
    private void shutDown() {
        closing = true;
        failHandedOverNotSent();
        session.close(CloseMode.GRACEFUL);
    }

    // ---- failure ----

    /**
     * The connection is done. The streams in flight fail of {@code cause}, and so do the requests waiting to go out on
     * it (a connection that never got its SETTINGS fails them all: that is the run's error, as HttpCore reports it);
     * the session is closed before the streams fail, so the requests their clients issue in their place go to a new
     * connection.
     */
    private void fail(Exception cause) {
        Exception reported = explained(cause);
        if (!closing && reported instanceof H2ConnectionException h2) {
            tellServer(h2.getCode());
        }
        closing = true;
        Exchange exchange;
        while ((exchange = handedOver.pollFirst()) != null) {
            exchange.failed(reported);
        }
        CommandSupport.failCommands(session, reported);
        session.close(CloseMode.IMMEDIATE);
        streams.drain(s -> {
            s.ended = true;
            s.exchange.failed(reported);
        });
        uploads.clear();
        failHandedOverNotSent();
        CommandSupport.cancelCommands(session);
    }

    /** A GOAWAY with our error code, written if the socket takes it at once: the server learns why we close. */
    private void tellServer(int code) {
        if (unsent != null) {
            return;   // a frame is cut in the socket's buffer: nothing can follow it
        }
        try {
            ByteBuffer out = ByteBuffer.allocate(H2Frames.HEADER + 8);
            H2Frames.goAway(out, 0, code);   // the last stream of the server's we processed: none (push is off)
            session.write(out.flip());
        } catch (IOException | RuntimeException e) {
            // the connection closes either way
        }
    }

    /**
     * A write failed (broken pipe, reset) before the server's first frame was read: a server that does not speak
     * HTTP/2 answers the preface and closes at once. That answer, still in the socket's receive buffer, says why.
     */
    private Exception explained(Exception e) {
        if (reader.firstFrameSeen() || !(e instanceof IOException) || e instanceof SetupException || session == null
                || isTls()) {
            return e;
        }
        try {
            ByteBuffer peek = ByteBuffer.allocate(64);
            int n = session.read(peek);
            if (n > 0) {
                FrameFilter.checkFirstBytes(server, peek, 0, n, true);
            }
        } catch (IOException answer) {
            return answer instanceof SetupException || answer instanceof H2ConnectionException ? answer : e;
        }
        return e;
    }

    /** The requests handed over and not sent fail as never sent; the exception is made only when one waits. */
    private void failHandedOverNotSent() {
        if (!handedOver.isEmpty()) {
            RequestNotExecutedException notSent = new RequestNotExecutedException();
            Exchange exchange;
            while ((exchange = handedOver.pollFirst()) != null) {
                exchange.failed(notSent);
            }
        }
    }
}
