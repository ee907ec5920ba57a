package dev.loadtest.samples.cli;

import dev.loadtest.LoadTest;
import java.net.URI;

/**
 * The name a run goes by in --prometheus (the {@code test} tag), --junit-xml and the step summary: the one
 * given with --test-name, else the first target without its query (which may carry a credential) and
 * without user information.
 */
final class TestName {

    private TestName() {
    }

    static String of(LoadTest test, String given) {
        if (given != null) {
            return given;
        }
        URI target = test.targets().get(0);
        String port = target.getPort() < 0 ? "" : ":" + target.getPort();
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        return target.getScheme() + "://" + target.getHost() + port + path;
    }
}
