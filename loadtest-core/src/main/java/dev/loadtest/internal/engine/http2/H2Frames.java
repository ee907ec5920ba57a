package dev.loadtest.internal.engine.http2;

import java.nio.ByteBuffer;

/** HTTP/2 frame types, flags and settings (RFC 9113 §6), and the frames a client writes, put into a buffer. */
final class H2Frames {

    static final int HEADER = 9;

    static final int DATA = 0x0;
    static final int HEADERS = 0x1;
    static final int PRIORITY = 0x2;
    static final int RST_STREAM = 0x3;
    static final int SETTINGS = 0x4;
    static final int PUSH_PROMISE = 0x5;
    static final int PING = 0x6;
    static final int GOAWAY = 0x7;
    static final int WINDOW_UPDATE = 0x8;
    static final int CONTINUATION = 0x9;

    static final int FLAG_END_STREAM = 0x1;
    static final int FLAG_ACK = 0x1;
    static final int FLAG_END_HEADERS = 0x4;
    static final int FLAG_PADDED = 0x8;
    static final int FLAG_PRIORITY = 0x20;

    static final int SETTINGS_HEADER_TABLE_SIZE = 0x1;
    static final int SETTINGS_ENABLE_PUSH = 0x2;
    static final int SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
    static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    static final int SETTINGS_MAX_FRAME_SIZE = 0x5;

    /** RFC 9113 §6.5.2 and §6.9.1: the defaults until the server says otherwise. */
    static final int DEFAULT_WINDOW = 65_535;
    static final int DEFAULT_MAX_FRAME = 16_384;
    static final int MAX_FRAME_LIMIT = (1 << 24) - 1;
    static final long MAX_WINDOW = Integer.MAX_VALUE;

    static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private H2Frames() {
    }

    static void header(ByteBuffer out, int length, int type, int flags, int streamId) {
        out.put((byte) (length >>> 16)).put((byte) (length >>> 8)).put((byte) length)
                .put((byte) type).put((byte) flags).putInt(streamId);
    }

    /** Our SETTINGS: no push, our stream window; the rest RFC 9113's defaults. */
    static void settings(ByteBuffer out, int initialWindow) {
        header(out, 12, SETTINGS, 0, 0);
        out.putShort((short) SETTINGS_ENABLE_PUSH).putInt(0);
        out.putShort((short) SETTINGS_INITIAL_WINDOW_SIZE).putInt(initialWindow);
    }

    static void settingsAck(ByteBuffer out) {
        header(out, 0, SETTINGS, FLAG_ACK, 0);
    }

    static void windowUpdate(ByteBuffer out, int streamId, int increment) {
        header(out, 4, WINDOW_UPDATE, 0, streamId);
        out.putInt(increment);
    }

    static void pingAck(ByteBuffer out, ByteBuffer payload, int at) {
        header(out, 8, PING, FLAG_ACK, 0);
        out.putLong(payload.getLong(at));
    }

    static void rstStream(ByteBuffer out, int streamId, int code) {
        header(out, 4, RST_STREAM, 0, streamId);
        out.putInt(code);
    }

    static void goAway(ByteBuffer out, int lastStreamId, int code) {
        header(out, 8, GOAWAY, 0, 0);
        out.putInt(lastStreamId).putInt(code);
    }
}
