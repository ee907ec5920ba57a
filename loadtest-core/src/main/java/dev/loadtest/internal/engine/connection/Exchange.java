package dev.loadtest.internal.engine.connection;

import dev.loadtest.ErrorCategory;
import dev.loadtest.spi.BodyBuffer;
import dev.loadtest.spi.CapturedResponse;
import dev.loadtest.spi.CheckPlan;
import dev.loadtest.internal.engine.http2.SentStreamId;
import dev.loadtest.internal.engine.record.StepStats;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.nio.AsyncClientExchangeHandler;
import org.apache.hc.core5.http.nio.CapacityChannel;
import org.apache.hc.core5.http.nio.DataStreamChannel;
import org.apache.hc.core5.http.nio.RequestChannel;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpCoreContext;

/**
 * One request and its response. Ends exactly once: completed, failed, or timed out, whichever
 * HttpCore reports first; later reports are ignored.
 */
public final class Exchange implements AsyncClientExchangeHandler {

    private final ConnectionSlot client;
    private final RequestTemplate template;
    private final Phase phase;

    /** When the request was handed to the connection. */
    volatile long issuedNanos;
    /** When the request was put on the wire (this time, when it is sent again); 0 while it was not. */
    volatile long sentNanos;
    /**
     * When the request was first put on the wire, before any retry; 0 while it was not. A request sent
     * again counts its service time and its timeout from here: its latency shows the cost of the rotation.
     */
    long firstSentNanos;
    /** How often the request was sent again after the server said it did not process it. */
    final int retries;
    /** What it failed of, if it did. */
    volatile Exception failure;
    /** The HTTP/2 stream carrying it, once sent; 0 on HTTP/1.1. */
    volatile int streamId;
    /** Set by the timer when the request ran over its deadline, before it closes the connection. */
    volatile boolean timedOut;
    private boolean measured;
    private boolean http2;
    private int status;
    @SuppressWarnings("unused") // through ENDED
    private volatile boolean ended;
    private static final java.lang.invoke.VarHandle ENDED;

