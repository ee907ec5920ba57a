package dev.loadtest.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LatencySummary;
import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.StepResult;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The numbers the report's charts draw, as JSON for a {@code <script type="application/json">} element:
 * the latency percentile distributions and the timeline. Latencies are in milliseconds, times in seconds.
 *
 * <pre>{@code
 * {"expectedCharts": 4, "rateDriven": true,
 *  "percentiles": {"x": [1, 1.11, ...], "responseTime": [ms...], "serviceTime": [ms...]},
 *  "timeline": {"interval": 1, "t": [1, 2, ...], "responses": [req/s...], "offered": [req/s...] or null,
 *               "responseTime": {"p50": [...], "p90": [...], "p99": [...], "max": [...]}, "serviceTime": {...},
 *               "status": {"2xx": [/s...], "3xx": [...], "4xx": [...], "5xx": [...], "errors": [...]}},
 *  "steps": {"x": [1, 1.11, ...], "names": ["login", ...], "responseTime": [[ms...], ...]} or null}
 * }</pre>
 */
final class ChartData {

    /** Percentile reporting ticks per half distance to 100 %, as HdrHistogram's percentile output uses. */
    static final int TICKS_PER_HALF_DISTANCE = 5;

    private static final JsonFactory JSON = new JsonFactoryBuilder()
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .characterEscapes(new HtmlSafeEscapes())
            .build();

    private ChartData() {
    }

    /** Whether the report draws the latency percentile distribution. */
    static boolean hasPercentiles(Result r) {
        return !r.responseTime().isEmpty() || !r.serviceTime().isEmpty();
    }

    /** Whether the report draws the timeline charts. */
    static boolean hasTimeline(Result r) {
        return !r.intervals().isEmpty();
    }

    /** Whether the report draws its steps' response time by percentile: a scenario run with a response. */
    static boolean hasSteps(Result r) {
        return r.steps().stream().anyMatch(s -> !s.responseTime().isEmpty());
    }

    /** The number of charts the page should draw. */
    static int expectedCharts(Result r) {
        return (hasPercentiles(r) ? 1 : 0) + (hasTimeline(r) ? 3 : 0) + (hasSteps(r) ? 1 : 0);
    }

