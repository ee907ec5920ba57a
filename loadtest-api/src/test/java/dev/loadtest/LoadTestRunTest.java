package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.spi.ResultBuilder;
import dev.loadtest.spi.LoadTestEngine;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LoadTest#run()} over an engine registered for this test only: a {@code META-INF/services} file in a
 * temporary folder, seen through the thread's context class loader (the api module has no engine of its own).
 */
public class LoadTestRunTest {

    /** What the fake engine does with a test; set by each test. */
    private static volatile Function<LoadTest, LoadTestRun> behaviour;

    private final LoadTest test = LoadTest.target("http://127.0.0.1:1/").requests(10).build();
    private ClassLoader savedLoader;
    private URLClassLoader engineLoader;

    /** Registered in META-INF/services by {@link #registerFakeEngine}. */
    public static final class FakeEngine implements LoadTestEngine {
        @Override
        public String name() {
            return "fake";
        }

        @Override
        public LoadTestRun start(LoadTest test) {
            return behaviour.apply(test);
        }
    }

    @BeforeEach
    void registerFakeEngine(@TempDir Path dir) throws IOException {
        Path services = Files.createDirectories(dir.resolve("META-INF/services"));
        Files.writeString(services.resolve(LoadTestEngine.class.getName()), FakeEngine.class.getName() + "\n");
        engineLoader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader());
        savedLoader = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(engineLoader);
    }

    @AfterEach
    void unregisterFakeEngine() throws IOException {
        Thread.currentThread().setContextClassLoader(savedLoader);
        engineLoader.close();
        Thread.interrupted();
    }

    private static Result resultOf(LoadTest test, boolean stopped) {
        return new ResultBuilder().test(test).duration(Duration.ofSeconds(1)).protocol("http/1.1")
                .requests(new Requests(10, 10, 10, 10, 0, 0, 0, 0)).statusCodes(new StatusCodes(Map.of(200, 10L)))
                .traffic(new Traffic(1_000, 100, 100, 900, 500)).connections(1).verdict(Verdict.OK).stopped(stopped)
                .build();
    }

    private static LoadTestRun run(CompletableFuture<Result> future, Runnable onStop) {
        return new LoadTestRun() {
            @Override
            public CompletableFuture<Result> result() {
                return future;
            }

            @Override
            public void stop() {
                onStop.run();
            }
        };
    }

    @Test
    void should_hand_the_validated_test_to_the_engine_and_return_its_result() {
        behaviour = t -> run(CompletableFuture.completedFuture(resultOf(t, false)), () -> { });

        Result result = test.run();

        assertThat(result.test()).isSameAs(test);
        assertThat(result.stopped()).isFalse();
    }

    @Test
    void should_stop_the_run_and_return_its_partial_result_when_interrupted() {
        CompletableFuture<Result> future = new CompletableFuture<>();
        AtomicInteger stops = new AtomicInteger();
        behaviour = t -> run(future, () -> {
            stops.incrementAndGet();
            future.complete(resultOf(t, true));
        });

        Thread.currentThread().interrupt();
        Result result = test.run();

        assertThat(result.stopped()).isTrue();
        assertThat(stops).hasValue(1);
        assertThat(Thread.interrupted()).as("interrupt flag set again").isTrue();
    }

    @Test
    void should_rethrow_an_unchecked_failure_of_the_run_as_it_is() {
        IllegalStateException failure = new IllegalStateException("engine broke");
        behaviour = t -> run(CompletableFuture.failedFuture(failure), () -> { });

        assertThatThrownBy(test::run).isSameAs(failure);
    }

    @Test
    void should_rethrow_an_error_of_the_run_as_it_is() {
        OutOfMemoryError failure = new OutOfMemoryError("too big");
        behaviour = t -> run(CompletableFuture.failedFuture(failure), () -> { });

        assertThatThrownBy(test::run).isSameAs(failure);
    }

    @Test
    void should_wrap_a_checked_failure_of_the_run() {
        IOException failure = new IOException("boom");
        behaviour = t -> run(CompletableFuture.failedFuture(failure), () -> { });

        assertThatIllegalStateException().isThrownBy(test::run)
                .withMessage("load test failed: java.io.IOException: boom")
                .withCause(failure);
    }

    @Test
    void should_start_without_waiting() {
        CompletableFuture<Result> future = new CompletableFuture<>();
        behaviour = t -> run(future, () -> { });

        LoadTestRun started = LoadTest.target("http://127.0.0.1:1/").requests(10).start();

        assertThat(started.result()).isSameAs(future).isNotDone();
    }
}
