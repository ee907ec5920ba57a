package dev.loadtest.internal.engine.connection;

import dev.loadtest.DurationFormat;
import dev.loadtest.ErrorCategory;
import dev.loadtest.spi.CapturedResponse;
import dev.loadtest.spi.CheckPlan;
import dev.loadtest.internal.engine.http2.GoAwayException;
import dev.loadtest.internal.engine.http2.GoAwayListener;
import dev.loadtest.internal.engine.http2.StreamSteps;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.WorkerStats;
import dev.loadtest.internal.engine.schedule.ConcurrencyPlan;
import dev.loadtest.internal.engine.schedule.Issuing;
import dev.loadtest.internal.engine.schedule.OpenIssuing;
import dev.loadtest.internal.engine.schedule.Phase;
import dev.loadtest.internal.engine.schedule.Scheduler;
import dev.loadtest.internal.engine.schedule.StepIssuing;
import dev.loadtest.request.FeederExhaustedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.nio.command.RequestExecutionCommand;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.IOSession;

/**
 * One of the run's {@code clients}, as in h2load: a connection slot kept busy with {@code streams}
 * requests, its connection opened again whenever it is lost (with back-off, see {@link FailureStreak}), until
 * the run has no more work. Requests the server did not process (GOAWAY, REFUSED_STREAM, {@code Connection:
 * close}) go out again first; a request overdue closes the connection. Every connect, first or again, takes its
 * turn in the run's {@link ConnectWindow}: at once while the window has room (every reconnect of a run with few
 * connections), else once a connect ahead of it is answered or has been out for {@link #PLACE_HOLD_NANOS}; its
 * connect time, TTFB and connect timeouts count from when it goes out, and a connect still waiting when the run ends
 * is neither a connection nor an error.
 *
 * <p>A scenario run in the open model with a connection per session makes one slot per arrival instead
 * ({@link #forSession}): it connects at the arrival, carries that session's steps alone, and closes at the session's
 * end; a connection it cannot have fails the session rather than being tried again ({@link #failedAgain}).
 *
 * <p>When it may issue is its load model's {@link Issuing}: in the closed model as soon as a stream is free, in
 * the open model when the {@link Scheduler} hands a request over ({@link #onDue}). What it issues comes from its
 * {@link RequestSource}. What happened is recorded in the calling thread's {@link WorkerStats}.
 *
 * <p>Its state changes under its own monitor. Uncontended in practice: HttpCore calls back on the
 * connection's I/O thread, and only the run's timer looks in from outside, every few milliseconds.
 *
 * <p>Over 400 lines: the connection's life and the fate of each request on it share one monitor and one set
 * of states (connecting, going away, failed, timed out, given up); split further, each part would read the
 * others' flags.
 */
public final class ConnectionSlot implements GoAwayListener, Scheduler.Target, ConcurrencyPlan.Limited {

    private static final long LOST_CONNECT_GRACE_NANOS = TimeUnit.SECONDS.toNanos(5);
    /**
     * How long a connect out holds its place in the {@link ConnectWindow} at most. The window is there only because
     * HttpCore opens every connect queued with it in one pass before it handles events; a connect out this long has
     * had its socket opened in a pass long ago and costs the next pass nothing, so its place passes on while it stays
     * out (its own clock and connect timeout go on). Without a bound a target that drops SYNs would hold each place
     * for the whole connect timeout (10 s by default), and 10,000 clients would go out 256 at a time. 250 ms is above
     * the mean connect times measured through a window of 256 on loopback on the loaded 2-core machine (210-250 ms,
     * bench/README "A window of connects"): a connect to a live target is nearly always answered before, and keeps the
     * window's pacing. {@link #check} hands the place on, so it passes within this bound plus one check period
     * (50-250 ms, {@code TimerCadence}).
     */
    static final long PLACE_HOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
    /** How often one request is sent again after "not processed" before it counts as an error. */
    static final int MAX_RETRIES = 5;

    private final int index;
    private final SlotContext run;
    private final SlotSettings settings;
    private final Phase phase;
    private final Recorders recorders;
    private final Connections connections;
    private final RequestSource requests;
    /** A scenario run's steps, sent instead of the request source's; null in a run of single requests. */
    private final StepFeed steps;
    /** A scenario run's: which step each HTTP/2 stream carries, for the frame counter; null otherwise. */
    private final StepStreams stepStreams;
    private final Issuing issuing;
    /** It carries one session's steps ({@link #forSession}): it ends with the session, and gives up at its first failure. */
    private final boolean ownSession;
    private final FailureStreak failures = new FailureStreak();
    private final List<Exchange> inFlight = new ArrayList<>();
    private final long requestTimeoutNanos;

