package dev.loadtest.samples.cli;

import dev.loadtest.Interval;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.LoadTestListener;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@code --hlog}: the run's latency histograms, one per interval, in HdrHistogram's interval log format,
 * written as the run goes (HistogramLogAnalyzer, HistogramLogProcessor and the HdrHistogram plotter read it).
 * Response time histograms are untagged, service time ones tagged {@value #SERVICE_TAG}; values in
 * nanoseconds, the log's "max" column in milliseconds.
 */
final class HistogramLogOutput implements LoadTestListener, AutoCloseable {

    /** The tag of the service time histograms. */
    static final String SERVICE_TAG = "service-time";

    private final Path file;
    private final PrintStream out;
    private final HistogramLogWriter log;
    private final long baseMillis;

    /**
     * Opens the log and writes its header.
     *
     * @param measuredStartMillis epoch time at which the measured phase starts (the intervals' zero)
     */
    HistogramLogOutput(Path file, long measuredStartMillis) throws IOException {
        this.file = file;
        this.out = new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.UTF_8);
        this.log = new HistogramLogWriter(out);
        this.baseMillis = measuredStartMillis;
        log.outputComment("loadtest: response time (untagged) and service time (Tag=" + SERVICE_TAG
                + ") per interval, values in nanoseconds");
        log.outputLogFormatVersion();
        log.outputStartTime(measuredStartMillis);
        log.setBaseTime(measuredStartMillis);
        log.outputBaseTime(measuredStartMillis);
        log.outputLegend();
    }

    @Override
    public void onIntervalHistograms(Interval interval, LatencyHistogram responseTime, LatencyHistogram serviceTime) {
        long start = baseMillis + interval.start().toMillis();
        long end = baseMillis + interval.start().plus(interval.length()).toMillis();
        write(responseTime, null, start, end);
        write(serviceTime, SERVICE_TAG, start, end);
    }

    private void write(LatencyHistogram latency, String tag, long startMillis, long endMillis) {
        Histogram h = latency.toHistogram();
        h.setStartTimeStamp(startMillis);
        h.setEndTimeStamp(endMillis);
        h.setTag(tag);
        log.outputIntervalHistogram(h);
    }

    /** Closes the log. */
    @Override
    public void close() throws IOException {
        synchronized (log) {
            out.flush();
            boolean failed = out.checkError();
            out.close();
            if (failed) {
                throw new IOException("cannot write " + file);
            }
        }
    }
}
