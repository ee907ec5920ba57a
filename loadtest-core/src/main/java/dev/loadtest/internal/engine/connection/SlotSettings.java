package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.spi.CheckPlan;
import java.time.Duration;

/**
 * The settings of a run that its connection slots act on, taken once from the {@link LoadTest}.
 *
 * @param streams          requests each slot keeps in flight (h2 streams, HTTP/1.1 pipelining depth)
 * @param rateDriven       open model: a slot sends its requests when the schedule makes them due; not read by a
 *                         scenario run's slots, which send their sessions' steps when due (StepIssuing)
 * @param backlogPerClient open model: due requests a slot keeps waiting for a free stream
 * @param checks           the run's response checks ({@link CheckPlan#NONE} without: nothing is kept)
 */
public record SlotSettings(Duration connectTimeout, Duration requestTimeout, boolean keepAlive, int streams, boolean tls,
                    boolean rateDriven, int backlogPerClient, CheckPlan checks) {

    public static SlotSettings of(LoadTest test) {
        return new SlotSettings(test.connectTimeout(), test.requestTimeout(), test.keepAlive(), test.streams(),
                test.isHttps(), test.isRateDriven(), Math.max(1, test.maxBacklog() / test.clients()),
                // a scenario run's step plans hold the run's checks
                test.checks().isEmpty() || test.scenario().isPresent() ? CheckPlan.NONE
                        : new CheckPlan(test.checks(), test.maxCheckedBodyBytes()));
    }
}
