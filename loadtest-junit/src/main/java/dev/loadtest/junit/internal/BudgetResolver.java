package dev.loadtest.junit.internal;

import dev.loadtest.FigureFormat;
import dev.loadtest.junit.LatencyBudget;
import dev.loadtest.junit.LatencyKind;
import dev.loadtest.junit.PerformanceBudget;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The budgets that apply to a test method: those of its outermost enclosing class's superclasses down
 * to the method itself, merged level by level (see {@link PerformanceBudget} for the rules).
 *
 * <p>Each level is read from what is declared on it (directly or through a meta-annotation), not from
 * what Java's {@code @Inherited} copies down, so that a subclass's budget replaces its superclass's
 * attribute by attribute rather than as a whole.
 */
public final class BudgetResolver {

    private BudgetResolver() {
    }

    /**
     * The budgets for a test method.
     *
     * @param enclosingClasses the enclosing classes of a {@code @Nested} test class, outermost first
     * @throws IllegalArgumentException naming the annotation, its element, the value and the rule, if an
     *     attribute is malformed or a budget is given twice on one element
     */
    public static Resolved resolve(List<Class<?>> enclosingClasses, Class<?> testClass, Method method) {
        List<AnnotatedElement> levels = new ArrayList<>();
        for (Class<?> c : enclosingClasses) {
            levels.addAll(hierarchy(c));
        }
        levels.addAll(hierarchy(testClass));
        levels.add(method);
        Map<String, Budget> budgets = new LinkedHashMap<>();
        boolean onMethod = false;
        for (AnnotatedElement level : levels) {
            Map<String, Budget> declared = new LinkedHashMap<>();
            boolean inherit = true;
            List<PerformanceBudget> performance = declaredRepeatable(level, PerformanceBudget.class);
            for (PerformanceBudget b : performance) {
                inherit &= b.inherit();
                read(b, where(level), declared);
            }
            List<LatencyBudget> latency = declaredRepeatable(level, LatencyBudget.class);
            for (LatencyBudget b : latency) {
                String source = "@LatencyBudget(percentile = " + FigureFormat.factor(b.percentile())
                        + stepAttribute(b.step()) + ")";
                add(declared, ofStep(b.step(), Budget.Latency.percentile(b.percentile(),
                        duration(b.max(), "max", b, where(level)), b.of())), where(level), source);
            }
            if (!inherit) {
                budgets.clear();
            }
            budgets.putAll(declared);
            if (level == method) {
                onMethod = !performance.isEmpty() || !latency.isEmpty();
            }
        }
        return new Resolved(List.copyOf(budgets.values()), onMethod);
    }

    /**
     * The budgets that apply, in declaration order, and whether the method declares any itself.
     *
     * @param budgets the merged budgets
     * @param declaredOnMethod whether the test method itself carries a budget annotation
     */
    public record Resolved(List<Budget> budgets, boolean declaredOnMethod) {
    }

    private static void read(PerformanceBudget b, String where, Map<String, Budget> into) {
        String step = b.step();
        if (!step.isEmpty() && (b.requireVerdictOk() || !b.baseline().isBlank())) {
            throw new IllegalArgumentException("@PerformanceBudget(step = \"" + step + "\") on " + where + " sets "
                    + (b.requireVerdictOk() ? "requireVerdictOk" : "a baseline") + ", which is of the whole run, not of "
                    + "a step: put it on a @PerformanceBudget without a step");
        }
        LatencyKind kind = b.of();
        String[][] percentiles = {{"p50", b.p50(), "50"}, {"p90", b.p90(), "90"}, {"p95", b.p95(), "95"},
                {"p99", b.p99(), "99"}, {"p999", b.p999(), "99.9"}};
        for (String[] p : percentiles) {
            if (!p[1].isEmpty()) {
                add(into, ofStep(step, Budget.Latency.percentile(Double.parseDouble(p[2]), duration(p[1], p[0], b, where),
                        kind)), where, "@PerformanceBudget(" + p[0] + stepAttribute(step) + ")");
            }
        }
        if (!b.mean().isEmpty()) {
            add(into, ofStep(step, Budget.Latency.mean(duration(b.mean(), "mean", b, where), kind)), where,
                    "@PerformanceBudget(mean" + stepAttribute(step) + ")");
        }
        if (!b.max().isEmpty()) {
            add(into, ofStep(step, Budget.Latency.max(duration(b.max(), "max", b, where), kind)), where,
                    "@PerformanceBudget(max" + stepAttribute(step) + ")");
        }
        if (!(b.minThroughput() < 0)) {
            add(into, ofStep(step, checked(() -> new Budget.Throughput(b.minThroughput()), where)), where,
                    "@PerformanceBudget(minThroughput" + stepAttribute(step) + ")");
        }
        if (!(b.maxErrorRate() < 0)) {
            add(into, ofStep(step, checked(() -> new Budget.ErrorRate(b.maxErrorRate()), where)), where,
                    "@PerformanceBudget(maxErrorRate" + stepAttribute(step) + ")");
        }
        if (b.noNon2xx()) {
            add(into, ofStep(step, new Budget.Only2xx()), where, "@PerformanceBudget(noNon2xx" + stepAttribute(step) + ")");
        }
        if (b.requireVerdictOk()) {
            add(into, new Budget.VerdictOk(), where, "@PerformanceBudget(requireVerdictOk)");
        }
        if (!b.baseline().isBlank()) {
            add(into, baseline(b, where), where, "@PerformanceBudget(baseline)");
        } else if (b.maxRegression().length > 0) {
            throw new IllegalArgumentException("@PerformanceBudget(maxRegression) on " + where + " needs a baseline "
                    + "file: add baseline = \"perf/<name>.json\"");
        }
    }

