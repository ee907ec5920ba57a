package dev.loadtest.internal.engine.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The jar with Set-Cookie headers as servers write them; what goes back is RFC 6265's answer. */
class HttpClientCookieJarTest {

    private final HttpClientCookieJar jar = new HttpClientCookieJar();

    private static URI uri(String s) {
        return URI.create(s);
    }

    private static String httpDate(ZonedDateTime time) {
        return DateTimeFormatter.RFC_1123_DATE_TIME.format(time.withZoneSameInstant(ZoneOffset.UTC));
    }

    @Test
    void should_send_a_cookie_back_to_the_host_that_set_it() {
        jar.receive(uri("http://127.0.0.1:8080/login"), List.of("SESSION=abc123; HttpOnly"));

        assertThat(jar.cookieHeader(uri("http://127.0.0.1:8080/catalogue"))).contains("SESSION=abc123");
        assertThat(jar.value("SESSION")).contains("abc123");
    }

    @Test
    void should_send_nothing_when_no_cookie_matches() {
        assertThat(jar.cookieHeader(uri("http://127.0.0.1:8080/"))).isEmpty();
        assertThat(jar.value("SESSION")).isEmpty();

        jar.receive(uri("http://127.0.0.1:8080/login"), List.of("SESSION=abc123"));
        assertThat(jar.cookieHeader(uri("http://127.0.0.2:8080/"))).isEmpty();
    }

    @Test
    void should_scope_a_cookie_without_path_to_the_directory_of_the_request() {
        jar.receive(uri("http://shop.test/app/login"), List.of("sid=1"));

        assertThat(jar.cookieHeader(uri("http://shop.test/app/basket"))).contains("sid=1");
        assertThat(jar.cookieHeader(uri("http://shop.test/app"))).contains("sid=1");
        assertThat(jar.cookieHeader(uri("http://shop.test/application"))).isEmpty();
        assertThat(jar.cookieHeader(uri("http://shop.test/"))).isEmpty();
    }

    @Test
    void should_send_a_cookie_only_under_its_path_attribute() {
        jar.receive(uri("http://shop.test/login"), List.of("basket=7; Path=/basket", "sid=1; Path=/"));

        assertThat(jar.cookieHeader(uri("http://shop.test/basket/items"))).contains("basket=7; sid=1");
        assertThat(jar.cookieHeader(uri("http://shop.test/catalogue"))).contains("sid=1");
    }

    @Test
    void should_send_a_domain_cookie_to_subdomains_and_a_host_only_cookie_to_its_host_only() {
        jar.receive(uri("http://www.shop.test/login"), List.of("wide=1; Domain=shop.test", "narrow=2"));

        assertThat(jar.cookieHeader(uri("http://api.shop.test/x"))).contains("wide=1");
        assertThat(jar.cookieHeader(uri("http://www.shop.test/x"))).hasValueSatisfying(
                header -> assertThat(header.split("; ")).containsExactlyInAnyOrder("wide=1", "narrow=2"));
        assertThat(jar.cookieHeader(uri("http://shop.example/x"))).isEmpty();
    }

    @Test
    void should_refuse_a_cookie_for_another_domain_and_say_why() {
        jar.receive(uri("http://www.shop.test/login"), List.of("stolen=1; Domain=bank.test"));

        assertThat(jar.value("stolen")).isEmpty();
        assertThat(jar.cookieHeader(uri("http://bank.test/"))).isEmpty();
        assertThat(jar.rejections()).singleElement().asString()
                .startsWith("cookie stolen from http://www.shop.test/login refused: ").contains("bank.test");
    }

    @Test
    void should_never_send_a_cookie_whose_domain_is_a_public_suffix() {
        jar.receive(uri("http://www.example.com/login"), List.of("everywhere=1; Domain=com"));

        assertThat(jar.cookieHeader(uri("http://other.com/"))).isEmpty();
        assertThat(jar.cookieHeader(uri("http://www.example.com/"))).isEmpty();
    }

    @Test
    void should_keep_only_the_latest_rejections() {
        for (int i = 0; i < HttpClientCookieJar.MAX_REJECTIONS + 3; i++) {
            jar.receive(uri("http://www.shop.test/"), List.of("c" + i + "=1; Domain=bank.test"));
        }

        assertThat(jar.rejections()).hasSize(HttpClientCookieJar.MAX_REJECTIONS);
        assertThat(jar.rejections().get(0)).startsWith("cookie c3 ");
    }

