package dev.loadtest.internal.engine.http2;

/**
 * Hands the id of the HTTP/2 stream a request's HEADERS opened from the frame listener to the exchange that sent
 * them. HttpCore tells only its {@code H2StreamListener} the id, and does so within the exchange's own
 * {@code sendRequest}, on the same thread: so the listener leaves it here and the exchange takes it at once.
 */
public final class SentStreamId {

    private static final ThreadLocal<int[]> LAST = ThreadLocal.withInitial(() -> new int[1]);

    private SentStreamId() {
    }

    /** Called by the frame listener as the HEADERS go out. */
    static void headersSent(int streamId) {
        LAST.get()[0] = streamId;
    }

    /** Called by the exchange right after its {@code sendRequest}: the stream id its HEADERS opened. */
    public static int take() {
        return LAST.get()[0];
    }
}
