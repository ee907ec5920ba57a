package dev.loadtest.assertj.error;

import dev.loadtest.Result;
import org.assertj.core.error.ErrorMessageFactory;

/**
 * A step asked for by a name the run did not have:
 * <pre>
 * Expecting a step named checkout but the run's steps were: login, catalogue
 * </pre>
 */
public class ShouldHaveStep extends LoadTestMessage {

    public static ErrorMessageFactory shouldHaveStep(String name, Result actual) {
        return new ShouldHaveStep("%nExpecting a step named %s but %s", text(name), text(Texts.steps(actual)));
    }

    private ShouldHaveStep(String format, Object... arguments) {
        super(format, arguments);
    }
}
