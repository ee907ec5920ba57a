package dev.loadtest.samples.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A JVM shutdown (Ctrl-C, SIGTERM) in the middle of a command's work: a shutdown hook stops the work, then holds
 * the JVM until the command has reported what it got (printed it, written its files) and {@link #release()}d
 * the hook, so that an interrupted run still leaves its partial result behind.
 */
final class ReportOnShutdown {

    /** How long the hook holds the JVM for the report: bounded, so that a stuck disk does not hold it forever. */
    private static final long MOST_SECONDS = 10;

    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook;

    private ReportOnShutdown(String threadName, Runnable stop) {
        hook = new Thread(() -> {
            stop.run();
            try {
                reported.await(MOST_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, threadName);
    }

    /** Registers the hook: on shutdown it runs {@code stop}, then waits for {@link #release()}. */
    static ReportOnShutdown register(String threadName, Runnable stop) {
        ReportOnShutdown onShutdown = new ReportOnShutdown(threadName, stop);
        Runtime.getRuntime().addShutdownHook(onShutdown.hook);
        return onShutdown;
    }

    /** The report is done (or will not come): lets a running hook end the JVM, and unregisters it otherwise. */
    void release() {
        reported.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running and has just been released
        }
    }
}