    private IOSession session;
    /** From {@link #connect} until the attempt is answered, including while it waits for its place in the window. */
    private boolean connecting;
    /** The current connect attempt waits for a place in the run's {@link ConnectWindow}: it is not out yet. */
    private boolean waitingForPlace;
    /**
     * The connect attempt that holds a place in the window, until it is answered or for {@link #PLACE_HOLD_NANOS} at
     * most; 0 when none does.
     */
    private int placeAttempt;
    private boolean reconnectScheduled;
    private boolean started;
    private boolean done;
    private long connectStartNanos;
    private boolean connectRecorded;
    /** Volatile: read without the lock on every response, written under it. */
    private volatile boolean firstResponseSeen;
    private int sentOnConnection;
    /** Requests the server did not process, to go out again before any new one; allocated when first needed. */
    private ArrayDeque<Exchange> resend;
    /** The client gave up its requests (a counted run that cannot connect, or a wrong setup): it sends no more. */
    private boolean gaveUp;
    /** The last connection ended by our own request timeout, not by a failure of the server's. */
    private boolean closedByTimeout;
    /** The current connection failed with an error: requests queued on it go with it. */
    private Exception connectionError;
    /** Numbers connection attempts, so a callback of an attempt given up on is ignored. */
    private int connectAttempt;
    /** Why the current connection's requests could not be sent (e.g. its TLS handshake failed). */
    private Exception lostCause;
    private ErrorCategory gaveUpCategory;
    private String gaveUpMessage;
    /** Requests this client keeps in flight: {@code streams}, or its share of a concurrency stage. */
    private int limit;
    private int responsesOnConnection;
    private int maxResponsesOnConnection;
    /** The server sent GOAWAY on the current connection: nothing more is sent on it. */
    private boolean goingAway;
    /**
     * The current connection's protocol handler said it takes requests ({@link ReadyToSend}): nothing is sent on it
     * before. Over TLS a request queued on HttpCore's session before ALPN's protocol took it over was never sent (seen
     * over h2 and http/1.1 with Jetty); over HTTP/1.1 the first request goes out in the handler's {@code connected}
     * event rather than as a command that wakes the selector.
     */
    private boolean ready;
    private java.net.SocketAddress localAddress;

    /**
     * When its first connect went out: its life, for its req/s, counts from then, as h2load's client_start_time
     * (recorded once, in Client::connect, "at the very first connection is going to be made"); a wait for a place
     * in the window is not its life. Valid once {@link #lifeStarted}.
     */
    private long lifeStartNanos;
    private boolean lifeStarted;
    /** It had a connection once: a client that never connected has no req/s (h2load's would be a zero). */
    private boolean everConnected;
    private long lifeEndNanos;
    private long responses;

    /**
     * A slot of the run: it sends the requests {@code requests} gives it, or in a scenario run the due steps
     * {@code steps} gives it (see {@link StepFeed}); {@code steps} is null outside a scenario run.
     */
    public ConnectionSlot(int index, SlotContext run, SlotSettings settings, Phase phase, Recorders recorders,
                   Connections connections, RequestSource requests, StepFeed steps) {
        this(index, run, settings, phase, recorders, connections, requests, steps, false);
    }

    /**
     * A scenario run in the open model with a connection per session: the slot of one arrival, which sends only its
     * session's steps ({@code sessionSteps}, whose {@link StepFeed#hasWork} is false once the session ended), closes
     * its connection at the session's end, and never retries a connect: the first that fails, or a connection that
     * closes before it carried a request, gives up ({@link #giveUp}), failing the session with that error. A
     * connection the server closes after answering (GOAWAY, {@code Connection: close}, an idle timeout) is opened
     * again for the session's next step, as a browser does. Call {@link #start()} to connect.
     */
    public static ConnectionSlot forSession(int index, SlotContext run, SlotSettings settings, Phase phase,
            Recorders recorders, Connections connections, StepFeed sessionSteps) {
        return new ConnectionSlot(index, run, settings, phase, recorders, connections, null, sessionSteps, true);
    }

    private ConnectionSlot(int index, SlotContext run, SlotSettings settings, Phase phase, Recorders recorders,
                   Connections connections, RequestSource requests, StepFeed steps, boolean ownSession) {
        this.index = index;
        this.ownSession = ownSession;
        this.run = run;
        this.settings = settings;
        this.phase = phase;
        this.recorders = recorders;
        this.connections = connections;
        this.requests = requests;
        this.steps = steps;
        this.stepStreams = steps == null ? null : new StepStreams(steps);
        this.issuing = steps != null ? new StepIssuing(phase, steps::hasWork)
                : Issuing.of(settings.rateDriven(), settings.backlogPerClient(), phase, index);
        this.requestTimeoutNanos = settings.requestTimeout().toNanos();
        this.limit = settings.streams();
    }

    public synchronized void start() {
        started = true;
        connect();
    }

    private void connect() {
        if (gaveUp) {
            settle();   // in the open model it still counts what falls due until the schedule ends
            return;
        }
        if (!hasWork()) {
            finish();
            return;
        }
        connecting = true;
        connectRecorded = false;
        firstResponseSeen = false;
        sentOnConnection = 0;
        responsesOnConnection = 0;
        goingAway = false;
        ready = false;
        closedByTimeout = false;
        connectionError = null;
        int attempt = ++connectAttempt;
        switch (run.connectWindow().enter(() -> leaveWindow(attempt))) {
            case NOW -> {
                if (!open(attempt)) {
                    run.connectWindow().giveBack();   // the reactor refused it: the run ends
                }
            }
            case QUEUED -> waitingForPlace = true;   // its turn comes as a connect ahead of it is answered
            case CLOSED -> {
                connecting = false;   // the run ends
                finish();
            }
        }
    }

    /**
     * Connect attempt {@code attempt}'s turn in the run's {@link ConnectWindow} came (on the thread of the connect
     * answered before it): it goes out now, unless the slot no longer connects (closed, or no more work; a slot that
     * gave up stopped waiting then, in {@link #giveUp}); returns whether it went out.
     */
    private synchronized boolean leaveWindow(int attempt) {
        if (attempt != connectAttempt || !waitingForPlace || done) {
            return false;
        }
        waitingForPlace = false;
        if (!hasWork()) {
            connecting = false;
            finish();
            return false;
        }
        return open(attempt);
    }

