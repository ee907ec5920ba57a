package dev.loadtest.bench.jmh;

import dev.loadtest.Header;
import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.connection.BuiltRequests;
import dev.loadtest.internal.engine.connection.RequestSource;
import dev.loadtest.internal.engine.connection.RequestTemplate;
import dev.loadtest.request.Request;
import dev.loadtest.request.TemplateSource;
import dev.loadtest.spi.RunContext;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

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
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "-Xmx256m"})
public class TemplateBench {

    private static final URI SERVER = URI.create("http://127.0.0.1:18080/hello");

    private RunContext templatedGetRun;
    private RequestSource templatedGet;
    private RunContext templatedPostRun;
    private RequestSource templatedPost;
    private RunContext lambdaGetRun;
    private RequestSource lambdaGet;
    private RequestTemplate staticGet;

    @Setup
    public void setUp() {
        TemplateSource get = TemplateSource.of("GET", "http://127.0.0.1:18080/hello?id={{seq}}", List.of(), null,
                List.of());
        templatedGetRun = open(get);
        templatedGet = new BuiltRequests(test(get)).of(templatedGetRun.client(0));

        TemplateSource post = TemplateSource.of("POST", "/orders", List.of(new Header("X-Request-Id", "{{uuid}}"),
                        new Header("Content-Type", "application/json")),
                "{\"id\":{{seq}},\"client\":{{client}},\"quantity\":{{randomInt 1 9}}}"
                        .getBytes(StandardCharsets.UTF_8),
                List.of());
        templatedPostRun = open(post);
        templatedPost = new BuiltRequests(test(post)).of(templatedPostRun.client(0));

        dev.loadtest.request.RequestSource lambda = ctx -> Request.get("/hello?id=" + ctx.sequence());
        lambdaGetRun = open(lambda);
        lambdaGet = new BuiltRequests(test(lambda)).of(lambdaGetRun.client(0));

        LoadTest plain = LoadTest.target(SERVER).protocol(Protocol.HTTP_1_1).clients(1)
                .duration(Duration.ofSeconds(1)).build();
        staticGet = new RequestTemplate(plain, SERVER, null);
    }

    private static LoadTest test(dev.loadtest.request.RequestSource source) {
        return LoadTest.target(SERVER).protocol(Protocol.HTTP_1_1).clients(1).duration(Duration.ofSeconds(1))
                .request(source).seed(1).build();
    }

    private static RunContext open(dev.loadtest.request.RequestSource source) {
        return RunContext.open(source, null, List.of(SERVER), 1, 0, 1);
    }

    @TearDown
    public void tearDown() {
        templatedGetRun.close();
        templatedPostRun.close();
        lambdaGetRun.close();
    }

    @Benchmark
    public ByteBuffer templatedGet() {
        return templatedGet.next().http1Head();
    }

    @Benchmark
    public ByteBuffer templatedPost() {
        return templatedPost.next().http1Head();
    }

    @Benchmark
    public ByteBuffer lambdaGet() {
        return lambdaGet.next().http1Head();
    }

    @Benchmark
    public ByteBuffer staticGet() {
        return staticGet.http1Head();
    }
}
