package dev.loadtest.assertj.error;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.StepResult;
import java.util.Map;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A run that should have had no failed request and no error:
 * <pre>
 * Expecting result to have no errors but 5 of 200 requests failed (5 errored, 0 timeout)
 * status codes: {200=195}
 * errors: connection reset or closed: 5 (Connection reset)
 * </pre>
 */
public class ShouldHaveNoErrors extends LoadTestMessage {

    /** For a result: failed requests (status >= 400, failed a check, errored) or errors of any category. */
    public static ErrorMessageFactory shouldHaveNoErrors(Result actual) {
        return new ShouldHaveNoErrors("%nExpecting result to have no errors but %s%nstatus codes: %s%nerrors: %s",
                text(failures(actual.requests())), text(actual.statusCodes().toString()),
                text(Texts.errors(actual.errors())));
    }

    /** For one step of a scenario run: its failed requests or errors, as for a whole result. */
    public static ErrorMessageFactory shouldHaveNoErrors(StepResult actual) {
        Requests q = actual.requests();
        return new ShouldHaveNoErrors("%nExpecting step %s to have no errors but %s%nstatus codes: %s%nerrors: %s",
                text(actual.name()), text(failures(q)), text(actual.statusCodes().toString()),
                text(Texts.errors(actual.errors())));
    }

    /** For a result's errors by category. */
    public static ErrorMessageFactory shouldHaveNoErrors(Map<ErrorCategory, ErrorCount> actual) {
        return new ShouldHaveNoErrors("%nExpecting no errors but had: %s", text(Texts.errors(actual)));
    }

    private static String failures(Requests q) {
        return q.failed() > 0
                ? q.failed() + " of " + q.ended() + " requests failed (" + q.errored() + " errored, " + q.timeout()
                + " timeout" + (q.checkFailed() > 0 ? ", " + q.checkFailed() + " failed a response check" : "") + ")"
                : "errors occurred although no request failed";
    }

    private ShouldHaveNoErrors(String format, Object... arguments) {
        super(format, arguments);
    }
}
