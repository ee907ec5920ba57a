// Over our ~400 lines for one reason: a session's life (its start, each step's build, send, judgement, redirects and
// pause, its end and its user's next session) and the slots' callbacks share the queues, the counters of users and
// sessions in flight and the recording; split apart, each part would reach into the others' state. The pieces that
// stand alone are elsewhere: the state machine (SessionState), a step in flight (StepCall), the figures (record).

package dev.loadtest.internal.engine.scenario;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.internal.engine.connection.BuiltRequests;
import dev.loadtest.internal.engine.connection.ConnectionSlot;
import dev.loadtest.internal.engine.connection.StepFeed;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.ScenarioStats;
import dev.loadtest.internal.engine.record.StepStats;
import dev.loadtest.internal.engine.record.WorkerStats;
import dev.loadtest.internal.engine.schedule.ConcurrencyPlan;
import dev.loadtest.internal.engine.schedule.Phase;
import dev.loadtest.internal.engine.schedule.StepIssuing;
import dev.loadtest.internal.engine.schedule.Scheduler;
import dev.loadtest.internal.request.FeedIndex;
import dev.loadtest.internal.request.FeedReader;
import dev.loadtest.internal.request.SeededRandom;
import dev.loadtest.internal.scenario.CookieJar;
import dev.loadtest.internal.scenario.ScenarioPlan;
import dev.loadtest.internal.scenario.SessionState;
import dev.loadtest.internal.scenario.StepOutcome;
import dev.loadtest.request.FeederExhaustedException;
import dev.loadtest.request.Request;
import dev.loadtest.request.Row;
import dev.loadtest.scenario.Step;
import dev.loadtest.spi.CapturedResponse;
import dev.loadtest.spi.CheckPlan;
import dev.loadtest.spi.CheckTally;
import java.net.URI;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.hc.client5.http.RedirectException;

/**
 * The sessions of a scenario run (docs/design/scenarios.md): it starts them (closed model: each user's next session
 * when one ends; open model: one per arrival the {@link Scheduler} hands over), queues each step when it falls due
 * (at once, or when its pause ends on the run's timer), gives the due steps to the connection slots that have a
 * free stream ({@link StepFeed}), and takes each step's fate back: the session judges the response and moves on or
 * fails, and the step's figures go under its name ({@link StepStats}) beside the run's.
 *
 * <p>Threads: slots call in on their I/O threads under their monitor, and this never takes a slot's lock there;
 * the timer (pauses, {@link #tick}) and the scheduler (arrivals) wake the slots ({@link ConnectionSlot#stepsReady}),
 * holding no other lock. A session is handed from thread to thread through the queues, one step at a time.
 *
 * <p>Connections: sessions share the run's slots, or with {@code connectionPerUser()} each user has its slot (closed
 * model) or each arrival's session makes its own at its arrival and closes it at its end (open model,
 * {@link SessionSteps}). Steps wait for a slot in a {@link StepQueue}; once every slot that serves a queue has given up
 * (a dead server in a counted run, a wrong setup, a session's refused connect), its sessions fail with that error at
 * the step they wait for, and a user whose slot gave up runs no more sessions: every session begun is accounted for.
 *
 * <p>Concurrency stages (closed model): the stage's count is the users in flight ({@link #limit}); users numbered
 * at or above it finish the session they are in and wait, parked, until a stage lets them in again.
 */
public final class ScenarioRun implements StepFeed, Scheduler.Target, ConcurrencyPlan.Limited {

    /** What the run does for its sessions: a timer, and where a run-wide event goes. */
    public interface RunHooks {
        /** Runs a task on the run's timer after a delay; false if the run is ending. */
        boolean schedule(Runnable task, long delayNanos);

        /** The feeder has no row left for a new session: the run stops issuing, as at a reached count. */
        void exhausted(String message);

        /** A step's request could not be built, with this message (logged once per distinct message). */
        void requestNotBuilt(String message);