    /** The JSON text; safe inside a script element ({@code <}, {@code >}, {@code &} and non-ASCII escaped). */
    static String json(Result r) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("expectedCharts", expectedCharts(r));
            g.writeBooleanField("rateDriven", r.test().isRateDriven() || r.rate().isPresent());
            g.writeFieldName("percentiles");
            if (hasPercentiles(r)) {
                percentiles(g, r);
            } else {
                g.writeNull();
            }
            g.writeFieldName("timeline");
            if (hasTimeline(r)) {
                timeline(g, r);
            } else {
                g.writeNull();
            }
            g.writeFieldName("steps");
            if (hasSteps(r)) {
                steps(g, r);
            } else {
                g.writeNull();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);   // a StringWriter does not fail
        }
        return out.toString();
    }

    /**
     * Both distributions on one x axis, {@code 1 / (1 - p)} as HdrHistogram plots them, from each histogram's
     * percentile iteration. The iteration levels do not depend on the data, so the two series share their
     * x values; a tail point one series has and the other lacks is {@code null} there.
     */
    private static void percentiles(JsonGenerator g, Result r) throws IOException {
        TreeMap<Double, double[]> points = new TreeMap<>();
        addPercentiles(points, 0, 2, r.responseTime());
        addPercentiles(points, 1, 2, r.serviceTime());
        g.writeStartObject();
        g.writeArrayFieldStart("x");
        for (double x : points.keySet()) {
            g.writeNumber(round(x, 1e6));
        }
        g.writeEndArray();
        String[] names = {"responseTime", "serviceTime"};
        for (int series = 0; series < 2; series++) {
            g.writeArrayFieldStart(names[series]);
            for (double[] values : points.values()) {
                number(g, values[series]);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    /**
     * Each step's response time by percentile, on one x axis as {@link #percentiles} draws the run's: {@code names}
     * in the scenario's order and one array of milliseconds per step in {@code responseTime} (a step without a
     * response is an array of nulls, so the names and the arrays keep their places).
     */
    private static void steps(JsonGenerator g, Result r) throws IOException {
        List<StepResult> steps = r.steps();
        TreeMap<Double, double[]> points = new TreeMap<>();
        for (int i = 0; i < steps.size(); i++) {
            addPercentiles(points, i, steps.size(), steps.get(i).responseTime());
        }
        g.writeStartObject();
        g.writeArrayFieldStart("x");
        for (double x : points.keySet()) {
            g.writeNumber(round(x, 1e6));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("names");
        for (StepResult s : steps) {
            g.writeString(s.name());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("responseTime");
        for (int i = 0; i < steps.size(); i++) {
            g.writeStartArray();
            for (double[] values : points.values()) {
                number(g, values[i]);
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Adds a distribution's percentile points as series {@code series} of {@code width}, NaN where it has none. */
    private static void addPercentiles(TreeMap<Double, double[]> points, int series, int width,
                                       LatencyHistogram latency) {
        if (latency.isEmpty()) {
            return;
        }
        Histogram h = latency.toHistogram();
        double lastX = 0;
        long lastValue = -1;
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double level = v.getPercentileLevelIteratedTo();
            long value = v.getValueIteratedTo();
            double x;
            if (level < 100) {
                x = 1 / (1 - level / 100);
            } else if (value != lastValue) {
                // the 100 % level has no finite 1/(1-p): put the maximum where the last of n values falls
                x = Math.max(h.getTotalCount(), lastX * 1.5);
            } else {
                continue;   // the maximum is drawn already
            }
            points.computeIfAbsent(x, k -> nans(width))[series] = millis(value);
            lastX = x;
            lastValue = value;
        }
    }

    private static void timeline(JsonGenerator g, Result r) throws IOException {
        List<Interval> intervals = r.intervals();
        g.writeStartObject();
        g.writeNumberField("interval", round(seconds(intervals.get(0).length()), 1e3));
        g.writeArrayFieldStart("t");
        for (Interval i : intervals) {
            g.writeNumber(round(seconds(i.start().plus(i.length())), 1e3));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("responses");
        for (Interval i : intervals) {
            g.writeNumber(round(i.requestsPerSecond(), 1e2));
        }
        g.writeEndArray();
        g.writeFieldName("offered");
        if (r.test().isRateDriven()) {
            g.writeStartArray();
            for (Interval i : intervals) {
                OptionalDouble offered = offered(r.test(), seconds(i.start()), seconds(i.start().plus(i.length())));
                number(g, offered.isPresent() ? round(offered.getAsDouble(), 1e2) : Double.NaN);
            }
            g.writeEndArray();
        } else {
            g.writeNull();
        }
        latencies(g, "responseTime", intervals, Interval::responseTime);
        latencies(g, "serviceTime", intervals, Interval::serviceTime);
        g.writeObjectFieldStart("status");
        for (int statusClass = 2; statusClass <= 5; statusClass++) {
            int c = statusClass;
            perSecond(g, c + "xx", intervals, i -> i.statusCodes().countOfClass(c));
        }
        perSecond(g, "errors", intervals, Interval::errored);
        if (!r.checks().isEmpty()) {
            perSecond(g, "checkFailed", intervals, Interval::checkFailed);   // 2xx/3xx responses that failed a check
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void latencies(JsonGenerator g, String name, List<Interval> intervals,
                                  Function<Interval, LatencySummary> summary) throws IOException {
        Map<String, Function<LatencySummary, Duration>> figures = Map.of(
                "p50", LatencySummary::p50, "p90", LatencySummary::p90, "p99", LatencySummary::p99,
                "max", LatencySummary::max);
        g.writeObjectFieldStart(name);
        for (String figure : List.of("p50", "p90", "p99", "max")) {
            g.writeArrayFieldStart(figure);
            for (Interval i : intervals) {
                LatencySummary s = summary.apply(i);
                // an interval without responses has no latency: a gap, not a zero
                number(g, s.count() == 0 ? Double.NaN : millis(figures.get(figure).apply(s).toNanos()));
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void perSecond(JsonGenerator g, String name, List<Interval> intervals,
                                  ToLongFunction<Interval> count) throws IOException {
        g.writeArrayFieldStart(name);
        for (Interval i : intervals) {
            double seconds = seconds(i.length());
            number(g, seconds > 0 ? round(count.applyAsLong(i) / seconds, 1e2) : 0);
        }
        g.writeEndArray();
    }

    /**
     * The mean rate the test's plan offered between two times of the measured phase (seconds from its
     * start), or empty if the run is not rate-driven: the area under its stages' rates over the span.
     */
    static OptionalDouble offered(LoadTest test, double from, double to) {
        if (to <= from) {
            return OptionalDouble.empty();
        }
        List<Stage> stages = test.stages();
        if (stages.isEmpty()) {
            return test.rate();
        }
        double area = 0;
        double stageStart = 0;
        for (Stage s : stages) {
            double length = seconds(s.duration());
            double a = Math.max(from, stageStart);
            double b = Math.min(to, stageStart + length);
            if (b > a) {
                double slope = (s.toRate() - s.fromRate()) / length;
                double ra = s.fromRate() + slope * (a - stageStart);
                double rb = s.fromRate() + slope * (b - stageStart);
                area += (ra + rb) / 2 * (b - a);
            }
            stageStart += length;
        }
        return OptionalDouble.of(area / (to - from));
    }

    private static double[] nans(int width) {
        double[] values = new double[width];
        Arrays.fill(values, Double.NaN);
        return values;
    }

    private static void number(JsonGenerator g, double v) throws IOException {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            g.writeNull();
        } else {
            g.writeNumber(v);
        }
    }

    private static double millis(long nanos) {
        return round(nanos / 1e6, 1e3);   // microsecond resolution
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    private static double round(double v, double scale) {
        return Math.round(v * scale) / scale;
    }

    /** JSON string escapes that also keep {@code < > & '} out of the text, so it cannot close its script element. */
    private static final class HtmlSafeEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] codes = standardAsciiEscapesForJSON();

        HtmlSafeEscapes() {
            codes['<'] = ESCAPE_STANDARD;
            codes['>'] = ESCAPE_STANDARD;
            codes['&'] = ESCAPE_STANDARD;
            codes['\''] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return codes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}
