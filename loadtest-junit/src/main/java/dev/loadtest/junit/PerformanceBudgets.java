package dev.loadtest.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The container of repeated {@link PerformanceBudget}s (one for the whole run, others for steps of a scenario
 * run); Java writes it for you when one element carries several, so you never need to.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(LoadTestExtension.class)   // the container is what the element carries: it must register the extension too
public @interface PerformanceBudgets {

    /** The budgets. */
    PerformanceBudget[] value();
}
