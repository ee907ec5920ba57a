package dev.loadtest.samples.cli;

import dev.loadtest.DurationFormat;
import dev.loadtest.Interval;
import dev.loadtest.LoadTestListener;
import dev.loadtest.Progress;
import java.io.PrintStream;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * The run's progress on stderr: a live progress bar (elapsed, done, current req/s, errors) when stderr is
 * a terminal, else one plain line per interval of the timeline, which reads well in CI logs.
 *
 * <p>Called on the run's listener thread, one event at a time (see {@link LoadTestListener}).
 */
abstract class ProgressOutput implements LoadTestListener, AutoCloseable {

    /** The bar when {@code terminal}, else the lines. */
    static ProgressOutput to(PrintStream err, boolean terminal) {
        return terminal ? new Bar(err) : new Lines(err);
    }

    /** Ends the output; the bar stops redrawing. */
    @Override
    public abstract void close();

    /**
     * One line per interval: {@code [   2.0s]   10234.0 req/s   20468 done   0 failed   p50 1.02ms  p99 3.40ms};
     * failed counts statuses of 400 and more as well as errors, as the report does.
     */
    static final class Lines extends ProgressOutput {
        private final PrintStream err;
        private long done;
        private long failed;

        Lines(PrintStream err) {
            this.err = err;
        }

        @Override
        public void onInterval(Interval i) {
            done += i.done();
            failed += i.errored() + i.statusCodes().countOfClass(4) + i.statusCodes().countOfClass(5);
            err.printf(Locale.ROOT, "[%6.1fs] %9.1f req/s %10d done %8d failed   p50 %s  p99 %s%n",
                    i.start().plus(i.length()).toNanos() / 1e9, i.requestsPerSecond(), done, failed,
                    DurationFormat.fixedNanos(i.responseTime().p50().toNanos()),
                    DurationFormat.fixedNanos(i.responseTime().p99().toNanos()));
            err.flush();
        }

        @Override
        public void close() {
            err.flush();
        }
    }

    /** me.tongfei's progress bar, redrawn in place; percent done, elapsed and ETA by the bar itself. */
    static final class Bar extends ProgressOutput {
        private final ProgressBar bar;

        Bar(PrintStream err) {
            this.bar = new ProgressBarBuilder().setTaskName("loadtest").setInitialMax(100).setUnit("%", 1)
                    .setUpdateIntervalMillis(200).setConsumer(new ConsoleProgressBarConsumer(err)).build();
        }

        @Override
        public void onProgress(Progress p) {
            bar.stepTo(Math.round(p.fractionDone() * 100));
            bar.setExtraMessage(String.format(Locale.ROOT, "%d done, %.0f req/s, %d errors", p.done(),
                    p.currentRate(), p.errors()));
        }

        @Override
        public void close() {
            bar.close();
        }
    }
}
