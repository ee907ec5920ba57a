package dev.loadtest.assertj.error;

import org.assertj.core.error.ErrorMessageFactory;

/**
 * A token provider's requests asked for of a run that had none:
 * <pre>
 * Expecting the requests of a token provider but the run had none: its scenario had no token provider, or it ran
 * no scenario
 * </pre>
 */
public class ShouldHaveTokenRequests extends LoadTestMessage {

    public static ErrorMessageFactory shouldHaveTokenRequests() {
        return new ShouldHaveTokenRequests("%nExpecting the requests of a token provider but the run had none: its "
                + "scenario had no token provider, or it ran no scenario");
    }

    private ShouldHaveTokenRequests(String format, Object... arguments) {
        super(format, arguments);
    }
}