        /**
         * The open model with a connection per session: makes and starts the connection of one arrival's session,
         * which carries {@code sessionSteps} alone and closes when the session ends. {@code known} is given the way
         * to wake it (a step fell due off its thread, or the session ended there) <em>before</em> it starts: from its
         * start, its I/O thread may answer the session's step and the step's pause may end on the timer, each
         * before this call returns, and a wake-up lost then would leave the session's next step unsent and its
         * connection open until the run's end.
         */
        void connect(StepFeed sessionSteps, Consumer<Runnable> known);
    }

    /** At most this many steps are built in one {@link #next} call, so a scenario whose every request fails to
     * build cannot hold a slot's thread; the next tick goes on. */
    private static final int MAX_BUILT_PER_CALL = 100;

    private final ScenarioPlan plan;
    private final List<Step> steps;
    private final Map<Step, Integer> indexes = new IdentityHashMap<>();
    private final boolean[] needsBody;
    private final Phase phase;
    private final Recorders recorders;
    private final RunHooks run;
    private final BuiltRequests built;
    private final List<URI> targets;
    private final URI server;
    private final long seed;
    private final int shardIndex;
    private final int shardCount;
    private final FeedReader feed;
    private final Supplier<CookieJar> jars;
    /** The scenario's token, when it has a provider: the {@code Authorization} of every step that sets none. */
    private final TokenRefresher tokens;
    private final boolean followsRedirects;
    private final boolean open;
    private final int users;
    private final long iterations;
    /** Closed model: each user has its own slot (its queue's); see {@link #perArrival} for the open model's. */
    private final boolean perUser;
    /** Open model with a connection per user: each arrival's session opens its own connection. */
    private final boolean perArrival;
    private final int maxSessions;
    private final StepQueue due = new StepQueue();
    private final List<StepQueue> userQueues;
    /** The shared slots that gave up: when all have, the shared queue is lost. */
    private final AtomicInteger slotsGaveUp = new AtomicInteger();
    private final AtomicLong sessionsBegun = new AtomicLong();
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger usersLeft;
    private final AtomicLongArray sessionsRun;
    /** Closed model: 1 for a user waiting, between sessions, for a stage to let it in; 0 for one in a session. */
    private final AtomicIntegerArray parked;
    /** Closed model: users numbered below this run sessions (all of them without concurrency stages). */
    private volatile int usersAllowed;
    private volatile boolean started;
    private final AtomicInteger wakeCursor = new AtomicInteger();
    private volatile List<ConnectionSlot> slots = List.of();

    /**
     * @param jars makes each session's cookie jar
     * @param tokens the scenario's token, refreshed, when it has a provider; else null
     * @throws IllegalArgumentException if the feeder's file is malformed
     */
    public ScenarioRun(LoadTest test, Phase phase, Recorders recorders, RunHooks run, Supplier<CookieJar> jars,
            TokenRefresher tokens) {
        this.plan = ScenarioPlan.of(test.scenario().orElseThrow(), test.checks(), test.maxCheckedBodyBytes());
        this.steps = plan.scenario().steps();
        this.needsBody = new boolean[steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            indexes.put(step, i);
            needsBody[i] = step.needsBody() || plan.checks(step).needsBody();
        }
        this.phase = phase;
        this.recorders = recorders;
        this.run = run;
        this.built = new BuiltRequests(test);
        this.targets = test.targets();
        this.server = targets.get(0);
        this.seed = test.seed().orElseThrow();
        this.shardIndex = test.shardIndex();
        this.shardCount = test.shardCount();
        this.feed = test.feeder().map(f -> FeedReader.open(FeedIndex.of(f), shardIndex, shardCount)).orElse(null);
        this.jars = jars;
        this.tokens = tokens;
        this.followsRedirects = plan.scenario().followsRedirects();
        this.open = test.isRateDriven();
        this.users = test.users();
        this.iterations = test.iterations().orElse(0);
        this.perUser = test.connectionPerUser() && !open;
        this.perArrival = test.connectionPerSession();
        this.maxSessions = test.maxBacklog();
        this.usersLeft = new AtomicInteger(users);
        this.sessionsRun = new AtomicLongArray(Math.max(users, 1));
        this.parked = new AtomicIntegerArray(Math.max(users, 1));
        this.usersAllowed = users;
        List<StepQueue> queues = new ArrayList<>();
        if (perUser) {
            for (int u = 0; u < users; u++) {
                queues.add(new StepQueue());
            }
        }
        this.userQueues = queues;
        warm();
    }

