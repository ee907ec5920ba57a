package dev.loadtest.spi;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;

/**
 * The engine that carries out a {@link LoadTest}. Found with {@link java.util.ServiceLoader}: an
 * implementation registers itself in {@code META-INF/services/dev.loadtest.spi.LoadTestEngine}.
 *
 * <p>The engine shipped with the project lives in {@code dev.loadtest:loadtest-core}.
 */
public interface LoadTestEngine {

    /** A short name for messages, e.g. {@code "httpcore5"}. */
    String name();

    /**
     * Starts the load test and returns at once. The configuration is already validated. The run must
     * end by itself (on its request count or duration) and release every thread and socket it opened
     * before completing its result.
     */
    LoadTestRun start(LoadTest test);
}
