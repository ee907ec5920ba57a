package dev.loadtest.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTest;
import dev.loadtest.Result;
import dev.loadtest.testing.TestServer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Interval histograms: kept by the engine, exact against the run's, written and read back, optional in JSON. */
class IntervalHistogramsTest {

    @Test
    void should_keep_each_intervals_histograms_adding_up_to_the_runs_and_read_them_back() throws Exception {
        Result r;
        try (TestServer server = TestServer.h2c()) {
            r = LoadTest.target(server.uri("/hello")).clients(2).duration(Duration.ofMillis(600))
                    .interval(Duration.ofMillis(100)).run();
        }
        assertThat(r.intervals()).hasSizeGreaterThanOrEqualTo(5);
        LatencyHistogram response = LatencyHistogram.EMPTY;
        LatencyHistogram service = LatencyHistogram.EMPTY;
        for (Interval i : r.intervals()) {
            assertThat(i.responseTimeHistogram()).isPresent();
            assertThat(i.serviceTimeHistogram()).isPresent();
            assertThat(i.responseTimeHistogram().get().count()).isEqualTo(i.responseTime().count());
            assertThat(i.responseTimeHistogram().get().percentile(99)).isEqualTo(i.responseTime().p99());
            response = response.plus(i.responseTimeHistogram().get());
            service = service.plus(i.serviceTimeHistogram().get());
        }
        assertThat(response).isEqualTo(r.responseTime());
        assertThat(service).isEqualTo(r.serviceTime());

        String json = ResultJson.toJson(r);
        Result read = ResultJson.fromJson(json);
        for (int k = 0; k < r.intervals().size(); k++) {
            assertThat(read.intervals().get(k).responseTimeHistogram()).isEqualTo(r.intervals().get(k).responseTimeHistogram());
            assertThat(read.intervals().get(k).serviceTimeHistogram()).isEqualTo(r.intervals().get(k).serviceTimeHistogram());
        }

        // a file from before intervals kept histograms: the field is absent, the intervals still read
        int timeline = json.indexOf("\"intervals\"");
        String old = json.substring(0, timeline)
                + json.substring(timeline).replaceAll(",\\s*\"histogram\" : \"[^\"]*\"", "");
        assertThat(old).isNotEqualTo(json);
        Result oldRead = ResultJson.fromJson(old);
        assertThat(oldRead.intervals()).hasSameSizeAs(r.intervals());
        assertThat(oldRead.intervals()).allSatisfy(i -> assertThat(i.responseTimeHistogram()).isEmpty());
        assertThat(oldRead.intervals()).allSatisfy(i -> assertThat(i.serviceTimeHistogram()).isEmpty());
        assertThat(oldRead.intervals().get(0).responseTime()).isEqualTo(r.intervals().get(0).responseTime());
        assertThat(oldRead.responseTime()).isEqualTo(r.responseTime());
    }
}
