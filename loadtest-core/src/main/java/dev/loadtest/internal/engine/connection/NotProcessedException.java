package dev.loadtest.internal.engine.connection;

import dev.loadtest.internal.engine.http2.GoAwayException;
import java.io.IOException;

/**
 * The server said it did not process a request: an HTTP/2 stream above a GOAWAY's last-stream-id
 * ({@link GoAwayException}), or an HTTP/1.1 request written behind a response that closed the connection
 * (RFC 9112 §9.6: the server must not process it). Such a request is sent again on another connection
 * (a stream reset with REFUSED_STREAM is too, see {@link Failures#isNotProcessed}).
 */
public class NotProcessedException extends IOException {

    private static final long serialVersionUID = 1L;

    public NotProcessedException(String message) {
        super(message);
    }
}