    /**
     * Runs our part of a session's first step once, off the record, before the run's clock starts: without it the
     * first steps of a run waited 0.3 to 1 s on a busy machine (the cookie spec loading its public suffix list, the
     * session's and the request's classes), which the open model would count in their response times. The steps'
     * own requests are the user's code, with effects of their own: they are not called.
     */
    private void warm() {
        CookieJar jar = jars.get();
        jar.receive(server, List.of("warm=1; Path=/"));
        jar.cookieHeader(server);
        SessionState session = new SessionState(plan, -1, seed, () -> {
            throw new IllegalStateException("no row while warming");
        }, jar);
        session.next();
        built.template(Request.post("/").jsonBody("{}"));
    }

    /** The plan the result's steps are assembled by. */
    public ScenarioPlan plan() {
        return plan;
    }

    /** The run's slots, to wake when a step falls due off their threads; set before the clock starts. */
    public void slots(List<ConnectionSlot> slots) {
        this.slots = List.copyOf(slots);
    }

    /** Closed model: the run's clock started; every user the stage lets in starts its first session now. */
    public void start(long now) {
        if (open) {
            return;
        }
        for (int u = 0; u < users; u++) {
            parked.set(u, 1);
        }
        started = true;
        letIn(now);
        wake();
    }

    /**
     * Closed model, on the timer: a concurrency stage's users in flight. Raised, the parked users below it start a
     * session now; lowered, the users at or above it park when their session ends (none is cut in the middle).
     */
    @Override
    public void limit(int usersInFlight) {
        usersAllowed = usersInFlight;
        if (started) {
            letIn(System.nanoTime());
            wake();
        }
    }

    /** Starts a session for each parked user the stage lets in; a user is unparked by one thread only (CAS). */
    private void letIn(long now) {
        int allowed = Math.min(usersAllowed, users);
        for (int u = 0; u < allowed; u++) {
            if (parked.compareAndSet(u, 1, 0)) {
                startSession(u, now);
            }
        }
    }

    /** On the run's timer, every few milliseconds: a step queued where no slot looked gets a slot. */
    public void tick() {
        if (!due.isEmpty() || userQueues.stream().anyMatch(q -> !q.isEmpty())) {
            wake();
        }
    }

    // ---- the open model: the scheduler's arrivals

    @Override
    public void onDue(long dueNanos, WorkerStats schedulerStats) {
        if (inFlight.incrementAndGet() > maxSessions) {
            inFlight.decrementAndGet();
            if (phase.isMeasured(dueNanos)) {
                schedulerStats.scenario(steps.size()).sessionNotStarted("not started: " + maxSessions
                        + " sessions in flight");
            }
            return;
        }
        LiveSession session = startSession(-1, dueNanos);
        if (session != null) {
            wake(session);
        }
    }

    /** A measured arrival the scheduler did not hand over before it stopped, behind: a session not started. */
    @Override
    public void onMissed(long dueNanos, WorkerStats schedulerStats) {
        schedulerStats.scenario(steps.size()).sessionNotStarted("not started: the scheduler was behind its schedule"
                + " when the run ended");
    }

    @Override
    public void onScheduleEnded() {
        // arrivals run for a duration: the run ends at its deadline
    }

    // ---- the slots' side (StepFeed)

    @Override
    public boolean hasWork() {
        return open || usersLeft.get() > 0;
    }

    @Override
    public Call next(int slot, long now) {
        return next(perUser ? userQueues.get(slot) : due, slot, now);
    }

    /** The next due step of {@code queue}, built for slot {@code slot}; null when none is due. */
    Call next(StepQueue queue, int slot, long now) {
        for (int i = 0; i < MAX_BUILT_PER_CALL; i++) {
            StepCall call = queue.poll();
            if (call == null) {
                return null;
            }
            if (call.template != null || build(call, slot, now)) {
                return call;
            }
        }
        return null;
    }

