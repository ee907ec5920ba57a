package dev.loadtest.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ChangeVerdict;
import dev.loadtest.Comparison;
import dev.loadtest.Figure;
import dev.loadtest.FigureChange;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Result;
import dev.loadtest.Results;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The measurement behind the README's figures: how often a comparison of two runs of the same server calls a
 * regression (A/A, the false-positive rate), and whether it finds a server made 20 % slower and lets a 2 %
 * change pass (A/B), all with the default settings. Real runs against a local server that answers after a
 * delay (5 ms by default): minutes of load, so it is not part of the default suite. Run it with
 *
 * <pre>
 * mvn -B -pl loadtest-core -am test -Dtest=ComparisonMeasurementTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dloadtest.measure=true [-Dloadtest.measure.pairs=40] [-Dloadtest.measure.seconds=3]
 * </pre>
 *
 * It prints one line per pair and a summary, and fails if the A/A false-positive rate is above 5 %, if fewer
 * than 80 % of the 20 % pairs are found regressed, or if any 2 % pair is.
 */
@EnabledIfSystemProperty(named = "loadtest.measure", matches = "true")
class ComparisonMeasurementTest {

    private static final long DELAY_MICROS = Long.getLong("loadtest.measure.delayMicros", 5_000);
    private static final int PAIRS = Integer.getInteger("loadtest.measure.pairs", 40);
    private static final int AB_PAIRS = Integer.getInteger("loadtest.measure.abPairs", 10);
    private static final Duration RUN = Duration.ofSeconds(Integer.getInteger("loadtest.measure.seconds", 3));

    private static LoadTest test(DelayServer server) {
        return LoadTest.target(server.uri()).protocol(Protocol.HTTP_1_1).clients(8).duration(RUN)
                .warmUp(Duration.ofMillis(500)).interval(Duration.ofMillis(100)).build();
    }

    @Test
    void false_positives_of_identical_runs_and_detection_of_a_20_percent_slower_server() throws Exception {
        try (DelayServer server = new DelayServer(DELAY_MICROS)) {
            LoadTest test = test(server);
            test.run();   // the JIT's first run is not a fair baseline
            Tally aa = pairs("A/A", server, test, PAIRS, 1.0);
            Tally ab20 = pairs("A/B +20 %", server, test, AB_PAIRS, 1.2);
            Tally ab2 = pairs("A/B +2 %", server, test, AB_PAIRS, 1.02);
            System.out.println(aa.summary());
            System.out.println(ab20.summary());
            System.out.println(ab2.summary());
            assertThat(aa.regressed).as("A/A pairs found regressed").isLessThanOrEqualTo(PAIRS / 20);
            assertThat(ab20.regressed).as("+20 % pairs found regressed").isGreaterThanOrEqualTo((int) Math.ceil(AB_PAIRS * 0.8));
            assertThat(ab2.regressed).as("+2 % pairs found regressed").isZero();
        }
    }

    /**
     * A/A in the interleaved mode: each comparison is {@code loadtest.measure.interleavedPairs} (default 3) A B
     * pairs against the same server, {@code loadtest.measure.interleaved} (default 10) comparisons.
     */
    @Test
    void false_positives_of_interleaved_identical_runs() throws Exception {
        int comparisons = Integer.getInteger("loadtest.measure.interleaved", 10);
        int pairs = Integer.getInteger("loadtest.measure.interleavedPairs", 3);
        try (DelayServer server = new DelayServer(DELAY_MICROS)) {
            LoadTest test = test(server);
            test.run();
            Tally tally = new Tally("interleaved A/A (" + pairs + " pairs each)", comparisons);
            for (int i = 0; i < comparisons; i++) {
                Comparison c = Comparison.interleaved(test, test, pairs, Comparison.Options.DEFAULTS);
                tally.add(c);
                FigureChange p99 = c.figure(Figure.P99);
                FigureChange rps = c.figure(Figure.THROUGHPUT);
                System.out.printf(Locale.ROOT, "interleaved A/A %d: %s; p99 %+.1f %% [%+.1f, %+.1f] %s, rps %+.1f %% "
                                + "[%+.1f, %+.1f] %s%n", i + 1, c.verdict(), p99.change() * 100, p99.low() * 100,
                        p99.high() * 100, p99.verdict(), rps.change() * 100, rps.low() * 100, rps.high() * 100,
                        rps.verdict());
            }
            System.out.println(tally.summary());
            assertThat(tally.regressed).as("interleaved A/A comparisons found regressed")
                    .isLessThanOrEqualTo(Math.max(1, comparisons / 20));
        }
    }

    private static Tally pairs(String name, DelayServer server, LoadTest test, int pairs, double factor) {
        Tally tally = new Tally(name, pairs);
        for (int i = 0; i < pairs; i++) {
            server.delayMicros(DELAY_MICROS);
            Result a = test.run();
            server.delayMicros(Math.round(DELAY_MICROS * factor));
            Result b = test.run();
            Comparison c = Results.compare(a, b);
            tally.add(c);
            FigureChange p50 = c.figure(Figure.P50);
            FigureChange rps = c.figure(Figure.THROUGHPUT);
            System.out.printf(Locale.ROOT, "%s pair %d: %s; p50 %.0fus -> %.0fus %+.1f %% [%+.1f, %+.1f], p99 %s, rps %+.1f %% [%+.1f, %+.1f]%n",
                    name, i + 1, c.verdict(), p50.baseline() / 1e3, p50.candidate() / 1e3, p50.change() * 100,
                    p50.low() * 100, p50.high() * 100,
                    c.figure(Figure.P99).verdict(), rps.change() * 100, rps.low() * 100, rps.high() * 100);
        }
        server.delayMicros(DELAY_MICROS);
        return tally;
    }

    private static final class Tally {
        final String name;
        final int pairs;
        int regressed;
        int inconclusive;
        final Map<Figure, Integer> figureRegressed = new EnumMap<>(Figure.class);

        Tally(String name, int pairs) {
            this.name = name;
            this.pairs = pairs;
        }

        void add(Comparison c) {
            if (c.verdict() == ChangeVerdict.REGRESSED) {
                regressed++;
            } else if (c.verdict() == ChangeVerdict.INCONCLUSIVE) {
                inconclusive++;
            }
            for (FigureChange f : c.figures()) {
                if (f.verdict() == ChangeVerdict.REGRESSED) {
                    figureRegressed.merge(f.figure(), 1, Integer::sum);
                }
            }
        }

        String summary() {
            return String.format(Locale.ROOT, "%s: %d pairs, %d regressed (%.1f %%), %d inconclusive, %d kept; "
                    + "regressed by figure %s", name, pairs, regressed, 100.0 * regressed / pairs, inconclusive,
                    pairs - regressed - inconclusive, figureRegressed);
        }
    }
}
