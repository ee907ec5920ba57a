package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** Checks before a run that the process may open the sockets it needs, so a run never half-happens. */
final class Limits {

    /** Descriptors kept free for the JVM, the reactor's selectors and pipes, and the user's own files. */
    static final int SPARE_DESCRIPTORS = 64;

    private Limits() {
    }

    /**
     * @throws IllegalStateException naming the limit ({@code ulimit -n}) and the number needed when
     *     {@code clients} connections cannot be opened
     */
    static void checkDescriptors(LoadTest test) {
        if (test.connectionPerSession()) {
            // its clients are a bound (sessions in flight, at most maxBacklog), not connections opened at the start;
            // a connect refused for want of a descriptor fails its own session, in the connect error's category
            return;
        }
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (!(os instanceof com.sun.management.UnixOperatingSystemMXBean unix)) {
            return;   // not a Unix: no descriptor limit to read
        }
        long max = unix.getMaxFileDescriptorCount();
        long open = unix.getOpenFileDescriptorCount();
        long needed = open + test.clients() + SPARE_DESCRIPTORS;
        if (max > 0 && needed > max) {
            throw new IllegalStateException("clients (" + test.clients() + ") need about " + needed
                    + " open files but the process may open " + max + " (ulimit -n): raise it, e.g. ulimit -n "
                    + Math.max(needed, 2 * max) + ", or use fewer clients");
        }
    }
}
