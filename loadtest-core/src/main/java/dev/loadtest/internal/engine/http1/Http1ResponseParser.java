package dev.loadtest.internal.engine.http1;

import dev.loadtest.internal.engine.connection.Failures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.MalformedChunkCodingException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.TruncatedChunkException;

/**
 * Reads HTTP/1.1 responses from bytes as they arrive, without building messages. A load generator needs
 * the status, the size of the header fields and the length of the body, which it counts and skips: what
 * h2load takes from its http-parser, and no more. Bodies are framed as RFC 9112 §6.3 says (HEAD, 1xx,
 * 204 and 304 have none; chunked; Content-Length; else until the connection closes).
 *
 * <p>Errors are HttpCore's exception types, so {@link Failures} sorts them as it sorts HttpCore's own:
 * a malformed head is a {@link ProtocolException}, bad chunk framing a {@link MalformedChunkCodingException},
 * a body cut short by the peer a {@link ConnectionClosedException} or {@link TruncatedChunkException}.
 *
 * <p>Over 400 lines: one state machine (status line, fields, then one of the body framings, trailers) whose
 * states resume wherever a read ends; split, every part would carry the others' state.
 */
public final class Http1ResponseParser {

    /** What the parser found, in order, for the response to the oldest request on the connection. */
    public interface Listener {

        /**
         * The final (non-1xx) head. {@code headerBytes} is h2load's figure: the lengths of the header
         * names and values, those of any interim 1xx heads included. Returns whether a body may follow
         * (false when the request was HEAD); throws when no request awaits a response.
         */
        boolean onHead(int status, long headerBytes) throws HttpException;

        /** Body bytes, chunk framing excluded: {@code buf[from, from + n)}, valid only during the call. */
        void onBody(byte[] buf, int from, int n);

        /**
         * The response is whole. {@code trailerBytes} are the lengths of the names and values of its trailer
         * fields, which h2load adds to its header figure (0 without trailers); {@code keepAlive} is false
         * when the connection can carry no other response.
         */
        void onEnd(long trailerBytes, boolean keepAlive);

        /** Takes every response and keeps nothing: for parsing off the record (the start-up's warming). */
        Listener IGNORE = new Listener() {
            @Override
            public boolean onHead(int status, long headerBytes) {
                return true;
            }

            @Override
            public void onBody(byte[] buf, int from, int n) {
            }

            @Override
            public void onEnd(long trailerBytes, boolean keepAlive) {
            }
        };
    }

    /** Where in the buffer being parsed the bytes taken so far end: during {@code onEnd}, just after the response. */
    private int next;

    /** Longest head line or chunk line taken; a longer one is refused, not buffered without end. */
    static final int MAX_LINE = 64 * 1024;
    /** Most fields a response may have, those of its head and its trailers together. */
    static final int MAX_HEADERS = 1000;
    private static final int MAX_EMPTY_LINES = 10;

    private enum State { STATUS, HEADERS, BODY, CHUNK_SIZE, CHUNK_DATA, CHUNK_END, TRAILERS, UNTIL_CLOSE, CLOSED }

    private final Listener listener;
    private State state = State.STATUS;

    private boolean http10;
    private int status;
    private long headerBytes;
    private int headerCount;
    private int emptyLines;
    private long contentLength = -1;
    private boolean chunked;
    private boolean otherCoding;
    private boolean close;
    private boolean keepAliveToken;
    private long length;      // of the body or the current chunk
    private long remaining;   // of it
    /** Where the value of the field line {@link #field} took last starts and ends: the head's reader reads it there. */
    private int fieldValueFrom;
    private int fieldValueTo;
    /**
     * The final head's field names and values ({@code name, value, ...}) for the response checks, from
     * {@link #keepFields()} on; null before, so that a run without checks only scans the fields, as h2load does.
     */
    private List<String> fields;

    public Http1ResponseParser(Listener listener) {
        this.listener = listener;
    }

    /**
     * From now on, keeps each head's field names and values for {@link #fields()}: the run has response checks.
     * Obsolete folded lines (RFC 9112 §5.2) are counted but not added to the value they continue.
     */
    public void keepFields() {
        if (fields == null) {
            fields = new ArrayList<>();
        }
    }

    /**
     * The fields of the head just given to {@link Listener#onHead} ({@code name, value, name, value...}), empty
     * unless {@link #keepFields()} was called; valid only during that call.
     */
    public List<String> fields() {
        return fields == null ? List.of() : fields;
    }