    static {
        try {
            ENDED = java.lang.invoke.MethodHandles.lookup().findVarHandle(Exchange.class, "ended", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    private ByteBuffer body;
    /**
     * What the run's checks read of the response: its head, and its body up to their bound when one of them reads
     * it. Both null in a run without checks, which keeps nothing; the I/O thread reading the response writes them.
     */
    private CapturedResponse.Builder checkedHead;
    private BodyBuffer checkedBody;

    /** The scenario step this exchange sends; null in a run of single requests. */
    StepFeed.Call step;

    /** Open model: when the schedule wanted the request sent; 0 in the closed model. */
    final long dueNanos;
    /** Open model: whether it waited in the backlog for a free stream. */
    final boolean late;

    Exchange(ConnectionSlot connection, RequestTemplate template, Phase phase, long dueNanos, boolean late) {
        this(connection, template, phase, dueNanos, late, 0);
    }

    private Exchange(ConnectionSlot connection, RequestTemplate template, Phase phase, long dueNanos, boolean late,
                     int retries) {
        this.client = connection;
        this.template = template;
        this.phase = phase;
        this.dueNanos = dueNanos;
        this.late = late;
        this.retries = retries;
    }

    /**
     * The same request, to be sent again: {@code retries} is how often it will then have been re-sent.
     * A fresh handler, since HttpCore ends a handler once; the first send time and whether the request is
     * measured carry over.
     */
    Exchange again(int retries) {
        Exchange next = new Exchange(client, template, phase, dueNanos, late, retries);
        next.firstSentNanos = firstSentNanos;
        next.measured = measured;
        next.step = step;
        return next;
    }

    /** Whether the request went on the wire before, on a connection that did not process it. */
    boolean isResent() {
        return firstSentNanos != 0;
    }

    /**
     * Whether a request that will not go out counts as failed rather than never issued: it went on the wire before (a
     * connection dropped it unprocessed), or it follows a redirect of its step's, whose first request went out and got
     * its 3xx. Either was counted as started then.
     */
    boolean sentBefore() {
        return isResent() || (step != null && step.redirected());
    }

    /** Whether what {@link #sentBefore()} counted as started was measured. */
    boolean measuredBefore() {
        return isResent() ? measured : step.measured();
    }

    /** When the request was handed to the connection. */
    public long issuedNanos() {
        return issuedNanos;
    }

    /** Whether the request ran over its deadline (the connection is being closed for it). */
    public boolean isTimedOut() {
        return timedOut;
    }

    public RequestTemplate template() {
        return template;
    }

    @Override
    public void produceRequest(RequestChannel channel, HttpContext context) throws HttpException, IOException {
        HttpRequest request = template.h2Request();
        long now = System.nanoTime();
        body = template.body();
        if (step != null) {
            client.opening(step);   // the frame counter hears of the stream it opens: its frames count for the step
        }
        try {
            channel.sendRequest(request, template.entityDetails(), context);
        } finally {
            if (step != null) {
                client.opening(null);
            }
        }
        http2 = HttpVersion.HTTP_2.equals(HttpCoreContext.cast(context).getProtocolVersion());
        if (http2) {
            streamId = SentStreamId.take();
        }
        // only once it is on its way: a request the closing connection refused was never sent
        sent(now);
    }

    private void sent(long now) {
        if (firstSentNanos == 0) {
            // the open model measures the requests that fell due in the measured phase, the closed model those sent in
            // it; a redirect followed is part of its step's request, measured as the step's first was
            measured = step != null && step.redirected() ? step.measured()
                    : phase.isMeasured(dueNanos != 0 ? dueNanos : now);
            firstSentNanos = now;
        }
        sentNanos = now;
        client.onSent(this, measured, http2);
    }

    // ---- HTTP/1.1, from Http1Connection, which writes and reads the bytes itself ----

    public void http1Sent(long now) {
        sent(now);
    }

    /** Whether this request is a scenario step's: then the connection tells it its bytes on the wire. */
    public boolean isStep() {
        return step != null;
    }

    /**
     * Bytes of this request written, or of its response read, at a time the run counted them ({@code received}: read):
     * a scenario step's traffic, as the run's counts the connection's. From a connection of ours (HTTP/1.1, HTTP/2),
     * only when {@link #isStep()}.
     */
    public void stepWire(long bytes, boolean received) {
        StepStats stats = client.steps().stats(step);
        if (received) {
            stats.received(bytes);
        } else {
            stats.sent(bytes);
        }
    }

    public void http1Head(int status, long headerBytes) {
        this.status = status;
        client.onHttp1Head(measured, headerBytes, step);
    }

    /** Whether the run's checks judge the response: then the HTTP/1.1 reader keeps its header fields. */
    public boolean isChecked() {
        return step != null || !client.checks().isEmpty();
    }

    /**
     * The header fields of the head just given to {@link #http1Head} ({@code name, value, name, value...}) and its
     * {@code Content-Length} (-1 when none), for the checks; only when {@link #isChecked()}.
     */
    public void http1Fields(List<String> namesAndValues, long contentLength) {
        CapturedResponse.Builder head = CapturedResponse.builder(status);
        for (int i = 0; i + 1 < namesAndValues.size(); i += 2) {
            head.header(namesAndValues.get(i), namesAndValues.get(i + 1));
        }
        keepForChecks(head, contentLength);
    }

    /** Body bytes of an HTTP/1.1 response, kept for the checks that read them (up to their bound). */
    public void http1Body(byte[] buf, int from, int n) {
        http1Data(n);
        if (checkedBody != null) {
            checkedBody.append(ByteBuffer.wrap(buf, from, n));
        }
    }

    private void keepForChecks(CapturedResponse.Builder head, long contentLength) {
        checkedHead = head;
        if (step != null) {
            // a scenario step: its session reads the head (cookies), and the body when a check or extraction does
            if (step.needsBody()) {
                checkedBody = new BodyBuffer(step.maxBodyBytes(), contentLength);
            }
            return;
        }
        CheckPlan checks = client.checks();
        if (checks.needsBody()) {
            checkedBody = new BodyBuffer(checks.maxBodyBytes(), contentLength);
        }
    }

    /**
     * The response as the checks read it, once it is whole; null in a run without checks (or when no head came).
     */
    CapturedResponse checkedResponse() {
        if (checkedHead == null) {
            return null;
        }
        return checkedBody != null ? checkedHead.body(checkedBody, true) : checkedHead.head();
    }

    /** The response is whole, read at {@code now}: one clock reading serves every response of a read. */
    public void http1Completed(long trailerBytes, long now) {
        if (measured && trailerBytes > 0) {
            client.onHttp1HeaderBytes(trailerBytes, step);
        }
        completed(now);
    }

    public void http1Data(int bytes) {
        if (measured) {
            client.onData(bytes, step);
        }
    }

    // ---- HTTP/2, from Http2Connection, which writes and reads the frames itself ----

    /**
     * HTTP/2 header bytes of this step's response, compressed (HEADERS and CONTINUATION payloads) and decoded, read at
     * a time the run counted them; only when {@link #isStep()}.
     */
    public void stepHeaderBytes(long compressed, long decoded) {
        client.steps().stats(step).headerBytes(compressed, decoded);
    }

    /** The request's HEADERS went out at {@code now}, opening stream {@code id}. */
    public void h2Sent(long now, int id) {
        http2 = true;
        streamId = id;
        sent(now);
    }

    /**
     * The response's final head came with {@code status}; {@code fields} (its header list, pseudo-headers included)
     * only when {@link #isChecked()}, with {@code contentLength} (-1 when unknown, 0 when the head ends the stream).
     *
     * @throws ProtocolException when the status is outside 100-599, as HttpCore's own path reports it
     */
    public void h2Head(int status, List<? extends Header> fields, long contentLength) throws ProtocolException {
        if (status < 100 || status > 599) {
            throw new ProtocolException("Invalid status code " + status + " (outside 100-599)");
        }
        this.status = status;
        client.firstByte();
        if (fields != null) {
            CapturedResponse.Builder head = CapturedResponse.builder(status);
            for (Header h : fields) {
                if (!h.getName().startsWith(":")) {
                    head.header(h.getName(), h.getValue());
                }
            }
            keepForChecks(head, contentLength);
        }
    }

    /** {@code n} bytes of the response body, at {@code buf[at, at + n)} (read only: the buffer is the connection's). */
    public void h2Data(ByteBuffer buf, int at, int n) {
        if (checkedBody != null) {
            checkedBody.append(buf.duplicate().limit(at + n).position(at));
        }
        if (measured) {
            client.onData(n, step);
        }
    }

    /** The response is whole, read at {@code now}. */
    public void h2Completed(long now) {
        completed(now);
    }

    @Override
    public int available() {
        return body == null ? 0 : body.remaining();
    }

    @Override
    public void produce(DataStreamChannel channel) throws IOException {
        if (body == null) {
            channel.endStream();
            return;
        }
        channel.write(body);
        if (!body.hasRemaining()) {
            channel.endStream();
        }
    }

    @Override
    public void consumeInformation(HttpResponse response, HttpContext context) {
        // 1xx interim responses carry no figure of their own
    }

    @Override
    public void consumeResponse(HttpResponse response, EntityDetails entityDetails, HttpContext context)
            throws HttpException {
        int code = response.getCode();
        if (code < 100 || code > 599) {
            // as over HTTP/1.1: a status no class holds is a protocol error, not a code to count
            throw new org.apache.hc.core5.http.ProtocolException("Invalid status code " + code + " (outside 100-599)");
        }
        status = code;
        // HTTP/2 header bytes are counted by frame (FrameCounter), the step's too
        client.firstByte();
        if (isChecked()) {
            CapturedResponse.Builder head = CapturedResponse.builder(status);
            for (Header h : response.getHeaders()) {
                head.header(h.getName(), h.getValue());
            }
            keepForChecks(head, entityDetails == null ? 0 : entityDetails.getContentLength());
        }
        if (entityDetails == null) {
            complete();
        }
    }

    @Override
    public void updateCapacity(CapacityChannel capacityChannel) throws IOException {
        capacityChannel.update(Integer.MAX_VALUE);
    }

    @Override
    public void consume(ByteBuffer src) {
        int n = src.remaining();
        if (checkedBody != null) {
            checkedBody.append(src);   // consumes the chunk, as the line below does
        }
        src.position(src.limit());
        if (measured) {
            client.onData(n, step);
        }
    }

    @Override
    public void streamEnd(List<? extends Header> trailers) {
        complete();
    }

    @Override
    public void failed(Exception cause) {
        if (failure == null) {
            failure = cause;
        }
        endUnanswered(cause);
    }

    @Override
    public void cancel() {
        endUnanswered(null);
    }

    @Override
    public void releaseResources() {
        // a release without completion (connection gone, command dropped) is a failure too
        endUnanswered(null);
    }

    private void complete() {
        completed(System.nanoTime());
    }

    /**
     * The response is whole at {@code now}. Once per response, so kept apart from the failures' branches
     * ({@link #endUnanswered}): the JIT compiles this path small, and again wherever HttpCore's frame handling
     * inlines it.
     */
    private void completed(long now) {
        if (claimEnd()) {
            client.onCompleted(this, status, now);
        }
    }

    /** The request ended without its whole response: not sent, not processed, failed, timed out or cut. */
    private void endUnanswered(Exception cause) {
        if (!claimEnd()) {
            return;
        }
        long now = System.nanoTime();
        if (sentNanos == 0) {
            client.onNotSent(this, cause);
        } else if (!timedOut && Failures.isNotProcessed(cause)) {
            client.onNotProcessed(this, cause, now);
        } else {
            ErrorCategory category = timedOut ? ErrorCategory.REQUEST_TIMEOUT
                    : cause == null ? ErrorCategory.RESET : Failures.ofExchange(cause);
            String message = timedOut ? "no response within the request timeout"
                    : cause == null ? "connection closed with the request in flight" : Failures.message(cause);
            client.onFailed(this, category, message, now);
        }
    }

    /**
     * Whether this call ends the exchange. HttpCore may report an end twice, from two threads (an I/O thread and the
     * one that enqueued on a closing connection): only the first counts.
     */
    private boolean claimEnd() {
        if (!ENDED.compareAndSet(this, false, true)) {
            return false;
        }
        if (step != null && streamId != 0) {
            client.streamEnded(streamId, step);
        }
        return true;
    }

    boolean isHttp2() {
        return http2;
    }

    boolean isMeasured() {
        return measured;
    }
}
