package dev.loadtest.testing;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Just enough HTTP/2 to GET a few paths over cleartext HTTP/2 with prior knowledge (h2c), for the tests of the
 * test servers and nginx's readiness probe: the connection preface, HPACK with literal request headers (never
 * Huffman, never into the dynamic table) and a frame reader. Hand-written because the JDK's client cannot speak
 * h2c with prior knowledge, and independent of the engine and of Jetty's client, so it checks the server and
 * nothing else. Windows are opened wide up front, so whole bodies come without a WINDOW_UPDATE from us.
 *
 * <pre>{@code
 * byte[] body = RawH2c.get(URI.create("http://127.0.0.1:8080/hello"));
 * }</pre>
 */
public final class RawH2c {

    private static final int DATA = 0x0;
    private static final int HEADERS = 0x1;
    private static final int RST_STREAM = 0x3;
    private static final int SETTINGS = 0x4;
    private static final int GOAWAY = 0x7;
    private static final int WINDOW_UPDATE = 0x8;
    private static final int END_STREAM = 0x1;
    private static final int ACK = 0x1;
    private static final int END_HEADERS = 0x4;
    private static final int TIMEOUT_MILLIS = 10_000;
    /** Bounds the frames read for one response, so a server that never ends a stream cannot hold a test. */
    private static final int MAX_FRAMES = 100_000;

    private RawH2c() {
    }

    /** The body of a 200 response to one GET of {@code uri} on a new connection. */
    public static byte[] get(URI uri) throws IOException {
        return getOnOneConnection(uri.getHost(), uri.getPort(), List.of(uri.getRawPath())).get(0);
    }

    /**
     * GETs each path as its own stream (1, 3, 5, ...), one after the other, on one new connection; returns the
     * bodies of their responses.
     *
     * @throws IOException if the connection fails or closes early, a stream is reset, the server sends GOAWAY,
     *         or a status is not 200
     */
    public static List<byte[]> getOnOneConnection(String host, int port, List<String> paths) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            int window = Integer.MAX_VALUE;
            // SETTINGS_INITIAL_WINDOW_SIZE (0x4) for the streams, then the connection's window by WINDOW_UPDATE
            writeFrame(out, SETTINGS, 0, 0, new byte[] {0, 0x4,
                    (byte) (window >>> 24), (byte) (window >>> 16), (byte) (window >>> 8), (byte) window});
            int increment = window - 65_535;
            writeFrame(out, WINDOW_UPDATE, 0, 0, new byte[] {
                    (byte) (increment >>> 24), (byte) (increment >>> 16), (byte) (increment >>> 8), (byte) increment});
            List<byte[]> bodies = new ArrayList<>();
            int streamId = 1;
            for (String path : paths) {
                writeFrame(out, HEADERS, END_STREAM | END_HEADERS, streamId, requestHeaders(path, host + ":" + port));
                bodies.add(readResponse(in, out, streamId, "GET " + path + " from " + host + ":" + port));
                streamId += 2;
            }
            return bodies;
        }
    }

    private static byte[] readResponse(DataInputStream in, OutputStream out, int streamId, String what)
            throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        boolean headersSeen = false;
        for (int frames = 0; frames < MAX_FRAMES; frames++) {
            int length;
            int type;
            int flags;
            int stream;
            try {
                length = (in.readUnsignedByte() << 16) | in.readUnsignedShort();
                type = in.readUnsignedByte();
                flags = in.readUnsignedByte();
                stream = in.readInt() & 0x7fff_ffff;
            } catch (EOFException e) {
                throw new IOException(what + ": the connection closed before the response ended", e);
            }
            byte[] payload = in.readNBytes(length);
            if (payload.length < length) {
                throw new IOException(what + ": the connection closed inside a frame");
            }
            if (type == SETTINGS && (flags & ACK) == 0) {
                writeFrame(out, SETTINGS, ACK, 0, new byte[0]);
            } else if (type == GOAWAY || (type == RST_STREAM && stream == streamId)) {
                throw new IOException(what + ": " + (type == GOAWAY ? "GOAWAY" : "RST_STREAM"));
            } else if (type == HEADERS && stream == streamId) {
                if (!headersSeen) {
                    headersSeen = true;
                    // ":status: 200" is static-table index 8 (0x88), the first field of the block; a server may put
                    // a dynamic table size update before it on a new connection (Jetty does, nginx may)
                    int first = skipTableSizeUpdates(payload);
                    if (first >= payload.length || (payload[first] & 0xff) != 0x88) {
                        throw new IOException(what + ": the status is not 200");
                    }
                }
                if ((flags & END_STREAM) != 0) {
                    return body.toByteArray();
                }
            } else if (type == DATA && stream == streamId) {
                body.write(payload);
                if ((flags & END_STREAM) != 0) {
                    return body.toByteArray();
                }
            }
        }
        throw new IOException(what + ": more than " + MAX_FRAMES + " frames");
    }

    /** Index of the first header field representation after any dynamic table size updates (RFC 7541 §6.3). */
    private static int skipTableSizeUpdates(byte[] block) {
        int i = 0;
        while (i < block.length && (block[i] & 0xe0) == 0x20) {
            boolean multiByte = (block[i] & 0x1f) == 0x1f; // 5-bit prefix integer, continued (§5.1)
            i++;
            while (multiByte && i < block.length && (block[i] & 0x80) != 0) {
                i++;
            }
            if (multiByte) {
                i++; // the last continuation byte
            }
        }
        return i;
    }

    private static byte[] requestHeaders(String path, String authority) {
        ByteArrayOutputStream block = new ByteArrayOutputStream();
        block.write(0x82); // :method GET (static index 2)
        block.write(0x86); // :scheme http (static index 6)
        literal(block, 4, path); // :path, literal without indexing, name = static index 4
        literal(block, 1, authority); // :authority, name = static index 1
        return block.toByteArray();
    }

    /** A literal header field without indexing, indexed name (< 15), plain value (< 127 bytes). */
    private static void literal(ByteArrayOutputStream block, int nameIndex, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.US_ASCII);
        if (nameIndex >= 15 || bytes.length >= 127) {
            throw new IllegalArgumentException("too long for this minimal encoder: " + value);
        }
        block.write(nameIndex);
        block.write(bytes.length);
        block.writeBytes(bytes);
    }

    private static void writeFrame(OutputStream out, int type, int flags, int stream, byte[] payload)
            throws IOException {
        byte[] header = {
                (byte) (payload.length >>> 16), (byte) (payload.length >>> 8), (byte) payload.length,
                (byte) type, (byte) flags,
                (byte) (stream >>> 24), (byte) (stream >>> 16), (byte) (stream >>> 8), (byte) stream};
        out.write(header);
        out.write(payload);
        out.flush();
    }
}
