package dev.loadtest.bench.jmh;

import dev.loadtest.Header;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestSource;
import dev.loadtest.request.TemplateSource;
import dev.loadtest.testing.bench.Http1HeadMaking;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What a run with a request source pays per request before the connection sends it (issue 16): the source
 * asked through the client's context, the request checked and turned into the bytes an HTTP/1.1 connection
 * writes. Run it with {@code -prof gc}: bytes per operation do not depend on the machine's load, nanoseconds do.
 *
 * <ul>
 *   <li>{@code templatedGet}: the command's {@code /hello?id={{seq}}}, the case bench/README compares with a
 *       static run;</li>
 *   <li>{@code templatedPost}: a POST with a rendered header and a rendered JSON body;</li>
 *   <li>{@code lambdaGet}: an API user's {@code ctx -> Request.get("/hello?id=" + ctx.sequence())};</li>
 *   <li>{@code staticGet}: a static run's request, encoded once: the floor (the connection's view of it).</li>
 * </ul>
 * Each operation also takes the head's {@link ByteBuffer} view, as the connection does.
 */
public class TemplateBench extends QuickSettings {

    private static final URI SERVER = URI.create("http://127.0.0.1:18080/hello");

    private Http1HeadMaking templatedGet;
    private Http1HeadMaking templatedPost;
    private Http1HeadMaking lambdaGet;
    private Http1HeadMaking staticGet;

    @Setup
    public void setUp() {
        templatedGet = Http1HeadMaking.built(test(TemplateSource.of("GET", "http://127.0.0.1:18080/hello?id={{seq}}",
                List.of(), null, List.of())), SERVER);
        templatedPost = Http1HeadMaking.built(test(TemplateSource.of("POST", "/orders",
                List.of(new Header("X-Request-Id", "{{uuid}}"), new Header("Content-Type", "application/json")),
                "{\"id\":{{seq}},\"client\":{{client}},\"quantity\":{{randomInt 1 9}}}"
                        .getBytes(StandardCharsets.UTF_8),
                List.of())), SERVER);
        lambdaGet = Http1HeadMaking.built(test(ctx -> Request.get("/hello?id=" + ctx.sequence())), SERVER);
        staticGet = Http1HeadMaking.fixed(LoadTest.target(SERVER).protocol(Protocol.HTTP_1_1).clients(1)
                .duration(Duration.ofSeconds(1)).build(), SERVER);
    }

    private static LoadTest test(RequestSource source) {
        return LoadTest.target(SERVER).protocol(Protocol.HTTP_1_1).clients(1).duration(Duration.ofSeconds(1))
                .request(source).seed(1).build();
    }

    @TearDown
    public void tearDown() {
        templatedGet.close();
        templatedPost.close();
        lambdaGet.close();
    }

    @Benchmark
    public ByteBuffer templatedGet() {
        return templatedGet.next();
    }

    @Benchmark
    public ByteBuffer templatedPost() {
        return templatedPost.next();
    }

    @Benchmark
    public ByteBuffer lambdaGet() {
        return lambdaGet.next();
    }

    @Benchmark
    public ByteBuffer staticGet() {
        return staticGet.next();
    }
}