    /**
     * Hands connect attempt {@code attempt} to HttpCore, holding a place in the window until it is answered or for
     * {@link #PLACE_HOLD_NANOS} at most: its connect time, HttpCore's connect timeout and {@link #check}'s safety net
     * count from now, not from when it began to wait for its place. False if the reactor refused it (it is shutting
     * down): the slot ends.
     */
    private boolean open(int attempt) {
        placeAttempt = attempt;
        connectStartNanos = System.nanoTime();
        if (!lifeStarted) {
            lifeStarted = true;
            lifeStartNanos = connectStartNanos;   // requestRate counts from the measured phase's start if later
        }
        try {
            run.connect(() -> readyToSend(attempt), new FutureCallback<>() {
                @Override
                public void completed(IOSession result) {
                    boolean held = takePlace(attempt);
                    onConnected(attempt, result);
                    placeBack(held);
                }

                @Override
                public void failed(Exception ex) {
                    boolean held = takePlace(attempt);
                    onConnectFailed(attempt, ex);
                    placeBack(held);
                }

                @Override
                public void cancelled() {
                    boolean held = takePlace(attempt);
                    onConnectFailed(attempt, new ConnectionClosedException("connect cancelled"));
                    placeBack(held);
                }
            });
            return true;
        } catch (RuntimeException e) {
            // the reactor is shutting down
            placeAttempt = 0;
            connecting = false;
            finish();
            return false;
        }
    }

    /**
     * A connect attempt that {@code held} its place in the window was answered: the place passes on. Outside this
     * slot's lock, as the place may go to another slot.
     */
    private void placeBack(boolean held) {
        if (held) {
            run.connectWindow().release();
        }
    }

    /**
     * Whether connect attempt {@code attempt} still held its place in the window ({@link #check} may have passed it
     * on already: the connect was out for {@link #PLACE_HOLD_NANOS}, or lost); it holds it no more. Taken before the
     * answer is handled, which may connect again. So each place is given back exactly once.
     */
    private synchronized boolean takePlace(int attempt) {
        if (placeAttempt != attempt) {
            return false;
        }
        placeAttempt = 0;
        return true;
    }

    private synchronized void onConnected(int attempt, IOSession newSession) {
        if (attempt != connectAttempt || !connecting) {
            newSession.close(CloseMode.IMMEDIATE);   // an attempt given up on (see check): too late
            return;
        }
        connecting = false;
        everConnected = true;
        session = newSession;
        localAddress = newSession.getLocalAddress();
        connections.register(localAddress, this);
        // connection figures cover every connection the run used, warm-up included, as h2load's do
        long now = System.nanoTime();
        WorkerStats stats = recorders.get();
        stats.connectionOpened();
        if (!settings.tls()) {
            connectRecorded = true;
            stats.connectTime(now - connectStartNanos);
            phase.connectionSettled(index);   // over TLS, once its handshake is done: handshakeDone
        }
        if (gaveUp) {
            settle();   // closes it; in the open model the client ends with the schedule
            return;
        }
        if (!hasWork()) {
            newSession.close(CloseMode.GRACEFUL);
            finish();
            return;
        }
        if (ready) {
            fill();   // h2c's handler was ready before HttpCore handed the session over
        }
    }

    /**
     * The protocol handler of connection attempt {@code attempt} takes requests now ({@link ReadyToSend}), on its I/O
     * thread: the requests due go out. Told before {@link #onConnected} (h2c), it only marks the connection ready.
     */
    private synchronized void readyToSend(int attempt) {
        if (attempt != connectAttempt) {
            return;   // an attempt given up on
        }
        ready = true;
        if (session != null) {
            stepsReady();
        }
    }

    private synchronized void onConnectFailed(int attempt, Exception cause) {
        if (attempt != connectAttempt || !connecting) {
            return;
        }
        connecting = false;
        phase.connectionSettled(index);   // a client that cannot connect does not hold the run's clock
        if (run.setupFailed(cause)) {
            return;
        }
        ErrorCategory category = Failures.ofConnect(cause);
        String message = category == ErrorCategory.CONNECT_TIMEOUT ? connectTimeoutMessage() : Failures.message(cause);
        countLostAttempt(category, message);
        reconnectLater();
    }

    /**
     * A connection that could not be had, or that closed before carrying a request: one more failure in a
     * row. In a counted closed-model run no request is lost to it (the client retries with back-off and gives
     * up after {@link FailureStreak#GIVE_UP_NANOS}, so a server restart costs nothing); in a timed run it stands for
     * one request never issued (h2load counts those as failed and errored), so its errors are there to read;
     * in the open model the due requests wait in the backlog and the error is counted.
     */
    private void countLostAttempt(ErrorCategory category, String message) {
        if (failedAgain(category, message)) {
            return;
        }
        if (phase.isCounted()) {
            // a counted run loses no request to a refused connect: it retries, and gives up after
            // FailureStreak.GIVE_UP_NANOS (then every request given up is counted, each once, in this category)
            return;
        }
        issuing.lostAttempt(recorders.get(), category, message, System.nanoTime());
    }

    /** Keeps {@code streams} requests in flight while there is work and the connection is open. */
    private void fill() {
        fill(System.nanoTime());
    }

    /**
     * {@link #fill()} at {@code now}: one clock reading serves the whole batch (the clock is a measurable
     * share of a small request's CPU), and after a response, its completion time serves.
     */
    private void fill(long now) {
        while (canSend()) {
            if (resend != null && !resend.isEmpty()) {
                if (!phase.isIssuing(now)) {
                    break;
                }
                send(resend.pollFirst(), now);
            } else {
                long due = issuing.next(now);
                if (due == Issuing.NONE) {
                    break;
                }
                if (steps != null) {
                    if (!issueStep(now)) {
                        break;   // no step is due: the feed wakes this slot (stepsReady) when one is
                    }
                    continue;
                }
                if (!issue(due, issuing.nextWasLate(), now)) {
                    now = System.nanoTime();   // a source failing every request must still see the deadline
                }
            }
        }
        settle();
    }

