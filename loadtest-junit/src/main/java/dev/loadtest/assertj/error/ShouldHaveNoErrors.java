package dev.loadtest.assertj.error;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Requests;
import dev.loadtest.Result;
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
        Requests q = actual.requests();
        String what = q.failed() > 0
                ? q.failed() + " of " + q.ended() + " requests failed (" + q.errored() + " errored, " + q.timeout()
                + " timeout" + (q.checkFailed() > 0 ? ", " + q.checkFailed() + " failed a response check" : "") + ")"
                : "errors occurred although no request failed";
        return new ShouldHaveNoErrors("%nExpecting result to have no errors but %s%nstatus codes: %s%nerrors: %s",
                text(what), text(actual.statusCodes().toString()),
                text(Texts.errors(actual.errors())));
    }

    /** For a result's errors by category. */
    public static ErrorMessageFactory shouldHaveNoErrors(Map<ErrorCategory, ErrorCount> actual) {
        return new ShouldHaveNoErrors("%nExpecting no errors but had: %s", text(Texts.errors(actual)));
    }

    private ShouldHaveNoErrors(String format, Object... arguments) {
        super(format, arguments);
    }
}
