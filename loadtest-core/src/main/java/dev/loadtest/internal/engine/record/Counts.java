package dev.loadtest.internal.engine.record;

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
}
