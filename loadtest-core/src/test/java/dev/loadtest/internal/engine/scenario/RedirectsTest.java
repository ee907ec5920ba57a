package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.Header;
import dev.loadtest.request.Request;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.hc.client5.http.CircularRedirectException;
import org.apache.hc.client5.http.RedirectException;
import org.junit.jupiter.api.Test;

class RedirectsTest {

    private static final URI SERVER = URI.create("http://127.0.0.1:8080");
    private static final Request FORM = Request.post("/orders")
            .header("Accept", "text/html").header("Cookie", "SESSION=1")
            .body("item=tea", "application/x-www-form-urlencoded");

    private final Redirects redirects = new Redirects(SERVER);

    private Request next(Request sent, int status, String location) throws RedirectException {
        return redirects.next(sent, status, List.of(location)).orElseThrow();
    }

    private static String body(Request request) {
        return request.body().map(b -> new String(b, StandardCharsets.UTF_8)).orElse(null);
    }

    @Test
    void should_end_the_step_on_a_response_that_is_not_a_redirect() throws RedirectException {
        assertThat(redirects.next(FORM, 200, List.of())).isEmpty();
        assertThat(redirects.next(FORM, 304, List.of("/elsewhere"))).isEmpty();
        assertThat(redirects.next(FORM, 302, List.of())).isEmpty();
        assertThat(redirects.followed()).isZero();
    }

    @Test
    void should_turn_a_post_into_a_get_without_body_on_301_302_and_303() throws RedirectException {
        for (int status : new int[] {301, 302, 303}) {
            Request next = new Redirects(SERVER).next(FORM, status, List.of("/orders/42")).orElseThrow();

            assertThat(next.method()).as("after %s", status).isEqualTo("GET");
            assertThat(next.target()).isEqualTo("/orders/42");
            assertThat(next.body()).isEmpty();
            assertThat(next.headers()).containsExactly(new Header("Accept", "text/html"));
        }
    }

    @Test
    void should_keep_other_methods_on_301_and_302_but_not_on_303() throws RedirectException {
        Request put = Request.put("/basket").body("{}", "application/json");

        assertThat(next(put, 301, "/basket/1").method()).isEqualTo("PUT");
        assertThat(body(next(put, 302, "/basket/2"))).isEqualTo("{}");
        assertThat(next(put, 303, "/basket/3").method()).isEqualTo("GET");
        assertThat(next(Request.of("HEAD", "/a"), 303, "/b").method()).isEqualTo("HEAD");
    }

    @Test
    void should_keep_method_headers_and_body_on_307_and_308() throws RedirectException {
        for (int status : new int[] {307, 308}) {
            Request next = new Redirects(SERVER).next(FORM, status, List.of("/v2/orders")).orElseThrow();

            assertThat(next.method()).isEqualTo("POST");
            assertThat(body(next)).isEqualTo("item=tea");
            assertThat(next.headers()).containsExactly(new Header("Accept", "text/html"),
                    new Header("Content-Type", "application/x-www-form-urlencoded"));
        }
    }

    @Test
    void should_leave_the_cookie_header_to_the_jar() throws RedirectException {
        assertThat(next(FORM, 307, "/v2/orders").headers()).extracting(Header::name).doesNotContain("Cookie");
    }

    @Test
    void should_resolve_a_relative_location_against_the_request() throws RedirectException {
        Request sent = Request.get("/shop/cart/view?x=1");

        assertThat(next(sent, 302, "checkout").target()).isEqualTo("/shop/cart/checkout");
        assertThat(next(sent, 302, "../home?y=2").target()).isEqualTo("/shop/home?y=2");
        assertThat(next(sent, 302, "//127.0.0.1:8080/top").target()).isEqualTo("/top");
        assertThat(next(sent, 302, "http://127.0.0.1:8080/abs#frag").target()).isEqualTo("/abs");
    }

    @Test
    void should_follow_a_redirect_of_an_absolute_target_of_the_server() throws RedirectException {
        Request sent = Request.get("http://127.0.0.1:8080/old");

        assertThat(next(sent, 301, "/new").uri(SERVER)).isEqualTo(URI.create("http://127.0.0.1:8080/new"));
    }

    @Test
    void should_refuse_a_location_on_another_host_port_or_scheme() {
        for (String location : List.of("http://example.com/", "http://127.0.0.1:9090/", "https://127.0.0.1:8080/")) {
            assertThatThrownBy(() -> new Redirects(SERVER).next(FORM, 302, List.of(location)))
                    .isInstanceOf(RedirectException.class)
                    .hasMessageStartingWith("redirect 302 from http://127.0.0.1:8080/orders to " + location)
                    .hasMessageEndingWith("refused: it leaves http://127.0.0.1:8080, and a run's connections all go "
                            + "to one server");
        }
    }

    @Test
    void should_take_the_default_port_as_the_servers() throws RedirectException {
        Redirects https = new Redirects(URI.create("https://shop.test"));

        assertThat(https.next(Request.get("/a"), 302, List.of("https://shop.test:443/b"))).isPresent();
    }

    @Test
    void should_refuse_a_location_that_is_not_a_uri() {
        assertThatThrownBy(() -> redirects.next(FORM, 302, List.of("/a b")))
                .isInstanceOf(RedirectException.class)
                .hasMessageStartingWith("redirect 302 from http://127.0.0.1:8080/orders to Location (/a b) cannot be "
                        + "followed: ");
    }

    @Test
    void should_stop_a_loop_at_the_first_uri_seen_again() throws RedirectException {
        Request b = next(Request.get("/a"), 302, "/b");

        assertThatThrownBy(() -> redirects.next(b, 302, List.of("/a")))
                .isInstanceOf(CircularRedirectException.class)
                .hasMessage("redirect loop: http://127.0.0.1:8080/a -> http://127.0.0.1:8080/b -> "
                        + "http://127.0.0.1:8080/a");
    }

    @Test
    void should_follow_ten_redirects_and_fail_at_the_eleventh() throws RedirectException {
        Request sent = Request.get("/r0");
        for (int i = 1; i <= Redirects.MAX_REDIRECTS; i++) {
            sent = next(sent, 302, "/r" + i);
        }
        assertThat(redirects.followed()).isEqualTo(10);
        Request last = sent;

        assertThatThrownBy(() -> redirects.next(last, 302, List.of("/r11")))
                .isInstanceOf(RedirectException.class)
                .isNotInstanceOf(CircularRedirectException.class)
                .hasMessageStartingWith("more than 10 redirects: http://127.0.0.1:8080/r0 -> ")
                .hasMessageEndingWith("/r10 -> http://127.0.0.1:8080/r11");
    }

    @Test
    void should_redact_credentials_in_its_messages() {
        assertThatThrownBy(() -> redirects.next(FORM, 302, List.of("http://evil.test/?token=s3cr3t")))
                .hasMessageContaining("token=<redacted>").hasMessageNotContaining("s3cr3t");
    }

    @Test
    void should_take_the_first_location() throws RedirectException {
        assertThat(redirects.next(FORM, 303, List.of("/first", "/second")).map(Request::target))
                .isEqualTo(Optional.of("/first"));
    }
}
