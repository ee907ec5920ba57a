package dev.loadtest.request;

/**
 * A feeder that is not circular has sent all its rows: the run ends there, as a run that reaches its count of
 * requests does. Thrown by {@link RequestContext#row()}; a {@link RequestSource} lets it go.
 */
public final class FeederExhaustedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message which feeder, and how many rows it sent
     */
    public FeederExhaustedException(String message) {
        // a signal, not a bug: every client that asks for a row after the last one gets it, so no stack trace
        super(message, null, false, false);
    }
}
