package dev.loadtest.internal.engine.schedule;

import dev.loadtest.internal.engine.connection.Exchange;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.internal.engine.record.Timeline;
import dev.loadtest.internal.engine.record.WorkerStats;
import org.apache.hc.core5.http.nio.command.RequestExecutionCommand;
import org.apache.hc.core5.http.protocol.HttpCoreContext;

/**
 * Loads and initialises the classes of the send path before a rate-driven run's clock starts, so the JVM's class
 * loading is not taken for the scheduler's lag on the first requests of a run (see {@link Phase#startClock}). The
 * timeline is built after the clock starts, so its classes are loaded here too.
 */
public final class SendPath {

    private SendPath() {
    }

    public static void prime(RequestTemplate template) {
        template.newRequest();
        HttpCoreContext.create();
        for (Class<?> c : new Class<?>[] {Exchange.class, RequestExecutionCommand.class, OpenIssuing.class,
                Backlog.class, Timeline.class, WorkerStats.class, dev.loadtest.LatencyHistogram.class}) {
            try {
                Class.forName(c.getName(), true, c.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
