package dev.loadtest.assertj.error;

import dev.loadtest.Requests;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * Another number of requests in some state than expected:
 * <pre>
 * Expecting 200 requests succeeded but had 195
 * requests: 200 total, 200 started, 200 done, 195 succeeded, 5 failed, 0 errored, 0 timeout
 * </pre>
 */
public class ShouldHaveRequestCount extends LoadTestMessage {

    /**
     * @param state the count's name as the report words it: {@code done}, {@code succeeded}, {@code failed} ...
     * @param actualCount the count the result has
     */
    public static ErrorMessageFactory shouldHaveRequestCount(String state, long expected, long actualCount,
                                                             Requests actual) {
        return new ShouldHaveRequestCount("%nExpecting %s requests %s but had %s%nrequests: %s", text(expected),
                text(state), text(actualCount), text(Texts.requests(actual)));
    }

    private ShouldHaveRequestCount(String format, Object... arguments) {
        super(format, arguments);
    }
}
