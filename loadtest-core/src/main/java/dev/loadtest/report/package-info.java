/**
 * The HTML report of a load test: {@link dev.loadtest.report.HtmlReport} writes one self-contained
 * page (uPlot and the data inlined) with the limits checked against the run ({@link dev.loadtest.LimitCheck}),
 * the h2load figures, the latency percentile distribution and the timeline charts.
 */
package dev.loadtest.report;
