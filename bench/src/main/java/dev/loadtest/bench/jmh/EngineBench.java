package dev.loadtest.bench.jmh;

import dev.loadtest.testing.bench.CompletionRecording;
import dev.loadtest.testing.bench.Http1ResponseScan;
import dev.loadtest.testing.bench.RequestMaking;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The engine's own per-request code, through the seams of loadtest-core's test jar
 * ({@code dev.loadtest.testing.bench}), which call it as the engine does: the making of a request
 * ({@link RequestMaking}), the HTTP/1.1 response parser on nginx's response to {@code /hello} (the HTTP/1.1
 * read path, {@link Http1ResponseScan}), the recording of a whole response, the thread's figures looked up
 * included ({@link CompletionRecording}), and the shape of a connection slot's bookkeeping (a monitor, the
 * in-flight list, one exchange per request). The seams compile with the engine's tests, so they follow its
 * changes; this file lists which of the engine's costs we watch.
 */
public class EngineBench extends QuickSettings {

    private final RequestMaking requests = RequestMaking.get(URI.create("http://127.0.0.1:18080/hello"));
    private final CompletionRecording recording = new CompletionRecording();
    private final Http1ResponseScan http1 = new Http1ResponseScan();
    private int k;

    /** One connection's in-flight exchanges, {@code streams} of them (-m). */
    @State(Scope.Thread)
    public static class Connection {
        @Param({"1", "10", "100"})
        public int streams;

        final Object monitor = new Object();
        List<Object> inFlight;
        Object[] ring;
        int k;
        long t0;

        @Setup
        public void setUp() {
            inFlight = new ArrayList<>();
            ring = new Object[streams];
            for (int i = 0; i < streams; i++) {
                ring[i] = new Object();
                inFlight.add(ring[i]);
            }
            t0 = System.nanoTime();
        }
    }

    /** nginx 1.22's answer to /hello, as the HTTP/1.1 connection reads it. */
    private static final byte[] NGINX_HELLO = ("HTTP/1.1 200 OK\r\nServer: nginx/1.22.1\r\n"
            + "Date: Mon, 30 Nov 2026 22:00:00 GMT\r\nContent-Type: text/plain\r\nContent-Length: 6\r\n"
            + "Connection: keep-alive\r\n\r\nhello\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

    /** Http1Connection's read path for one response: the scan for status, header bytes and framing. */
    @Benchmark
    public int http1ParseResponse() throws Exception {
        return http1.scan(NGINX_HELLO, 0, NGINX_HELLO.length);
    }

    @Benchmark
    public HttpRequest templateNewRequest() {
        return requests.newRequest();
    }

    /** ConnectionSlot.onCompleted's recording, closed model: counters, status, one service time. */
    @Benchmark
    public void recordCompletion() {
        recording.responded(200, 50_000 + (k++ & 1023) * 1000L);
    }

    /** Open model: the same plus a response time from the due time. */
    @Benchmark
    public void recordCompletionWithDue() {
        long v = 50_000 + (k++ & 1023) * 1000L;
        recording.respondedWithDue(200, v, v + 3_000);
    }

    /**
     * The shape of one request's bookkeeping in ConnectionSlot: on completion, under the client's monitor, the oldest
     * exchange leaves the in-flight list (ArrayList.remove(Object): a scan of up to {@code streams}) and a new
     * one is made and added (Exchange + HttpCoreContext + RequestExecutionCommand allocations), with the
     * clock read at issue, send and completion.
     */
    @Benchmark
    public Object clientBookkeeping(Connection c) {
        synchronized (c.monitor) {
            Object done = c.ring[c.k % c.streams];
            c.inFlight.remove(done);
            long now = System.nanoTime();
            recording.responded(200, Math.max(1_000, (now - c.t0) & 0xFFFFFFF));
            Object[] exchangeLike = new Object[6];
            exchangeLike[0] = HttpCoreContext.create();
            exchangeLike[1] = requests.newRequest();
            exchangeLike[2] = new long[] {System.nanoTime(), System.nanoTime()};
            c.ring[c.k++ % c.streams] = exchangeLike;
            c.inFlight.add(exchangeLike);
            return exchangeLike;
        }
    }
}
