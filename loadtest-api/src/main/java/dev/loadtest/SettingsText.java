package dev.loadtest;

import java.util.List;

/** {@link LoadTest#toString()}: the settings a shard runs, on one line, credentials redacted. */
final class SettingsText {

    private SettingsText() {
    }

    static String of(LoadTest t) {
        StringBuilder s = new StringBuilder("LoadTest[targets=").append(Redaction.display(t.targets()))
                .append(", clients=").append(t.clients())
                .append(", streams=").append(t.streams())
                .append(", threads=").append(t.threads());
        List<Stage> stages = t.stages();
        if (!stages.isEmpty()) {
            s.append(", stages=").append(stages.size() == 1 && stages.get(0).fromRate() == stages.get(0).toRate()
                    ? stages.get(0).fromRate() + " req/s" : stages.toString());
        }
        if (t.rate().isPresent() && stages.isEmpty()) {
            s.append(", rate=").append(t.rate().getAsDouble()).append(" req/s");
        }
        if (t.duration().isPresent()) {
            s.append(", duration=").append(DurationFormat.setting(t.duration().get()));
        } else {
            s.append(", requests=").append(t.requests().orElse(0));
        }
        if (!t.warmUp().isZero()) {
            s.append(", warmUp=").append(DurationFormat.setting(t.warmUp()));
        }
        s.append(", protocol=").append(t.protocol());
        if (t.requestSource().isPresent()) {
            s.append(", requests built per request");   // the source gives each method, path and body
        } else {
            s.append(", method=").append(t.method());
        }
        t.feeder().ifPresent(feeder -> s.append(", feed=").append(feeder));
        if (t.seed().isPresent()) {
            s.append(", seed=").append(t.seed().getAsLong());
        }
        if (!t.headers().isEmpty()) {
            s.append(", headers=").append(t.headers());
        }
        if (t.bodyLength() >= 0) {
            s.append(", body=").append(t.bodyLength()).append(" bytes");
        }
        if (!t.keepAlive()) {
            s.append(", keepAlive=false");
        }
        if (t.insecureTrustAll()) {
            s.append(", insecureTrustAll");
        }
        if (t.shardCount() > 1) {
            s.append(", shard=").append(t.shardIndex()).append('/').append(t.shardCount());
        }
        if (t.startAt().isPresent()) {
            s.append(", startAt=").append(t.startAt().get());
        }
        return s.append(']').toString();
    }
}
