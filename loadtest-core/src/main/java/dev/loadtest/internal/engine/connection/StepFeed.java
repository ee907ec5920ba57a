package dev.loadtest.internal.engine.connection;

import dev.loadtest.ErrorCategory;
import dev.loadtest.internal.engine.record.StepStats;
import dev.loadtest.spi.CapturedResponse;

/**
 * What a {@link ConnectionSlot} of a scenario run sends instead of its request source: the steps of the run's
 * sessions as they fall due, and where each one's fate goes. The slot takes a step when it has a free stream,
 * sends it as any request, and reports back; the feed (the scenario engine) records the step, moves its session
 * on and wakes the slots when a step falls due off their threads.
 *
 * <p>Called on the slot's I/O thread under its monitor (the feed takes no slot's lock there), or for
 * {@link #next} on whichever thread fills the slot.
 */
public interface StepFeed {

    /** One step of one session on its way: what the connection sends, and how much of the response to keep. */
    interface Call {
        /** The step's request, encoded for the connection. */
        RequestTemplate template();

        /** Open model: when the step fell due (its response time counts from here); 0 in the closed model. */
        long dueNanos();

        /** Whether the step's checks or extractions read the body, so that it is kept. */
        boolean needsBody();

        /** The most of the body kept for them. */
        int maxBodyBytes();

        /**
         * Whether this request follows a redirect of the step's: the step's first request was counted as the run's
         * request, this one is part of it (its response, if final, is the step's).
         */
        boolean redirected();

        /**
         * Whether the step's first request went out in the measured phase, so that the run and the step counted it as
         * started: a redirect's request is measured as that one was; false before it went out.
         */
        boolean measured();
    }

    /** The next due step slot {@code slot} may send, its request built; null when none is due now. */
    Call next(int slot, long now);

    /** The step went on the wire for the first time; {@code measured}: it belongs to the measured phase. */
    void sent(Call call, long sentNanos, boolean measured);

    /**
     * The calling thread's figures of the call's step, for the connection to count the step's bytes in where and
     * when it counts the run's (response heads and bodies, frames or whole HTTP/1.1 messages, bytes sent).
     */
    StepStats stats(Call call);

    /**
     * The step's response is whole: its head and, if {@link Call#needsBody()}, its body ({@code response} null if
     * no head was kept). {@code measured}: the run's figures count it.
     *
     * @param firstSentNanos when this request was first put on the wire
     * @return when the step's first request was put on the wire, for the service time of this, its final response;
     *     -1 when the step goes on (a redirect followed): the run counts no response for it
     */
    long completed(Call call, int status, CapturedResponse response, long firstSentNanos, long now, boolean measured);

    /** The step's exchange failed after it was sent (reset, timeout, protocol error): its session fails there. */
    void failed(Call call, ErrorCategory category, String message, boolean timedOut, boolean measured);

    /**
     * The step was not sent: {@code category} null if it will go out again (its connection closed before it went),
     * else it never will and its session fails, errored. {@code measured}: the run's figures count it, as the slot
     * decided for the run's own count. {@code sentBefore}: it went out once (and was counted as started then) before
     * its connection dropped it, so it counts as failed rather than never issued, as the run's does.
     */
    void notSent(Call call, ErrorCategory category, String message, boolean measured, boolean sentBefore);

    /** Whether the slot still has work: sessions may still give it steps. */
    boolean hasWork();

    /**
     * Slot {@code slot} gave up for good (it could not connect, or the setup is wrong) and takes no more steps: the
     * steps that only it could carry, waiting or yet to come, fail their sessions with this category and message,
     * each counted as an errored request never issued, so that no session is left waiting for a connection that
     * will never come.
     */
    void gaveUp(int slot, ErrorCategory category, String message);
}
