package dev.loadtest.micrometer;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The gauges of one test in one registry, shared by every {@link LoadTestMetrics} with the same tags.
 *
 * <p>Why shared: a registry keeps the first gauge registered under a name and tags, bound to the object it
 * was given, and hands that gauge back to later registrations. Were each listener to register its own
 * object, the second run of a test (a JUnit suite's next test, say) would show the first run's last values
 * for ever. So the state lives here, one per registry and tags, and the registry is held weakly so that a
 * registry thrown away takes its state with it.
 */
final class LiveGauges {

    private static final Map<MeterRegistry, Map<Tags, LiveGauges>> ALL = new WeakHashMap<>();

    // written by one listener thread at a time, read by the registry's publishing or scraping thread
    private volatile double rate;
    private volatile double progress;

    private LiveGauges() {
    }

    static LiveGauges of(MeterRegistry registry, Tags tags) {
        synchronized (ALL) {
            return ALL.computeIfAbsent(registry, r -> new HashMap<>())
                    .computeIfAbsent(tags, t -> new LiveGauges().register(registry, t));
        }
    }

    private LiveGauges register(MeterRegistry registry, Tags tags) {
        Gauge.builder(LoadTestMetrics.RATE, this, g -> g.rate).tags(tags).strongReference(true)
                .description("responses (any status) per second over the last interval of the timeline")
                .register(registry);
        Gauge.builder(LoadTestMetrics.PROGRESS, this, g -> g.progress).tags(tags).strongReference(true)
                .baseUnit("ratio").description("how far the run is: requests done of those planned, or time "
                        + "elapsed of the duration, from 0 to 1")
                .register(registry);
        return this;
    }

    void update(double rate, double progress) {
        this.rate = rate;
        this.progress = progress;
    }
}