    private boolean canSend() {
        IOSession s = session;
        return s != null && ready && !goingAway && !gaveUp && connectionError == null && s.isOpen()
                && inFlight.size() < limit
                && (settings.keepAlive() || sentOnConnection + inFlight.size() == 0);
    }

    /**
     * Returns false if the request could not be built (see {@link #notBuilt}).
     */
    private boolean issue(long dueNanos, boolean late, long now) {
        RequestTemplate request;
        try {
            request = requests.next();
        } catch (RuntimeException e) {
            notBuilt(dueNanos, e);
            return false;
        }
        Exchange exchange = new Exchange(this, request, phase, dueNanos, late);
        send(exchange, now);
        return true;
    }

    /** Sends the next due step of a scenario run; false if none is due. */
    private boolean issueStep(long now) {
        StepFeed.Call call = steps.next(index, now);
        if (call == null) {
            return false;
        }
        Exchange exchange = new Exchange(this, call.template(), phase, call.dueNanos(), false);
        exchange.step = call;
        send(exchange, now);
        return true;
    }

    /** A scenario run: steps fell due off this slot's thread (a pause ended, a session arrived). */
    public synchronized void stepsReady() {
        if (!done && started) {
            fill();
        }
    }

    /** The scenario run's steps, or null: the exchange reports its step's bytes there. */
    StepFeed steps() {
        return steps;
    }

    /** A scenario run's: the steps this slot's HTTP/2 streams carry (see {@link StepStreams}); null otherwise. */
    public StreamSteps streamSteps() {
        return stepStreams;
    }

    /** The exchange of {@code step} is sending its request now (null: it has sent it). */
    void opening(StepFeed.Call step) {
        stepStreams.opening(step);
    }

    /** The exchange of {@code step} on HTTP/2 stream {@code streamId} ended. */
    void streamEnded(int streamId, StepFeed.Call step) {
        stepStreams.ended(streamId, step);
    }

    /**
     * The run's request source could not give this request. A feeder that ran out ends the run as a reached count
     * does (the run stops issuing, what is in flight finishes); anything else makes this one request errored and
     * never issued, with the exception's message, and the run goes on.
     */
    private void notBuilt(long dueNanos, RuntimeException e) {
        if (e instanceof FeederExhaustedException) {
            run.requestsExhausted(e.getMessage());
            return;
        }
        String message = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
        run.requestNotBuilt(message);
        if (issuing.measuredWhenNotSent(dueNanos)) {
            recorders.get().notIssued(ErrorCategory.OTHER, "request source: " + message, 1);
        }
    }

    /**
     * Sends {@code exchange}'s request the cheapest way the calling thread can. On a connection of ours (HTTP/1.1, and
     * HTTP/2 outside scenario runs), in clear text or over TLS: on its I/O thread inside one of its events (a response
     * just completed, or it just connected), handed to that event's write ({@link DirectSend#takeInEvent}); in clear
     * text only, on any other thread (the open model's scheduler as a request falls due, the run's timer as the clock
     * starts and sends every client's first request), written by that thread when the connection is idle
     * ({@link DirectSend#sendNow}), so the I/O thread is not woken to write it (a TLS session writes only on its I/O
     * thread). Else, and on HttpCore's HTTP/2 handler, as an HttpCore command.
     */
    private void send(Exchange exchange, long now) {
        IOSession s = session;
        inFlight.add(exchange);   // under this monitor: its response, even one read at once, is handled after this
        exchange.issuedNanos = now;
        if (s.getHandler() instanceof DirectSend direct
                && (direct.takeInEvent(exchange) || (!settings.tls() && direct.sendNow(exchange, now)))) {
            return;
        }
        s.enqueue(new RequestExecutionCommand(exchange, HttpCoreContext.create()), Command.Priority.NORMAL);
        if (!s.isOpen()) {
            exchange.failed(new ConnectionClosedException("connection closed"));
        }
    }

    /**
     * Open model, on the scheduler's thread: a request falls due. Sent at once if a stream is free and
     * nothing waits before it; else it waits in the backlog, or is dropped (and counted) when that is full.
     */
    @Override
    public synchronized void onDue(long dueNanos, WorkerStats schedulerStats) {
        if (gaveUp) {
            // treated as a client that cannot connect: each request due is errored, never issued
            if (phase.isMeasured(dueNanos)) {
                schedulerStats.notIssued(gaveUpCategory, gaveUpMessage, 1);
            }
            return;
        }
        if (done) {
            return;
        }
        OpenIssuing open = (OpenIssuing) issuing;
        if (open.nothingWaits() && canSend()) {
            issue(dueNanos, false, System.nanoTime());
        } else if (!open.offer(dueNanos)) {
            if (phase.isMeasured(dueNanos)) {
                schedulerStats.dropped();
            }
        }
    }

    /**
     * Open model, on the scheduler's thread: a measured request fell due but the scheduler stopped behind its
     * schedule before handing it over; dropped, as one the backlog could not take, or errored as {@link #onDue}
     * errs every due request of a client that gave up connecting.
     */
    @Override
    public synchronized void onMissed(long dueNanos, WorkerStats schedulerStats) {
        if (gaveUp) {
            schedulerStats.notIssued(gaveUpCategory, gaveUpMessage, 1);
        } else {
            schedulerStats.dropped();
        }
    }

