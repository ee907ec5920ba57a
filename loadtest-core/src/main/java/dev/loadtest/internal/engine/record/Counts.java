package dev.loadtest.internal.engine.record;

import dev.loadtest.Requests;
import dev.loadtest.Traffic;

/**
 * A thread's counters, and their sum over the threads at the end of a run (without the recorders and
 * histograms a {@link WorkerStats} carries, which a sum does not need).
 */
class Counts {

    long started;
    long responded;
    long succeeded;
    long statusFailed;
    /** Responses of status 200-399 that failed a response check: taken out of {@code succeeded}. */
    long checkFailed;
    long errored;
    long timeout;
    long notIssued;
    /** Requests sent again because the server did not process them, each counted once. */
    long retried;

    long totalBytes;
    long headerBytes;
    long decodedHeaderBytes;
    long dataBytes;
    long sentBytes;
    long connections;

    /** Open model: requests that fell due, were dropped, waited for a stream. */
    long scheduled;
    long dropped;
    long late;

    /** Adds another's counters to these. */
    void add(Counts o) {
        started += o.started;
        responded += o.responded;
        succeeded += o.succeeded;
        statusFailed += o.statusFailed;
        checkFailed += o.checkFailed;
        errored += o.errored;
        timeout += o.timeout;
        notIssued += o.notIssued;
        retried += o.retried;
        totalBytes += o.totalBytes;
        headerBytes += o.headerBytes;
        decodedHeaderBytes += o.decodedHeaderBytes;
        dataBytes += o.dataBytes;
        sentBytes += o.sentBytes;
        connections += o.connections;
        scheduled += o.scheduled;
        dropped += o.dropped;
        late += o.late;
    }

    /**
     * These counts as a result's requests, of {@code total} requests; done = sent and finished (h2load's meaning):
     * requests never issued are errored, not done.
     */
    Requests requests(long total) {
        long done = responded + errored - notIssued;
        return new Requests(total, started, done, succeeded, statusFailed + checkFailed + errored, errored, timeout,
                notIssued, retried, checkFailed);
    }

    /**
     * These counts as a result's requests, of as many as were sent or could not be: the total of a run that has no
     * count or schedule of requests of its own (a timed closed-model run, a scenario's run and each of its steps).
     */
    Requests requestsSentOrNot() {
        return requests(started + notIssued);
    }

    /** These bytes as a result's traffic. */
    Traffic traffic() {
        return new Traffic(totalBytes, headerBytes, decodedHeaderBytes, dataBytes, sentBytes);
    }
}
