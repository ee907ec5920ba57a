package dev.loadtest.internal.engine;

import java.util.Optional;

/**
 * The system modules the engine needs beyond those every module reads. Apache HttpCore 5 uses
 * {@code jdk.net.ExtendedSocketOptions} when it opens a socket; on the class path every system module is
 * there, but on the module path only those some module requires, and HttpCore and loadtest-core are automatic
 * modules, which require nothing. Without {@code jdk.net} each connect fails inside HttpCore's I/O thread and
 * a run reports every connection as timed out, which points the wrong way: so a run refuses to start instead.
 */
final class RequiredModules {

    static final String JDK_NET = "jdk.net";

    private RequiredModules() {
    }

    /** @throws IllegalStateException if a module the engine needs is not in the engine's module layer */
    static void check() {
        missing(RequiredModules.class.getModule()).ifPresent(message -> {
            throw new IllegalStateException(message);
        });
    }

    /** What to add, if {@code module}, the engine's own, is named and its layer lacks {@code jdk.net}. */
    static Optional<String> missing(Module module) {
        if (!module.isNamed() || module.getLayer() == null || module.getLayer().findModule(JDK_NET).isPresent()) {
            return Optional.empty();
        }
        return Optional.of("loadtest-core runs on the module path without the module " + JDK_NET + ", which Apache "
                + "HttpCore 5 needs to open connections: add 'requires " + JDK_NET + ";' to your module-info.java, "
                + "or '--add-modules " + JDK_NET + "' to the java command");
    }
}