    /** Open model: the schedule has no more requests (a counted run handed out all of them). */
    @Override
    public synchronized void onScheduleEnded() {
        ((OpenIssuing) issuing).scheduleEnded();
        settle();
    }

    /** Due requests of the measured phase still waiting when the run ends. */
    public synchronized long backlogAtEnd() {
        return issuing.waitingAtEnd();
    }

    /** After any change: reconnect if the connection is gone, end if the work is. */
    private void settle() {
        if (done || connecting || !inFlight.isEmpty()) {
            return;
        }
        if (gaveUp) {
            if (session != null) {
                session.close(CloseMode.IMMEDIATE);
            }
            if (!issuing.awaitsSchedule()) {
                finish();
            }
            return;
        }
        if (!hasWork()) {
            if (session != null) {
                session.close(CloseMode.GRACEFUL);
            }
            finish();
            return;
        }
        if (session != null && session.isOpen() && (goingAway || connectionError != null)) {
            // going away or failed, and its last streams are done: open a new connection
            session.close(CloseMode.IMMEDIATE);
        }
        if (session == null || !session.isOpen()) {
            if (session != null) {
                connectionEnded();
            }
            lostCause = null;
            connections.unregister(localAddress, this);
            session = null;
            reconnectLater();
        }
    }

    /**
     * The connection is gone and its requests are accounted. One that ended without a single response, by
     * the server's doing (not our request timeout), is one more failure in a row; one that could not carry
     * a request at all stands for one request never issued in a timed run (h2load counts those as failed
     * and errored), so a run against a dead server has its errors to read.
     */
    private void connectionEnded() {
        phase.connectionSettled(index);   // one that ended before it was ready (a failed handshake) holds it no more
        Exception sessionError = connections.takeSessionError(localAddress);
        Exception cause = sessionError != null ? sessionError : connectionError != null ? connectionError : lostCause;
        if (run.setupFailed(cause)) {
            return;
        }
        // a connection our request timeout closed failed only if it never became ready to send
        if (responsesOnConnection > 0 || (closedByTimeout && sentOnConnection > 0) || run.isClosing()) {
            return;
        }
        ErrorCategory category;
        String message;
        if (closedByTimeout) {
            // its requests wait for the next connection; this one counts as a failure (a silent server, say)
            category = ErrorCategory.REQUEST_TIMEOUT;
            message = "not sent within the request timeout (" + DurationFormat.setting(settings.requestTimeout())
                    + "): the connection never became ready";
        } else {
            category = cause == null ? ErrorCategory.RESET : Failures.ofConnect(cause);
            message = cause == null ? "connection closed by the server before any response" : Failures.message(cause);
        }
        if (sentOnConnection == 0) {
            countLostAttempt(category, message);
        } else {
            failedAgain(category, message);
        }
    }

    /**
     * One more failure in a row. In a counted run, a client whose failures go on for
     * {@link FailureStreak#GIVE_UP_NANOS} gives up: its remaining requests count as errored and never issued, with this failure's category and
     * message. A session's own slot ({@link #forSession}) gives up at its first failure. Returns whether it gave up.
     */
    private boolean failedAgain(ErrorCategory category, String message) {
        if (ownSession) {
            giveUp(category, message);   // a session's own connection is not tried again: the session fails
            return true;
        }
        long now = System.nanoTime();
        if (failures.failedAgain(now, phase.isCounted())) {
            giveUp(category, message + failures.givenUp(now));
            return true;
        }
        return false;
    }

    /**
     * Gives up every request this client has not sent: those it may still issue (its quota in a counted
     * run, the due requests waiting in its backlog) count as errored and never issued; those waiting to be
     * sent again count as errored (they were sent once). The client ends once its requests in flight are.
     */
    public synchronized void giveUp(ErrorCategory category, String message) {
        if (gaveUp) {
            return;
        }
        // a client already done (the run stopped issuing) still owes the count of what it did not send
        gaveUp = true;
        gaveUpCategory = category;
        gaveUpMessage = message;
        if (waitingForPlace) {
            // its connect never went out: it waits no more (its turn, when it comes, passes on)
            waitingForPlace = false;
            connecting = false;
        }
        WorkerStats stats = recorders.get();
        long notSent = issuing.giveUp(System.nanoTime());
        if (notSent > 0) {
            stats.notIssued(category, message, notSent);
        }
        if (resend != null) {
            for (Exchange e : resend) {
                countFailed(e, category, message, false, e.isMeasured());
            }
            resend.clear();
        }
        if (steps != null && !run.isClosing()) {
            // the sessions only this slot carries fail with this error (those the run's end cuts are unfinished)
            steps.gaveUp(index, category, message);
        }
        settle();
    }

    private void reconnectLater() {
        if (reconnectScheduled || done) {
            return;
        }
        if (gaveUp) {
            settle();
            return;
        }
        if (run.hasSetupFailed()) {
            return;   // the run ends: the timer is about to make every client give up
        }
        if (!hasWork()) {
            finish();
            return;
        }
        long delay = failures.backoffNanos();
        if (delay == 0) {
            connect();
            return;
        }
        // back off from a server that refuses or drops us
        reconnectScheduled = true;
        if (!run.schedule(this::reconnectNow, delay)) {
            reconnectScheduled = false;
            finish();
        }
    }

    private synchronized void reconnectNow() {
        reconnectScheduled = false;
        if (!done && !connecting && session == null) {
            connect();
        }
    }

    private boolean hasWork() {
        if (!phase.isIssuing() || gaveUp) {
            return false;
        }
        if (resend != null && !resend.isEmpty()) {
            return true;
        }
        return issuing.hasWork();
    }

