package dev.loadtest.internal.engine.http2;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.message.BasicHeader;

/**
 * Decodes the server's HPACK header blocks (RFC 7541) for an {@link Http2Connection}, to what a load generator needs
 * of each: the {@code :status}, the size of the fields decoded (h2load's header bytes before compression), and the
 * fields themselves only when a check reads them. Its dynamic table follows every block, as it must: entries are kept
 * as bytes, and a value added to the table is copied once. A field that is not added is only measured (a Huffman-coded
 * one is walked, not copied), and nothing becomes a {@code String} unless the fields are asked for.
 *
 * <p>HttpCore's decoder made every field a {@code String} through a {@code StringBuilder} and a charset decoder, and a
 * header object of it, in a list per block: the largest part of the I/O thread after our own HTTP/2 connection
 * replaced HttpCore's multiplexer (bench/README.md). One per connection, on its I/O thread.
 */
final class HeaderBlockDecoder {

    /** A block that breaks RFC 7541: a COMPRESSION_ERROR of the connection. */
    static final class MalformedBlock extends Exception {
        private static final long serialVersionUID = 1L;

        MalformedBlock(String message) {
            super(message, null, false, false);
        }
    }

    private static final byte[] STATUS = StaticTable.NAME_BYTES[7];
    private static final int ENTRY_OVERHEAD = 32;

    /** Our SETTINGS_HEADER_TABLE_SIZE: RFC 9113's default, which we never change. */
    private final int maxTableSize;
    private int tableLimit;
    /** The dynamic table, newest first from {@link #newest}, in rings of a power of two. */
    private byte[][] names = new byte[16][];
    private byte[][] values = new byte[16][];
    private int newest;
    private int count;
    private int tableSize;
    /** Where the Huffman decoder writes; grown to the longest value. */
    private byte[] scratch = new byte[256];
    /**
     * Per static name, the last value literal seen with it, as sent (a first byte for Huffman or not, then the bytes)
     * and as decoded. A server repeats most values response after response, added to the table each time (nginx: its
     * name, the date for a second, the type and length of the same resource): the repeat is compared, not decoded,
     * and its decoded bytes (never written) are shared.
     */
    private final byte[][] lastSent = new byte[StaticTable.LENGTH + 1][];
    private final byte[][] lastDecoded = new byte[StaticTable.LENGTH + 1][];

    private ByteBuffer buf;
    private int pos;
    private int end;
    private int status;
    private long decodedBytes;

    HeaderBlockDecoder(int maxTableSize) {
        this.maxTableSize = maxTableSize;
        this.tableLimit = maxTableSize;
    }

    /**
     * Decodes the block at {@code block}'s position to its limit. Returns the {@code :status} (-1 when there is none,
     * or it is not three digits); {@code fields}, when not null, gets every field of the block.
     */
    int decode(ByteBuffer block, List<Header> fields) throws MalformedBlock {
        return decode(block, block.position(), block.limit(), fields);
    }

    /**
     * Decodes the block in {@code buf} from {@code from} to {@code to}, positions left alone: a frame's block where it
     * lies in the read buffer, with no view of it made a response.
     */
    int decode(ByteBuffer buf, int from, int to, List<Header> fields) throws MalformedBlock {
        this.buf = buf;
        pos = from;
        end = to;
        status = -1;
        decodedBytes = 0;
        try {
            while (pos < end) {
                int b = buf.get(pos) & 0xff;
                if ((b & 0x80) != 0) {
                    int index = integer(7);
                    field(nameAt(index), valueAt(index), -1, fields);
                } else if ((b & 0xc0) == 0x40) {
                    int index = integer(6);
                    byte[] name = index == 0 ? string() : nameAt(index);
                    byte[] value = index >= 1 && index <= StaticTable.LENGTH ? repeatable(index) : string();
                    field(name, value, -1, fields);
                    add(name, value);
                } else if ((b & 0xe0) == 0x20) {
                    resize(integer(5));
                } else {
                    // literal without indexing (0000) or never indexed (0001): measured, kept only if wanted
                    int index = integer(4);
                    byte[] name = index == 0 ? string() : nameAt(index);
                    if (fields != null || Arrays.equals(name, STATUS)) {
                        field(name, string(), -1, fields);
                    } else {
                        field(name, null, stringLength(), null);
                    }
                }
            }
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new MalformedBlock(e.getMessage());
        } finally {
            buf = null;
        }
        return status;
    }

    /** The decoded size of the last block: its names' and values' bytes, as h2load counts them. */
    long decodedBytes() {
        return decodedBytes;
    }

    private void field(byte[] name, byte[] value, int valueLength, List<Header> fields) {
        decodedBytes += name.length + (value != null ? value.length : valueLength);
        if (value != null && (name == STATUS || Arrays.equals(name, STATUS))) {
            status = value.length == 3 ? digits(value) : -1;
        }
        if (fields != null) {
            fields.add(new BasicHeader(new String(name, StandardCharsets.ISO_8859_1),
                    new String(value, StandardCharsets.ISO_8859_1)));
        }
    }

    private static int digits(byte[] v) {
        int code = 0;
        for (byte c : v) {
            if (c < '0' || c > '9') {
                return -1;
            }
            code = code * 10 + (c - '0');
        }
        return code;
    }

    // ---- primitives (RFC 7541 §5) ----

