package dev.loadtest.internal;

import dev.loadtest.spi.LoadTestEngine;
import java.util.ServiceLoader;

/** Finds the engine on the class path, as the JUnit Platform finds its test engines. */
public final class Engines {

    private Engines() {
    }

    public static LoadTestEngine find() {
        return ServiceLoader.load(LoadTestEngine.class, Engines.class.getClassLoader()).findFirst()
                .or(() -> ServiceLoader.load(LoadTestEngine.class).findFirst())
                .orElseThrow(() -> new IllegalStateException(
                        "no loadtest engine on the class path: add the dependency dev.loadtest:loadtest-core "
                                + "(it registers dev.loadtest.spi.LoadTestEngine in META-INF/services)"));
    }
}