    /**
     * The TLS handshake of the current connection is done: the run's clock need not wait for it
     * ({@link Phase#holdClock}), and its connect time ends here, not at its first send (which in the open model waits
     * for the schedule). It sends once its protocol handler is in place ({@link #readyToSend}).
     */
    synchronized void handshakeDone() {
        if (session != null && !connectRecorded) {
            connectRecorded = true;
            recorders.get().connectTime(System.nanoTime() - connectStartNanos);
        }
        phase.connectionSettled(index);
    }

    // ---- called by Exchange, on the connection's I/O thread ----

    synchronized void onSent(Exchange exchange, boolean measured, boolean http2) {
        sentOnConnection++;
        run.protocolSeen(http2);
        WorkerStats stats = recorders.get();
        if (!connectRecorded) {
            // over TLS the handshake's end records it (handshakeDone); the first send if that was missed
            connectRecorded = true;
            stats.connectTime(exchange.sentNanos - connectStartNanos);
        }
        if (exchange.retries > 0) {
            return;   // a request sent again was counted when it was first sent
        }
        if (exchange.step != null) {
            steps.sent(exchange.step, exchange.sentNanos, measured);
        }
        if (measured && (exchange.step == null || !exchange.step.redirected())) {
            stats.started(exchange.late);   // a redirect followed is part of its step's request
        }
    }

    /**
     * A response's head arrived (any protocol): the connection's first records its time to first byte. On HTTP/2 that
     * is all a head tells the slot: its header bytes are counted by frame (FrameCounter).
     */
    void firstByte() {
        if (!firstResponseSeen) {
            firstResponse(System.nanoTime());
        }
    }

    /**
     * An HTTP/1.1 response's head: its {@link #firstByte}, and {@code headerBytes}, h2load's header figure (names and
     * values), counted for the run and for {@code step} (a scenario step's, or null) when {@code measured}.
     */
    void onHttp1Head(boolean measured, long headerBytes, StepFeed.Call step) {
        firstByte();
        if (measured) {
            onHttp1HeaderBytes(headerBytes, step);
        }
    }

    private synchronized void firstResponse(long now) {
        if (!firstResponseSeen) {
            firstResponseSeen = true;
            recorders.get().timeToFirstByte(now - connectStartNanos);
        }
    }

    /**
     * HTTP/1.1 field bytes, names and values (trailers too), h2load's figure; never compressed. Counted for the run
     * and for {@code step} (a scenario step's, or null).
     */
    void onHttp1HeaderBytes(long bytes, StepFeed.Call step) {
        recorders.get().headerBytes(bytes, bytes);
        if (step != null) {
            steps.stats(step).headerBytes(bytes, bytes);
        }
    }

    /** The run's response checks: {@link CheckPlan#NONE} when it has none, and then nothing is kept. */
    CheckPlan checks() {
        return settings.checks();
    }

    /** Response body bytes, counted for the run and for {@code step} (a scenario step's, or null). */
    void onData(int bytes, StepFeed.Call step) {
        recorders.get().dataBytes(bytes);
        if (step != null) {
            steps.stats(step).dataBytes(bytes);
        }
    }

    synchronized void onCompleted(Exchange exchange, int status, long now) {
        inFlight.remove(exchange);
        failures.reset();
        responsesOnConnection++;
        maxResponsesOnConnection = Math.max(maxResponsesOnConnection, responsesOnConnection);
        boolean measured = exchange.isMeasured() && phase.isMeasured(now);
        // a request sent again counts from its first send: its latency shows the cost of the rotation; a scenario
        // step's from its first request's, through the redirects it followed (-1: it follows this one)
        long sentNanos = exchange.step == null ? exchange.firstSentNanos
                : steps.completed(exchange.step, status, exchange.checkedResponse(), exchange.firstSentNanos, now,
                        measured);
        if (measured && sentNanos >= 0) {
            WorkerStats stats = recorders.get();
            stats.responded(status, now - sentNanos, exchange.dueNanos != 0, now - exchange.dueNanos);
            CapturedResponse checked = exchange.step == null ? exchange.checkedResponse() : null;
            if (checked != null) {
                stats.checked(settings.checks(), checked);
            }
            responses++;
        }
        if (!settings.keepAlive() && session != null) {
            // the response is whole and nothing else is on this connection: close it at once
            session.close(CloseMode.IMMEDIATE);
            connections.unregister(localAddress, this);
            session = null;
        }
        fill(now);
    }

    synchronized void onFailed(Exchange exchange, ErrorCategory category, String message, long now) {
        inFlight.remove(exchange);
        remember(exchange.failure);
        if (!exchange.timedOut && exchange.failure != null && connectionError == null && connectionFailed(exchange)) {
            connectionError = exchange.failure;   // the requests still queued on this connection go with it
        }
        if (run.setupFailed(exchange.failure)) {
            countSetupFailure(exchange, category, message, now);
            return;
        }
        // requests cut by the run's own end (stop, deadline) are in flight at the end, not errors
        if (!run.isClosing()) {
            countFailed(exchange, category, message, exchange.timedOut,
                    exchange.isMeasured() && phase.isMeasured(now));
        }
        fill();
    }

