package dev.loadtest.junit.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Marks a test class that only {@link Kit} runs: the fixture of an EngineTestKit test, which must not run
 * (and fail on purpose) when an IDE or a build runs every class of the package.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(KitFixture.OnlyInKit.class)
public @interface KitFixture {

    /** Enables the fixture when {@link Kit#ENABLED} is set, as Kit does. */
    final class OnlyInKit implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(Kit.ENABLED).filter("true"::equals).isPresent()
                    ? ConditionEvaluationResult.enabled("run by EngineTestKit")
                    : ConditionEvaluationResult.disabled("a fixture of an EngineTestKit test; runs only in it");
        }
    }
}
