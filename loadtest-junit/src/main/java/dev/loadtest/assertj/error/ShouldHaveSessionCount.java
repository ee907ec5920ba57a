package dev.loadtest.assertj.error;

import dev.loadtest.Sessions;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Another number of sessions in some state than expected, or sessions that failed when none should have:
 * <pre>
 * Expecting 100 sessions completed but had 93
 * sessions: 100 started, 93 completed, 5 failed, 2 unfinished; failed at checkout: 5 (status 409)
 * </pre>
 */
public class ShouldHaveSessionCount extends LoadTestMessage {

    /**
     * @param state the count's name: {@code started}, {@code completed}, {@code failed}
     * @param actualCount the count the sessions have
     */
    public static ErrorMessageFactory shouldHaveSessionCount(String state, long expected, long actualCount,
                                                             Sessions actual) {
        return new ShouldHaveSessionCount("%nExpecting %s sessions %s but had %s%nsessions: %s", text(expected),
                text(state), text(actualCount), text(Texts.sessions(actual)));
    }

    /** Sessions failed at a step, a number other than expected. */
    public static ErrorMessageFactory shouldHaveFailedAt(String step, long expected, Sessions actual) {
        return new ShouldHaveSessionCount("%nExpecting %s sessions failed at step %s but had %s%nsessions: %s",
                text(expected), text(step), text(actual.failedAt().getOrDefault(step, 0L)),
                text(Texts.sessions(actual)));
    }

    /** Sessions failed although none should have. */
    public static ErrorMessageFactory shouldHaveNoFailedSessions(Sessions actual) {
        return new ShouldHaveSessionCount("%nExpecting no session to fail but %s of %s failed%nsessions: %s",
                text(actual.failed()), text(actual.started()), text(Texts.sessions(actual)));
    }

    private ShouldHaveSessionCount(String format, Object... arguments) {
        super(format, arguments);
    }
}
