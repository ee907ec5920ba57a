package dev.loadtest.internal.engine.scenario;

import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.internal.engine.connection.StepFeed;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Step;
import java.net.URI;

/**
 * One step of one session, from when it falls due to its end: queued until a slot takes it, then built and sent.
 * Handed from thread to thread through the run's queue and the slot's exchange, one at a time.
 */
final class StepCall implements StepFeed.Call {

    final LiveSession session;
    final Step step;
    /** The step's index in the scenario's steps: where its figures are kept. */
    final int index;
    /** When the step fell due: the session's arrival, or the previous step's end plus its pause. */
    final long due;
    private final boolean open;
    private final boolean needsBody;
    private final int maxBodyBytes;
    /** Built when a slot takes it; kept if it must go out again. */
    RequestTemplate template;
    /** Where the request went: the origin of the response's cookies. */
    URI uri;
    /** The request sent, which a redirect's next request derives from. */
    Request request;
    /** The step's redirects so far; null until its first. */
    Redirects redirects;
    /** When the step's first request went on the wire: its service time counts from there, redirects included. */
    long firstSentNanos;
    /** Whether that first request was measured (counted as started): its redirects' requests count as it did. */
    boolean measured;

    StepCall(LiveSession session, Step step, int index, long due, boolean open, boolean needsBody,
            int maxBodyBytes) {
        this.session = session;
        this.step = step;
        this.index = index;
        this.due = due;
        this.open = open;
        this.needsBody = needsBody;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public RequestTemplate template() {
        return template;
    }

    /** The closed model has no due time for the connection: its response time is its service time. */
    @Override
    public long dueNanos() {
        return open ? due : 0;
    }

    @Override
    public boolean needsBody() {
        return needsBody;
    }

    @Override
    public int maxBodyBytes() {
        return maxBodyBytes;
    }

    @Override
    public boolean redirected() {
        return redirects != null;
    }

    @Override
    public boolean measured() {
        return measured;
    }

    /** The step follows a redirect: this request goes out next, in the same step. */
    void follow(Request next, RequestTemplate nextTemplate, URI nextUri) {
        request = next;
        template = nextTemplate;
        uri = nextUri;
    }

    @Override
    public String toString() {
        return "step '" + step.name() + "' of session " + session.state.id();
    }
}
