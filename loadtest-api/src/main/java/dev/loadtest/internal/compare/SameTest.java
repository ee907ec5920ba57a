package dev.loadtest.internal.compare;

import dev.loadtest.LoadTest;
import dev.loadtest.Redaction;
import dev.loadtest.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Whether two results come from the same test, so that comparing them says something about the server:
 * the same targets, protocol, method, body size and load (model, clients, streams, rate or stages). The
 * length of the run, its warm-up and its interval may differ: they change how precise the figures are,
 * not what they measure.
 */
public final class SameTest {

    private SameTest() {
    }

    /**
     * What differs between the baseline's test and the candidate's, one entry per aspect, worded
     * {@code targets (baseline [http://a/], candidate [http://b/])}; empty if they are the same test.
     *
     * @param ignoreTargets whether the targets may differ (an interleaved A/B run of two servers)
     */
    public static List<String> differences(Result baseline, Result candidate, boolean ignoreTargets) {
        LoadTest a = baseline.test().unsharded();
        LoadTest b = candidate.test().unsharded();
        List<String> out = new ArrayList<>();
        if (!ignoreTargets) {
            differs(out, "targets", Redaction.display(a.targets()), Redaction.display(b.targets()));
        }
        differs(out, "protocol", a.protocol(), b.protocol());
        differs(out, "protocol spoken", baseline.protocol(), candidate.protocol());
        differs(out, "method", a.method(), b.method());
        differs(out, "body size", a.bodyLength(), b.bodyLength());
        differs(out, "load model", model(a), model(b));
        differs(out, "clients", a.clients(), b.clients());
        differs(out, "streams", a.streams(), b.streams());
        if (a.isRateDriven() && b.isRateDriven()) {
            differs(out, "rate", a.rate().isPresent() ? a.rate().getAsDouble() + " req/s" : "stages",
                    b.rate().isPresent() ? b.rate().getAsDouble() + " req/s" : "stages");
            if (a.rate().isEmpty() && b.rate().isEmpty()) {
                differs(out, "stages", a.stages(), b.stages());
            }
        }
        return out;
    }

    private static String model(LoadTest t) {
        if (!t.stages().isEmpty() && t.stages().get(0).isConcurrency()) {
            return "concurrency stages";
        }
        return t.isRateDriven() ? "open (rate-driven)" : "closed";
    }

    private static void differs(List<String> out, String what, Object baseline, Object candidate) {
        if (!Objects.equals(baseline, candidate)) {
            out.add(what + " (baseline " + baseline + ", candidate " + candidate + ")");
        }
    }
}
