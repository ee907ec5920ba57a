package dev.loadtest.testing.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.apache.hc.core5.http.HttpRequest;
import org.junit.jupiter.api.Test;

/** The benchmark's request seam makes what a default GET run sends, a new message each time. */
class RequestMakingTest {

    @Test
    void should_make_a_new_get_of_the_target_with_the_run_headers_each_time() {
        RequestMaking making = RequestMaking.get(URI.create("http://127.0.0.1:18080/hello?name=x"));

        HttpRequest first = making.newRequest();
        HttpRequest second = making.newRequest();

        assertThat(first.getMethod()).isEqualTo("GET");
        assertThat(first.getScheme()).isEqualTo("http");
        assertThat(first.getAuthority()).hasToString("127.0.0.1:18080");
        assertThat(first.getPath()).isEqualTo("/hello?name=x");
        assertThat(first.getFirstHeader("User-Agent")).isNotNull();
        assertThat(second).isNotSameAs(first);
    }
}
