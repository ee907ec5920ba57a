package dev.loadtest.report;

import static dev.loadtest.report.Text.escape;

import dev.loadtest.Result;
import dev.loadtest.TextReport;
import dev.loadtest.check.CheckResult;

/**
 * The run report's "Checks" section: one row per response check, as the text report's {@code checks:} block
 * (passed, failed, failure rate, the sample of the first failure), every text escaped. Nothing for a run without
 * checks. Apart from {@link HtmlReport}, which is long already.
 */
final class ChecksHtml {

    private ChecksHtml() {
    }

    static void append(StringBuilder out, Result r) {
        if (r.checks().isEmpty()) {
            return;
        }
        out.append("<section id=\"checks\">\n<h2>Checks</h2>\n<p class=\"note\">")
                .append(escape(Text.count(r.requests().checkFailed())))
                .append(" responses of status 200-399 failed a check; they count as failed requests.</p>\n")
                .append("<table class=\"errors\">\n<thead><tr><th scope=\"col\">check</th><th scope=\"col\">passed</th>"
                        + "<th scope=\"col\">failed</th><th scope=\"col\">failure rate</th>"
                        + "<th scope=\"col\">sample of the first failure</th></tr></thead>\n<tbody>\n");
        for (CheckResult c : r.checks()) {
            out.append("<tr class=\"check-").append(c.failed() == 0 ? "passed" : "failed").append("\">")
                    .append("<th scope=\"row\">").append(escape(c.name())).append("</th><td>")
                    .append(escape(Text.count(c.passed()))).append("</td><td>")
                    .append(escape(Text.count(c.failed()))).append("</td><td>")
                    .append(escape(TextReport.percent(c.failureRate()))).append("</td><td><code>")
                    .append(escape(c.sample().map(Object::toString).orElse(""))).append("</code></td></tr>\n");
        }
        out.append("</tbody>\n</table>\n</section>\n");
    }
}
