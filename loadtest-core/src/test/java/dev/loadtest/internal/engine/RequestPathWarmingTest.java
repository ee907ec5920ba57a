package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThatCode;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestPathWarmingTest {

    private static RequestTemplate template(LoadTest test) {
        URI target = test.targets().get(0);
        return new RequestTemplate(test, target, test.body().orElse(null));
    }

    @Test
    void should_run_every_step_for_a_plain_get_a_head_and_a_post_with_headers() {
        for (LoadTest test : new LoadTest[] {
                LoadTest.target("http://127.0.0.1:8080/hello?x=1").requests(1).build(),
                LoadTest.target("http://127.0.0.1:8080/").method("HEAD").requests(1).build(),
                LoadTest.target("https://localhost/api").method("POST").header("X-Trace", "abc")
                        .header("Expect", "100-continue")
                        .body("{\"a\":1}".getBytes(StandardCharsets.UTF_8)).requests(1).build()}) {
            for (Protocol protocol : Protocol.values()) {
                assertThatCode(() -> RequestPathWarming.run(template(test), protocol)).as(test.method() + " " + protocol)
                        .doesNotThrowAnyException();
            }
        }
    }
}