    synchronized void onNotSent(Exchange exchange, Exception cause) {
        inFlight.remove(exchange);
        remember(cause);
        Exception error = errorOfConnection(cause);
        if (error != null && !run.isClosing() && !gaveUp) {
            // the connection failed: it takes the requests it had queued, each errored and never issued
            run.setupFailed(error);
            countNotSent(exchange, Failures.ofConnect(error), Failures.message(error));
            fill();
            return;
        }
        if (gaveUp) {
            // given up while it waited to go out (giveUp counted only the requests not yet taken): count it so
            countNotSent(exchange, gaveUpCategory, gaveUpMessage);
            fill();
            return;
        }
        if (exchange.step != null && !exchange.isResent()) {
            // it goes out again, on whichever slot is free first
            steps.notSent(exchange.step, null, null, false, false);
        }
        if (exchange.isResent() && exchange.timedOut) {
            // sent once and not answered within the request timeout, counted from that first send
            countFailed(exchange, ErrorCategory.REQUEST_TIMEOUT, "no response within the request timeout", true,
                    exchange.isMeasured() && phase.isMeasuredNow());
        } else if (exchange.isResent()) {
            resendLater(exchange.again(exchange.retries));
        } else {
            issuing.putBack(exchange.dueNanos);
        }
        if (session != null && session.isOpen() && !exchange.timedOut) {
            // dropped by a live connection (e.g. after GOAWAY): this connection takes no more, and is
            // replaced once its last streams are answered. Not closed now: HttpCore's GRACEFUL close of a
            // plain connection closes the socket at once and would cut the responses still arriving.
            goingAway = true;
        }
        fill();
    }

    /**
     * A request that will not go out: errored, and never issued unless it went out once before or follows a redirect
     * (then it, or its step's first request, was counted as started, and it is failed: {@link Exchange#sentBefore}).
     * Decided once here for the run's count and its step's, so that the run's figures stay the sum of its steps'.
     */
    private void countNotSent(Exchange exchange, ErrorCategory category, String message) {
        boolean sentBefore = exchange.sentBefore();
        boolean measured = sentBefore ? exchange.measuredBefore() : issuing.measuredWhenNotSent(exchange.dueNanos);
        if (measured) {
            recorders.get().notSent(category, message, sentBefore);
        }
        if (exchange.step != null) {
            steps.notSent(exchange.step, category, message, measured, sentBefore);
        }
    }

    /**
     * The error the current connection failed of, if it failed of one (not a graceful close: GOAWAY,
     * {@code Connection: close}, our own timeout or shutdown, which leave queued requests to go out again).
     */
    private Exception errorOfConnection(Exception cause) {
        if (goingAway || closedByTimeout || exchangeTimedOut()) {
            return null;
        }
        if (connectionError != null) {
            return connectionError;
        }
        // "not executed" and "connection closed" say only that the request could not go out: the failure, if
        // there was one, is the session's (reported before HttpCore drops its queue) or a sent request's
        if (cause != null && !(cause instanceof RequestNotExecutedException) && !Failures.isNotProcessed(cause)
                && !(cause instanceof ConnectionClosedException)) {
            connectionError = cause;
            return cause;
        }
        Exception sessionError = connections.peekSessionError(localAddress);
        if (sessionError != null) {
            connectionError = sessionError;
        }
        return sessionError;
    }

    /**
     * Whether the failure of this request is its connection's: always over HTTP/1.1 (one request cannot
     * fail alone); over HTTP/2 when the session is gone or HttpCore reported an exception for it (before it
     * fails the streams), not when one stream was reset.
     */
    private boolean connectionFailed(Exchange exchange) {
        return !exchange.isHttp2() || session == null || !session.isOpen() || connections.peekSessionError(localAddress) != null;
    }

    private boolean exchangeTimedOut() {
        for (Exchange e : inFlight) {
            if (e.timedOut) {
                return true;
            }
        }
        return false;
    }

    /**
     * The server did not process the request (GOAWAY above its stream, REFUSED_STREAM, written behind a
     * {@code Connection: close}): it goes out again, on a new connection when this one is going away,
     * counted once in {@code retried}; after {@link #MAX_RETRIES} it counts as an error.
     */
    synchronized void onNotProcessed(Exchange exchange, Exception cause, long now) {
        if (run.isClosing() || gaveUp || exchange.retries >= MAX_RETRIES) {
            String message = Failures.message(cause)
                    + (exchange.retries >= MAX_RETRIES ? " (sent " + (exchange.retries + 1) + " times, given up)" : "");
            onFailed(exchange, Failures.ofExchange(cause), message, now);
            return;
        }
        inFlight.remove(exchange);
        if (cause instanceof NotProcessedException) {
            goingAway = true;   // GOAWAY or Connection: close: nothing more goes out on this connection
        }
        if (exchange.retries == 0 && exchange.isMeasured()) {
            recorders.get().retried();
            if (exchange.step != null) {
                steps.stats(exchange.step).retried();   // the step's too: a run's figures are its steps' sum
            }
        }
        resendLater(exchange.again(exchange.retries + 1));
        fill(now);
    }

    private void resendLater(Exchange exchange) {
        if (resend == null) {
            resend = new ArrayDeque<>();
        }
        resend.addLast(exchange);
    }

    /** A request that failed: an error of the run's if {@code measured}, and of its scenario step's if it has one. */
    private void countFailed(Exchange exchange, ErrorCategory category, String message, boolean timedOut,
            boolean measured) {
        if (measured) {
            recorders.get().failed(category, message, timedOut);
        }
        if (exchange.step != null) {
            steps.failed(exchange.step, category, message, timedOut, measured);
        }
    }

    /** A request on a connection that showed a wrong setup: errored, in its category, and the run ends. */
    private void countSetupFailure(Exchange exchange, ErrorCategory category, String message, long now) {
        if (exchange.isMeasured() && phase.isMeasured(now)) {
            recorders.get().failed(category, message, false);
        }
        settle();
    }

