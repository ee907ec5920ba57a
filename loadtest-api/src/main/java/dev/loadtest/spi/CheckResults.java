package dev.loadtest.spi;

import dev.loadtest.check.CheckResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The check results of parts of one run (threads, shards) as one: each check's counts added, by name. */
public final class CheckResults {

    private CheckResults() {
    }

    /**
     * Each check's results over all the parts, in the order the checks first appear (a run's order, since
     * every part of a run has the same checks). A check missing from a part counted nothing there.
     */
    public static List<CheckResult> merge(List<List<CheckResult>> parts) {
        Map<String, CheckResult> byName = new LinkedHashMap<>();
        for (List<CheckResult> part : parts) {
            for (CheckResult result : part) {
                byName.merge(result.name(), result, CheckResult::merge);
            }
        }
        return List.copyOf(new ArrayList<>(byName.values()));
    }
}
