package dev.loadtest.junit;

import dev.loadtest.CapacityAnswer;
import dev.loadtest.LimitCheck;
import dev.loadtest.LoadTest;
import dev.loadtest.junit.internal.CapacityBudgetCheck;
import dev.loadtest.junit.internal.Settings;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.AssertionFailedError;

/**
 * The extension behind {@link CapacityBudget}: gives each test a {@link CapacityTester} running searches with the
 * budget's objective and rates, publishes and writes each answer, and fails the test after it ran if no search held
 * {@code minRate}. State is the test's tester, in the test's store under this extension's namespace.
 */
final class CapacityBudgetExtension implements BeforeEachCallback, ParameterResolver, AfterTestExecutionCallback {

    private static final Namespace NAMESPACE = Namespace.create(CapacityBudgetExtension.class);
    private static final System.Logger LOG = System.getLogger(CapacityBudgetExtension.class.getName());

    /** Report entry key: a search's answer. */
    static final String REPORT_ENTRY = "loadtest.capacity";

    @Override
    public void beforeEach(ExtensionContext context) {
        tester(context);   // a malformed budget fails before any @BeforeEach work and any load
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == CapacityTester.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        boolean testMethod = context.getTestMethod().map(m -> m.equals(parameter.getDeclaringExecutable()))
                .orElse(false);
        if (!testMethod) {
            throw new ParameterResolutionException("a CapacityTester can only be a parameter of a test method, not of "
                    + parameter.getDeclaringExecutable() + ": its searches are checked against that test's budget");
        }
        return tester(context);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        Tester tester = context.getStore(NAMESPACE).get(Tester.class, Tester.class);
        if (tester == null) {
            return;
        }
        tester.close();
        List<CapacityAnswer> answers = tester.answers();
        if (answers.isEmpty()) {
            if (context.getExecutionException().isEmpty()) {
                throw new AssertionFailedError(name(context) + " has a @CapacityBudget but ran no search through its "
                        + "CapacityTester: take a CapacityTester parameter and call capacity.search(...)");
            }
            return;
        }
        StringBuilder failure = new StringBuilder();
        for (int i = 0; i < answers.size(); i++) {
            LimitCheck check = tester.check.check(answers.get(i));
            if (!check.met()) {
                failure.append("capacity budget breached").append(answers.size() > 1 ? " in search " + (i + 1) + " of "
                        + answers.size() : "").append(": required ").append(check.required()).append(", actual ")
                        .append(check.actual()).append(System.lineSeparator()).append(System.lineSeparator())
                        .append(answers.get(i)).append(System.lineSeparator());
            }
        }
        if (failure.length() == 0) {
            return;
        }
        if (tester.settings.mode() == Settings.Mode.ENFORCE) {
            throw new AssertionFailedError(failure.toString().stripTrailing());
        }
        LOG.log(System.Logger.Level.WARNING, () -> name(context) + " (not failing: "
                + PerformanceBudget.MODE_PROPERTY_NAME + " is report): " + failure.toString().stripTrailing());
    }

    private static Tester tester(ExtensionContext context) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(Tester.class, k -> create(context), Tester.class);
    }

    private static Tester create(ExtensionContext context) {
        Method method = context.getRequiredTestMethod();
        List<CapacityBudget> budgets = declared(method);
        if (budgets.size() != 1) {
            throw new ExtensionConfigurationException(name(context) + " must carry exactly one @CapacityBudget, has "
                    + budgets.size());
        }
        try {
            Settings settings = Settings.from(context::getConfigurationParameter);
            CapacityBudgetCheck check = CapacityBudgetCheck.of(budgets.get(0), settings.scale(),
                    method.getDeclaringClass().getName() + "." + method.getName() + "()");
            return new Tester(name(context), check, settings, (answer, n) -> report(context, settings, answer, n));
        } catch (IllegalArgumentException e) {
            throw new ExtensionConfigurationException(e.getMessage(), e);
        }
    }

    /** Publishes an answer as a report entry and writes it to a file. Never throws: a report is not the test. */
    private static void report(ExtensionContext context, Settings settings, CapacityAnswer answer, int n) {
        String text = answer.toString();
        context.publishReportEntry(REPORT_ENTRY, text);
        if (settings.reportsDirectory().isEmpty()) {
            return;
        }
        Path file = settings.reportsDirectory().get().resolve(context.getRequiredTestClass().getName())
                .resolve(context.getRequiredTestMethod().getName() + "-capacity" + (n > 1 ? "-" + n : "") + ".txt");
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, () -> "cannot write the capacity report of " + name(context) + ": "
                    + e);
        }
    }

    private static String name(ExtensionContext context) {
        return context.getRequiredTestClass().getName() + "." + context.getRequiredTestMethod().getName() + "()";
    }

    /** The annotation on the element, directly or as a meta-annotation at any depth. */
    private static List<CapacityBudget> declared(AnnotatedElement element) {
        List<CapacityBudget> found = new ArrayList<>();
        collect(element, found, new HashSet<>());
        return found;
    }

    private static void collect(AnnotatedElement element, List<CapacityBudget> found, Set<Class<?>> visited) {
        CapacityBudget direct = element.getDeclaredAnnotation(CapacityBudget.class);
        if (direct != null) {
            found.add(direct);
        }
        for (Annotation a : element.getDeclaredAnnotations()) {
            Class<? extends Annotation> type = a.annotationType();
            if (type != CapacityBudget.class && !type.getName().startsWith("java.lang.annotation.") && visited.add(type)) {
                collect(type, found, visited);
            }
        }
    }

    /** The {@link CapacityTester} of one test; closed when the test has run. */
    static final class Tester implements CapacityTester {
        private final String testName;
        private final CapacityBudgetCheck check;
        private final Settings settings;
        private final Reporter reporter;
        private final List<CapacityAnswer> answers = new ArrayList<>();   // guarded by this
        private boolean closed;                                            // guarded by this

        interface Reporter {
            void report(CapacityAnswer answer, int number);
        }

        Tester(String testName, CapacityBudgetCheck check, Settings settings, Reporter reporter) {
            this.testName = testName;
            this.check = check;
            this.settings = settings;
            this.reporter = reporter;
        }

        @Override
        public CapacityAnswer search(LoadTest.Builder template) {
            Objects.requireNonNull(template, "template must not be null");
            synchronized (this) {
                if (closed) {
                    throw new IllegalStateException("the CapacityTester of " + testName
                            + " was used after its test ended: a CapacityTester belongs to one test");
                }
            }
            CapacityAnswer answer = check.capacity(template).run();
            int n;
            synchronized (this) {
                answers.add(answer);
                n = answers.size();
            }
            reporter.report(answer, n);
            return answer;
        }

        @Override
        public synchronized List<CapacityAnswer> answers() {
            return List.copyOf(answers);
        }

        synchronized void close() {
            closed = true;
        }

        @Override
        public String toString() {
            return "CapacityTester[" + testName + "]";
        }
    }
}