    /** The {@code Content-Length} of the head just given to {@link Listener#onHead}; -1 when it had none. */
    public long contentLength() {
        return contentLength;
    }

    /** Whether no response has begun: the bytes so far were whole responses. */
    boolean isIdle() {
        return state == State.STATUS && headerBytes == 0 && emptyLines == 0;
    }

    /**
     * During {@link Listener#onEnd} from {@link #parse}: the index in its buffer just after the response's last byte
     * (a scenario run counts each step's response bytes on the wire by it).
     */
    public int responseEnd() {
        return next;
    }

    /**
     * Parses what it can of {@code buf[from, to)}. Returns where it stopped: {@code to}, or the start of a
     * line not yet whole (the caller keeps those bytes and calls again with more after them).
     */
    public int parse(byte[] buf, int from, int to) throws HttpException, IOException {
        int pos = from;
        while (pos < to) {
            switch (state) {
                case BODY, CHUNK_DATA, UNTIL_CLOSE -> {
                    int n = state == State.UNTIL_CLOSE ? to - pos : (int) Math.min(remaining, to - pos);
                    listener.onBody(buf, pos, n);
                    pos += n;
                    next = pos;
                    remaining -= n;
                    if (remaining == 0 && state == State.BODY) {
                        end();
                    } else if (remaining == 0 && state == State.CHUNK_DATA) {
                        state = State.CHUNK_END;
                    }
                }
                case CHUNK_END -> {
                    // the CRLF after chunk data: anything else is refused at once, not after a line's wait
                    if (buf[pos] != '\r' && buf[pos] != '\n') {
                        throw new MalformedChunkCodingException("CRLF expected at end of chunk");
                    }
                    int end = lineEnd(buf, pos, to);
                    if (end < 0) {
                        return pos;
                    }
                    if (contentEnd(buf, pos, end) != pos) {
                        throw new MalformedChunkCodingException("CRLF expected at end of chunk");
                    }
                    pos = end + 1;
                    state = State.CHUNK_SIZE;
                }
                case CLOSED -> {
                    return to;   // after a response that closes the connection, nothing more is read
                }
                default -> {
                    int end = lineEnd(buf, pos, to);
                    if (end < 0) {
                        return pos;
                    }
                    next = end + 1;
                    line(buf, pos, contentEnd(buf, pos, end));
                    pos = end + 1;
                }
            }
        }
        return pos;
    }

    /**
     * The peer closed the connection. A body delimited by the close ends here; any other response not
     * whole is an error.
     */
    void endOfStream() throws HttpException, IOException {
        switch (state) {
            case UNTIL_CLOSE -> end();
            case HEADERS -> throw new ConnectionClosedException("Connection closed by peer in the middle of a response head");
            case BODY -> throw new ConnectionClosedException(String.format(
                    "Premature end of Content-Length delimited message body (expected: %d; received: %d)",
                    length, length - remaining));
            case CHUNK_DATA -> throw new TruncatedChunkException(String.format(
                    "Truncated chunk (expected size: %d; actual size: %d)", length, length - remaining));
            case CHUNK_SIZE, CHUNK_END, TRAILERS -> throw new ConnectionClosedException(
                    "Premature end of chunk coded message body: closing chunk expected");
            default -> {
                // between responses: nothing was cut
            }
        }
    }

