package dev.loadtest;

/**
 * What happened to the requests of a run, with h2load's meanings.
 *
 * <pre>{@code
 * Requests r = result.requests();
 * assert r.ended() == r.succeeded() + r.failed();   // ended = done + notIssued
 * }</pre>
 *
 * @param total planned requests (a counted run); in a rate-driven run, those the schedule made due in the
 *     measured phase; in a timed run, those started plus those never issued
 * @param started requests put on the wire in the measured phase (a request sent again counts once)
 * @param done requests sent and finished, successfully or not (as h2load: never-issued requests are not done)
 * @param succeeded finished with a status from 200 to 399 and passed every response check
 * @param failed finished with a status of 400 or more, plus {@code checkFailed}, plus {@code errored} (three
 *     parts that never overlap)
 * @param errored ended by a stream or connection error, a timeout, or never issued
 * @param timeout in flight when the request timeout fired (also counted in {@code errored})
 * @param notIssued given up before being sent because no connection could be had (also in {@code errored})
 * @param retried requests the server said it did not process (an HTTP/2 stream above a GOAWAY's
 *     last-stream-id or reset with REFUSED_STREAM, an HTTP/1.1 request written behind a response with
 *     {@code Connection: close}), sent again on a new connection; each counted once however often it was
 *     sent again, and never a failure in itself (its final outcome is counted as any other request's)
 * @param checkFailed responses with a status from 200 to 399 that failed a response check
 *     ({@link LoadTest.Builder#check}): counted in {@code failed}, not in {@code succeeded}. A response of 400 or
 *     more that also fails a check is failed once, by its status, and not counted here. 0 in a run without checks
 */
public record Requests(long total, long started, long done, long succeeded, long failed, long errored,
                       long timeout, long notIssued, long retried, long checkFailed) {

    /**
     * Checks the counts.
     *
     * @throws IllegalArgumentException if a count is negative
     */
    public Requests {
        if (total < 0 || started < 0 || done < 0 || succeeded < 0 || failed < 0 || errored < 0 || timeout < 0
                || notIssued < 0 || retried < 0 || checkFailed < 0) {
            throw new IllegalArgumentException("request counts must be >= 0");
        }
    }

    /** Counts without {@code checkFailed} (0), as before response checks existed. */
    public Requests(long total, long started, long done, long succeeded, long failed, long errored,
                    long timeout, long notIssued, long retried) {
        this(total, started, done, succeeded, failed, errored, timeout, notIssued, retried, 0);
    }

    /** Counts without {@code retried} and {@code checkFailed} (0), as before those figures existed. */
    public Requests(long total, long started, long done, long succeeded, long failed, long errored,
                    long timeout, long notIssued) {
        this(total, started, done, succeeded, failed, errored, timeout, notIssued, 0, 0);
    }

    /** Requests that got a complete response, whatever its status: h2load's basis for req/s. */
    public long responded() {
        return Math.max(0, done - (errored - notIssued));
    }

    /**
     * Requests the run is through with: done (sent and finished) plus never issued; equal to
     * {@code succeeded + failed}, and the base of an error rate ({@code failed / ended}).
     */
    public long ended() {
        return done + notIssued;
    }

    /**
     * The share of the ended requests that failed: {@code failed / ended}, from 0 to 1. The divisor is
     * {@link #ended()}, not {@code done}, because {@code failed} counts the requests never issued and
     * {@code done} does not: over {@code done} the rate could pass 100 %. NaN when nothing ended, for there is no
     * rate to speak of; a limit on the error rate counts that as broken (see {@link LimitCheck#errorRate}).
     *
     * <pre>{@code
     * new Requests(10, 8, 8, 6, 4, 2, 0, 2).errorRate();   // 0.4: 4 failed of 10 ended (8 done + 2 never issued)
     * }</pre>
     */
    public double errorRate() {
        return errorRate(failed, ended());
    }

    /**
     * The rule of {@link #errorRate()} on any counts, e.g. an {@link Interval}'s or a sum of them:
     * {@code failed / ended}, NaN when {@code ended} is 0.
     */
    public static double errorRate(long failed, long ended) {
        return ended == 0 ? Double.NaN : (double) failed / ended;
    }

    /** Requests sent but not finished when the run ended. */
    public long inFlightAtEnd() {
        return Math.max(0, started - done);
    }
}