    @Override
    public void sent(Call c, long sentNanos, boolean measured) {
        StepCall call = (StepCall) c;
        if (call.session.firstSentNanos == 0) {
            call.session.firstSentNanos = sentNanos;
        }
        if (call.redirected()) {
            return;   // part of the step's request, counted when it was sent
        }
        call.firstSentNanos = sentNanos;
        call.measured = measured;
        if (measured) {
            stepStats(recorders.get(), call).started();
        }
    }

    @Override
    public StepStats stats(Call c) {
        return stepStats(recorders.get(), (StepCall) c);
    }

    @Override
    public long completed(Call c, int status, CapturedResponse response, long firstSentNanos, long now,
            boolean measured) {
        StepCall call = (StepCall) c;
        SessionState session = call.session.state;
        String redirectFailure = null;
        if (followsRedirects && response != null) {
            try {
                if (followRedirect(call, status, response)) {
                    return -1;
                }
            } catch (RedirectException e) {
                redirectFailure = "redirect not followed: " + e.getMessage();
            }
        }
        long serviceNanos = now - call.firstSentNanos;
        WorkerStats whole = recorders.get();
        StepStats stats = stepStats(whole, call);
        CheckPlan checks = plan.checks(call.step);
        CheckTally tally = measured ? stats.tally(checks) : checks.newTally();   // the warm-up's are not counted
        StepOutcome outcome;
        try {
            outcome = redirectFailure != null ? session.failed(call.step, redirectFailure)
                    : response == null ? session.failed(call.step, "status " + status + ": the response's head was not kept")
                    : session.complete(call.step, call.uri, response, tally);
        } catch (RuntimeException e) {
            // never into the slot, which holds its lock and the exchange's end: the session fails here
            outcome = session.failed(call.step, "judging the response failed: " + e);
        }
        if (measured) {
            stats.responded(status, serviceNanos, call.dueNanos() != 0 ? now - call.due : serviceNanos);
            if (!outcome.passed()) {
                stats.judgedFailed(status);
                whole.judgedFailed(status);
            }
        }
        next(call.session, outcome, now);
        return call.firstSentNanos;
    }

    /** After a step: the session ends there, or its next step falls due after the pause. */
    private void next(LiveSession session, StepOutcome outcome, long now) {
        if (!outcome.passed()) {
            ended(session, now);
            return;
        }
        long pause = outcome.pause().toNanos();
        if (pause <= 0) {
            advance(session, now);   // this slot's fill, right after, takes it
            return;
        }
        long dueAt = now + pause;
        run.schedule(() -> {
            advance(session, dueAt);
            wake(session);   // its own connection, if it has one, also closes here if the session ended
        }, pause);   // false: the run is ending, and the session with it (unfinished)
    }

    /**
     * A redirect the session follows: its cookies kept, the next request (with the jar's cookies for its URI)
     * queued as the same step; false when the response is the step's final one.
     *
     * @throws RedirectException why it cannot be followed (another origin, a loop, too many)
     */
    private boolean followRedirect(StepCall call, int status, CapturedResponse response) throws RedirectException {
        if (call.redirects == null) {
            if (status < 300 || status >= 400) {
                return false;
            }
            call.redirects = new Redirects(server);
        }
        Optional<Request> next = call.redirects.next(call.request, status, response.headers("Location"));
        if (next.isEmpty()) {
            return false;
        }
        call.session.jar.receive(call.uri, response.headers("Set-Cookie"));
        URI nextUri = next.get().uri(server);
        Request request = call.session.jar.cookieHeader(nextUri).map(c -> next.get().header("Cookie", c))
                .orElse(next.get());
        call.follow(request, built.template(request), nextUri);
        enqueue(call);   // this slot's fill, right after, takes it if nothing waits before it
        return true;
    }

    @Override
    public void failed(Call c, ErrorCategory category, String message, boolean timedOut, boolean measured) {
        StepCall call = (StepCall) c;
        if (measured) {
            stepStats(recorders.get(), call).failed(category, message, timedOut);
        }
        call.session.state.failed(call.step, message);
        ended(call.session, System.nanoTime());
    }

