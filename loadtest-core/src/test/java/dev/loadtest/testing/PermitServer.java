package dev.loadtest.testing;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A server with a known capacity, for the capacity search's tests: {@code permits} requests are served at once,
 * each for a fixed {@code serviceTime}, so it answers at most {@code permits / serviceTime} requests per second
 * (4 permits of 10 ms: 400 req/s). Requests beyond the permits queue, in arrival order, for one, so above the
 * capacity the service time, and the response time, rise; nothing is rejected. HTTP/1.1 on 127.0.0.1,
 * an ephemeral port; daemon threads.
 *
 * <pre>{@code
 * try (PermitServer server = PermitServer.start(4, Duration.ofMillis(10))) {
 *     Capacity.search(LoadTest.target(server.uri()).clients(16), objective);   // about 400 req/s
 * }
 * }</pre>
 *
 * <p>Why the permits are book-kept rather than held by sleeping threads: on a busy machine a sleeping thread
 * wakes late, holds its permit longer than {@code serviceTime}, and the server's capacity would sink with the
 * machine's load. Here each request is given, on arrival, the permit that frees first: it starts when that
 * permit frees (or at once), ends {@code serviceTime} later, and the permit is free again from that end time,
 * whenever the response actually goes out. So the server does exactly {@code permits / serviceTime} requests
 * per second whatever the load, and late wake-ups only delay responses, as a busy server's would.
 */
public final class PermitServer implements AutoCloseable {

    private static final byte[] BODY = "ok\n".getBytes(StandardCharsets.US_ASCII);
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Server server;
    private final int port;
    private final int permits;
    private final Duration serviceTime;
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong received = new AtomicLong();
    private final ScheduledThreadPoolExecutor timer;

    private PermitServer(int permits, Duration serviceTime) {
        this.permits = permits;
        this.serviceTime = serviceTime;
        String name = "permitserver-" + SEQUENCE.incrementAndGet();
        QueuedThreadPool threads = new QueuedThreadPool(32, 8);
        threads.setName(name);
        threads.setDaemon(true);
        threads.setStopTimeout(2_000);
        server = new Server(threads);
        server.setStopTimeout(0);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setAcceptQueueSize(1024);
        server.addConnector(connector);
        long[] freeAt = new long[permits];   // guarded by itself: when each permit is free again (nanoTime)
        long nanos = serviceTime.toNanos();
        timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, name + "-timer");
            t.setDaemon(true);
            return t;
        });
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                received.incrementAndGet();
                long now = System.nanoTime();
                long end;
                synchronized (freeAt) {
                    int first = 0;
                    for (int i = 1; i < freeAt.length; i++) {
                        if (freeAt[i] < freeAt[first]) {
                            first = i;
                        }
                    }
                    end = Math.max(now, freeAt[first]) + nanos;
                    freeAt[first] = end;
                }
                timer.schedule(() -> {
                    served.incrementAndGet();
                    response.setStatus(HttpStatus.OK_200);
                    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain");
                    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, BODY.length);
                    response.write(true, ByteBuffer.wrap(BODY), callback);
                }, end - now, TimeUnit.NANOSECONDS);
                return true;
            }
        });
        try {
            server.start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the permit server", e);
        }
        port = connector.getLocalPort();
    }

    /**
     * Starts a server of {@code permits} permits held {@code serviceTime} each.
     *
     * @throws IllegalArgumentException if permits is below 1 or the service time not positive
     */
    public static PermitServer start(int permits, Duration serviceTime) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits (" + permits + ") must be >= 1");
        }
        if (serviceTime.isNegative() || serviceTime.isZero()) {
            throw new IllegalArgumentException("serviceTime (" + serviceTime + ") must be > 0");
        }
        return new PermitServer(permits, serviceTime);
    }

    /** {@code http://127.0.0.1:port/}. */
    public URI uri() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** {@code permits / serviceTime}, in requests per second. */
    public double capacity() {
        return permits * (double) TimeUnit.SECONDS.toNanos(1) / serviceTime.toNanos();
    }

    /** Requests received so far (answered or queued). */
    public long received() {
        return received.get();
    }

    /** Requests answered so far. */
    public long served() {
        return served.get();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the permit server", e);
        }
    }

    @Override
    public String toString() {
        return "PermitServer[" + uri() + ", " + permits + " permits x " + serviceTime.toMillis() + " ms = "
                + Math.round(capacity()) + " req/s]";
    }
}
