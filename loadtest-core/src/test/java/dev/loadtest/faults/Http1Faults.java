package dev.loadtest.faults;

import dev.loadtest.faults.FaultServer.Behaviour;

/**
 * HTTP/1.1 behaviours for {@link FaultServer}. "The n-th request" counts per connection from 1, so a
 * client with one stream meets the fault at a known point of every connection and the counts of a run
 * can be asserted exactly.
 */
public final class Http1Faults {

    private Http1Faults() {
    }

    /** A healthy server: 200 {@code ok} to everything, keep-alive, pipelining answered in order. */
    public static Behaviour ok() {
        return conn -> {
            while (conn.readRequest() != null) {
                conn.ok();
            }
        };
    }

    /** Answers every request with this status (body {@code status N}). */
    public static Behaviour status(int status) {
        return conn -> {
            while (conn.readRequest() != null) {
                conn.respond(status, "status " + status + "\n");
            }
        };
    }

    /**
     * Closes each connection after its n-th response: announced with {@code Connection: close} on that
     * response (nginx's keepalive_requests), or not announced at all (the socket just closes).
     */
    public static Behaviour closeAfter(int n, boolean announce) {
        return atRequest(n, conn -> {
            if (announce) {
                conn.respond(200, "ok", "Connection: close");
            } else {
                conn.ok();
            }
            conn.close();
        });
    }

    /**
     * nginx's keepalive_requests: the n-th response on each connection says {@code Connection: close}, and the
     * server closes the connection after it without a reset, reading and dropping what the client had pipelined
     * behind it (nginx's lingering close, at most its 5 s lingering_timeout). Those requests were never processed.
     */
    public static Behaviour keepaliveRequests(int n) {
        return atRequest(n, conn -> {
            conn.respond(200, "ok", "Connection: close");
            conn.closeLingering(5_000);
        });
    }

    /** Answers n - 1 requests per connection, then sends half a response to the n-th and resets (RST). */
    public static Behaviour resetMidResponse(int n) {
        return atRequest(n, conn -> {
            conn.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
            conn.write(pattern(100));
            conn.flush();
            conn.sleep(20);   // let the client read the head and part of the body first
            conn.reset();
        });
    }

    /** Answers n - 1 requests per connection, then ends the n-th's body early (FIN) before its Content-Length. */
    public static Behaviour truncatedBody(int n) {
        return atRequest(n, conn -> {
            conn.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n");
            conn.write(pattern(100));
            conn.close();
        });
    }

    /** Answers n - 1 requests per connection, then writes these raw bytes as the n-th's response and closes. */
    public static Behaviour raw(int n, String response) {
        return atRequest(n, conn -> {
            conn.write(response);
            conn.flush();
            conn.sleep(50);   // the client sees the bytes before the FIN
            conn.close();
        });
    }

    /** Writes these raw bytes as the n-th response and keeps the connection open (waiting for the client). */
    public static Behaviour rawThenHold(int n, String response) {
        return atRequest(n, conn -> {
            conn.write(response);
            conn.flush();
            conn.swallow();
        });
    }

    /**
     * Answers n - 1 requests per connection with 200 {@code ok}, then lets {@code fault} serve the n-th,
     * which ends the connection's behaviour.
     */
    private static Behaviour atRequest(int n, Behaviour fault) {
        return conn -> {
            while (conn.readRequest() != null) {
                if (conn.requestsOnConnection() < n) {
                    conn.ok();
                } else {
                    fault.serve(conn);
                    return;
                }
            }
        };
    }

    /** Accepts, reads (and counts) the requests, never answers; the connection stays open until the client closes it. */
    public static Behaviour neverAnswer() {
        return conn -> {
            while (conn.readRequest() != null) {
                // never answered
            }
        };
    }

    /** Accepts and reads bytes, never parses nor answers anything (also no TLS or HTTP/2 handshake data). */
    public static Behaviour silent() {
        return FaultConn::swallow;
    }

    /** Writes each response (head and body) one byte at a time, {@code intervalMillis} apart. */
    public static Behaviour drip(String body, long intervalMillis) {
        return conn -> {
            while (conn.readRequest() != null) {
                conn.drip("HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n" + body, intervalMillis);
            }
        };
    }

    /** Sends the head at once and then the body one byte every {@code intervalMillis}. */
    public static Behaviour dripBody(String body, long intervalMillis) {
        return conn -> {
            while (conn.readRequest() != null) {
                conn.write("HTTP/1.1 200 OK\r\nContent-Length: " + body.length() + "\r\n\r\n");
                conn.flush();
                conn.drip(body, intervalMillis);
            }
        };
    }

    /** A huge body with Content-Length, streamed from a 64 KiB buffer (the server holds no more). */
    public static Behaviour huge(long bytes) {
        byte[] chunk = pattern(64 * 1024);
        return conn -> {
            while (conn.readRequest() != null) {
                conn.write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: " + bytes
                        + "\r\n\r\n");
                for (long left = bytes; left > 0; ) {
                    int n = (int) Math.min(chunk.length, left);
                    conn.write(chunk, 0, n);
                    left -= n;
                }
                conn.flush();
            }
        };
    }

    /** Chunked responses, good ones: {@code 2\r\nok\r\n0\r\n\r\n}. */
    public static Behaviour chunked() {
        return conn -> {
            while (conn.readRequest() != null) {
                conn.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n3\r\n!!!\r\n0\r\n\r\n");
                conn.flush();
            }
        };
    }

    /** Interim 100 and 103 responses before each final 200. */
    public static Behaviour interimResponses() {
        return conn -> {
            while (conn.readRequest() != null) {
                conn.write("HTTP/1.1 100 Continue\r\n\r\n");
                conn.write("HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n");
                conn.flush();
                conn.ok();
            }
        };
    }

    /** Bytes {@code 'a' + i % 26}. */
    static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) ('a' + i % 26);
        }
        return b;
    }
}
