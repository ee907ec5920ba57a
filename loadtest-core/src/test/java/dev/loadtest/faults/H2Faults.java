package dev.loadtest.faults;

import dev.loadtest.faults.FaultServer.Behaviour;
import java.io.IOException;

/**
 * HTTP/2 behaviours for {@link FaultServer}: prior knowledge in clear text (h2c), or h2 after ALPN on a
 * TLS fault server. "The n-th request" counts the streams a connection has completed, from 1.
 */
public final class H2Faults {

    private H2Faults() {
    }

    /** A healthy server: 200 {@code ok} on every stream; SETTINGS as given (id, value pairs). */
    public static Behaviour ok(int... settings) {
        return conn -> conn.h2().start(settings).serve(H2Conn::ok);
    }

    /** Answers every request after {@code delayMillis}, from the server's timer; SETTINGS as given. */
    public static Behaviour delayed(long delayMillis, int... settings) {
        return conn -> conn.h2().start(settings).serve((h2, id) -> h2.server().schedule(() -> {
            try {
                h2.ok(id);
            } catch (IOException e) {
                // the client went away
            }
        }, delayMillis));
    }

    /** Resets every n-th stream of a connection with RST_STREAM(code); answers the others. */
    public static Behaviour rstStream(int everyNth, int code) {
        return conn -> conn.h2().start().serve((h2, id) -> {
            if (h2.requestsOnConnection() % everyNth == 0) {
                h2.rstStream(id, code);
            } else {
                h2.ok(id);
            }
        });
    }

    /**
     * Answers n - 1 requests per connection; at the n-th it waits {@code holdMillis} for the client to open
     * more streams, then sends GOAWAY(NO_ERROR) with the n-th stream as the last it will process, answers
     * that one, and never answers the streams above it. The socket stays open: closing it is the client's
     * business (the trap of DESIGN §3).
     */
    public static Behaviour goAwayMidRun(int n, long holdMillis) {
        return conn -> {
            int[] last = {Integer.MAX_VALUE};
            conn.h2().start().serve((h2, id) -> {
                if (id > last[0]) {
                    return;   // above last-stream-id: not processed, never answered
                }
                if (h2.requestsOnConnection() < n) {
                    h2.ok(id);
                } else if (h2.requestsOnConnection() == n) {
                    last[0] = id;
                    h2.server().schedule(() -> {
                        try {
                            h2.goAway(id, H2Conn.NO_ERROR, "graceful shutdown");
                            h2.ok(id);
                        } catch (IOException e) {
                            // the client went away
                        }
                    }, holdMillis);
                }
            });
        };
    }

    /**
     * Answers n - 1 requests per connection; at the n-th sends GOAWAY(code) naming the highest stream
     * seen, answers nothing more, and closes the connection {@code closeAfterMillis} later (never, if negative).
     */
    public static Behaviour goAwayWithError(int n, int code, long closeAfterMillis) {
        return conn -> {
            boolean[] sent = {false};
            conn.h2().start().serve((h2, id) -> {
                if (sent[0]) {
                    return;
                }
                if (h2.requestsOnConnection() < n) {
                    h2.ok(id);
                } else {
                    sent[0] = true;
                    h2.goAway(h2.highestStreamId(), code, "server error " + code);
                    if (closeAfterMillis >= 0) {
                        conn.sleep(closeAfterMillis);
                        conn.close();
                    }
                }
            });
        };
    }

    /**
     * Floods: each response is {@code bytes} of DATA in 16 KiB frames written as fast as the socket takes
     * them, ignoring WINDOW_UPDATE and the client's windows (RFC 9113's default window is 64 KiB).
     */
    public static Behaviour flood(long bytes) {
        byte[] chunk = Http1Faults.pattern(16 * 1024);
        return conn -> conn.h2().start().serve((h2, id) -> {
            h2.headers(id, 200, bytes, false);
            for (long left = bytes; left > 0; ) {
                int len = (int) Math.min(chunk.length, left);
                left -= len;
                h2.data(id, chunk, 0, len, left == 0);
            }
        });
    }

    /**
     * Breaks flow control from the other side: after its SETTINGS, grants a connection WINDOW_UPDATE that
     * takes the client's send window past 2^31-1 (RFC 9113 §6.9.1: a FLOW_CONTROL_ERROR), answering nothing.
     */
    public static Behaviour windowOverflow() {
        return conn -> {
            H2Conn h2 = conn.h2().start();
            h2.windowUpdate(0, Integer.MAX_VALUE);
            h2.serve((c, id) -> c.ok(id));
        };
    }

    /**
     * Announces an initial stream window of {@code window} bytes and never opens it further: a longer
     * request body can never be sent in full (0 is legal, RFC 9113 §6.9.2).
     */
    public static Behaviour tinyWindow(int window) {
        return conn -> conn.h2().start(H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, window).serve(H2Conn::ok);
    }

    /** Completes the handshake, reads every frame, never answers a stream. */
    public static Behaviour neverAnswer() {
        return conn -> conn.h2().start().serve((h2, id) -> {
        });
    }

    /** Accepts and reads, but never sends a byte: not even SETTINGS (an h1-only or hung server). */
    public static Behaviour silent() {
        return FaultConn::swallow;
    }