    /** The budget as given for the whole run, or limited to one step of a scenario run. */
    private static Budget ofStep(String step, Budget budget) {
        return step.isEmpty() ? budget : new Budget.OfStep(step, budget);
    }

    /** {@code , step = "checkout"} for a message naming the attribute, or nothing for the whole run. */
    private static String stepAttribute(String step) {
        return step.isEmpty() ? "" : ", step = \"" + step + "\"";
    }

    private static Budget baseline(PerformanceBudget b, String where) {
        List<dev.loadtest.Tolerance> tolerances = new ArrayList<>();
        for (String text : b.maxRegression()) {
            try {
                tolerances.add(dev.loadtest.Tolerance.parse(text));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("@PerformanceBudget(maxRegression = \"" + text + "\") on " + where
                        + ": " + e.getMessage());
            }
        }
        try {
            new dev.loadtest.Comparison.Options(tolerances, 0.95, 2_000, 1, false);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@PerformanceBudget(maxRegression) on " + where + ": " + e.getMessage());
        }
        return new Budget.Baseline(b.baseline().strip(), tolerances, BaselineSettings.DEFAULTS);
    }

    private static void add(Map<String, Budget> into, Budget budget, String where, String source) {
        Budget before = into.putIfAbsent(budget.key(), budget);
        if (before != null) {
            throw new IllegalArgumentException(source + " on " + where + " sets the " + budget.name()
                    + " budget a second time on the same element: keep one");
        }
    }

    private static Duration duration(String text, String attribute, Annotation on, String where) {
        try {
            return DurationText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@" + on.annotationType().getSimpleName() + "(" + attribute + " = \""
                    + text + "\") on " + where + ": \"" + text + "\" " + e.getMessage());
        }
    }

    private static Budget checked(java.util.function.Supplier<Budget> budget, String where) {
        try {
            return budget.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@PerformanceBudget on " + where + ": " + e.getMessage());
        }
    }

    private static String where(AnnotatedElement element) {
        if (element instanceof Method m) {
            return m.getDeclaringClass().getName() + "." + m.getName() + "()";
        }
        return ((Class<?>) element).getName();
    }

    /** A class's superclasses, outermost first, then the class itself; Object left out. */
    private static List<Class<?>> hierarchy(Class<?> c) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            chain.add(k);
        }
        Collections.reverse(chain);
        return chain;
    }

    /** Repeatable annotations declared on the element, directly (single or in their container) or as meta-annotations. */
    private static <A extends Annotation> List<A> declaredRepeatable(AnnotatedElement element, Class<A> type) {
        return collect(element, e -> List.of(e.getDeclaredAnnotationsByType(type)));
    }

    private static <A extends Annotation> List<A> collect(AnnotatedElement element,
                                                          Function<AnnotatedElement, List<A>> direct) {
        List<A> found = new ArrayList<>(direct.apply(element));
        Set<Class<?>> visited = new HashSet<>();
        for (Annotation a : element.getDeclaredAnnotations()) {
            meta(a.annotationType(), direct, found, visited);
        }
        return found;
    }

    private static <A extends Annotation> void meta(Class<? extends Annotation> annotationType,
                                                    Function<AnnotatedElement, List<A>> direct, List<A> found,
                                                    Set<Class<?>> visited) {
        if (annotationType.getName().startsWith("java.lang.annotation.") || !visited.add(annotationType)) {
            return;
        }
        found.addAll(direct.apply(annotationType));
        for (Annotation a : annotationType.getDeclaredAnnotations()) {
            meta(a.annotationType(), direct, found, visited);
        }
    }
}
