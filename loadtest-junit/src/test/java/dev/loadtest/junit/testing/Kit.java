package dev.loadtest.junit.testing;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.loadtest.junit.PerformanceBudget;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** Runs {@link KitFixture} classes on the Jupiter engine, as a build would, and reads what happened. */
public final class Kit {

    /** The configuration parameter that enables fixtures. */
    public static final String ENABLED = "loadtest.test.kit";

    private Kit() {
    }

    /** Runs a fixture class with no report files and the given configuration parameters. */
    public static EngineExecutionResults run(Class<?> fixture, String... parameters) {
        return run(false, fixture, parameters);
    }

    /**
     * Runs a fixture class as {@link #run(Class, String...)}, reading system properties and
     * {@code junit-platform.properties} too, as a launcher does (EngineTestKit does not by default).
     */
    public static EngineExecutionResults runWithImplicitParameters(Class<?> fixture, String... parameters) {
        return run(true, fixture, parameters);
    }

    private static EngineExecutionResults run(boolean implicit, Class<?> fixture, String... parameters) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put(ENABLED, "true");
        config.put(PerformanceBudget.REPORTS_DIRECTORY_PROPERTY_NAME, "");
        for (int i = 0; i + 1 < parameters.length; i += 2) {
            config.put(parameters[i], parameters[i + 1]);
        }
        return EngineTestKit.engine("junit-jupiter").configurationParameters(config)
                .enableImplicitConfigurationParameters(implicit)
                .selectors(selectClass(fixture)).execute();
    }

    /** The message of the failure of the one test that failed. */
    public static String failureMessage(EngineExecutionResults results) {
        List<Event> failed = results.testEvents().failed().list();
        if (failed.size() != 1) {
            throw new AssertionError("expected one failed test, got " + failed.size() + ": " + failed);
        }
        return failure(failed.get(0)).getMessage();
    }

    /** The throwable a failed test event carries. */
    public static Throwable failure(Event event) {
        return event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                .orElseThrow(() -> new AssertionError("no throwable in " + event));
    }

    /** Every value published under a report entry key, in order. */
    public static List<String> reportEntries(EngineExecutionResults results, String key) {
        return results.allEvents().reportingEntryPublished().stream()
                .map(e -> e.getRequiredPayload(ReportEntry.class))
                .map(r -> Optional.ofNullable(r.getKeyValuePairs().get(key)))
                .flatMap(Optional::stream)
                .toList();
    }
}
