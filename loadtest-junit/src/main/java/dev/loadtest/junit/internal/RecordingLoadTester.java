package dev.loadtest.junit.internal;

import dev.loadtest.LimitCheck;
import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.junit.LoadTester;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The {@link LoadTester} of one test: runs load tests, checks each against the test's budgets and
 * keeps the runs for the check after the test. Closed (by JUnit, as a value of the test's store) when
 * the test's context ends, after which it refuses to run.
 */
public final class RecordingLoadTester implements LoadTester, AutoCloseable {

    private final String testName;
    private final List<Budget> budgets;
    private final boolean budgetsOnMethod;
    private final Settings settings;
    private final Consumer<Run> onRun;
    private final List<Run> runs = new ArrayList<>();   // guarded by this
    private boolean closed;                             // guarded by this

    /**
     * @param testName the test, for messages
     * @param budgets the budgets to check each run against
     * @param budgetsOnMethod whether the test method declares budgets itself
     * @param settings scale, mode and reports directory
     * @param onRun called with each run once checked (writes and publishes its report); must not throw
     */
    public RecordingLoadTester(String testName, List<Budget> budgets, boolean budgetsOnMethod, Settings settings,
                               Consumer<Run> onRun) {
        this.testName = Objects.requireNonNull(testName, "testName");
        this.budgets = List.copyOf(budgets);
        this.budgetsOnMethod = budgetsOnMethod;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.onRun = Objects.requireNonNull(onRun, "onRun");
    }

    @Override
    public Result run(LoadTest test) {
        Objects.requireNonNull(test, "test must not be null");
        checkOpen();
        Result result = test.run();
        List<LimitCheck> checks = budgets.stream().map(b -> b.check(result, settings.scale())).toList();
        Run run;
        synchronized (this) {
            run = new Run(runs.size() + 1, result, checks);
            runs.add(run);
        }
        onRun.accept(run);
        return result;
    }

    @Override
    public Result run(LoadTest.Builder builder) {
        Objects.requireNonNull(builder, "builder must not be null");
        checkOpen();
        return run(builder.build());
    }

    @Override
    public synchronized List<Result> results() {
        return runs.stream().map(Run::result).toList();
    }

    /** The runs so far, in the order they finished. */
    public synchronized List<Run> runs() {
        return List.copyOf(runs);
    }

    /** The budgets checked against each run. */
    public List<Budget> budgets() {
        return budgets;
    }

    /** Whether the test method declares budgets itself (rather than inheriting its class's). */
    public boolean budgetsOnMethod() {
        return budgetsOnMethod;
    }

    /** The settings in force for this test. */
    public Settings settings() {
        return settings;
    }

    /** Refuses further runs: the test has ended. Idempotent. */
    @Override
    public synchronized void close() {
        closed = true;
    }

    private synchronized void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the LoadTester of " + testName
                    + " was used after its test ended: a LoadTester belongs to one test invocation");
        }
    }

    @Override
    public String toString() {
        return "LoadTester[" + testName + ", " + runs().size() + " runs]";
    }
}