    @Override
    public void notSent(Call c, ErrorCategory category, String message, boolean measured, boolean sentBefore) {
        StepCall call = (StepCall) c;
        if (category == null) {
            enqueue(call);   // built already: it goes out as it is, on the first slot free
            return;
        }
        if (measured) {
            stepStats(recorders.get(), call).notSent(category, message, sentBefore);
        }
        call.session.state.failed(call.step, message);
        ended(call.session, System.nanoTime());
    }

    /**
     * A shared slot gave up, or a user's (its queue is lost then): the shared queue is lost when every shared slot
     * has given up. A session's own slot gives up through its {@link SessionSteps}.
     */
    @Override
    public void gaveUp(int slot, ErrorCategory category, String message) {
        if (perUser) {
            lose(userQueues.get(slot), category, message);
        } else if (slotsGaveUp.incrementAndGet() >= slots.size()) {
            lose(due, category, message);
        }
    }

    /** No slot will carry {@code queue}'s steps: those waiting fail now, and those added later at once. */
    void lose(StepQueue queue, ErrorCategory category, String message) {
        queue.lose(category, message);
        failWaiting(queue);
    }

    private void failWaiting(StepQueue queue) {
        StepQueue.Loss loss = queue.loss();
        for (StepCall call = queue.poll(); call != null; call = queue.poll()) {
            notIssued(call, loss.category(), loss.message(), loss.message(), System.nanoTime());
        }
    }

    /**
     * The step will not go out: an errored request never issued (or, for a redirect of it, one failed), in the run's
     * errors with {@code runMessage} and the step's with {@code stepMessage}; its session fails there.
     */
    private void notIssued(StepCall call, ErrorCategory category, String runMessage, String stepMessage, long now) {
        // a redirect's request is measured as its step's first was, when that was counted as started
        if (call.redirected() ? call.measured : StepIssuing.measuredWhenNotSent(phase, call.dueNanos(), now)) {
            WorkerStats whole = recorders.get();
            whole.notSent(category, runMessage, call.redirected());   // a redirect's first request went out
            stepStats(whole, call).notSent(category, stepMessage, call.redirected());
        }
        call.session.state.failed(call.step, stepMessage);
        ended(call.session, now);
    }

    // ---- sessions

    /** Starts a session of {@code user} (-1: an arrival) due at {@code now}; null if the run no longer issues. */
    private LiveSession startSession(int user, long now) {
        if (!phase.isIssuing()) {
            if (open) {
                inFlight.decrementAndGet();
            } else {
                userDone();
            }
            return null;
        }
        long id = shardIndex + sessionsBegun.getAndIncrement() * shardCount;
        CookieJar jar = jars.get();
        SessionState state = new SessionState(plan, id, seed, () -> row(id), jar);
        StepQueue queue = perArrival ? new StepQueue() : perUser ? userQueues.get(user) : due;
        LiveSession session = new LiveSession(state, jar, user, now, phase.isMeasured(now), queue);
        if (session.measured) {
            recorders.get().scenario(steps.size()).sessionStarted();
        }
        advance(session, now);
        if (perArrival && !session.ended) {
            // its first step waits in its queue: the connection takes it once connected, or fails it if it cannot be
            run.connect(new SessionSteps(this, session), wake -> session.wakeConnection = wake);
        }
        return session;
    }

    /** Queues the session's next step, due at {@code dueNanos}; or ends the session if it has none left. */
    private void advance(LiveSession session, long dueNanos) {
        Step step = session.state.next();
        if (step == null) {
            ended(session, dueNanos);
            return;
        }
        int index = indexes.get(step);
        enqueue(new StepCall(session, step, index, dueNanos, open, needsBody[index], plan.maxBodyBytes()));
    }

