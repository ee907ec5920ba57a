package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Result;
import dev.loadtest.internal.engine.connection.ConnectWindow;
import dev.loadtest.internal.engine.connection.ConnectionSlot;
import dev.loadtest.internal.engine.connection.Connections;
import dev.loadtest.internal.engine.connection.Failures;
import dev.loadtest.internal.engine.connection.ReadyToSend;
import dev.loadtest.internal.engine.connection.RequestSource;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.internal.engine.connection.SetupException;
import dev.loadtest.internal.engine.connection.SlotContext;
import dev.loadtest.internal.engine.connection.SlotSettings;
import dev.loadtest.internal.engine.connection.StepFeed;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.record.ResultAssembly;
import dev.loadtest.internal.engine.record.Timeline;
import dev.loadtest.internal.engine.schedule.ConcurrencyPlan;
import dev.loadtest.internal.engine.schedule.Phase;
import dev.loadtest.internal.engine.schedule.RateSchedule;
import dev.loadtest.internal.engine.schedule.Scheduler;
import dev.loadtest.internal.engine.schedule.SendPath;
import dev.loadtest.internal.engine.scenario.HttpClientCookieJar;
import dev.loadtest.internal.engine.scenario.ScenarioRun;
import dev.loadtest.internal.engine.scenario.TokenRefresher;
import dev.loadtest.spi.ResultBuilder;
import java.util.Optional;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http2.impl.nio.bootstrap.H2AsyncRequester;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.EndpointParameters;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * One run of a load test: the requester, the clients, the timer, and the result at the end.
 *
 * <p>Connections are opened with {@code requestSession} and requests enqueued on the sessions
 * directly, as HttpCore's own endpoints do, without the pool in between: a run holds exactly
 * {@code clients} connections, and closes one at once when a request on it is overdue. Every connect, first or
 * again, goes through the run's {@link ConnectWindow}: a few hundred an I/O thread outstanding at once, so that a run
 * of thousands of connections carries requests on those that are up while the rest connect. A scenario run in the
 * open model with a connection per session has none of its own: each arrival's session makes one
 * ({@link #sessionConnection}), and the run holds those while they live.
 */
final class EngineRun implements LoadTestRun, SlotContext {

    private static final Log LOG = Log.of(EngineRun.class);
    private static final AtomicInteger RUNS = new AtomicInteger();

    private final LoadTest test;
    /** A static run's requests, encoded once; a run with a request source: one request to prime the send path. */
    private final List<RequestTemplate> templates = new ArrayList<>();
    /** The run's request source and feeder, when it builds each request; null for a static run. */
    private final RunRequests requestSources;
    private final Recorders recorders = new Recorders(this::ioThreadDied);
    private final CompletableFuture<Result> result = new CompletableFuture<>();
    private final AtomicBoolean finishing = new AtomicBoolean();
    private final AtomicInteger activeClients = new AtomicInteger();
    private final List<ConnectionSlot> clients = new ArrayList<>();
    /** The open model's connections per session that are alive; each leaves when its session ends (memory stays bounded). */
    private final Set<ConnectionSlot> sessionSlots = ConcurrentHashMap.newKeySet();
    /** Numbers the connections per session, as the run's clients are numbered. */
    private final AtomicInteger sessionSlotsMade = new AtomicInteger();
    /** The most responses a connection per session carried, kept as each ends. */
    private final AtomicInteger sessionSlotsMaxResponses = new AtomicInteger();
    private SlotSettings settings;
    private final Connections connections = new Connections();
    private final HttpHost host;
    /** Made once: HttpCore's {@code Timeout.of} allocates, and every connect (10,000 at once) takes it. */
    private final Timeout connectTimeout;
    /** Connects outstanding with HttpCore at most, the rest waiting their turn: see {@link ConnectWindow}. */
    private final ConnectWindow connectWindow;
    /** What the slots see of this run: itself, or a test's wrapper of it. */
    private final SlotContext slotContext;
    private final boolean tls;
    private final ScheduledExecutorService timer;
    private volatile boolean stopped;
    /** The run is ending: what fails from now on fails because we close it. */
    private volatile boolean closing;
    /** What ended the run before its time, when something did: the result is then this failure. */
    private volatile Throwable fatal;
    private volatile String protocol;
    private volatile SetupException setupFailure;
    private final int runId;
    private Phase phase;
    private H2AsyncRequester requester;
    private Timeline timeline;
    private Listeners listeners;
    private Scheduler scheduler;
    private ConcurrencyPlan concurrency;
    /** A scenario run's sessions; null in a run of single requests. */
    private ScenarioRun scenario;
    /** A scenario's token, fetched before the run and refreshed during it; null without a token provider. */
    private TokenRefresher tokens;
    private long endNanos;
    private TimerCadence cadence;
    private boolean warmed;

    EngineRun(LoadTest test) {
        this(test, ConnectWindow.forIoThreads(test.threads()), UnaryOperator.identity());
    }

    /**
     * A run whose connects go through {@code connectWindow} (a test's narrow one), and whose slots see this run
     * through {@code slotContext} (a test's wrapper, which watches their connects).
     */
    EngineRun(LoadTest test, ConnectWindow connectWindow, UnaryOperator<SlotContext> slotContext) {
        this.test = test;
        this.connectWindow = connectWindow;
        this.slotContext = slotContext.apply(this);
        this.requestSources = RunRequests.open(test);
        if (requestSources == null) {
            byte[] body = test.body().orElse(null);
            for (URI target : test.targets()) {
                templates.add(new RequestTemplate(test, target, body));
            }
        } else {
            templates.add(requestSources.primer());
        }
        URI first = test.targets().get(0);
        this.tls = test.isHttps();
        int port = first.getPort() >= 0 ? first.getPort() : tls ? 443 : 80;
        this.host = new HttpHost(first.getScheme().toLowerCase(java.util.Locale.ROOT), first.getHost(), port);
        this.connectTimeout = Timeout.of(test.connectTimeout());
        int id = RUNS.incrementAndGet();
        this.runId = id;
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "loadtest-timer-" + id);
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true);
        this.timer = executor;
    }

    /**
     * Runs the paths of a connect and a request once, off the record, so that the run's clock, its connect
     * times and its first requests do not count our class loading ({@link StartupWarming}); once per run. A run
     * with a start time calls it before it waits, so that it starts on time.
     */
    void warm() {
        if (!warmed) {
            warmed = true;
            StartupWarming.warm(test, templates.get(0));
        }
    }

    void start() {
        if (!stopped) {
            warm();
        }
        Limits.checkDescriptors(test);
        if (!stopped && test.scenario().isPresent()) {
            // the first token before anything runs: a provider that fails stops the run before any request, and
            // leaves no thread behind
            tokens = test.scenario().get().tokenProvider().map(TokenRefresher::start).orElse(null);
        }
        phase = new Phase(test, System.nanoTime());
        if (stopped) {
            phase.stopIssuing();
        } else {
            // time zero is when the connections are ready (none, when each arrival makes its own): see Phase.holdClock
            phase.holdClock(System.nanoTime());
        }
        // test.clients(): the connections the run may hold at once (a connection per session: its sessions in flight)
        requester = RunRequester.create(test, phase, recorders, connections,
                SelectInterval.of(test.clients(), test.threads()));
        requester.start();
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        settings = SlotSettings.of(test);
        if (test.scenario().isPresent()) {
            scenario = new ScenarioRun(test, phase, recorders, scenarioHooks(), HttpClientCookieJar::new, tokens);
        }
        for (int i = 0; i < (test.connectionPerSession() ? 0 : test.clients()); i++) {
            clients.add(new ConnectionSlot(i, slotContext, settings, phase, recorders, connections,
                    requestSources == null ? RequestSource.rotating(templates) : requestSources.client(i), scenario));
        }
        if (scenario != null) {
            scenario.slots(clients);
        }
        activeClients.set(clients.size());
        listeners = new Listeners(test.listeners(), runId);
        boolean scheduled = test.isRateDriven() && !stopped;
        if (scheduled) {
            // a scenario's schedule is of arrivals: each starts a session, whose steps the slots then send
            scheduler = new Scheduler(phase, RateSchedule.of(test), scenario != null ? List.of(scenario) : clients,
                    Scheduler.width(test), test.requests().orElse(Long.MAX_VALUE), recorders,
                    () -> SendPath.prime(templates.get(0)), test.scheduleResolution().toNanos());
            scheduler.start(runId);
        }
        concurrency = ConcurrencyPlan.of(test);
        if (concurrency != null) {
            concurrency.apply(limited(), System.nanoTime(), phase);
        }
        // on the timer's thread, so that start() returns while the connections are made; queued before a client
        // can end the run, so that finish() runs after it there
        timer.execute(() -> startClock(scheduled));
        for (ConnectionSlot client : clients) {
            client.start();
        }
    }

    /**
     * Starts the run's clock once its connections are ready ({@link Phase#holdClock}) and the scheduler is primed,
     * then its timeline, its timer and its schedule. Waits up to the connect timeout, or until the run stops.
     */
    private void startClock(boolean scheduled) {
        if (scheduled) {
            scheduler.awaitPrimed();
        }
        phase.awaitClockStart();
        for (ConnectionSlot client : clients) {
            client.clockStarted();
        }
        timeline = new Timeline(phase, test.interval(), test.isRateDriven(), test.requests().orElse(0), recorders,
                listeners::interval);
        if (concurrency != null) {
            concurrency.apply(limited(), System.nanoTime(), phase);
        }
        long now = System.nanoTime();
        long period = concurrency != null ? TimerCadence.STEP_NANOS : scenario != null ? TimerCadence.SCENARIO_NANOS : 0;
        // the checks are spaced for the clients held, at first the run's (a connection per session: none yet)
        cadence = new TimerCadence(now, period, test.requestTimeout().toNanos(), clients.size(),
                listeners.takesProgress());
        scheduleTick(now);
        if (scenario != null) {
            scenario.start(now);   // the closed model's users begin; arrivals come from the scheduler
        }
        if (scheduled) {
            scheduler.go();
        }
    }

    /**
     * Starts a run that was stopped before its start time: every client finds no work and ends before
     * connecting, so the result is an empty run marked stopped.
     */
    void startStopped() {
        stopped = true;
        start();
    }

    /**
     * A JVM that exits during a run (Ctrl-C) ends it as stop() does, so its partial result is complete
     * and marked stopped for whoever waits on it, and no connection is left half-open.
     */
    private final Thread shutdownHook = new Thread(() -> {
        stop();
        try {
            result.get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // exiting anyway
        }
    }, "loadtest-shutdown");

    /**
     * The timer's work, at the pace of {@link TimerCadence}: interval cuts, the deadline of a timed run, request
     * timeouts, lost callbacks, progress; then it sets its next wake-up.
     */
    private void tick() {
        long now = System.nanoTime();
        try {
            timeline.advance(now);
            if (now >= phase.measureEndNanos()) {
                finish();
                return;
            }
            if (concurrency != null) {
                concurrency.apply(limited(), now, phase);
            }
            if (scenario != null) {
                scenario.tick();
            }
            if (cadence.checkDue(now)) {
                // checking each client takes its lock, so not at every wake-up of a stepped run
                for (ConnectionSlot client : clients) {
                    client.check(now);
                }
                for (ConnectionSlot slot : sessionSlots) {
                    slot.check(now);
                }
                cadence.holding(clients.size() + sessionSlots.size());
            }
            if (cadence.progressDue(now)) {
                listeners.progress(timeline.progress(now));
            }
        } catch (RuntimeException e) {
            LOG.warn("load test timer failed; the run goes on", e);
        } catch (Error e) {
            abort(e);   // out of memory, say: an executor would silently cancel this task, and the run would hang
            return;
        }
        scheduleTick(now);
    }

    private void scheduleTick(long now) {
        try {
            timer.schedule(this::tick, cadence.delayNanos(now, timeline.nextWorkNanos(), phase.measureEndNanos()),
                    TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            // the run has ended: its timer is shut down
        }
    }

    /**
     * An I/O thread died of an error: its connections will never call back, and a counted run would wait
     * for ever (HttpCore tells nobody). The run ends now, failed.
     */
    private void ioThreadDied(Thread thread, Throwable cause) {
        String hint = cause instanceof OutOfMemoryError ? " (give the JVM more memory, e.g. -Xmx)" : "";
        abort(new IllegalStateException("the I/O thread " + thread.getName() + " died during the run of " + cause + hint, cause));
    }

    /** Ends the run now, failed: its result is {@code cause}. */
    private void abort(Throwable cause) {
        if (fatal == null) {
            fatal = cause;
        }
        finish();
    }

    @Override
    public CompletableFuture<Result> result() {
        return result;
    }

    @Override
    public void stop() {
        stopped = true;
        finish();
    }

    @Override
    public void requestsExhausted(String message) {
        if (phase != null && phase.isIssuing()) {
            phase.stopIssuing();   // each client ends once its requests in flight are done, as at a reached count
            LOG.warn("{}", message);   // says that the run ends
        }
    }

    @Override
    public void requestNotBuilt(String message) {
        requestSources.failed(message);
    }

    @Override
    public void protocolSeen(boolean http2) {
        if (protocol == null) {
            protocol = http2 ? (tls ? "h2" : "h2c") : "http/1.1";
        }
    }

    /**
     * A connection showed that the setup is wrong ({@link SetupException} anywhere in {@code cause}): the run
     * ends at once. Every client gives up the requests it has not sent, which count as errored and never
     * issued, with the exception's message as the sample; returns whether that is so. Safe from any
     * client's thread and lock: the clients are told from the timer, so no client's lock is taken under another's.
     */
    @Override
    public boolean setupFailed(Throwable cause) {
        SetupException setup = null;
        for (Throwable t = cause; t != null && setup == null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SetupException s) {
                setup = s;
            }
        }
        if (setup == null) {
            return false;
        }
        if (this.setupFailure == null) {
            this.setupFailure = setup;
            dev.loadtest.ErrorCategory category = Failures.ofExchange(setup);
            String message = setup.getMessage();
            Runnable giveUp = () -> {
                for (ConnectionSlot client : clients) {
                    client.giveUp(category, message);
                }
                for (ConnectionSlot slot : sessionSlots) {
                    slot.giveUp(category, message);
                }
            };
            try {
                timer.execute(giveUp);
            } catch (RejectedExecutionException e) {
                // the run is ending anyway
            }
        }
        return true;
    }

    @Override
    public boolean hasSetupFailed() {
        return setupFailure != null;
    }

    @Override
    public String hostAndPort() {
        return host.toHostString();
    }

    @Override
    public void connect(ReadyToSend ready, FutureCallback<IOSession> callback) {
        // the signal rides with the connect request to the protocol handler ProtocolStarter makes for it
        requester.requestSession(host, connectTimeout, new EndpointParameters(host, ready), callback);
    }

    @Override
    public ConnectWindow connectWindow() {
        return connectWindow;
    }

    @Override
    public boolean schedule(Runnable task, long delayNanos) {
        try {
            timer.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    @Override
    public void slotDone(ConnectionSlot slot) {
        if (sessionSlots.remove(slot)) {
            // a session's connection: the run goes on to its deadline whatever its sessions do
            sessionSlotsMaxResponses.accumulateAndGet(slot.maxResponsesOnConnection(), Math::max);
            return;
        }
        if (activeClients.decrementAndGet() == 0) {
            finish();
        }
    }

    /**
     * Makes and starts the connection of one arrival's session, which carries {@code sessionSteps} alone
     * ({@link ConnectionSlot#forSession}); on the scheduler's thread. The session knows how to wake it before it
     * starts ({@link ScenarioRun.RunHooks#connect}). Added before the run's end is read, so that the end closes it or
     * it is closed here.
     */
    private void sessionConnection(StepFeed sessionSteps, Consumer<Runnable> known) {
        ConnectionSlot slot = ConnectionSlot.forSession(sessionSlotsMade.getAndIncrement(), slotContext, settings,
                phase, recorders, connections, sessionSteps);
        sessionSlots.add(slot);
        known.accept(slot::stepsReady);
        if (closing) {
            slot.close();
        } else {
            slot.start();
        }
    }

    /** What concurrency stages limit: a scenario run's users in flight, else each client's requests in flight. */
    private List<? extends ConcurrencyPlan.Limited> limited() {
        return scenario != null ? List.of(scenario) : clients;
    }

    /** What a scenario run's sessions need of the run: its timer, and where a feeder's end and a build failure go. */
    private ScenarioRun.RunHooks scenarioHooks() {
        return new ScenarioRun.RunHooks() {
            @Override
            public boolean schedule(Runnable task, long delayNanos) {
                return EngineRun.this.schedule(task, delayNanos);
            }

            @Override
            public void exhausted(String message) {
                requestsExhausted(message);
            }

            @Override
            public void requestNotBuilt(String message) {
                scenarioNotBuilt(message);
            }

            @Override
            public void connect(StepFeed sessionSteps, Consumer<Runnable> known) {
                sessionConnection(sessionSteps, known);
            }
        };
    }

    private final RunRequests.DistinctMessages loggedNotBuilt = new RunRequests.DistinctMessages();

    /** Each distinct message of a step whose request could not be built is logged once, at most ten. */
    private void scenarioNotBuilt(String message) {
        if (loggedNotBuilt.firstTime(message)) {
            LOG.warn("a scenario step's request could not be built; its session fails there: {}", message);
        }
    }

    /** Ends the run once: no new request, connections closed, the reactor shut down, the result out. */
    private void finish() {
        if (!finishing.compareAndSet(false, true)) {
            return;
        }
        endNanos = System.nanoTime();
        closing = true;
        connectWindow.close();   // a connect still waiting for its place never goes out
        if (phase != null) {
            phase.stopIssuing();
        }
        try {
            timer.execute(this::shutdownAndComplete);
        } catch (RejectedExecutionException e) {
            new Thread(this::shutdownAndComplete, "loadtest-finish").start();
        }
    }

    private void shutdownAndComplete() {
        try {
            if (scheduler != null) {
                scheduler.stop();
            }
            for (ConnectionSlot client : clients) {
                client.close();
            }
            for (ConnectionSlot slot : sessionSlots) {
                slot.close();
            }
            if (requester != null) {
                requester.initiateShutdown();
                requester.close(CloseMode.IMMEDIATE);
                requester.awaitShutdown(TimeValue.ofSeconds(10));
                if (!recorders.joinWriters(10_000)) {
                    LOG.warn("an I/O thread did not end within 10 s of the run's end; its last figures may be missing");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.warn("load test shutdown failed", e);
        }
        Result r = null;
        Throwable failure = null;
        try {
            timeline.finish(Math.min(endNanos, phase.measureEndNanos()));
            r = ResultAssembly.assemble(test, phase, recorders, timeline, clientFigures(endNanos),
                    new ResultAssembly.RunEnd(protocol(), connections.tlsUsed(), stopped, endNanos), scenario == null ? null : scenario.plan());
            if (tokens != null) {
                tokens.close();
                r = ResultBuilder.from(r).tokenRequests(Optional.of(tokens.report())).build();
            }
            listeners.progress(timeline.progress(System.nanoTime()));
        } catch (RuntimeException | Error e) {
            failure = e;
        } finally {
            listeners.close();
            timer.shutdownNow();
            if (requestSources != null) {
                requestSources.close();
            }
            if (scenario != null) {
                scenario.close();
            }
            if (tokens != null) {
                tokens.close();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is what called stop()
        }
        if (fatal != null) {
            result.completeExceptionally(fatal);
        } else if (failure == null) {
            result.complete(r);
        } else {
            result.completeExceptionally(failure);
        }
    }

    /** What the clients know of themselves at the end of the run, once they are closed. */
    private ResultAssembly.ClientFigures clientFigures(long endNanos) {
        // a client that never connected (its connects still waited for a place, or all failed) has no req/s, as in
        // h2load none counts before its first connect; a zero would understate the others'
        double[] rates = clients.stream().filter(ConnectionSlot::everConnected)
                .mapToDouble(c -> c.requestRate(endNanos)).toArray();
        long backlog = clients.stream().mapToLong(ConnectionSlot::backlogAtEnd).sum();
        // the connections per session are not kept past their session: their most responses is, not their req/s
        int maxOnConnection = Math.max(sessionSlotsMaxResponses.get(),
                clients.stream().mapToInt(ConnectionSlot::maxResponsesOnConnection).max().orElse(0));
        return new ResultAssembly.ClientFigures(rates, backlog, maxOnConnection);
    }

    @Override
    public boolean isClosing() {
        return closing;
    }

    private String protocol() {
        String p = protocol;
        if (p != null) {
            return p;
        }
        return switch (test.protocol()) {
            case HTTP_1_1 -> "http/1.1";
            case HTTP_2 -> tls ? "h2" : "h2c";
            case NEGOTIATE -> "h2, http/1.1 (none negotiated)";
        };
    }
}
