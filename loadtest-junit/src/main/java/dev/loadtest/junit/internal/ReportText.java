package dev.loadtest.junit.internal;

import dev.loadtest.FigureFormat;
import dev.loadtest.LimitCheck;
import dev.loadtest.Redaction;
import java.util.List;

/** The texts a test's runs produce: the report of one run, and the failure message of breached budgets. */
public final class ReportText {

    private static final String NL = System.lineSeparator();

    private ReportText() {
    }

    /**
     * A run's report: the result's h2load-style report, the test's settings, then each budget as met or
     * breached.
     */
    public static String report(Run run, Settings settings) {
        StringBuilder s = new StringBuilder(run.result().toString());
        s.append("test: ").append(run.result().test()).append(NL);
        if (run.checks().isEmpty()) {
            s.append("budgets: none").append(NL);
            return s.toString();
        }
        s.append("budgets (").append(settings.mode() == Settings.Mode.ENFORCE ? "enforced" : "report only");
        if (settings.scale() != 1) {
            s.append(", scale ").append(FigureFormat.factor(settings.scale()));
        }
        s.append("):").append(NL);
        for (LimitCheck c : run.checks()) {
            s.append(c.met() ? "  met       " : "  BREACHED  ").append(c).append(NL);
        }
        return s.toString();
    }

    /**
     * The failure message for the runs that breached a budget: for each, the breached budgets as
     * {@code required X, actual Y}, its target (method and URIs, credentials redacted), then the run's full report.
     *
     * @param breached the runs that breached a budget, in run order
     * @param runs how many runs the test made
     * @param withReports whether each run's report follows its breaches
     */
    public static String breaches(List<Run> breached, int runs, boolean withReports) {
        StringBuilder s = new StringBuilder();
        for (Run run : breached) {
            if (s.length() > 0 && withReports) {
                s.append(NL);
            }
            List<LimitCheck> breaches = run.breaches();
            s.append("performance budget breached");
            if (runs > 1) {
                s.append(" in run ").append(run.number()).append(" of ").append(runs);
            }
            s.append(": ").append(breaches.size()).append(" of ").append(run.checks().size())
                    .append(run.checks().size() == 1 ? " budget" : " budgets").append(NL);
            for (LimitCheck c : breaches) {
                s.append("  ").append(c).append(NL);
            }
            // which endpoint breached, so a class of many tests' message says it without the report
            s.append("  target: ").append(run.result().test().method()).append(' ')
                    .append(String.join(" ", Redaction.display(run.result().test().targets()))).append(NL);
            if (withReports) {
                s.append(NL).append(run.result());
            }
        }
        return s.toString();
    }
}