    private void line(byte[] buf, int from, int to) throws HttpException, IOException {
        switch (state) {
            case STATUS -> statusLine(buf, from, to);
            case HEADERS -> {
                if (to == from) {
                    headEnd();
                } else {
                    headerLine(buf, from, to);
                }
            }
            case CHUNK_SIZE -> chunkSize(buf, from, to);
            case TRAILERS -> {
                if (to == from) {
                    end();
                } else {
                    field(buf, from, to);   // counted as h2load counts them, not interpreted (RFC 9110 §6.5.1)
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void statusLine(byte[] buf, int from, int to) throws HttpException, IOException {
        if (to == from) {
            // a client may skip empty lines before a status line (RFC 9112 §2.2), not without end
            if (++emptyLines > MAX_EMPTY_LINES) {
                throw new ProtocolException("Invalid response: empty lines instead of a status line");
            }
            return;
        }
        // HTTP/1.x SP 3DIGIT [SP reason]
        int n = to - from;
        if (n < 12 || !startsWith(buf, from, "HTTP/1.") || !isDigit(buf[from + 7]) || buf[from + 8] != ' '
                || !isDigit(buf[from + 9]) || !isDigit(buf[from + 10]) || !isDigit(buf[from + 11])
                || (n > 12 && buf[from + 12] != ' ')) {
            throw new ProtocolException("Invalid status line: " + text(buf, from, to));
        }
        http10 = buf[from + 7] == '0';
        status = (buf[from + 9] - '0') * 100 + (buf[from + 10] - '0') * 10 + (buf[from + 11] - '0');
        if (status < 100 || status > 599) {
            // RFC 9110 §15: no class holds it; neither an interim response nor one to count by its class
            throw new ProtocolException("Invalid status code " + text(buf, from + 9, from + 12)
                    + " (outside 100-599) in status line: " + text(buf, from, to));
        }
        state = State.HEADERS;
    }

    private void headerLine(byte[] buf, int from, int to) throws HttpException, IOException {
        int colon = field(buf, from, to);
        if (colon < 0) {
            return;
        }
        int valueFrom = fieldValueFrom;
        int valueTo = fieldValueTo;
        int nameLength = colon - from;
        if (fields != null) {
            fields.add(new String(buf, from, nameLength, StandardCharsets.ISO_8859_1));
            fields.add(new String(buf, valueFrom, valueTo - valueFrom, StandardCharsets.ISO_8859_1));
        }
        if (nameLength == 14 && nameIs(buf, from, "content-length")) {
            long value = contentLength(buf, valueFrom, valueTo);
            if (contentLength >= 0 && contentLength != value) {
                throw new ProtocolException("Multiple differing Content-Length headers: " + contentLength + " and " + value);
            }
            contentLength = value;
        } else if (nameLength == 17 && nameIs(buf, from, "transfer-encoding")) {
            // the last coding decides: chunked, or a body that ends with the connection
            int last = valueTo;
            while (last > valueFrom && buf[last - 1] != ',') {
                last--;
            }
            int codingFrom = skipSpace(buf, last, valueTo);
            chunked = valueTo - codingFrom == 7 && nameIs(buf, codingFrom, "chunked");
            otherCoding = !chunked;
        } else if (nameLength == 10 && nameIs(buf, from, "connection")) {
            connectionTokens(buf, valueFrom, valueTo);
        }
    }

    /**
     * Checks one field line of a head or of the trailers and adds its name and value to the header bytes;
     * returns the index of its colon, or -1 for an obsolete folded line (more of the previous value,
     * RFC 9112 §5.2). Its value is then {@code buf[fieldValueFrom, fieldValueTo)}.
     */
    private int field(byte[] buf, int from, int to) throws HttpException, IOException {
        if (buf[from] == ' ' || buf[from] == '\t') {
            headerBytes += contentEnd(buf, skipSpace(buf, from, to), to) - skipSpace(buf, from, to);
            return -1;
        }
        int colon = from;
        while (colon < to && buf[colon] != ':') {
            if (buf[colon] == ' ' || buf[colon] == '\t') {
                throw new ProtocolException("Invalid header: " + text(buf, from, to));
            }
            colon++;
        }
        if (colon == to || colon == from) {
            throw new ProtocolException("Invalid header: " + text(buf, from, to));
        }
        if (++headerCount > MAX_HEADERS) {
            throw new MessageConstraintException("Maximum header count exceeded (" + MAX_HEADERS + ")");
        }
        int valueFrom = skipSpace(buf, colon + 1, to);
        int valueTo = contentEnd(buf, valueFrom, to);
        headerBytes += (colon - from) + (valueTo - valueFrom);
        fieldValueFrom = valueFrom;
        fieldValueTo = valueTo;
        return colon;
    }

    private void connectionTokens(byte[] buf, int from, int to) {
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || buf[i] == ',') {
                int tokenFrom = skipSpace(buf, start, i);
                int tokenTo = contentEnd(buf, tokenFrom, i);
                int n = tokenTo - tokenFrom;
                close |= n == 5 && nameIs(buf, tokenFrom, "close");
                keepAliveToken |= n == 10 && nameIs(buf, tokenFrom, "keep-alive");
                start = i + 1;
            }
        }
    }

    private void headEnd() throws HttpException, IOException {
        if (status < 200) {
            if (status == 101) {
                throw new ProtocolException("Unexpected 101 Switching Protocols: no upgrade was asked for");
            }
            // an interim response: its fields count, the final response follows
            resetHead();
            state = State.STATUS;
            return;
        }
        boolean bodyAllowed = listener.onHead(status, headerBytes);
        headerBytes = 0;   // from here on: trailer fields
        if (!bodyAllowed || status == 204 || status == 304) {
            end();
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (otherCoding) {
            close = true;
            state = State.UNTIL_CLOSE;
        } else if (contentLength > 0) {
            length = contentLength;
            remaining = contentLength;
            state = State.BODY;
        } else if (contentLength == 0) {
            end();
        } else {
            close = true;
            state = State.UNTIL_CLOSE;
        }
    }

    private void chunkSize(byte[] buf, int from, int to) throws HttpException, IOException {
        long size = 0;
        int i = skipSpace(buf, from, to);
        int digits = 0;
        for (; i < to; i++, digits++) {
            int d = Character.digit(buf[i], 16);
            if (d < 0) {
                break;
            }
            if (size > (Long.MAX_VALUE >> 4)) {
                throw new MalformedChunkCodingException("Bad chunk header: chunk size too large: " + text(buf, from, to));
            }
            size = size << 4 | d;
        }
        int rest = skipSpace(buf, i, to);
        if (digits == 0 || (rest < to && buf[rest] != ';')) {
            throw new MalformedChunkCodingException("Bad chunk header: " + text(buf, from, to));
        }
        if (size == 0) {
            state = State.TRAILERS;
        } else {
            length = size;
            remaining = size;
            state = State.CHUNK_DATA;
        }
    }

    private void end() {
        boolean keepAlive = !close && (!http10 || keepAliveToken);
        long trailerBytes = headerBytes;
        resetHead();
        headerBytes = 0;
        emptyLines = 0;
        state = keepAlive ? State.STATUS : State.CLOSED;
        listener.onEnd(trailerBytes, keepAlive);
    }

    /** Forgets the fields of a head (of an interim response too); its header bytes stay counted. */
    private void resetHead() {
        if (fields != null) {
            fields.clear();
        }
        status = 0;
        headerCount = 0;
        contentLength = -1;
        chunked = false;
        otherCoding = false;
        close = false;
        keepAliveToken = false;
    }

    // ---- bytes ----

    /** The index of the line's LF in {@code [from, to)}, or -1 when the line is not whole yet. */
    private static int lineEnd(byte[] buf, int from, int to) throws IOException {
        for (int i = from; i < to; i++) {
            if (buf[i] == '\n') {
                if (i - from > MAX_LINE) {
                    break;
                }
                return i;
            }
        }
        if (to - from > MAX_LINE) {
            throw new MessageConstraintException("Maximum line length limit exceeded (" + MAX_LINE + " bytes)");
        }
        return -1;
    }

    /** The end of the line's content: before a CR that ends it and before trailing spaces. */
    private static int contentEnd(byte[] buf, int from, int to) {
        int end = to;
        while (end > from && (buf[end - 1] == '\r' || buf[end - 1] == ' ' || buf[end - 1] == '\t')) {
            end--;
        }
        return end;
    }

    private static int skipSpace(byte[] buf, int from, int to) {
        int i = from;
        while (i < to && (buf[i] == ' ' || buf[i] == '\t')) {
            i++;
        }
        return i;
    }

    private static long contentLength(byte[] buf, int from, int to) throws ProtocolException {
        if (to == from || to - from > 18) {
            throw new ProtocolException("Invalid content length: " + text(buf, from, to));
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            if (!isDigit(buf[i])) {
                throw new ProtocolException("Invalid content length: " + text(buf, from, to));
            }
            value = value * 10 + (buf[i] - '0');
        }
        return value;
    }

    /** ASCII case-insensitive: {@code lower} is in lower case and as long as the name. */
    private static boolean nameIs(byte[] buf, int from, String lower) {
        for (int i = 0; i < lower.length(); i++) {
            int b = buf[from + i];
            if (b >= 'A' && b <= 'Z') {
                b += 'a' - 'A';
            }
            if (b != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] buf, int from, String prefix) {
        for (int i = 0; i < prefix.length(); i++) {
            if (buf[from + i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }

    /** A line for an error message, cut to a readable length. */
    private static String text(byte[] buf, int from, int to) {
        return new String(buf, from, Math.min(to - from, 100), StandardCharsets.ISO_8859_1);
    }
}