    /** Answers n - 1 requests, then sends this raw frame on the n-th stream and keeps the connection open. */
    public static Behaviour badFrameAt(int n, int type, int flags, boolean onStreamZero, byte[] payload) {
        return conn -> conn.h2().start().serve((h2, id) -> {
            if (h2.requestsOnConnection() < n) {
                h2.ok(id);
            } else if (h2.requestsOnConnection() == n) {
                h2.frame(type, flags, onStreamZero ? 0 : id, payload);
            }
        });
    }

    /**
     * Answers n - 1 requests per connection; at the n-th sends its HEADERS and part of its DATA, then
     * resets the TCP connection (every stream in flight on it is lost).
     */
    public static Behaviour resetMidResponse(int n) {
        return conn -> conn.h2().start().serve((h2, id) -> {
            if (h2.requestsOnConnection() < n) {
                h2.ok(id);
            } else {
                h2.headers(id, 200, 1000, false);
                h2.data(id, Http1Faults.pattern(100), 0, 100, false);
                conn.sleep(20);
                conn.reset();
                throw new java.io.EOFException("reset on purpose");
            }
        });
    }

    /** An interim 103 (Early Hints) HEADERS before each final 200 (RFC 9113 §8.1). */
    public static Behaviour interimResponses() {
        return conn -> conn.h2().start().serve((h2, id) -> {
            h2.headers(id, 103, -1, false);
            h2.ok(id);
        });
    }

    /**
     * A healthy server that also speaks HTTP/2 extensions a client must ignore (RFC 9113 §5.5): ALTSVC and
     * ORIGIN after its SETTINGS, and, mid-connection, in turn: an unknown type with PADDED set and a pad length
     * longer than the frame, an empty one with PADDED set, ALTSVC on the request's stream with its header cut
     * across reads (across TLS records), ORIGIN between a response's HEADERS and its DATA.
     */
    public static Behaviour extensionFrames() {
        byte[] origin = originFrame("https://127.0.0.1");
        return conn -> {
            H2Conn h2 = conn.h2().start();
            h2.frame(H2Conn.ALTSVC, 0, 0, altSvcFrame("https://127.0.0.1", "h2=\":443\"; ma=60"));
            h2.frame(H2Conn.ORIGIN, 0, 0, origin);
            h2.serve((c, id) -> {
                switch (c.requestsOnConnection() % 4) {
                    case 1 -> c.frame(0xfa, H2Conn.FLAG_PADDED, id, new byte[] {(byte) 0xff, 1, 2});
                    case 2 -> c.frame(0xfb, H2Conn.FLAG_PADDED | 0xf0, 0, new byte[0]);
                    case 3 -> c.frameInPieces(H2Conn.ALTSVC, 0, id, altSvcFrame("", "h2=\":443\""), 15, 2, 7);
                    default -> {
                        c.headers(id, 200, 2, false);
                        c.frame(H2Conn.ORIGIN, 0, 0, origin);
                        c.data(id, "ok".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, 2, true);
                        return;
                    }
                }
                c.ok(id);
            });
        };
    }

    /** Answers with HEADERS lacking END_HEADERS, then a frame of an unknown type: RFC 9113 §6.10 forbids it. */
    public static Behaviour unknownFrameInHeaderBlock() {
        return conn -> conn.h2().start().serve((h2, id) -> {
            h2.frame(H2Conn.HEADERS, 0, id, H2Conn.headerBlock(200, 0));
            h2.frame(0xfa, 0, id, new byte[] {1, 2, 3});
        });
    }

    /**
     * Announces SETTINGS_MAX_CONCURRENT_STREAMS 0 (legal: no stream for now), then raises it to {@code raiseTo}
     * after {@code raiseAfterMillis}, or never when that is negative; answers every request.
     */
    public static Behaviour noStreamsUntil(long raiseAfterMillis, int raiseTo) {
        return conn -> {
            H2Conn h2 = conn.h2().start(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 0);
            if (raiseAfterMillis >= 0) {
                h2.server().schedule(() -> {
                    try {
                        h2.settings(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, raiseTo);
                    } catch (IOException e) {
                        // the client went away
                    }
                }, raiseAfterMillis);
            }
            h2.serve(H2Conn::ok);
        };
    }

    /** ALTSVC payload (RFC 7838 §4): origin length, origin, field value. */
    static byte[] altSvcFrame(String origin, String value) {
        byte[] o = origin.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] v = value.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] p = new byte[2 + o.length + v.length];
        p[0] = (byte) (o.length >>> 8);
        p[1] = (byte) o.length;
        System.arraycopy(o, 0, p, 2, o.length);
        System.arraycopy(v, 0, p, 2 + o.length, v.length);
        return p;
    }

    /** ORIGIN payload (RFC 8336 §2): one origin entry. */
    static byte[] originFrame(String origin) {
        byte[] o = origin.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] p = new byte[2 + o.length];
        p[0] = (byte) (o.length >>> 8);
        p[1] = (byte) o.length;
        System.arraycopy(o, 0, p, 2, o.length);
        return p;
    }
}
