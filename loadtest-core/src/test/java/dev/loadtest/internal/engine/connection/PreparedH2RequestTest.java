package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpVersion;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.http2.impl.DefaultH2RequestConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A static run's HTTP/2 request, prepared once, gives HttpCore's HTTP/2 handler the header list a request made and
 * processed per send gives it (what went on the wire before), and is shared safely.
 */
class PreparedH2RequestTest {

    private static final URI TARGET = URI.create("http://127.0.0.1:8080/hello?id=1");   // h2c: HTTP_2 below

    static Stream<LoadTest> runs() {
        return Stream.of(
                LoadTest.target(TARGET).protocol(Protocol.HTTP_2).requests(1).build(),
                LoadTest.target(TARGET).protocol(Protocol.HTTP_2).header("X-Run", "1").header("Accept", "text/plain").header("X-Two", "a")
                        .header("X-Two", "b").requests(1).build(),
                LoadTest.target(TARGET).protocol(Protocol.HTTP_2).header("User-Agent", "Mine/2").requests(1).build(),
                LoadTest.target(TARGET).protocol(Protocol.HTTP_2).method("POST").header("Content-Type", "application/json")
                        .body("{}".getBytes(StandardCharsets.UTF_8)).requests(1).build(),
                LoadTest.target(TARGET).protocol(Protocol.HTTP_2).method("PUT").header("Expect", "100-continue")
                        .body(new byte[3]).requests(1).build(),
                LoadTest.target(URI.create("https://localhost/")).method("HEAD").requests(1).build());
    }

    @ParameterizedTest
    @MethodSource("runs")
    void should_give_httpcore_the_header_list_of_a_request_processed_per_send(LoadTest test) throws Exception {
        byte[] body = test.body().orElse(null);
        RequestTemplate template = new RequestTemplate(test, test.targets().get(0), body);

        HttpRequest prepared = template.h2Request();
        HttpRequest perSend = template.newRequest();

        assertThat(prepared).isInstanceOf(PreparedH2Request.class).isSameAs(template.h2Request());
        assertThat(sent(prepared, template)).isEqualTo(sent(perSend, template));
        assertThat(prepared.getFirstHeader("Expect")).isEqualTo(perSend.getFirstHeader("Expect"));
    }

    @Test
    void should_send_expect_100_continue_but_hide_it_from_httpcore_both_prepared_and_per_send() throws Exception {
        LoadTest test = LoadTest.target(TARGET).protocol(Protocol.HTTP_2).method("PUT").header("Expect", "100-continue").body(new byte[3])
                .requests(1).build();
        RequestTemplate template = new RequestTemplate(test, TARGET, test.body().orElseThrow());

        for (HttpRequest request : List.of(template.h2Request(), template.newRequest())) {
            // HttpCore asks by name before it sends the body; what it encodes is the header list
            assertThat(request.getFirstHeader("Expect")).as("%s", request.getClass()).isNull();
            assertThat(sent(request, template)).as("%s", request.getClass()).contains("expect: 100-continue");
        }
        HttpRequest plain = new RequestTemplate(LoadTest.target(TARGET).protocol(Protocol.HTTP_2).header("Expect", "100-continue").requests(1)
                .build(), TARGET, null).h2Request();
        assertThat(plain.getFirstHeader("Expect")).as("without a body there is nothing to hold").isNotNull();
    }

    @Test
    void should_prepare_what_the_runs_protocols_send_and_make_the_other_when_asked() {
        LoadTest.Builder run = LoadTest.target(URI.create("https://localhost/hello")).requests(1);
        RequestTemplate http1 = new RequestTemplate(run.protocol(Protocol.HTTP_1_1).build(), TARGET, null);
        RequestTemplate http2 = new RequestTemplate(run.protocol(Protocol.HTTP_2).build(), TARGET, null);
        RequestTemplate negotiated = new RequestTemplate(run.protocol(Protocol.NEGOTIATE).build(), TARGET, null);

        assertThat(http1.h2Request()).as("HTTP/1.1 only: made per send if ever asked")
                .isNotInstanceOf(PreparedH2Request.class).isNotSameAs(http1.h2Request());
        assertThat(http2.h2Request()).isInstanceOf(PreparedH2Request.class);
        assertThat(negotiated.h2Request()).isInstanceOf(PreparedH2Request.class);
        assertThat(http2.http1Head()).as("HTTP/2 only: encoded when first asked, the same bytes")
                .isEqualTo(http1.http1Head()).isEqualTo(negotiated.http1Head());
    }

    @Test
    void should_leave_a_request_httpcore_refuses_to_httpcore_per_send() {
        RequestTemplate template = new RequestTemplate("TRACE", "http",
                new org.apache.hc.core5.net.URIAuthority("127.0.0.1", 8080), "/", new Header[0], new byte[1]);

        assertThat(PreparedH2Request.of(template.newRequest(), template.entityDetails(), false)).isNull();
        assertThat(template.h2Request()).isNotInstanceOf(PreparedH2Request.class);
    }

    @Test
    void should_refuse_any_change_once_made() {
        HttpRequest prepared = new RequestTemplate(LoadTest.target(TARGET).protocol(Protocol.HTTP_2).requests(1).build(), TARGET, null)
                .h2Request();

        assertThatThrownBy(() -> prepared.addHeader("X-Late", "1")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> prepared.setPath("/other")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> prepared.removeHeaders("User-Agent"))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThat(prepared.getPath()).isEqualTo("/hello?id=1");
    }

    /** What HttpCore's HTTP/2 stream handler submits for {@code request}: processed, then converted. */
    private static List<String> sent(HttpRequest request, RequestTemplate template) throws Exception {
        HttpCoreContext context = HttpCoreContext.create();
        context.setProtocolVersion(HttpVersion.HTTP_2);
        context.setRequest(request);
        RequestProcessors.HTTP_2.process(request, template.entityDetails(), context);
        List<String> fields = new ArrayList<>();
        for (Header h : DefaultH2RequestConverter.INSTANCE.convert(request)) {
            fields.add(new BasicHeader(h.getName(), h.getValue()).toString());
        }
        return fields;
    }
}
