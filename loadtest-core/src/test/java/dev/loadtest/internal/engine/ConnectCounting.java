package dev.loadtest.internal.engine;

import dev.loadtest.internal.engine.connection.ConnectWindow;
import dev.loadtest.internal.engine.connection.ConnectionSlot;
import dev.loadtest.internal.engine.connection.ReadyToSend;
import dev.loadtest.internal.engine.connection.SlotContext;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.reactor.IOSession;

/**
 * A real run's context as its slots see it, counting the connects handed to HttpCore and not yet answered: how many
 * were out at once at most, which a window bounds (or, once connects hang, no longer bounds).
 */
final class ConnectCounting implements SlotContext {

    private final SlotContext run;
    private final AtomicInteger out = new AtomicInteger();
    private final AtomicInteger mostOut = new AtomicInteger();
    private final AtomicInteger handedOver = new AtomicInteger();

    ConnectCounting(SlotContext run) {
        this.run = run;
    }

    /** The most connects out with HttpCore at once. */
    int mostOut() {
        return mostOut.get();
    }

    /** The connects handed to HttpCore. */
    int handedOver() {
        return handedOver.get();
    }

    @Override
    public void connect(ReadyToSend ready, FutureCallback<IOSession> callback) {
        handedOver.incrementAndGet();
        mostOut.accumulateAndGet(out.incrementAndGet(), Math::max);
        AtomicBoolean answered = new AtomicBoolean();
        Runnable answer = () -> {
            if (answered.compareAndSet(false, true)) {
                out.decrementAndGet();
            }
        };
        run.connect(ready, new FutureCallback<>() {
            @Override
            public void completed(IOSession result) {
                answer.run();
                callback.completed(result);
            }

            @Override
            public void failed(Exception ex) {
                answer.run();
                callback.failed(ex);
            }

            @Override
            public void cancelled() {
                answer.run();
                callback.cancelled();
            }
        });
    }

    @Override public ConnectWindow connectWindow() { return run.connectWindow(); }
    @Override public String hostAndPort() { return run.hostAndPort(); }
    @Override public boolean setupFailed(Throwable cause) { return run.setupFailed(cause); }
    @Override public boolean hasSetupFailed() { return run.hasSetupFailed(); }
    @Override public boolean isClosing() { return run.isClosing(); }
    @Override public boolean schedule(Runnable task, long delayNanos) { return run.schedule(task, delayNanos); }
    @Override public void slotDone(ConnectionSlot slot) { run.slotDone(slot); }
    @Override public void requestsExhausted(String message) { run.requestsExhausted(message); }
    @Override public void requestNotBuilt(String message) { run.requestNotBuilt(message); }
    @Override public void protocolSeen(boolean http2) { run.protocolSeen(http2); }
}