    /** An integer with an {@code prefixBits}-bit prefix, at {@link #pos}. */
    private int integer(int prefixBits) throws MalformedBlock {
        int max = (1 << prefixBits) - 1;
        int value = buf.get(pos++) & max;
        if (value < max) {
            return value;
        }
        for (int shift = 0; shift <= 21; shift += 7) {
            int b = buf.get(pos++) & 0xff;
            value += (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new MalformedBlock("an HPACK integer over 2^28");
    }

    /** A string literal, decoded to bytes. */
    private byte[] string() throws MalformedBlock {
        boolean huffman = (buf.get(pos) & 0x80) != 0;
        int length = integer(7);
        int at = take(length);
        if (!huffman) {
            byte[] s = new byte[length];
            buf.get(at, s, 0, length);
            return s;
        }
        return huffman(at, length);
    }

    private byte[] huffman(int at, int length) {
        int room = length * 8 / 5 + 1;
        if (scratch.length < room) {
            scratch = new byte[Math.max(room, scratch.length * 2)];
        }
        int n = Huffman.decode(buf, at, length, scratch);
        return Arrays.copyOf(scratch, n);
    }

    /** A value literal after static name {@code index}: decoded, unless it repeats the last one sent after it. */
    private byte[] repeatable(int index) throws MalformedBlock {
        int huffman = (buf.get(pos) & 0x80) >>> 7;
        int length = integer(7);
        int at = take(length);
        byte[] sent = lastSent[index];
        if (sent != null && sent.length == length + 1 && sent[0] == huffman && sameBytes(at, sent)) {
            return lastDecoded[index];
        }
        byte[] decoded;
        if (huffman == 0) {
            decoded = new byte[length];
            buf.get(at, decoded, 0, length);
        } else {
            decoded = huffman(at, length);
        }
        sent = new byte[length + 1];
        sent[0] = (byte) huffman;
        buf.get(at, sent, 1, length);
        lastSent[index] = sent;
        lastDecoded[index] = decoded;
        return decoded;
    }

    private boolean sameBytes(int at, byte[] sent) {
        for (int i = 1; i < sent.length; i++) {
            if (buf.get(at + i - 1) != sent[i]) {
                return false;
            }
        }
        return true;
    }

    /** A string literal's decoded length, without keeping it. */
    private int stringLength() throws MalformedBlock {
        boolean huffman = (buf.get(pos) & 0x80) != 0;
        int length = integer(7);
        int at = take(length);
        return huffman ? Huffman.decode(buf, at, length, null) : length;
    }

    /** Passes over {@code length} bytes; returns where they start. */
    private int take(int length) throws MalformedBlock {
        if (length > end - pos) {
            throw new MalformedBlock("a string of " + length + " bytes where " + (end - pos) + " are left");
        }
        int at = pos;
        pos += length;
        return at;
    }

    // ---- the tables (RFC 7541 §2.3) ----

    private byte[] nameAt(int index) throws MalformedBlock {
        if (index >= 1 && index <= StaticTable.LENGTH) {
            return StaticTable.NAME_BYTES[index - 1];
        }
        return names[slot(index)];
    }

    private byte[] valueAt(int index) throws MalformedBlock {
        if (index >= 1 && index <= StaticTable.LENGTH) {
            return StaticTable.VALUE_BYTES[index - 1];
        }
        return values[slot(index)];
    }

    private int slot(int index) throws MalformedBlock {
        int dynamic = index - StaticTable.LENGTH;
        if (index < 1 || dynamic > count) {
            throw new MalformedBlock("index " + index + " is in neither the static table nor the dynamic one ("
                    + count + " entries)");
        }
        return (newest + dynamic - 1) & (names.length - 1);
    }

    private void add(byte[] name, byte[] value) {
        int size = name.length + value.length + ENTRY_OVERHEAD;
        evictTo(tableLimit - size);
        if (size > tableLimit) {
            return;   // larger than the whole table: it empties it, and is not kept (RFC 7541 §4.4)
        }
        if (count == names.length) {
            grow();
        }
        newest = (newest - 1) & (names.length - 1);
        names[newest] = name;
        values[newest] = value;
        count++;
        tableSize += size;
    }

    private void resize(int limit) throws MalformedBlock {
        if (limit > maxTableSize) {
            throw new MalformedBlock("a dynamic table size update to " + limit + ", over our " + maxTableSize);
        }
        tableLimit = limit;
        evictTo(limit);
    }

    /** Evicts the oldest entries until the table's size is at most {@code size}. */
    private void evictTo(int size) {
        int mask = names.length - 1;
        while (count > 0 && tableSize > size) {
            int oldest = (newest + count - 1) & mask;
            tableSize -= names[oldest].length + values[oldest].length + ENTRY_OVERHEAD;
            names[oldest] = null;
            values[oldest] = null;
            count--;
        }
    }

    private void grow() {
        int mask = names.length - 1;
        byte[][] biggerNames = new byte[names.length * 2][];
        byte[][] biggerValues = new byte[names.length * 2][];
        for (int i = 0; i < count; i++) {
            biggerNames[i] = names[(newest + i) & mask];
            biggerValues[i] = values[(newest + i) & mask];
        }
        names = biggerNames;
        values = biggerValues;
        newest = 0;
    }
}
