package dev.loadtest.internal.engine.http2;

import dev.loadtest.internal.engine.connection.NotProcessedException;
import org.apache.hc.core5.http2.H2Error;

/**
 * A request the server will not process: its stream is above the last-stream-id of the server's
 * GOAWAY. HttpCore 5.4 releases such streams only when the socket closes, so the engine ends them itself,
 * and sends them again on a new connection, whatever the GOAWAY's error code (RFC 9113 §6.8).
 */
public final class GoAwayException extends NotProcessedException {

    private static final long serialVersionUID = 1L;

    public GoAwayException(int lastStreamId, int errorCode) {
        super("not processed: the server sent GOAWAY (last-stream-id " + lastStreamId + ", " + codeName(errorCode)
                + ")");
    }

    public static String codeName(int code) {
        H2Error error = H2Error.getByCode(code);
        return error == null ? "error code " + code : error.name() + " (" + code + ")";
    }
}
