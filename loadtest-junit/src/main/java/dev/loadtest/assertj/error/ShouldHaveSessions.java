package dev.loadtest.assertj.error;

import org.assertj.core.error.ErrorMessageFactory;

/**
 * Sessions asked for of a run that had none:
 * <pre>
 * Expecting the sessions of a scenario run but the run had none: it ran single requests, not a scenario
 * </pre>
 */
public class ShouldHaveSessions extends LoadTestMessage {

    public static ErrorMessageFactory shouldHaveSessions() {
        return new ShouldHaveSessions("%nExpecting the sessions of a scenario run but the run had none: it ran "
                + "single requests, not a scenario");
    }

    private ShouldHaveSessions(String format, Object... arguments) {
        super(format, arguments);
    }
}