    /** The session completed or failed: counted, and its user (closed model) starts the next. */
    private void ended(LiveSession session, long now) {
        session.ended = true;
        if (session.measured) {
            ScenarioStats stats = recorders.get().scenario(steps.size());
            SessionState state = session.state;
            if (state.status() == SessionState.Status.COMPLETED) {
                long from = session.firstSentNanos != 0 ? session.firstSentNanos : session.startNanos;
                stats.sessionCompleted(now - from);
            } else {
                Step at = state.failedStep().orElseThrow();
                String prefix = "step '" + at.name() + "': ";
                String reason = state.failure().orElse("");
                stats.sessionFailed(indexes.get(at), reason.startsWith(prefix) ? reason.substring(prefix.length())
                        : reason);
            }
        }
        if (open) {
            inFlight.decrementAndGet();
            return;
        }
        long run = sessionsRun.incrementAndGet(session.user);
        if ((iterations > 0 && run >= iterations) || session.queue.loss() != null) {
            userDone();   // its iterations are done, or no connection will carry its sessions' steps
        } else if (session.user < usersAllowed) {
            startSession(session.user, now);
        } else {
            // over the stage's count: park, unless the timer raised it meanwhile (then whoever unparks starts it)
            parked.set(session.user, 1);
            if (session.user < usersAllowed && parked.compareAndSet(session.user, 1, 0)) {
                startSession(session.user, now);
            }
        }
    }

    private void userDone() {
        if (usersLeft.decrementAndGet() == 0) {
            phase.stopIssuing();   // every user ran its iterations: the slots end once what is in flight is done
        }
    }

    // ---- steps

    private void enqueue(StepCall call) {
        StepQueue queue = call.session.queue;
        queue.add(call);
        if (queue.loss() != null) {
            failWaiting(queue);   // lost before or while it was added: it fails here, once
        }
    }

    /**
     * Builds the step's request for the slot; false if it cannot be (then the session fails there, counted as an
     * errored request of the step that was never sent, or the feeder ran out and the run ends).
     */
    private boolean build(StepCall call, int slot, long now) {
        SessionState session = call.session.state;
        int client = shardIndex + slot * shardCount;
        long seq = shardIndex + sequence.getAndIncrement() * shardCount;
        try {
            Request request = session.request(call.step, client, seq, server).requireSameOrigin(targets);
            if (tokens != null && request.headers().stream().noneMatch(h -> h.name().equalsIgnoreCase("Authorization"))) {
                request = request.header("Authorization", tokens.authorization());
            }
            call.request = request;
            call.uri = request.uri(server);
            call.template = built.template(request);
            return true;
        } catch (FeederExhaustedException e) {
            run.exhausted(e.getMessage());   // the session is left unfinished, as the run ends
            return false;
        } catch (RuntimeException e) {
            String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
            String atStep = "step '" + call.step.name() + "': " + message;
            run.requestNotBuilt(atStep);
            notIssued(call, ErrorCategory.OTHER, atStep, message, now);
            return false;
        }
    }

    /** Wakes the session's own connection, if it has one, else the run's slots. */
    private void wake(LiveSession session) {
        Runnable own = session.wakeConnection;
        if (own != null) {
            own.run();
        } else if (!perArrival) {
            wake();
        }
    }

    /** Wakes the slots, one after another, while due steps wait (each takes what its free streams can carry). */
    private void wake() {
        List<ConnectionSlot> all = slots;
        if (all.isEmpty()) {
            return;
        }
        if (perUser) {
            for (int u = 0; u < userQueues.size(); u++) {
                if (!userQueues.get(u).isEmpty()) {
                    all.get(u).stepsReady();
                }
            }
            return;
        }
        int n = all.size();
        int start = Math.floorMod(wakeCursor.getAndIncrement(), n);
        for (int i = 0; i < n && !due.isEmpty(); i++) {
            all.get((start + i) % n).stepsReady();
        }
    }

    private StepStats stepStats(WorkerStats whole, StepCall call) {
        return whole.scenario(steps.size()).step(call.index);
    }

    /**
     * A session's feeder row, taken at its first {@code row()}. A random feeder draws with the session's own
     * generator (from the seed and the session's number, apart from its requests' and pauses'), so a seed gives each
     * session the same row whichever thread asks.
     */
    private Row row(long id) {
        if (feed == null) {
            throw new IllegalStateException("the run has no feeder: give one (a CSV or JSON Lines file) to read rows"
                    + " from");
        }
        // ~id: a number no session has, so the row's draw is apart from session id's requests and pauses
        return feed.next(SeededRandom.ofSession(seed, ~id, SeededRandom.SessionStream.PAUSES));
    }

    /** Closes the feeder's file. */
    public void close() {
        if (feed != null) {
            feed.close();
        }
    }
}
