package dev.loadtest;

import dev.loadtest.internal.request.FeedReader;
import dev.loadtest.request.Feeder;

/**
 * The rules that combine a {@link LoadTest.Builder#request request source} with the other settings, checked by
 * {@link LoadTest.Builder#build()} after {@link SettingsRules}: apart from them, as they concern one group of
 * settings and one of them reads the feeder's file. {@link IllegalStateException}s naming both settings.
 */
final class RequestRules {

    private RequestRules() {
    }

    /** @param pathGiven whether {@code path(...)} was called on the builder (the settings keep only the targets) */
    static void check(Settings s, boolean pathGiven) {
        if (s.requestSource() == null) {
            if (s.feeder() != null && s.scenario() == null) {
                throw new IllegalStateException("feed (" + s.feeder() + ") needs a request source: give"
                        + " request(ctx -> ...) that reads ctx.row(), or a scenario");
            }
            return;
        }
        String excluded = s.method() != null ? "method (" + s.method() + ")"
                : s.body() != null ? "body (" + s.body().length + " bytes)"
                : pathGiven ? "path (" + s.targets().get(0).getRawPath() + ")" : null;
        if (excluded != null) {
            throw new IllegalStateException("request source and " + excluded + " cannot both be set: the source"
                    + " gives each request's method, path and body");
        }
        if (s.shardCount() > 1 && s.seed() == null) {
            throw new IllegalStateException("a sharded run (shard " + s.shardIndex() + " of " + s.shardCount()
                    + ") with a request source needs a seed: give every shard the same seed(long), so that"
                    + " their requests are one run's and can be replayed");
        }
        Feeder feeder = s.feeder();
        if (feeder != null && feeder.order() == Feeder.Order.IN_ORDER && s.requests() > 0) {
            long shardRequests = ShardPlan.of(s).requests();
            long rows = feeder.rows();   // a malformed file throws here: the feeder's own fault, an argument's
            try {
                FeedReader.requireRows(feeder, rows, shardRequests, s.shardIndex(), s.shardCount());
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(e.getMessage(), e);   // requests against rows: a combination
            }
        }
    }
}
