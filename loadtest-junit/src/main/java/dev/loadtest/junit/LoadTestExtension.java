package dev.loadtest.junit;

import dev.loadtest.junit.internal.BaselineSettings;
import dev.loadtest.junit.internal.Budget;
import dev.loadtest.junit.internal.BudgetResolver;
import dev.loadtest.junit.internal.RecordingLoadTester;
import dev.loadtest.junit.internal.ReportFiles;
import dev.loadtest.junit.internal.ReportText;
import dev.loadtest.junit.internal.Run;
import dev.loadtest.junit.internal.Settings;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.AssertionFailedError;

/**
 * The extension behind {@link PerformanceBudget} and {@link LatencyBudget}: gives each test a
 * {@link LoadTester}, checks and reports each of its runs, and fails the test after it ran if a budget
 * was breached.
 *
 * <p>All state is the test's {@link RecordingLoadTester}, kept in the test's own store under this
 * extension's namespace: JUnit drops it, and closes it, when the test ends, so nothing outlives a test
 * and tests running in parallel share nothing. The extension itself is stateless.
 */
final class LoadTestExtension implements BeforeEachCallback, ParameterResolver, AfterTestExecutionCallback {

    private static final Namespace NAMESPACE = Namespace.create(LoadTestExtension.class);
    private static final System.Logger LOG = System.getLogger(LoadTestExtension.class.getName());

    /** Report entry key: a run's report. */
    static final String REPORT_ENTRY = "loadtest.report";
    /** Report entry key: the files a run's report was written to. */
    static final String REPORT_FILES_ENTRY = "loadtest.reportFiles";
    /** Report entry key: why a run's report could not be written. */
    static final String REPORT_ERROR_ENTRY = "loadtest.reportError";
    /** Report entry key: breached budgets in report-only mode. */
    static final String BREACHES_ENTRY = "loadtest.budgetBreaches";

    @Override
    public void beforeEach(ExtensionContext context) {
        // created here rather than when first injected, so a malformed budget or parameter fails the
        // test before its @BeforeEach methods and its load run
        tester(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == LoadTester.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        boolean testMethod = context.getTestMethod().map(m -> m.equals(parameter.getDeclaringExecutable()))
                .orElse(false);
        if (!testMethod) {
            throw new ParameterResolutionException("a LoadTester can only be a parameter of a test method, not of "
                    + parameter.getDeclaringExecutable() + ": its runs are checked against that test's budgets");
        }
        return tester(context);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        RecordingLoadTester tester = context.getStore(NAMESPACE).get(RecordingLoadTester.class,
                RecordingLoadTester.class);
        if (tester == null) {
            return;   // beforeEach failed
        }
        tester.close();
        List<Run> runs = tester.runs();
        if (runs.isEmpty()) {
            Method method = context.getRequiredTestMethod();
            boolean takesTester = Arrays.asList(method.getParameterTypes()).contains(LoadTester.class);
            if (context.getExecutionException().isEmpty() && !tester.budgets().isEmpty()
                    && (tester.budgetsOnMethod() || takesTester)) {
                throw new AssertionFailedError(name(context) + " has performance budgets but ran no load test "
                        + "through its LoadTester: take a LoadTester parameter and call load.run(...), or the "
                        + "budgets pass without measuring anything");
            }
            return;
        }
        List<Run> breached = runs.stream().filter(Run::breached).toList();
        if (breached.isEmpty()) {
            return;
        }
        if (tester.settings().mode() == Settings.Mode.ENFORCE) {
            throw new AssertionFailedError(ReportText.breaches(breached, runs.size(), true));
        }
        // report only: each run's report has gone out already, the breaches are enough here
        String breaches = ReportText.breaches(breached, runs.size(), false);
        context.publishReportEntry(BREACHES_ENTRY, breaches);
        LOG.log(System.Logger.Level.WARNING, () -> name(context) + " (not failing: "
                + PerformanceBudget.MODE_PROPERTY_NAME + " is report): " + breaches.stripTrailing());
    }

    private static RecordingLoadTester tester(ExtensionContext context) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(RecordingLoadTester.class, k -> create(context),
                RecordingLoadTester.class);
    }

    private static RecordingLoadTester create(ExtensionContext context) {
        Settings settings;
        BudgetResolver.Resolved budgets;
        try {
            settings = Settings.from(context::getConfigurationParameter);
            budgets = BudgetResolver.resolve(context.getEnclosingTestClasses(), context.getRequiredTestClass(),
                    context.getRequiredTestMethod());
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
        BaselineSettings baseline;
        try {
            baseline = BaselineSettings.from(context::getConfigurationParameter);
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
        // a baseline budget is read from the annotations; where it is kept and what it does come from parameters
        List<Budget> bound = budgets.budgets().stream()
                .map(b -> b instanceof Budget.Baseline x ? x.with(baseline) : b).toList();
        return new RecordingLoadTester(name(context), bound, budgets.declaredOnMethod(), settings,
                run -> report(context, settings, run));
    }

    /** Publishes a run's report as a report entry and writes it to files. Never throws: a report is not the test. */
    private static void report(ExtensionContext context, Settings settings, Run run) {
        String text = ReportText.report(run, settings);
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put(REPORT_ENTRY, text);
        if (settings.reportsDirectory().isPresent()) {
            String base = ReportFiles.baseName(context.getUniqueId(), context.getRequiredTestMethod().getName(),
                    run.number());
            try {
                List<Path> files = ReportFiles.write(settings.reportsDirectory().get(),
                        context.getRequiredTestClass().getName(), base, text, run.result(), run.checks());
                entry.put(REPORT_FILES_ENTRY, files.stream().map(Path::toString).collect(Collectors.joining(", ")));
            } catch (IOException | RuntimeException e) {
                entry.put(REPORT_ERROR_ENTRY, "cannot write the report of " + name(context) + ": " + e);
                LOG.log(System.Logger.Level.WARNING, () -> "cannot write the report of " + name(context) + ": " + e);
            }
        }
        context.publishReportEntry(entry);
    }

    private static String name(ExtensionContext context) {
        String method = context.getRequiredTestClass().getName() + "." + context.getRequiredTestMethod().getName()
                + "()";
        // a parameterized or repeated invocation: its display name tells which, e.g. "[2] /bytes/1024"
        return context.getUniqueId().contains("[test-template-invocation:")
                ? method + " " + context.getDisplayName() : method;
    }
}
