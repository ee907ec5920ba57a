package dev.loadtest.testing;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** Which threads a run leaves behind. */
public final class Threads {

    private Threads() {
    }

    /** Names of live threads that belong to the engine (its requester and its timer). */
    public static Set<String> engineThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(Thread::isAlive)
                .map(Thread::getName)
                .filter(n -> n.startsWith("requester-dispatch") || n.startsWith("loadtest-")
                        || n.contains("I/O client dispatch"))
                .collect(Collectors.toSet());
    }

    /**
     * Waits (bounded, 5 s) until no engine thread is alive and returns those still alive. A thread
     * may take a moment to end after completing the run's future, hence the short wait.
     */
    public static Set<String> engineThreadsAfterRun() throws InterruptedException {
        Await.until(() -> engineThreads().isEmpty(), Duration.ofSeconds(5));
        return engineThreads();
    }

    /** Protocol-agnostic list form for messages. */
    public static List<String> sorted(Set<String> names) {
        return names.stream().sorted().toList();
    }
}
