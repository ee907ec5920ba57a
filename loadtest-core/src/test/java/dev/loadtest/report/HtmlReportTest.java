package dev.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.loadtest.DurationFormat;
import dev.loadtest.LoadTest;
import dev.loadtest.Redaction;
import dev.loadtest.Result;
import dev.loadtest.Stage;
import dev.loadtest.TextReport;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlReportTest {

    private static final Pattern DATA = Pattern.compile(
            "<script type=\"application/json\" id=\"report-data\">(.*?)</script>", Pattern.DOTALL);

    @Test
    void summaryHasTheH2loadFiguresTheRateAndTheVerdict() {
        Result r = ReportFixtures.rateDriven();
        String html = HtmlReport.render(r);

        assertThat(html).startsWith("<!DOCTYPE html>").contains("<title>loadtest: GET http://127.0.0.1:8080/hello");
        assertThat(tableRow(html, "done")).isEqualTo(Text.count(r.requests().done()));
        assertThat(tableRow(html, "succeeded")).isEqualTo(Text.count(r.requests().succeeded()));
        assertThat(tableRow(html, "failed")).isEqualTo(Text.count(r.requests().failed()));
        assertThat(tableRow(html, "timeout")).isEqualTo(Text.count(r.requests().timeout()));
        assertThat(tableRow(html, "5xx")).isEqualTo(Text.count(r.statusCodes().countOfClass(5)));
        assertThat(tableRow(html, "status 503")).isEqualTo(Text.count(r.statusCodes().count(503)));
        assertThat(tableRow(html, "req/s")).isEqualTo(Text.real(r.requestsPerSecond()));
        assertThat(tableRow(html, "received")).isEqualTo(TextReport.bytes(r.traffic().totalBytes())
                + " (" + Text.count(r.traffic().totalBytes()) + ")");
        assertThat(tableRow(html, "offered")).isEqualTo(Text.real(r.rate().orElseThrow().offered()) + " req/s");
        assertThat(tableRow(html, "achieved")).isEqualTo(Text.real(r.rate().orElseThrow().achieved()) + " req/s");
        assertThat(tableRow(html, "achieved / offered")).isEqualTo(TextReport.percent(r.rate().orElseThrow().achievedRatio()));
        assertThat(html).contains("<span class=\"verdict verdict-overloaded\" id=\"verdict\">overloaded</span>");
        // the latency table: h2load's columns, corrected and uncorrected rows
        assertThat(html).contains("<th scope=\"row\">response time (corrected)</th><td>"
                + DurationFormat.fixed(r.responseTime().min()) + "</td><td>" + DurationFormat.fixed(r.responseTime().max()));
        assertThat(html).contains("<th scope=\"row\">service time</th><td>"
                + DurationFormat.fixed(r.serviceTime().min()));
        // errors by category with their sample messages
        assertThat(html).contains("<th scope=\"row\">request timeout</th><td>227</td>")
                .contains("<th scope=\"row\">connection reset or closed</th><td>3</td><td><code>Connection reset by peer");
        // the configuration
        assertThat(html).contains("<code>0 \u2192 2,000 req/s over 10s</code><br><code>2,000 req/s for 20s</code>")
                .contains("<th scope=\"row\">warm-up</th><td><code>2s</code>");
    }

    @Test
    void textFromTheResultIsEscaped() {
        String html = HtmlReport.render(ReportFixtures.rateDriven());

        String escaped = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;";
        assertThat(html).contains("<code>no response within 5s: " + escaped + "</code>")   // error message
                .contains("<code>X-Note: " + escaped + "</code>")                              // header
                .doesNotContain(ReportFixtures.MARKUP)
                .doesNotContain("<b>bold")
                .doesNotContain("alert('x')");
        // exactly the page's own scripts: the JSON data, the error capture, uPlot and the charts
        assertThat(count(html, "<script")).isEqualTo(4);
        assertThat(count(html, "</script")).isEqualTo(4);
    }

    @Test
    void escapeCoversMarkupQuotesAndControlCharacters() {
        assertThat(Text.escape("a<b>&\"c'\u0000\u0007\t\n")).isEqualTo("a&lt;b&gt;&amp;&quot;c&#39;\uFFFD\uFFFD\t\n");
        assertThat(Text.escape(null)).isEmpty();
    }

    @Test
    void credentialsAreRedacted() {
        String html = HtmlReport.render(ReportFixtures.rateDriven());

        assertThat(html).doesNotContain(ReportFixtures.AUTHORIZATION)
                .doesNotContain(ReportFixtures.TOKEN)
                .doesNotContain(ReportFixtures.QUERY_KEY)
                .contains("<code>Authorization: &lt;redacted&gt;</code>")
                .contains("<code>X-Api-Token: &lt;redacted&gt;</code>")
                .contains("<code>http://127.0.0.1:8080/hello?user=ann&amp;api_key=&lt;redacted&gt;</code>");
        assertThat(Redaction.display(URI.create("https://h/p?a=1&password=x&token=y#f")))
                .isEqualTo("https://h/p?a=1&password=<redacted>&token=<redacted>#f");
        assertThat(Redaction.display(URI.create("https://h/p"))).isEqualTo("https://h/p");
    }

    @Test
    void isSelfContained() {
        String html = HtmlReport.render(ReportFixtures.rateDriven());

        assertThat(html).doesNotContainPattern("(?i)\\b(src|href|action|poster|data)\\s*=\\s*[\"']?\\s*(https?:)?//")
                .doesNotContainPattern("(?i)<(link|iframe|img|object|embed|base)\\b")
                .doesNotContainPattern("(?i)@import|url\\(");
        // and the browser is told to fetch nothing
        assertThat(html).contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; ");
        // uPlot inlined from its webjar, with its licence
        assertThat(html).contains("var uPlot=function()").contains(".uplot {").contains("Copyright (c)");
        assertThat(html).contains("<div id=\"report-status\" hidden></div>");
    }

    @Test
    void chartDataHoldsBothDistributionsAndTheTimeline() throws IOException {
        Result r = ReportFixtures.rateDriven();
        Map<String, Object> data = data(HtmlReport.render(r));

        assertThat(data).containsEntry("expectedCharts", 4L).containsEntry("rateDriven", true);
        Map<String, Object> percentiles = map(data.get("percentiles"));
        List<Object> x = list(percentiles.get("x"));
        List<Object> response = list(percentiles.get("responseTime"));
        List<Object> service = list(percentiles.get("serviceTime"));
        assertThat(x).hasSameSizeAs(response).hasSameSizeAs(service).hasSizeGreaterThan(50);
        assertThat(x.get(0)).isEqualTo(1.0);                                    // 0 %: 1 / (1 - 0)
        assertThat(x).isSortedAccordingTo((a, b) -> Double.compare((Double) a, (Double) b));
        assertThat((double) response.get(0)).isCloseTo(millis(r.responseTime().min().toNanos()), within(0.01));
        assertThat(lastNumber(response)).isCloseTo(millis(r.responseTime().max().toNanos()), within(0.2));
        assertThat(lastNumber(service)).isCloseTo(millis(r.serviceTime().max().toNanos()), within(0.2));
        // each point is (1 / (1 - p), the value at percentile p), and the curves never go down
        for (int i = 1; i < x.size() - 1; i += 7) {
            if (response.get(i) == null) {
                continue;
            }
            double p = 100 * (1 - 1 / (double) x.get(i));
            assertThat((double) response.get(i)).as("response time at %s %%", p)
                    .isCloseTo(millis(r.responseTime().percentile(p).toNanos()), withinPercentage(1));
        }
        assertThat(numbers(response)).isSorted();
        assertThat(numbers(service)).isSorted();

        Map<String, Object> timeline = map(data.get("timeline"));
        assertThat(list(timeline.get("t"))).hasSize(ReportFixtures.SECONDS).startsWith(1.0, 2.0).endsWith(30.0);
        assertThat(list(timeline.get("responses")).get(0)).isEqualTo(r.intervals().get(0).requestsPerSecond());
        assertThat(list(timeline.get("offered"))).startsWith(100.0, 300.0).endsWith(2_000.0);
        Map<String, Object> latency = map(timeline.get("responseTime"));
        assertThat(latency).containsOnlyKeys("p50", "p90", "p99", "max");
        assertThat(list(latency.get("p99")).get(ReportFixtures.EMPTY_INTERVAL)).isNull();   // a gap, not a zero
        assertThat((double) list(latency.get("max")).get(20))
                .isCloseTo(millis(r.intervals().get(20).responseTime().max().toNanos()), within(0.01));
        Map<String, Object> status = map(timeline.get("status"));
        assertThat(status).containsOnlyKeys("2xx", "3xx", "4xx", "5xx", "errors");
        assertThat(list(status.get("errors")).get(ReportFixtures.EMPTY_INTERVAL)).isEqualTo(25.0);
        assertThat(list(status.get("5xx")).get(29)).isEqualTo((double) r.intervals().get(29).statusCodes().count(503));
    }

    @Test
    void withoutIntervalsTheTimelineIsANote() throws IOException {
        String html = HtmlReport.render(ReportFixtures.withoutTimeline());

        assertThat(html).contains("id=\"no-timeline\"").contains("No timeline")
                .doesNotContain("id=\"chart-throughput\"").doesNotContain("id=\"chart-status\"")
                .contains("id=\"chart-percentiles\"")
                .contains("<th scope=\"row\">response time</th>")
                .doesNotContain("Rate (open model)");
        Map<String, Object> data = data(html);
        assertThat(data).containsEntry("expectedCharts", 1L).containsEntry("timeline", null)
                .containsEntry("rateDriven", false);
        assertThat(list(map(data.get("percentiles")).get("responseTime")))
                .isEqualTo(list(map(data.get("percentiles")).get("serviceTime")));
    }

    @Test
    void withoutResponsesThereIsNoChartButTheErrorsAreThere() throws IOException {
        String html = HtmlReport.render(ReportFixtures.nothingAnswered());

        assertThat(html).contains("id=\"no-percentiles\"").contains("id=\"no-timeline\"")
                .doesNotContain("id=\"chart-percentiles\"")
                .contains("<th scope=\"row\">connection refused</th><td>10</td>")
                .contains("verdict-errors");
        assertThat(data(html)).containsEntry("expectedCharts", 0L).containsEntry("percentiles", null);
    }

    @Test
    void offeredRateFollowsTheStages() {
        LoadTest ramp = LoadTest.target("http://127.0.0.1/").stages(
                Stage.ramp(0, 1_000, Duration.ofSeconds(10)), Stage.rate(500, Duration.ofSeconds(5))).build();
        assertThat(ChartData.offered(ramp, 0, 1).orElseThrow()).isCloseTo(50, within(1e-9));
        assertThat(ChartData.offered(ramp, 9, 11).orElseThrow()).isCloseTo((950 + 500) / 2.0, within(1e-9));
        assertThat(ChartData.offered(ramp, 15, 16).orElseThrow()).isZero();   // after the plan
        LoadTest closed = LoadTest.target("http://127.0.0.1/").requests(10).build();
        assertThat(ChartData.offered(closed, 0, 1)).isEmpty();
    }

    @Test
    void writeCreatesTheDirectoriesAndWritesUtf8(@TempDir Path dir) throws IOException {
        Result r = ReportFixtures.withoutTimeline();
        Path file = dir.resolve("a/b/report.html");

        HtmlReport.write(r, file);

        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(HtmlReport.render(r));
        assertThatThrownBy(() -> HtmlReport.write(null, file)).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("result");
    }

    // ---- helpers

    /** The value cell of the first summary row with this label. */
    private static String tableRow(String html, String label) {
        Matcher m = Pattern.compile("<tr><th scope=\"row\">" + Pattern.quote(label) + "</th><td>([^<]*)</td></tr>")
                .matcher(html);
        assertThat(m.find()).as("row %s", label).isTrue();
        return m.group(1);
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    private static double millis(long nanos) {
        return nanos / 1e6;
    }

    private static org.assertj.core.data.Offset<Double> within(double offset) {
        return org.assertj.core.data.Offset.offset(offset);
    }

    private static List<Double> numbers(List<Object> values) {
        return values.stream().filter(v -> v != null).map(v -> (Double) v).toList();
    }

    static double lastNumber(List<Object> values) {
        for (int i = values.size() - 1; i >= 0; i--) {
            if (values.get(i) != null) {
                return (double) values.get(i);
            }
        }
        throw new AssertionError("no number in " + values);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        assertThat(o).isInstanceOf(Map.class);
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        assertThat(o).isInstanceOf(List.class);
        return (List<Object>) o;
    }

    /** The page's chart data, parsed: objects as maps, arrays as lists, integers as Long, reals as Double. */
    static Map<String, Object> data(String html) throws IOException {
        Matcher m = DATA.matcher(html);
        assertThat(m.find()).as("the report-data script").isTrue();
        assertThat(m.group(1)).doesNotContain("<").doesNotContain(">").doesNotContain("&");
        try (JsonParser p = new JsonFactory().createParser(m.group(1))) {
            Object value = read(p, p.nextToken());
            assertThat(p.nextToken()).isNull();
            return map(value);
        }
    }

    private static Object read(JsonParser p, JsonToken t) throws IOException {
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    map.put(name, read(p, p.nextToken()));
                }
                return map;
            }
            case START_ARRAY -> {
                List<Object> list = new ArrayList<>();
                for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
                    list.add(read(p, e));
                }
                return list;
            }
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getBooleanValue();
            }
            case VALUE_NULL -> {
                return null;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            default -> throw new AssertionError("unexpected " + t);
        }
    }
}
