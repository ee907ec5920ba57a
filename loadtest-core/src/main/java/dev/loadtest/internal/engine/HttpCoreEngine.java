package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.Result;
import dev.loadtest.spi.LoadTestEngine;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The engine on Apache HttpCore 5's async requester; registered for {@link java.util.ServiceLoader}. */
public final class HttpCoreEngine implements LoadTestEngine {

    @Override
    public String name() {
        return "httpcore5";
    }

    @Override
    public LoadTestRun start(LoadTest test) {
        // before any class that calls HttpCore is loaded: an HttpCore we cannot run on fails here, in one message
        HttpCoreSupport.check();
        RequiredModules.check();
        Instant at = test.startAt().orElse(null);
        if (at != null && Duration.between(Instant.now(), at).compareTo(LoadTest.MAX_START_DELAY) > 0) {
            throw new IllegalStateException("startAt (" + at + ") must be at most 1 hour from now");
        }
        if (at == null || !at.isAfter(Instant.now())) {
            EngineRun run = new EngineRun(test);
            run.start();
            return run;
        }
        // built now, so that a setting the engine refuses fails here rather than at the start time
        return new DelayedRun(new EngineRun(test), at);
    }

    /**
     * A run that waits on its own thread for a wall-clock start time, then starts; stopped before then, it
     * starts stopped: no connection, no request, and its result is an empty run marked stopped.
     */
    private static final class DelayedRun implements LoadTestRun {
        private final CompletableFuture<Result> result = new CompletableFuture<>();
        private final CountDownLatch stopped = new CountDownLatch(1);

        DelayedRun(EngineRun run, Instant at) {
            Thread waiter = new Thread(() -> {
                boolean stop = false;
                try {
                    run.warm();
                    long nanos = Duration.between(Instant.now(), at).toNanos();
                    stop = nanos > 0 && stopped.await(nanos, TimeUnit.NANOSECONDS);
                    if (stop) {
                        run.startStopped();
                    } else {
                        run.start();
                    }
                    run.result().whenComplete((r, e) -> {
                        stopped.countDown();
                        if (e != null) {
                            result.completeExceptionally(e);
                        } else {
                            result.complete(r);
                        }
                    });
                    if (!stop) {
                        new Thread(() -> {
                            try {
                                stopped.await();
                                if (!run.result().isDone()) {
                                    run.stop();
                                }
                            } catch (InterruptedException ignored) {
                                Thread.currentThread().interrupt();
                            }
                        }, "loadtest-stop-relay") {{ setDaemon(true); }}.start();
                    }
                } catch (InterruptedException e) {
                    result.completeExceptionally(e);
                } catch (RuntimeException | Error e) {
                    result.completeExceptionally(e);
                }
            }, "loadtest-start-at");
            waiter.setDaemon(false);   // a started run keeps the JVM alive, waiting included
            waiter.start();
        }

        @Override
        public CompletableFuture<Result> result() {
            return result;
        }

        @Override
        public void stop() {
            stopped.countDown();
        }
    }
}