    /** Keeps the first telling cause of the connection's trouble; "not executed" tells nothing. */
    private void remember(Exception cause) {
        if (cause != null && (lostCause == null || lostCause instanceof RequestNotExecutedException)) {
            lostCause = cause;
        }
    }

    /**
     * The server sent GOAWAY: streams above {@code lastStreamId} will never be answered (HttpCore 5.4
     * would leave them hanging until the socket closes), so they end now, as GOAWAY errors; nothing
     * more is sent here, and the connection is replaced once its last streams are done.
     */
    @Override
    public synchronized void onGoAway(int lastStreamId, int errorCode) {
        goingAway = true;
        for (Exchange e : new ArrayList<>(inFlight)) {
            if (e.sentNanos != 0 && e.streamId > lastStreamId) {
                e.failed(new GoAwayException(lastStreamId, errorCode));
            }
        }
        settle();
    }

    // ---- called by the run's timer ----

    /** Says where and how long, which HttpCore's "300000000 NANOSECONDS" does not. */
    private String connectTimeoutMessage() {
        return "connect to " + run.hostAndPort() + " timed out after " + DurationFormat.setting(settings.connectTimeout());
    }

    /**
     * Enforces the request timeout, restarts a client whose callbacks went missing, and passes on the window's place
     * of a connect out for {@link #PLACE_HOLD_NANOS}.
     */
    public void check(long now) {
        placeBack(checkLocked(now));
    }

    /**
     * {@link #check}; returns whether the current connect attempt held a place in the window that it holds no more:
     * it was given up for lost, or it has been out for {@link #PLACE_HOLD_NANOS} (it stays out, and its answer gives
     * back nothing: {@link #takePlace}).
     */
    private synchronized boolean checkLocked(long now) {
        if (done || !started) {
            return false;
        }
        // placeAttempt is set only while a connect is out, from connectStartNanos
        boolean placePasses = placeAttempt != 0 && now - connectStartNanos >= PLACE_HOLD_NANOS;
        if (placePasses) {
            placeAttempt = 0;   // the connect stays out; its answer finds no place to give back
        }
        if (connecting && !waitingForPlace
                && now - connectStartNanos > settings.connectTimeout().toNanos() + LOST_CONNECT_GRACE_NANOS) {
            // HttpCore enforces the connect timeout; this is a safety net should its callback never come. It counts
            // from when the connect left the window: a wait for a place is no connect time. Its place, if it still
            // held one, passed on just above (PLACE_HOLD_NANOS is far shorter)
            connecting = false;
            connectAttempt++;
            countLostAttempt(ErrorCategory.CONNECT_TIMEOUT, connectTimeoutMessage());
            reconnectLater();
            return placePasses;
        }
        boolean overdue = false;
        for (Exchange e : inFlight) {
            // a request sent again keeps the deadline of its first send: no rotation makes it wait longer
            long since = e.firstSentNanos != 0 ? e.firstSentNanos : e.issuedNanos;
            overdue |= now - since > requestTimeoutNanos;
        }
        if (overdue && session != null) {
            // HTTP/1.1 cannot cancel one request, and h2load closes the connection too: then every
            // request in flight on it was cut by the timeout
            for (Exchange e : inFlight) {
                e.timedOut = true;
            }
            closedByTimeout = true;
            session.close(CloseMode.IMMEDIATE);
        }
        if (!overdue && inFlight.isEmpty() && !connecting && !reconnectScheduled) {
            settle();
        }
        return placePasses;
    }

    /**
     * Closes the connection at the end of the run. A connect still waiting for its place in the window never goes
     * out, and is neither a connection nor an error.
     */
    public synchronized void close() {
        if (session != null) {
            session.close(CloseMode.IMMEDIATE);
        }
        waitingForPlace = false;
        finish();
    }

    private void finish() {
        phase.connectionSettled(index);
        if (!done) {
            done = true;
            lifeEndNanos = Math.min(System.nanoTime(), phase.measureEndNanos());
            if (ownSession) {
                // the run makes one slot per session: nothing of this one may stay behind in the run's maps
                connections.unregister(localAddress, this);
                connections.takeSessionError(localAddress);
            }
            run.slotDone(this);
        }
    }

    /**
     * Concurrency stages: this client's share of the requests to keep in flight. Lowering it lets the
     * requests in flight finish; raising it sends more at once.
     */
    @Override
    public synchronized void limit(int requestsInFlight) {
        limit = Math.max(0, Math.min(settings.streams(), requestsInFlight));
        if (!done && started) {
            fill();
        }
    }

    /** The run's clock started ({@link Phase#awaitClockStart}): a closed-model client, ready before, sends now. */
    public synchronized void clockStarted() {
        if (!done && started) {
            fill();
        }
    }

    /** The most responses any one of this client's connections completed. */
    public synchronized int maxResponsesOnConnection() {
        return maxResponsesOnConnection;
    }

    /** Whether this client ever had a connection: only those have a per-client req/s ({@link #requestRate}). */
    public synchronized boolean everConnected() {
        return everConnected;
    }

    /**
     * Finished responses per second of this client's measured life, from when its first connect went out: h2load's
     * per-client req/s. Meaningful only for a client that {@link #everConnected}.
     */
    public synchronized double requestRate(long runEndNanos) {
        long end = done ? lifeEndNanos : Math.min(runEndNanos, phase.measureEndNanos());
        long life = end - Math.max(lifeStartNanos, phase.measureStartNanos());   // a rate-driven run's clock starts late
        return life > 0 ? responses / (life / 1e9) : 0;
    }

    @Override
    public String toString() {
        return "client " + index;
    }
}
