package dev.loadtest.junit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SettingsTest {

    static Settings from(Map<String, String> parameters) {
        return Settings.from(name -> Optional.ofNullable(parameters.get(name)));
    }

    @Test
    void should_default_to_scale_1_enforce_and_target_loadtest_reports() {
        assertThat(from(Map.of())).isEqualTo(new Settings(1, Settings.Mode.ENFORCE,
                Optional.of(Path.of("target/loadtest-reports"))));
    }

    @Test
    void should_read_each_parameter() {
        assertThat(from(Map.of("loadtest.budget.scale", " 2.5 ", "loadtest.budget.mode", "report",
                "loadtest.reports.directory", "build/perf")))
                .isEqualTo(new Settings(2.5, Settings.Mode.REPORT, Optional.of(Path.of("build/perf"))));
        assertThat(from(Map.of("loadtest.reports.directory", "")).reportsDirectory()).isEmpty();
    }

    @Test
    void should_name_the_parameter_the_value_and_the_rule() {
        assertThatThrownBy(() -> from(Map.of("loadtest.budget.scale", "-1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("loadtest.budget.scale (-1) must be a number > 0, e.g. 2 to allow twice the latency and "
                        + "half the throughput");
        assertThatThrownBy(() -> from(Map.of("loadtest.budget.scale", "NaN")))
                .hasMessageStartingWith("loadtest.budget.scale (NaN) must be a number > 0");
        assertThatThrownBy(() -> from(Map.of("loadtest.budget.mode", "off")))
                .hasMessage("loadtest.budget.mode (off) must be enforce or report");
        assertThatThrownBy(() -> from(Map.of("loadtest.reports.directory", "a\0b")))
                .hasMessageStartingWith("loadtest.reports.directory (a\0b) must be a directory path: ");
    }
}
