package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.Timeline;
import dev.loadtest.internal.engine.schedule.Phase;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a run does before its first connect and before its clock starts, so that what it measures starts warm
 * (issue 15): the target's host names resolved, each step of a request run once off the record
 * ({@link RequestPathWarming}), and once per JVM one interval of an empty timeline cut and one throwaway loopback
 * connection of the run's kind ({@link ConnectPathWarming}). Without it a rate-driven run with no warm-up reported, as its
 * first second's corrected p99, 50 to 300 ms of our own class loading and first use, on an idle server that answers in 2.
 *
 * <p>Best effort: a step that fails leaves its path cold, logged at debug level, and the run goes on (a host
 * that does not resolve fails at its connect, with the connect's message).
 */
final class StartupWarming {

    private static final Log LOG = Log.of(StartupWarming.class);
    /**
     * Whether this JVM has cut its off-the-record interval: what it pays for (the classes it loads) is paid once per
     * JVM, while a throwaway timeline's four histograms and a generator meter would be paid at every run (every step
     * of a capacity search too).
     */
    private static final AtomicBoolean INTERVAL_CUT = new AtomicBoolean();

    private StartupWarming() {
    }

    static void warm(LoadTest test, RequestTemplate template) {
        try {
            RequestPathWarming.run(template, test.protocol());
        } catch (Exception | LinkageError e) {
            LOG.debug("warming the request path failed; the first requests may take longer", e);
        }
        try {
            if (INTERVAL_CUT.compareAndSet(false, true)) {
                cutOneInterval(test);
            }
        } catch (RuntimeException | LinkageError e) {
            LOG.debug("warming the interval cut failed; the first cut may take longer", e);
        }
        resolve(test);
        ConnectPathWarming.once(test);
    }

    /**
     * Starts an empty timeline's generator meter and cuts one interval, off the record: the run's timer does both
     * inside the measured window, at the clock's start and a second later, and in a fresh JVM they loaded ~80 classes
     * (the JVM's management beans, the interval's figures, a stack walker and streams) and bootstrapped a dozen
     * lambdas there, on a thread that shares the cores with the I/O threads.
     */
    private static void cutOneInterval(LoadTest test) {
        Phase offTheRecord = new Phase(test, System.nanoTime());
        Timeline timeline = new Timeline(offTheRecord, test.interval(), test.isRateDriven(), test.requests().orElse(0),
                new Recorders((thread, e) -> { }), (interval, responseTime, serviceTime) -> { });
        long start = offTheRecord.measuredFromNanos();
        long end = start + test.interval().toNanos();
        timeline.advance(start);
        timeline.advance(end);
        timeline.finish(end);
    }

    /**
     * Resolves the targets' host names as HttpCore's resolver will at each connect (the JDK caches the answer,
     * 30 s by default): the first lookup also loads the JDK's name service, and a slow DNS server would
     * otherwise be counted in the connect time of the first connections.
     */
    private static void resolve(LoadTest test) {
        Set<String> hosts = new LinkedHashSet<>();
        for (URI target : test.targets()) {
            hosts.add(target.getHost());
        }
        for (String host : hosts) {
            try {
                InetAddress.getAllByName(host);
            } catch (UnknownHostException | SecurityException e) {
                LOG.debug("cannot resolve " + host + " before the run; its connects will say why", e);
            }
        }
    }
}
