package dev.loadtest;

import dev.loadtest.internal.Blocking;
import dev.loadtest.internal.capacity.Carriers;
import dev.loadtest.internal.capacity.Search;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Capacity search: the highest request rate a service holds within an {@link Objective}, found by running
 * open-model, constant-rate steps, as a person climbing the ladder by hand would, with an answer that says
 * when the ladder was ours and not the server's.
 *
 * <pre>{@code
 * LoadTest.Builder template = LoadTest.target(URI.create("http://127.0.0.1:8080/api"))
 *         .clients(32).streams(4);                          // enough connections for the rates searched
 * Objective objective = Objective.empty()
 *         .maxResponseTime(99, Duration.ofMillis(50))
 *         .maxErrorRate(0.001);
 * CapacityAnswer answer = Capacity.of(template, objective)
 *         .startRate(100)                                   // req/s
 *         .stepDuration(Duration.ofSeconds(5))
 *         .build()
 *         .run();
 * System.out.println(answer);     // the steps, then e.g. "capacity: 388 req/s (confirmed) ..."
 * }</pre>
 *
 * <h2>The search</h2>
 * Each step runs the template at one constant rate ({@link LoadTest.Builder#rate(double)}: requests on a
 * schedule, response times from their due times, corrected for coordinated omission) for
 * {@link Builder#stepWarmUp(Duration) a warm-up} and {@link Builder#stepDuration(Duration) a measured time},
 * on fresh connections, and is judged against the objective ({@link Objective#breaches(Result)}):
 * <ol>
 * <li>from the starting rate, the rate doubles while steps hold (at most up to {@link Builder#maxRate(double)});</li>
 * <li>once a step fails, the search bisects between the highest rate held and the lowest failed until they are
 *     within the {@link Builder#resolution(double) resolution} of each other (rates of 10 req/s and more are
 *     rounded to whole numbers);</li>
 * <li>the highest rate held is run again to confirm it; if it fails then, a third run decides (so that one noisy
 *     step does not pull the answer down); failed again, it becomes the lowest failed and the search goes on below
 *     it.</li>
 * </ol>
 * A search takes about {@code steps x (warm-up + step duration)}: with the defaults (1 s + 5 s) and a start
 * within a factor 8 of the capacity, about 10 steps, one minute.
 *
 * <h2>When the generator is the limit</h2>
 * The server "kept up" in a step when its median service time (from the send, so our own lateness is not in it)
 * stays within {@code 1.5 x} the first step's plus 1 ms. A step shows the load generator, not the server, as the
 * limit when:
 * <ul>
 * <li>its verdict is {@linkplain Verdict#GENERATOR_SATURATED generator-saturated} (our scheduler's lag p99 over
 *     10 ms, or our CPU at the cores we can use), it broke the objective, and the server kept up and its own
 *     service time (at each limit's percentile,
 *     less our lag at that percentile: a stall of this whole machine delays our reading of responses too) breaks
 *     no limit. Such a step is run once more first: once can be a passing stall. A saturated step that held the
 *     objective held (our lag only adds to response times); one whose server broke a limit or slowed down failed;</li>
 * <li>or it achieved less than 98 % of its offered rate with no failed request while the server kept up: the
 *     template's connections ({@code clients x streams} requests in flight at most) could not carry the rate.</li>
 * </ul>
 * The answer is then {@link CapacityAnswer.Conclusion#GENERATOR_LIMITED} "limited by the load generator at N req/s",
 * with no capacity figure.
 *
 * <h2>Usage errors, before any load</h2>
 * An {@linkplain Objective#isEmpty() empty} objective; a resolution outside (0, 0.5]; a starting rate above what
 * the template's connections can carry, {@code clients x streams / }{@value #MIN_SERVICE_TIME_MILLIS}{@code  ms}
 * (each request in flight holds its stream for at least its service time, and a service time under 1 ms is the
 * best a network round trip and a server's work give; above that rate the connections, not the server, would be
 * measured); a template whose settings do not combine ({@link LoadTest.Builder#build()}).
 *
 * <h2>Shards</h2>
 * A template declared as a shard ({@link LoadTest.Builder#shard(int, int)}) runs its share of each step's rate.
 * To drive several processes or machines from one search, give a {@link StepRunner} that starts the step on
 * every shard ({@code step.newBuilder().shard(k, n)}, with a common {@link LoadTest.Builder#startAt start time})
 * and completes with {@link Results#merge(List)} of their results: each step is then judged on the whole run's
 * figures, the histograms added exactly. See the README's "Capacity search".
 *
 * <p>Immutable and thread-safe: run it as often as you like. The work is done by the engine on the class path.
 */
public final class Capacity {

    /** The starting rate unless given: 100 requests per second. */
    public static final double DEFAULT_START_RATE = 100;
    /** The resolution unless given: 5 %. */
    public static final double DEFAULT_RESOLUTION = 0.05;
    /** The measured time of each step unless given: 5 s. */
    public static final Duration DEFAULT_STEP_DURATION = Duration.ofSeconds(5);
    /** The warm-up of each step unless given: 1 s. */
    public static final Duration DEFAULT_STEP_WARM_UP = Duration.ofSeconds(1);
    /**
     * The shortest service time the starting-rate check assumes, in milliseconds: a template's connections carry
     * at most {@code clients x streams / 1 ms}.
     */
    public static final int MIN_SERVICE_TIME_MILLIS = 1;
    /** At most this many steps: far more than a search from any start needs (doubling 1 to 10M is 24). */
    public static final int MAX_STEPS = 40;

    private final LoadTest.Builder template;
    private final Objective objective;
    private final double startRate;
    private final double maxRate;
    private final double resolution;
    private final Duration stepDuration;
    private final Duration stepWarmUp;
    private final boolean confirm;
    private final List<CapacityListener> listeners;
    private final StepRunner runner;

    private Capacity(Builder b) {
        // a private copy: the caller may change or reuse its builder afterwards
        this.template = b.template.copyAsStep(b.startRate, Duration.ZERO, Duration.ofSeconds(1));
        this.objective = b.objective;
        this.startRate = b.startRate;
        this.maxRate = b.maxRate;
        this.resolution = b.resolution;
        this.stepDuration = b.stepDuration;
        this.stepWarmUp = b.stepWarmUp;
        this.confirm = b.confirm;
        this.listeners = List.copyOf(b.listeners);
        this.runner = b.runner;
    }

    /**
     * Describes a search of a service with the settings of a template (targets, clients, streams, protocol,
     * headers, body, timeouts, listeners...); its requests, duration, warm-up, rate and stages are replaced by
     * each step's.
     *
     * @throws IllegalArgumentException if the objective is {@linkplain Objective#isEmpty() empty}
     */
    public static Builder of(LoadTest.Builder template, Objective objective) {
        return new Builder(template, objective);
    }

    /**
     * Searches with the default settings and blocks until the answer: {@code of(template, objective).build().run()}.
     *
     * @throws IllegalArgumentException if the objective is empty
     * @throws IllegalStateException if the template's settings do not combine, or its connections cannot carry
     *     the starting rate
     */
    public static CapacityAnswer search(LoadTest.Builder template, Objective objective) {
        return of(template, objective).build().run();
    }

    /**
     * Runs the search and blocks until it ends. If the calling thread is interrupted, the search is stopped
     * and the answer so far returned ({@link CapacityAnswer.Conclusion#STOPPED}), with the interrupt flag set
     * again.
     */
    public CapacityAnswer run() {
        CapacityRun run = start();
        return Blocking.await(run::answer, run::stop, "capacity search");
    }

    /** Starts the search on a thread of its own and returns at once with a handle to its answer and to stop it. */
    public CapacityRun start() {
        return Search.start(new Search.Plan(objective, startRate, maxRate, resolution, confirm, listeners,
                this::step, runner::start));
    }

    /** The test one step runs: the template at this rate, with the search's warm-up and step duration. */
    public LoadTest step(double rate) {
        return template.copyAsStep(rate, stepWarmUp, stepDuration).build();
    }

    /** The objective each step is held against. */
    public Objective objective() {
        return objective;
    }

    /** The rate of the first step, in requests per second. */
    public double startRate() {
        return startRate;
    }

    /** The highest rate a step may have, in requests per second. */
    public double maxRate() {
        return maxRate;
    }

    /** How close the highest rate held and the lowest failed get before the search confirms: a fraction. */
    public double resolution() {
        return resolution;
    }

    /** Each step's measured time. */
    public Duration stepDuration() {
        return stepDuration;
    }

    /** Each step's warm-up. */
    public Duration stepWarmUp() {
        return stepWarmUp;
    }

    /** Whether the highest rate held is run again before the search answers. */
    public boolean confirms() {
        return confirm;
    }

    @Override
    public String toString() {
        return "Capacity[" + template.build().unsharded().targets() + ", objective: " + objective + ", start "
                + FigureFormat.rate(startRate) + (maxRate < Stage.MAX_RATE ? ", max " + FigureFormat.rate(maxRate) : "")
                + ", resolution " + FigureFormat.percent(resolution) + ", steps of " + DurationFormat.format(stepWarmUp)
                + " + " + DurationFormat.format(stepDuration) + "]";
    }

    /**
     * Runs one step: starts the step's test and returns its handle. The default is {@link LoadTest#start()}; a
     * sharded search starts the step on every shard and merges their results.
     *
     * <pre>{@code
     * Capacity.StepRunner shards = step -> {
     *     Instant at = Instant.now().plusSeconds(2);
     *     List<LoadTestRun> runs = IntStream.range(0, 3)
     *             .mapToObj(k -> remote(k).start(step.newBuilder().shard(k, 3).startAt(at).build()))
     *             .toList();
     *     return new LoadTestRun() {   // the whole step: the shards' results merged
     *         public CompletableFuture<Result> result() {
     *             return CompletableFuture.allOf(runs.stream().map(LoadTestRun::result)
     *                             .toArray(CompletableFuture[]::new))
     *                     .thenApply(v -> Results.merge(runs.stream().map(r -> r.result().join()).toList()));
     *         }
     *         public void stop() { runs.forEach(LoadTestRun::stop); }
     *     };
     * };
     * }</pre>
     */
    @FunctionalInterface
    public interface StepRunner {

        /** Starts the step's test; the result is judged when it completes. */
        LoadTestRun start(LoadTest step);
    }

    /**
     * Describes a {@link Capacity} search. Each setter checks its argument at once; {@link #build()} checks the
     * template and the starting rate against it. Not thread-safe.
     */
    public static final class Builder {
        private final LoadTest.Builder template;
        private final Objective objective;
        private double startRate = DEFAULT_START_RATE;
        private double maxRate = Stage.MAX_RATE;
        private double resolution = DEFAULT_RESOLUTION;
        private Duration stepDuration = DEFAULT_STEP_DURATION;
        private Duration stepWarmUp = DEFAULT_STEP_WARM_UP;
        private boolean confirm = true;
        private final List<CapacityListener> listeners = new ArrayList<>();
        private StepRunner runner = LoadTest::start;

        private Builder(LoadTest.Builder template, Objective objective) {
            this.template = Objects.requireNonNull(template, "template must not be null");
            Objects.requireNonNull(objective, "objective must not be null");
            if (objective.isEmpty()) {
                throw new IllegalArgumentException("objective (none) must have at least one limit: a response "
                        + "time (maxResponseTime) or an error rate (maxErrorRate), or every rate would hold");
            }
            this.objective = objective;
        }

        /** The rate of the first step. Default {@value #DEFAULT_START_RATE} req/s; within (0, 10,000,000]. */
        public Builder startRate(double requestsPerSecond) {
            this.startRate = rate("startRate", requestsPerSecond);
            return this;
        }

        /**
         * The highest rate a step may have: doubling stops there, and a step holding it ends the search
         * ({@link CapacityAnswer.Conclusion#MAX_RATE_HELD}). Use it to ask "does it hold at least this much?"
         * without searching the ceiling. Default 10,000,000 req/s ({@link Stage#MAX_RATE}); at least the
         * starting rate (checked by {@link #build()}).
         */
        public Builder maxRate(double requestsPerSecond) {
            this.maxRate = rate("maxRate", requestsPerSecond);
            return this;
        }

        /**
         * How close the highest rate held and the lowest failed must get, relative to the rate held, before the
         * search confirms: {@code 0.05} stops bisecting when {@code (failed - held) / held <= 5 %}. Default 0.05;
         * within (0, 0.5].
         */
        public Builder resolution(double fraction) {
            if (!(fraction > 0 && fraction <= 0.5)) {
                throw new IllegalArgumentException("resolution (" + fraction + ") must be within (0, 0.5]: "
                        + "0.05 is 5 %");
            }
            this.resolution = fraction;
            return this;
        }

        /** Each step's measured time. Default 5 s; from 100 ms to 1 hour. */
        public Builder stepDuration(Duration duration) {
            Objects.requireNonNull(duration, "stepDuration must not be null");
            if (duration.compareTo(Duration.ofMillis(100)) < 0 || duration.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("stepDuration (" + duration + ") must be within [100 ms, 1 hour]");
            }
            this.stepDuration = duration;
            return this;
        }

        /**
         * Each step's warm-up: requests sent at the step's rate before measuring, on the step's connections, so
         * that connection set-up and a cold server do not count. Default 1 s; from 0 to 1 hour.
         */
        public Builder stepWarmUp(Duration warmUp) {
            Objects.requireNonNull(warmUp, "stepWarmUp must not be null");
            if (warmUp.isNegative() || warmUp.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("stepWarmUp (" + warmUp + ") must be within [0, 1 hour]");
            }
            this.stepWarmUp = warmUp;
            return this;
        }

        /**
         * Whether the highest rate held is run again before the search answers. Default true; false answers
         * at the first step that holds {@link #maxRate(double)}, or when the bounds meet, without repeating.
         */
        public Builder confirm(boolean confirm) {
            this.confirm = confirm;
            return this;
        }

        /** Adds a listener for the steps; see {@link CapacityListener} for its contract. */
        public Builder listener(CapacityListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener must not be null"));
            return this;
        }

        /** How each step is run; default {@link LoadTest#start()}. See {@link StepRunner} for shards. */
        public Builder stepRunner(StepRunner runner) {
            this.runner = Objects.requireNonNull(runner, "stepRunner must not be null");
            return this;
        }

        /**
         * Checks the template and the rates and returns the immutable search.
         *
         * @throws IllegalStateException if the template's settings do not combine (the message is
         *     {@link LoadTest.Builder#build()}'s), the maximum rate is below the starting rate, or the starting
         *     rate is above what the template's connections can carry ({@code clients x streams / 1 ms}; in an
         *     open-model scenario with {@link LoadTest.Builder#connectionPerUser() connectionPerUser()}, whose
         *     {@link LoadTest#clients() clients} are its maxBacklog, a connection of one stream per session in flight)
         */
        public Capacity build() {
            if (maxRate < startRate) {
                throw new IllegalStateException("maxRate (" + FigureFormat.number(maxRate) + ") must be >= startRate ("
                        + FigureFormat.number(startRate) + ")");
            }
            LoadTest first;
            try {
                first = template.copyAsStep(startRate, stepWarmUp, stepDuration).build();
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("template: " + e.getMessage(), e);
            }
            LoadTest whole = first.unsharded();
            double carried = carried(Carriers.count(whole));
            if (startRate > carried) {
                throw new IllegalStateException("startRate (" + FigureFormat.number(startRate) + " req/s) is above what "
                        + "the template's connections can carry: " + Carriers.of(whole) + " / "
                        + MIN_SERVICE_TIME_MILLIS + " ms = " + FigureFormat.rate(carried) + " at most (each request "
                        + "holds its stream for its service time); start lower, or " + Carriers.more(whole));
            }
            return new Capacity(this);
        }

        /** {@code build().run()}. */
        public CapacityAnswer run() {
            return build().run();
        }

        /** {@code build().start()}. */
        public CapacityRun start() {
            return build().start();
        }

        private static double rate(String name, double value) {
            if (!(value > 0 && value <= Stage.MAX_RATE)) {
                throw new IllegalArgumentException(name + " (" + value + ") must be within (0, "
                        + FigureFormat.number(Stage.MAX_RATE) + "] requests per second");
            }
            return value;
        }
    }

    /** The most requests per second {@code slots} streams ({@link Carriers#count}) carry at the shortest service time. */
    static double carried(long slots) {
        return slots * 1000.0 / MIN_SERVICE_TIME_MILLIS;
    }
}
