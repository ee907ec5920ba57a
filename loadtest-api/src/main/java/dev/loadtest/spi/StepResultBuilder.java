package dev.loadtest.spi;

import dev.loadtest.ErrorCategory;
import dev.loadtest.ErrorCount;
import dev.loadtest.LatencyHistogram;
import dev.loadtest.Requests;
import dev.loadtest.StatusCodes;
import dev.loadtest.StepResult;
import dev.loadtest.Traffic;
import dev.loadtest.check.CheckResult;
import java.util.List;
import java.util.Map;
import dev.loadtest.internal.HandedConstructor;
import java.util.function.Function;

/**
 * Builds {@link StepResult}s, for engines, readers of stored results and merges, as {@link ResultBuilder} builds
 * results: the one way a step result is constructed, so a figure added later is a setter here with a default.
 *
 * <pre>{@code
 * StepResult login = new StepResultBuilder("login").requests(new Requests(10, 10, 10, 10, 0, 0, 0, 0))
 *         .responseTime(responseTime).serviceTime(serviceTime).build();
 * }</pre>
 *
 * <p>Every figure but the name starts as nothing measured. Each setter has the name of the accessor.
 */
public final class StepResultBuilder {

    /** The figures of a step result, as {@code StepResult}'s private constructor takes them. */
    public record Figures(String name, Requests requests, StatusCodes statusCodes,
                          Map<ErrorCategory, ErrorCount> errors, List<CheckResult> checks, Traffic traffic,
                          LatencyHistogram responseTime, LatencyHistogram serviceTime) {
    }

    /* StepResult's constructor is private; StepResult hands it over from its static initializer (see ResultBuilder). */
    private static final HandedConstructor<Figures, StepResult> CONSTRUCTOR =
            new HandedConstructor<>(StepResult.class);

    private final String name;
    private Requests requests = new Requests(0, 0, 0, 0, 0, 0, 0, 0);
    private StatusCodes statusCodes = new StatusCodes(Map.of());
    private Map<ErrorCategory, ErrorCount> errors = Map.of();
    private List<CheckResult> checks = List.of();
    private Traffic traffic = new Traffic(0, 0, 0, 0, 0);
    private LatencyHistogram responseTime = LatencyHistogram.EMPTY;
    private LatencyHistogram serviceTime = LatencyHistogram.EMPTY;

    /** A builder of the named step, with nothing measured. */
    public StepResultBuilder(String name) {
        this.name = name;
    }

    /** A builder holding every figure of a step result, to build a copy that differs in some. */
    public static StepResultBuilder from(StepResult s) {
        return new StepResultBuilder(s.name()).requests(s.requests()).statusCodes(s.statusCodes()).errors(s.errors())
                .checks(s.checks()).traffic(s.traffic()).responseTime(s.responseTime()).serviceTime(s.serviceTime());
    }

    /**
     * Called once, by {@code StepResult}'s static initializer, with its private constructor.
     *
     * @throws IllegalStateException if the caller is not {@code StepResult}, or a constructor was given already
     */
    public static void useConstructor(Function<Figures, StepResult> stepConstructor) {
        CONSTRUCTOR.take(HandedConstructor.callerOfCaller(), stepConstructor);
    }

    /**
     * The step result.
     *
     * @throws NullPointerException naming the figure, if the name or a figure is {@code null}
     */
    public StepResult build() {
        return CONSTRUCTOR.construct(new Figures(name, requests, statusCodes, errors, checks, traffic, responseTime,
                serviceTime));
    }

    public StepResultBuilder requests(Requests requests) {
        this.requests = requests;
        return this;
    }

    public StepResultBuilder statusCodes(StatusCodes statusCodes) {
        this.statusCodes = statusCodes;
        return this;
    }

    public StepResultBuilder errors(Map<ErrorCategory, ErrorCount> errors) {
        this.errors = errors;
        return this;
    }

    public StepResultBuilder checks(List<CheckResult> checks) {
        this.checks = checks;
        return this;
    }

    public StepResultBuilder traffic(Traffic traffic) {
        this.traffic = traffic;
        return this;
    }

    public StepResultBuilder responseTime(LatencyHistogram responseTime) {
        this.responseTime = responseTime;
        return this;
    }

    public StepResultBuilder serviceTime(LatencyHistogram serviceTime) {
        this.serviceTime = serviceTime;
        return this;
    }
}
