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
        return FaultServer.Conn::swallow;
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
}
