package dev.loadtest.internal;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import dev.loadtest.LoadTest;
import org.junit.jupiter.api.Test;

/** The api module's test class path has no engine: every way to start a run must say what to add. */
class EnginesTest {

    private static final String NO_ENGINE = "no loadtest engine on the class path: add the dependency"
            + " dev.loadtest:loadtest-core (it registers dev.loadtest.spi.LoadTestEngine in META-INF/services)";

    @Test
    void should_name_the_dependency_to_add_when_no_engine_is_found() {
        assertThatIllegalStateException().isThrownBy(Engines::find).withMessage(NO_ENGINE);
    }

    @Test
    void should_fail_to_start_a_valid_test_without_an_engine() {
        LoadTest test = LoadTest.target("http://127.0.0.1:1/").requests(10).build();

        assertThatIllegalStateException().isThrownBy(test::start).withMessage(NO_ENGINE)
                .withMessageContaining("dev.loadtest:loadtest-core");
        assertThatIllegalStateException().isThrownBy(test::run).withMessage(NO_ENGINE);
    }

    @Test
    void should_fail_to_start_from_the_builder_without_an_engine() {
        assertThatIllegalStateException()
                .isThrownBy(() -> LoadTest.target("http://127.0.0.1:1/").requests(10).start())
                .withMessage(NO_ENGINE);
        assertThatIllegalStateException()
                .isThrownBy(() -> LoadTest.target("http://127.0.0.1:1/").requests(10).run())
                .withMessage(NO_ENGINE);
    }
}