    @Test
    void should_drop_a_cookie_that_has_already_expired() {
        String past = httpDate(ZonedDateTime.now().minusDays(1));
        jar.receive(uri("http://shop.test/"), List.of("old=1; Expires=" + past));

        assertThat(jar.value("old")).isEmpty();
        assertThat(jar.cookieHeader(uri("http://shop.test/"))).isEmpty();
    }

    @Test
    void should_keep_a_cookie_until_its_expiry() {
        String future = httpDate(ZonedDateTime.now().plusDays(1));
        jar.receive(uri("http://shop.test/"), List.of("kept=1; Expires=" + future, "aged=2; Max-Age=3600"));

        assertThat(jar.cookieHeader(uri("http://shop.test/"))).hasValueSatisfying(
                header -> assertThat(header.split("; ")).containsExactlyInAnyOrder("kept=1", "aged=2"));
    }

    @Test
    void should_delete_a_cookie_set_again_with_max_age_zero() {
        jar.receive(uri("http://shop.test/login"), List.of("SESSION=abc; Path=/", "theme=dark; Path=/"));
        jar.receive(uri("http://shop.test/logout"), List.of("SESSION=; Path=/; Max-Age=0"));

        assertThat(jar.value("SESSION")).isEmpty();
        assertThat(jar.cookieHeader(uri("http://shop.test/"))).contains("theme=dark");
    }

    @Test
    void should_replace_a_cookie_of_the_same_name_domain_and_path() {
        jar.receive(uri("http://shop.test/"), List.of("step=1"));
        jar.receive(uri("http://shop.test/"), List.of("step=2"));

        assertThat(jar.cookieHeader(uri("http://shop.test/"))).contains("step=2");
    }

    @Test
    void should_send_a_secure_cookie_over_https_only() {
        jar.receive(uri("https://shop.test/login"), List.of("token=s3cr3t; Secure; Path=/", "plain=1; Path=/"));

        assertThat(jar.cookieHeader(uri("https://shop.test/basket"))).hasValueSatisfying(
                header -> assertThat(header.split("; ")).containsExactlyInAnyOrder("token=s3cr3t", "plain=1"));
        assertThat(jar.cookieHeader(uri("http://shop.test/basket"))).contains("plain=1");
    }

    @Test
    void should_not_send_a_secure_cookie_set_over_http_back_over_http() {
        jar.receive(uri("http://shop.test/login"), List.of("token=s3cr3t; Secure"));

        assertThat(jar.cookieHeader(uri("http://shop.test/"))).isEmpty();
    }

    @Test
    void should_keep_the_well_formed_cookies_of_a_response_beside_a_malformed_one() {
        jar.receive(uri("http://shop.test/"), List.of("bad=1; Max-Age=soon", "good=1"));

        assertThat(jar.cookieHeader(uri("http://shop.test/"))).contains("good=1");
        assertThat(jar.rejections()).containsExactly(
                "Set-Cookie (bad=1; Max-Age=soon) from http://shop.test/ is malformed: Invalid 'max-age' attribute: soon");
    }

    @Test
    void should_match_ipv6_literals_and_default_ports() {
        jar.receive(uri("http://[::1]:8080/"), List.of("v6=1"));
        jar.receive(uri("https://shop.test/"), List.of("tls=1"));

        assertThat(jar.cookieHeader(uri("http://[::1]:8080/x"))).contains("v6=1");
        assertThat(jar.cookieHeader(uri("https://shop.test:443/x"))).contains("tls=1");
    }

    @Test
    void should_refuse_an_origin_that_is_not_an_absolute_http_uri() {
        assertThatThrownBy(() -> jar.cookieHeader(uri("/relative")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cookie origin (/relative) must be an absolute http or https URI");
        assertThatThrownBy(() -> jar.receive(uri("ftp://shop.test/"), List.of("a=1")))
                .hasMessageContaining("ftp://shop.test/");
    }

    @Test
    void should_name_its_cookies_without_their_values() {
        jar.receive(uri("http://shop.test/app/login"), List.of("SESSION=s3cr3t; Path=/", "theme=dark"));

        assertThat(jar).hasToString("[SESSION (shop.test, /), theme (shop.test, /app)]");
    }
}
