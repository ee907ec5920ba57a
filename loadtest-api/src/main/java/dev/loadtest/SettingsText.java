package dev.loadtest;

import dev.loadtest.check.Check;
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
        boolean constant = stages.size() == 1 && stages.get(0).fromRate() == stages.get(0).toRate();
        if (!stages.isEmpty() && constant && t.scenario().isPresent()) {
            s.append(", arrivals=").append(stages.get(0).fromRate()).append(" sessions/s");
        } else if (!stages.isEmpty()) {
            s.append(", stages=").append(constant ? stages.get(0).fromRate() + " req/s" : stages.toString());
        }
        if (t.rate().isPresent() && stages.isEmpty()) {
            s.append(t.scenario().isPresent() ? ", arrivals=" : ", rate=").append(t.rate().getAsDouble())
                    .append(t.scenario().isPresent() ? " sessions/s" : " req/s");
        }
        t.scenario().ifPresent(scenario -> s.append(", scenario=").append(scenario.name()));
        if (t.users() > 0) {
            s.append(", users=").append(t.users());
        }
        if (t.connectionPerUser()) {
            s.append(", connectionPerUser");
        }
        if (t.duration().isPresent()) {
            s.append(", duration=").append(DurationFormat.setting(t.duration().get()));
        } else if (t.iterations().isPresent()) {
            s.append(", iterations=").append(t.iterations().getAsLong());
        } else {
            s.append(", requests=").append(t.requests().orElse(0));
        }
        if (!t.warmUp().isZero()) {
            s.append(", warmUp=").append(DurationFormat.setting(t.warmUp()));
        }
        s.append(", protocol=").append(t.protocol());
        if (t.requestSource().isPresent() || t.scenario().isPresent()) {
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
        if (!t.checks().isEmpty()) {
            s.append(", checks=").append(t.checks().stream().map(Check::name).toList());
            if (t.maxCheckedBodyBytes() != Check.DEFAULT_MAX_BODY_BYTES) {
                s.append(", maxCheckedBodyBytes=").append(t.maxCheckedBodyBytes());
            }
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
