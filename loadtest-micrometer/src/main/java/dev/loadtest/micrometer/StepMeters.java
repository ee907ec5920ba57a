package dev.loadtest.micrometer;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.Result;
import dev.loadtest.Sessions;
import dev.loadtest.StepResult;
import dev.loadtest.check.CheckResult;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.BaseUnits;
import java.util.Locale;
import java.util.Map;

/**
 * A finished scenario run's steps and sessions as meters ({@link LoadTestMetrics#publishSteps(Result)}): for each
 * step, what {@link LoadTestMetrics} publishes for the run, under {@code loadtest.step.*} names tagged
 * {@value LoadTestMetrics#STEP_TAG}; and the sessions' counters and duration. Apart from the live listener,
 * whose events carry the run's figures only; the names differ from the run's because Prometheus wants every
 * meter of a name to have the same tag keys.
 */
final class StepMeters {

    private final MeterRegistry registry;
    private final Tags tags;

    StepMeters(MeterRegistry registry, Tags tags) {
        this.registry = registry;
        this.tags = tags;
    }

    void publish(Result r) {
        for (StepResult s : r.steps()) {
            step(s);
        }
        r.sessions().ifPresent(this::sessions);
    }

    private void step(StepResult s) {
        Tags step = tags.and(LoadTestMetrics.STEP_TAG, s.name());
        add(step, LoadTestMetrics.STEP_REQUESTS_STARTED, "a step's requests put on the wire", null,
                s.requests().started());
        add(step, LoadTestMetrics.STEP_REQUESTS_DONE, "a step's requests finished, successfully or not", null,
                s.requests().done());
        add(step, LoadTestMetrics.STEP_REQUESTS_SUCCEEDED, "a step's requests finished with a status from 200 to 399",
                null, s.requests().succeeded());
        add(step, LoadTestMetrics.STEP_REQUESTS_FAILED, "a step's requests finished with a status >= 400 or ended "
                + "by an error", null, s.requests().failed());
        add(step, LoadTestMetrics.STEP_REQUESTS_ERRORED, "a step's requests ended by a stream or connection error, "
                + "a timeout, or never issued", null, s.requests().errored());
        add(step, LoadTestMetrics.STEP_RECEIVED, "bytes a step's responses brought", BaseUnits.BYTES,
                s.traffic().totalBytes());
        add(step, LoadTestMetrics.STEP_SENT, "bytes a step's requests sent", BaseUnits.BYTES,
                s.traffic().sentBytes());
        for (Map.Entry<Integer, Long> e : s.statusCodes().counts().entrySet()) {
            add(step.and("status", Integer.toString(e.getKey())), LoadTestMetrics.STEP_RESPONSES,
                    "a step's responses by status code", null, e.getValue());
        }
        for (Map.Entry<ErrorCategory, ErrorCount> e : s.errors().entrySet()) {
            add(step.and("category", e.getKey().name().toLowerCase(Locale.ROOT)), LoadTestMetrics.STEP_ERRORS,
                    "a step's errors by category", null, e.getValue().count());
        }
        for (CheckResult c : s.checks()) {
            add(step.and("check", c.name()), LoadTestMetrics.STEP_CHECK_FAILURES,
                    "a step's responses that failed a response check, by check", null, c.failed());
        }
        Replay.into(timer(step, LoadTestMetrics.STEP_RESPONSE_TIME, "a step's response time: from when it was due "
                + "(open model, corrected for coordinated omission) or its send (closed model) to the response's "
                + "end"), s.responseTime());
        Replay.into(timer(step, LoadTestMetrics.STEP_SERVICE_TIME, "a step's service time: from the send to the "
                + "response's end"), s.serviceTime());
    }

    private void sessions(Sessions s) {
        add(tags, LoadTestMetrics.SESSIONS_STARTED, "sessions started", null, s.started());
        add(tags, LoadTestMetrics.SESSIONS_COMPLETED, "sessions that ran every step", null, s.completed());
        add(tags, LoadTestMetrics.SESSIONS_FAILED, "sessions ended by a failed step", null, s.failed());
        add(tags, LoadTestMetrics.SESSIONS_UNFINISHED, "sessions still running when the run ended", null,
                s.unfinished());
        Replay.into(timer(tags, LoadTestMetrics.SESSION_DURATION, "a completed session's duration, from its first "
                + "send to its last step's end, pauses included"), s.duration());
    }

    private void add(Tags meterTags, String name, String description, String baseUnit, long amount) {
        Counter c = LoadTestMetrics.counter(registry, meterTags, name, description, baseUnit);
        if (amount > 0) {
            c.increment(amount);
        }
    }

    private Timer timer(Tags meterTags, String name, String description) {
        return LoadTestMetrics.timer(registry, meterTags, name, description);
    }
}
