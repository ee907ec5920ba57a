package dev.loadtest.internal.engine.http2;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** HTTP/2 frames as a server writes them, byte by byte, for the tests of what reads them. */
final class Frames {

    private Frames() {
    }

    /** One frame: the 9-byte header (length, type, flags, stream id) and the payload. */
    static byte[] frame(int type, int flags, int stream, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(9 + payload.length);
        b.put((byte) (payload.length >>> 16)).put((byte) (payload.length >>> 8)).put((byte) payload.length);
        b.put((byte) type).put((byte) flags).putInt(stream).put(payload);
        return b.array();
    }

    static byte[] frame(int type, int flags, int stream, String payload) {
        return frame(type, flags, stream, payload.getBytes(StandardCharsets.US_ASCII));
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
