package dev.loadtest.internal.engine;

import dev.loadtest.LoadTest;
import dev.loadtest.LoadTestRun;
import dev.loadtest.spi.LoadTestEngine;

/** The engine on Apache HttpCore 5's async requester; registered for {@link java.util.ServiceLoader}. */
public final class HttpCoreEngine implements LoadTestEngine {

    @Override
    public String name() {
        return "httpcore5";
    }

    @Override
    public LoadTestRun start(LoadTest test) {
        EngineRun run = new EngineRun(test);
        run.start();
        return run;
    }
}
