package dev.loadtest;

/**
 * What happened to the requests of a run, with h2load's meanings.
 *
 * <pre>{@code
 * Requests r = result.requests();
 * assert r.done() == r.succeeded() + r.failed();
 * }</pre>
 *
 * @param total planned requests (a counted run), or for a timed run those started plus those never issued
 * @param started requests put on the wire in the measured phase
 * @param done requests finished, successfully or not, including those never issued
 * @param succeeded finished with a status from 200 to 399
 * @param failed finished with a status of 400 or more, plus {@code errored}
 * @param errored ended by a stream or connection error, a timeout, or never issued
 * @param timeout in flight when the request timeout fired (also counted in {@code errored})
 * @param notIssued given up before being sent because no connection could be had (also in {@code errored})
 */
public record Requests(long total, long started, long done, long succeeded, long failed, long errored,
                       long timeout, long notIssued) {

    /**
     * Checks the counts.
     *
     * @throws IllegalArgumentException if a count is negative
     */
    public Requests {
        if (total < 0 || started < 0 || done < 0 || succeeded < 0 || failed < 0 || errored < 0 || timeout < 0
                || notIssued < 0) {
            throw new IllegalArgumentException("request counts must be >= 0");
        }
    }

    /** Requests that got a complete response, whatever its status: h2load's basis for req/s. */
    public long responded() {
        return done - errored;
    }

    /** Requests sent but not finished when the run ended. */
    public long inFlightAtEnd() {
        return Math.max(0, started + notIssued - done);
    }
}
