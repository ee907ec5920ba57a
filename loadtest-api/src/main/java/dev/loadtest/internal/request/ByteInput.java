package dev.loadtest.internal.request;

import java.io.IOException;
import java.io.InputStream;

/**
 * Bytes read one at a time from a stream or an array, with the offset and the line of the next one: what the
 * feeders' parsers need to say where a row starts and where a mistake is. Its own buffer, because a
 * {@code BufferedInputStream} takes a lock for every byte.
 */
final class ByteInput {

    private static final int BUFFER = 64 * 1024;

    private final InputStream in;
    private final byte[] buffer;
    private int position;
    private int limit;
    private long bufferStart;
    private long line = 1;

    /** Reads a stream; the caller closes it. */
    ByteInput(InputStream in) {
        this.in = in;
        this.buffer = new byte[BUFFER];
    }

    /** Reads the first {@code length} bytes of an array, which it does not copy. */
    ByteInput(byte[] bytes, int length) {
        this.in = null;
        this.buffer = bytes;
        this.limit = length;
    }

    /** The next byte (0 to 255), or -1 at the end. */
    int read() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        int b = buffer[position++] & 0xFF;
        // a line ends at LF, or at a CR on its own (old Mac files); CRLF counts once, at its LF
        if (b == '\n' || (b == '\r' && peek() != '\n')) {
            line++;
        }
        return b;
    }

    /** The next byte without taking it, or -1 at the end. */
    int peek() throws IOException {
        if (position == limit && !fill()) {
            return -1;
        }
        return buffer[position] & 0xFF;
    }

    /** Skips a UTF-8 byte order mark (EF BB BF), as spreadsheets write one, if the input starts with it. */
    void skipByteOrderMark() throws IOException {
        if (offset() != 0) {
            return;
        }
        while (in != null && limit < 3) {
            int n = in.read(buffer, limit, buffer.length - limit);
            if (n < 0) {
                break;
            }
            limit += n;
        }
        if (limit >= 3 && (buffer[0] & 0xFF) == 0xEF && (buffer[1] & 0xFF) == 0xBB && (buffer[2] & 0xFF) == 0xBF) {
            position = 3;
        }
    }

    /** The offset of the next byte from the start of the input. */
    long offset() {
        return bufferStart + position;
    }

    /** The line of the next byte, from 1. */
    long line() {
        return line;
    }

    private boolean fill() throws IOException {
        if (in == null) {
            return false;
        }
        bufferStart += limit;
        position = 0;
        limit = 0;
        int n;
        do {
            n = in.read(buffer, 0, buffer.length);
        } while (n == 0);
        if (n < 0) {
            return false;
        }
        limit = n;
        return true;
    }
}
