package dev.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules of {@link LoadTest.Builder}: one table of every value and combination it rejects, each with the
 * exact message (parameter, value, rule), then what it accepts and the defaults it fills in.
 *
 * <p>Over 400 lines: the table is the builder's rules, one row each, in one place to read beside the builder;
 * split, a rule and the one it combines with would sit in different files.
 */
class LoadTestValidationTest {

    /** Put in every URI with credentials: no message may ever contain it. */
    private static final String PASSWORD = "s3cret";
    /** A JSON Web Token whose signature is the password: its shape alone must get it redacted. */
    private static final String JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0." + PASSWORD;

    private static final Duration OVER_A_YEAR = Duration.ofDays(366);
    private static final Path MISSING_FILE = Path.of("target", "no-such-dir", "body.bin");
    private static final String ENGINE_OWNED_LIST =
            "[content-length, transfer-encoding, connection, upgrade, keep-alive, te]";
    private static final String ENGINE_OWNED_BUG = "Header.java:34 prints the Set.of ENGINE_OWNED, whose iteration"
            + " order changes from one JVM run to the next, so the message is not stable";
    private static final String TOKEN_RULE = " must be a non-empty HTTP token (RFC 9110: letters, digits, !#$%&'*+-.^_`|~)";

    private static LoadTest.Builder http() {
        return LoadTest.target("http://127.0.0.1:8080/");
    }

    private static LoadTest.Builder https() {
        return LoadTest.target("https://127.0.0.1:8443/");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidSettings")
    void should_reject_each_invalid_setting_with_a_message_naming_parameter_value_and_rule(
            String description, ThrowingCallable action, Class<? extends Throwable> type, String message,
            String knownBug) {
        // JUnit cannot @Disable one row of a table: a row whose current behaviour is wrong is skipped
        // with its reason, and keeps the behaviour we believe is right.
        assumeTrue(knownBug == null, () -> "known bug: " + knownBug);

        assertThatThrownBy(action)
                .isExactlyInstanceOf(type)
                .hasMessage(message)
                .message().doesNotContain(PASSWORD);
    }

    static Stream<Arguments> invalidSettings() {
        List<Arguments> cases = new ArrayList<>();
        badArgument(cases, "clients 0", () -> http().clients(0), "clients (0) must be >= 1");
        badArgument(cases, "clients -1", () -> http().clients(-1), "clients (-1) must be >= 1");
        badArgument(cases, "streams 0", () -> http().streams(0), "streams (0) must be >= 1");
        badArgument(cases, "streams -5", () -> http().streams(-5), "streams (-5) must be >= 1");
        badArgument(cases, "threads 0", () -> http().threads(0), "threads (0) must be >= 1");
        badArgument(cases, "threads -1", () -> http().threads(-1), "threads (-1) must be >= 1");
        badArgument(cases, "requests 0", () -> http().requests(0), "requests (0) must be >= 1");
        badArgument(cases, "requests -1", () -> http().requests(-1), "requests (-1) must be >= 1");
        badCombination(cases, "requests fewer than clients", () -> http().clients(10).requests(9).build(),
                "requests (9) must be >= clients (10)");
        badCombination(cases, "both requests and duration", () -> http().requests(10).duration(Duration.ofSeconds(5)).build(),
                "requests (10) and duration (5s) cannot both be set: a run is counted or timed");
        badCombination(cases, "neither requests nor duration", () -> http().build(),
                "neither requests nor duration is set: a run needs one of them");
        badCombination(cases, "neither requests nor duration, checked by start() before looking for an engine",
                () -> http().start(), "neither requests nor duration is set: a run needs one of them");
        badCombination(cases, "neither requests nor duration, checked by run() before looking for an engine",
                () -> http().run(), "neither requests nor duration is set: a run needs one of them");

        badArgument(cases, "duration zero", () -> http().duration(Duration.ZERO), "duration (PT0S) must be > 0");
        badArgument(cases, "duration negative", () -> http().duration(Duration.ofSeconds(-1)), "duration (PT-1S) must be > 0");
        badArgument(cases, "duration over 365 days", () -> http().duration(OVER_A_YEAR),
                "duration (PT8784H) must be <= 365 days");
        badArgument(cases, "connectTimeout zero", () -> http().connectTimeout(Duration.ZERO),
                "connectTimeout (PT0S) must be > 0");
        badArgument(cases, "connectTimeout negative", () -> http().connectTimeout(Duration.ofMillis(-1)),
                "connectTimeout (PT-0.001S) must be > 0");
        badArgument(cases, "connectTimeout over 365 days", () -> http().connectTimeout(OVER_A_YEAR),
                "connectTimeout (PT8784H) must be <= 365 days");
        badArgument(cases, "requestTimeout zero", () -> http().requestTimeout(Duration.ZERO),
                "requestTimeout (PT0S) must be > 0");
        badArgument(cases, "requestTimeout negative", () -> http().requestTimeout(Duration.ofSeconds(-30)),
                "requestTimeout (PT-30S) must be > 0");
        badArgument(cases, "requestTimeout over 365 days", () -> http().requestTimeout(OVER_A_YEAR),
                "requestTimeout (PT8784H) must be <= 365 days");
        badArgument(cases, "scheduleResolution negative", () -> http().scheduleResolution(Duration.ofNanos(-1)),
                "scheduleResolution (PT-0.000000001S) must be >= 0");
        badArgument(cases, "scheduleResolution over 5 ms",
                () -> http().scheduleResolution(Duration.ofMillis(5).plusNanos(1)),
                "scheduleResolution (PT0.005000001S) must be <= 5 ms");
        badArgument(cases, "warmUp negative", () -> http().warmUp(Duration.ofSeconds(-1)), "warmUp (PT-1S) must be >= 0");
        badArgument(cases, "warmUp over 365 days", () -> http().warmUp(OVER_A_YEAR),
                "warmUp (PT8784H) must be <= 365 days");
        badCombination(cases, "warmUp without duration", () -> http().requests(10).warmUp(Duration.ofSeconds(1)).build(),
                "warmUp (1s) needs duration: a counted run has no warm-up");

        badCombination(cases, "threads more than clients", () -> http().clients(2).threads(3).requests(10).build(),
                "threads (3) must be <= clients (2)");
        badCombination(cases, "keepAlive(false) with streams > 1", () -> http().keepAlive(false).streams(2).requests(10).build(),
                "streams (2) must be 1 with keepAlive(false): each connection carries one request");
        badCombination(cases, "NEGOTIATE on http", () -> http().protocol(Protocol.NEGOTIATE).requests(10).build(),
                "protocol (NEGOTIATE) needs https targets: ALPN is part of TLS");
        badCombination(cases, "sslContext on http", () -> http().sslContext(SSLContext.getDefault()).requests(10).build(),
                "sslContext is set but the targets are not https");
        badCombination(cases, "insecureTrustAll on http", () -> http().insecureTrustAll().requests(10).build(),
                "insecureTrustAll is set but the targets are not https");
        badCombination(cases, "both sslContext and insecureTrustAll",
                () -> https().sslContext(SSLContext.getDefault()).insecureTrustAll().requests(10).build(),
                "sslContext and insecureTrustAll cannot both be set");

        badCombination(cases, "body with GET", () -> http().requests(10).method("GET").body(new byte[3]).build(),
                "body (3 bytes) is not allowed with method GET: use POST or PUT");
        badCombination(cases, "body with HEAD, set before the method", () -> http().requests(10).body(new byte[3]).method("HEAD").build(),
                "body (3 bytes) is not allowed with method HEAD: use POST or PUT");
        badArgument(cases, "body file that cannot be read", () -> http().body(MISSING_FILE),
                "body file (" + MISSING_FILE + ") cannot be read (no such file)");

        badArgument(cases, "method empty", () -> http().method(""), "method () must be an HTTP token, e.g. GET or POST");
        badArgument(cases, "method with a space", () -> http().method("GE T"),
                "method (GE T) must be an HTTP token, e.g. GET or POST");
        badArgument(cases, "method with a delimiter", () -> http().method("GET/1"),
                "method (GET/1) must be an HTTP token, e.g. GET or POST");
        badArgument(cases, "method with CR LF, shown escaped", () -> http().method("GET\r\nX-Injected: 1"),
                "method (GET\\r\\nX-Injected: 1) must be an HTTP token, e.g. GET or POST");

        badArgument(cases, "no target URI", () -> LoadTest.target(new URI[0]),
                "targets must not be empty: give at least one URI");
        badArgument(cases, "no target string", () -> LoadTest.target(new String[0]),
                "targets must not be empty: give at least one URI");
        badArgument(cases, "unsupported scheme", () -> LoadTest.target("ftp://127.0.0.1/"),
                "target (ftp://127.0.0.1/) must use the http or https scheme");
        badArgument(cases, "relative URI", () -> LoadTest.target(URI.create("/hello")),
                "target (/hello) must use the http or https scheme");
        badArgument(cases, "missing host", () -> LoadTest.target("http:///hello"), "target (http:///hello) must name a host");
        badArgument(cases, "user info in a URI string", () -> LoadTest.target("http://user:" + PASSWORD + "@127.0.0.1/"),
                "target (http://<redacted>@127.0.0.1/) must not carry user info:"
                        + " send credentials with header(\"Authorization\", ...)");
        badArgument(cases, "user info in a URI", () -> LoadTest.target(URI.create("https://user:" + PASSWORD + "@127.0.0.1/")),
                "target (https://<redacted>@127.0.0.1/) must not carry user info:"
                        + " send credentials with header(\"Authorization\", ...)");
        badArgument(cases, "user info with an unsupported scheme",
                () -> LoadTest.target("ftp://user:" + PASSWORD + "@127.0.0.1/"),
                "target (ftp://<redacted>@127.0.0.1/) must not carry user info: send credentials with header(\"Authorization\", ...)");
        badArgument(cases, "user info with a host that is not a server name",
                () -> LoadTest.target("http://user:" + PASSWORD + "@exa_mple.com/"),
                "target (http://<redacted>@exa_mple.com/) must not carry user info: send credentials with header(\"Authorization\", ...)");
        badArgument(cases, "user info in a malformed URI string",
                () -> LoadTest.target("http://user:" + PASSWORD + "@127.0.0.1/a b"),
                "target (http://<redacted>@127.0.0.1/a b) is not a valid URI: Illegal character in path");
        // credentials in the query, the URI refused for another reason: every rule's message redacts them
        String query = "?api_key=" + PASSWORD + "&token=" + PASSWORD + "&sig=" + PASSWORD + "&code=" + PASSWORD
                + "&pwd=" + PASSWORD + "&page=2";
        String shownQuery = "?api_key=<redacted>&token=<redacted>&sig=<redacted>&code=<redacted>&pwd=<redacted>&page=2";
        badArgument(cases, "query credentials, unsupported scheme", () -> LoadTest.target("ftp://127.0.0.1/a" + query),
                "target (ftp://127.0.0.1/a" + shownQuery + ") must use the http or https scheme");
        badArgument(cases, "query credentials, no host", () -> LoadTest.target("http:///a" + query),
                "target (http:///a" + shownQuery + ") must name a host");
        badArgument(cases, "query credentials, a fragment", () -> LoadTest.target("http://127.0.0.1/a" + query + "#top"),
                "target (http://127.0.0.1/a" + shownQuery + "#top) must not have a fragment (#...)");
        badArgument(cases, "query credentials, malformed", () -> LoadTest.target("http://127.0.0.1/a b" + query),
                "target (http://127.0.0.1/a b" + shownQuery + ") is not a valid URI: Illegal character in path");
        badArgument(cases, "query credentials, another server",
                () -> LoadTest.target("http://127.0.0.1:8080/a" + query, "http://127.0.0.1:8081/b" + query),
                "target (http://127.0.0.1:8081/b" + shownQuery + ") must use the same scheme, host and port as"
                        + " (http://127.0.0.1:8080/a" + shownQuery + "): a load test loads one server");
        badArgument(cases, "query credentials, bad port", () -> LoadTest.target("http://127.0.0.1:99999/a" + query),
                "target (http://127.0.0.1:99999/a" + shownQuery + ") has port 99999: a port must be within [1, 65535]");
        badArgument(cases, "a JWT in the path", () -> LoadTest.target("ftp://127.0.0.1/reset/" + JWT),
                "target (ftp://127.0.0.1/reset/<redacted>) must use the http or https scheme");
        badArgument(cases, "port 99999", () -> LoadTest.target("http://127.0.0.1:99999/"),
                "target (http://127.0.0.1:99999/) has port 99999: a port must be within [1, 65535]");
        badArgument(cases, "port 0", () -> LoadTest.target(URI.create("http://127.0.0.1:0/")),
                "target (http://127.0.0.1:0/) has port 0: a port must be within [1, 65535]");
        badArgument(cases, "port 99999 on IPv6", () -> LoadTest.target("https://[::1]:99999/"),
                "target (https://[::1]:99999/) has port 99999: a port must be within [1, 65535]");
        badArgument(cases, "a port too large for an int", () -> LoadTest.target("http://127.0.0.1:9999999999/"),
                "target (http://127.0.0.1:9999999999/) must name a host: its port must be within [1, 65535]");
        badArgument(cases, "startAt before 1970", () -> http().startAt(java.time.Instant.ofEpochSecond(-1)),
                "startAt (1969-12-31T23:59:59Z) must not be before 1970-01-01T00:00:00Z (epoch seconds >= 0)");
        badArgument(cases, "body file that is a device", () -> http().body(Path.of("/dev/zero")),
                "body file (/dev/zero) must be a regular file, not a device, pipe or socket");
        badArgument(cases, "body file that is a directory", () -> http().body(Path.of("target")),
                "body file (target) must be a regular file, not a directory");
        badArgument(cases, "fragment", () -> LoadTest.target("http://127.0.0.1/#top"),
                "target (http://127.0.0.1/#top) must not have a fragment (#...)");
        badArgument(cases, "targets on different hosts", () -> LoadTest.target("http://127.0.0.1:8080/a", "http://localhost:8080/b"),
                "target (http://localhost:8080/b) must use the same scheme, host and port as (http://127.0.0.1:8080/a):"
                        + " a load test loads one server");
        badArgument(cases, "targets on different ports", () -> LoadTest.target("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/b"),
                "target (http://127.0.0.1:8081/b) must use the same scheme, host and port as (http://127.0.0.1:8080/a):"
                        + " a load test loads one server");
        badArgument(cases, "targets with different schemes",
                () -> LoadTest.target("http://127.0.0.1:8443/a", "https://127.0.0.1:8443/b"),
                "target (https://127.0.0.1:8443/b) must use the same scheme, host and port as (http://127.0.0.1:8443/a):"
                        + " a load test loads one server");
        badArgument(cases, "malformed URI string", () -> LoadTest.target("http://127.0.0.1/a b"),
                "target (http://127.0.0.1/a b) is not a valid URI: Illegal character in path");

        badArgument(cases, "header name empty", () -> http().header("", "v"), "header name ()" + TOKEN_RULE);
        badArgument(cases, "header name with a space", () -> http().header("X Test", "v"), "header name (X Test)" + TOKEN_RULE);
        badArgument(cases, "header name with a colon", () -> http().header("X:Test", "v"), "header name (X:Test)" + TOKEN_RULE);
        badArgument(cases, "HTTP/2 pseudo-header", () -> http().header(":path", "/"), "header name (:path)" + TOKEN_RULE);
        badArgument(cases, "header name with CR LF, shown escaped", () -> http().header("X\r\nY", "v"),
                "header name (X\\r\\nY)" + TOKEN_RULE);
        badArgument(cases, "header value with CR", () -> http().header("X-Test", "a\rb"),
                "header value of X-Test must not contain CR, LF or NUL (header injection)");
        badArgument(cases, "header value with LF", () -> http().header("X-Test", "a\nb"),
                "header value of X-Test must not contain CR, LF or NUL (header injection)");
        badArgument(cases, "header value with NUL", () -> http().header("X-Test", "a\0b"),
                "header value of X-Test must not contain CR, LF or NUL (header injection)");
        for (String owned : List.of("Content-Length", "Transfer-Encoding", "Connection", "upgrade", "Keep-Alive", "TE")) {
            cases.add(knownBug(ENGINE_OWNED_BUG, "engine-owned header " + owned, () -> http().header(owned, "1"),
                    IllegalArgumentException.class,
                    "header name (" + owned + ") is set by the engine and cannot be given: " + ENGINE_OWNED_LIST));
        }

        nullArgument(cases, "null URI array", () -> LoadTest.target((URI[]) null), "uris must not be null");
        nullArgument(cases, "null string array", () -> LoadTest.target((String[]) null), "uris must not be null");
        nullArgument(cases, "null URI", () -> LoadTest.target((URI) null), "target must not be null");
        nullArgument(cases, "null URI string", () -> LoadTest.target((String) null), "uri must not be null");
        nullArgument(cases, "null duration", () -> http().duration(null), "duration must not be null");
        nullArgument(cases, "null warmUp", () -> http().warmUp(null), "warmUp must not be null");
        nullArgument(cases, "null connectTimeout", () -> http().connectTimeout(null), "connectTimeout must not be null");
        nullArgument(cases, "null requestTimeout", () -> http().requestTimeout(null), "requestTimeout must not be null");
        nullArgument(cases, "null protocol", () -> http().protocol(null), "protocol must not be null");
        nullArgument(cases, "null method", () -> http().method(null), "method must not be null");
        nullArgument(cases, "null header name", () -> http().header(null, "v"), "header name must not be null");
        nullArgument(cases, "null header value", () -> http().header("X-Test", null), "header value must not be null");
        nullArgument(cases, "null body bytes", () -> http().body((byte[]) null), "body must not be null");
        nullArgument(cases, "null body file", () -> http().body((Path) null), "body file must not be null");
        nullArgument(cases, "null sslContext", () -> https().sslContext(null), "sslContext must not be null");
        return cases.stream();
    }

    @Test
    void should_refuse_a_body_file_over_the_bound_without_reading_it(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve("huge.bin");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(LoadTest.Builder.MAX_BODY_BYTES + 1);   // sparse: no disk used
        }

        assertThatThrownBy(() -> http().body(huge))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("body file (" + huge + ") is 67108865 bytes: at most 64 MiB");
    }

    @Test
    void should_fill_in_the_defaults() {
        LoadTest test = http().requests(10).build();

        assertThat(test.targets()).containsExactly(URI.create("http://127.0.0.1:8080/"));
        assertThat(test.clients()).isEqualTo(1);
        assertThat(test.streams()).isEqualTo(1);
        assertThat(test.threads()).isEqualTo(1);
        assertThat(test.requests()).hasValue(10);
        assertThat(test.duration()).isEmpty();
        assertThat(test.warmUp()).isZero();
        assertThat(test.protocol()).isEqualTo(Protocol.HTTP_1_1);
        assertThat(test.method()).isEqualTo("GET");
        assertThat(test.headers()).isEmpty();
        assertThat(test.body()).isEmpty();
        assertThat(test.bodyLength()).isEqualTo(-1);
        assertThat(test.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(test.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(test.scheduleResolution()).isEqualTo(Duration.ofMillis(1))
                .isEqualTo(LoadTest.DEFAULT_SCHEDULE_RESOLUTION);
        assertThat(test.keepAlive()).isTrue();
        assertThat(test.sslContext()).isEmpty();
        assertThat(test.insecureTrustAll()).isFalse();
        assertThat(test.isHttps()).isFalse();
    }

    @Test
    void should_negotiate_the_protocol_by_default_on_https() {
        LoadTest test = https().duration(Duration.ofSeconds(5)).build();

        assertThat(test.protocol()).isEqualTo(Protocol.NEGOTIATE);
        assertThat(test.isHttps()).isTrue();
        assertThat(test.requests()).isEmpty();
        assertThat(test.duration()).hasValue(Duration.ofSeconds(5));
    }

    @Test
    void should_default_threads_to_half_the_processors_but_at_most_the_clients() {
        int half = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);

        assertThat(http().clients(1).requests(10).build().threads()).isEqualTo(1);
        assertThat(http().clients(half + 3).requests(100).build().threads()).isEqualTo(half);
        assertThat(http().clients(64).requests(100).build().threads()).isEqualTo(Math.min(half, 64));
    }

    @Test
    void should_leave_half_the_processors_to_the_rest_of_the_run() {
        assertThat(ShardPlan.defaultThreads(100, 1)).isEqualTo(1);
        assertThat(ShardPlan.defaultThreads(100, 2)).isEqualTo(1);
        assertThat(ShardPlan.defaultThreads(100, 3)).isEqualTo(1);
        assertThat(ShardPlan.defaultThreads(100, 16)).isEqualTo(8);
        assertThat(ShardPlan.defaultThreads(3, 16)).isEqualTo(3);
    }

    @Test
    void should_default_to_post_when_a_body_is_given() {
        LoadTest test = http().requests(10).body("{}".getBytes(StandardCharsets.UTF_8)).build();

        assertThat(test.method()).isEqualTo("POST");
        assertThat(test.bodyLength()).isEqualTo(2);
    }

    @Test
    void should_keep_an_explicit_method_with_a_body() {
        assertThat(http().requests(10).method("PUT").body(new byte[1]).build().method()).isEqualTo("PUT");
    }

    @Test
    void should_accept_values_on_the_edge_of_each_rule() throws Exception {
        Duration year = Duration.ofDays(365);
        assertThat(http().duration(year).connectTimeout(year).requestTimeout(year).warmUp(year).build().duration())
                .hasValue(year);
        assertThat(http().duration(Duration.ofMillis(1)).warmUp(Duration.ZERO).build().warmUp()).isZero();
        assertThat(http().clients(10).requests(10).threads(10).build().threads()).isEqualTo(10);
        assertThat(http().keepAlive(false).streams(1).requests(10).build().keepAlive()).isFalse();
        assertThat(http().protocol(Protocol.HTTP_2).requests(10).build().protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(https().protocol(Protocol.NEGOTIATE).insecureTrustAll().requests(10).build().insecureTrustAll())
                .isTrue();
        assertThat(https().sslContext(SSLContext.getDefault()).requests(10).build().sslContext()).isPresent();
        assertThat(http().requests(10).method("HEAD").build().method()).isEqualTo("HEAD");
        assertThat(http().rate(100).requests(10).scheduleResolution(Duration.ZERO).build().scheduleResolution()).isZero();
        assertThat(http().rate(100).requests(10).scheduleResolution(Duration.ofMillis(5)).build().scheduleResolution())
                .isEqualTo(Duration.ofMillis(5));
        assertThat(http().requests(10).header("X-Empty", "").header("X-Tab", "a\tb").build().headers()).hasSize(2);
    }

    @Test
    void should_accept_targets_on_one_server_spelled_differently() {
        LoadTest test = LoadTest.target("http://example.test/a", "HTTP://EXAMPLE.test:80/b?q=1").requests(10).build();

        assertThat(test.targets()).containsExactly(URI.create("http://example.test/a"),
                URI.create("HTTP://EXAMPLE.test:80/b?q=1"));
    }

    @Test
    void should_give_back_every_setting_through_new_builder() throws Exception {
        SSLContext ssl = SSLContext.getDefault();
        LoadTest original = LoadTest.target("https://127.0.0.1:8443/a", "https://127.0.0.1:8443/b")
                .clients(4).streams(8).threads(2)
                .duration(Duration.ofSeconds(5)).warmUp(Duration.ofSeconds(1))
                .protocol(Protocol.HTTP_2).method("PUT")
                .header("Accept", "application/json").header("Authorization", "Bearer " + PASSWORD)
                .body(new byte[] {1, 2, 3})
                .connectTimeout(Duration.ofSeconds(2)).requestTimeout(Duration.ofSeconds(3))
                .scheduleResolution(Duration.ofNanos(250_000))
                .sslContext(ssl)
                .build();

        LoadTest copy = original.newBuilder().build();

        assertThat(copy.targets()).isEqualTo(original.targets());
        assertThat(copy.clients()).isEqualTo(4);
        assertThat(copy.streams()).isEqualTo(8);
        assertThat(copy.threads()).isEqualTo(2);
        assertThat(copy.requests()).isEmpty();
        assertThat(copy.duration()).hasValue(Duration.ofSeconds(5));
        assertThat(copy.warmUp()).isEqualTo(Duration.ofSeconds(1));
        assertThat(copy.protocol()).isEqualTo(Protocol.HTTP_2);
        assertThat(copy.method()).isEqualTo("PUT");
        assertThat(copy.headers()).isEqualTo(original.headers());
        assertThat(copy.body()).hasValueSatisfying(b -> assertThat(b).containsExactly(1, 2, 3));
        assertThat(copy.connectTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(copy.requestTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(copy.scheduleResolution()).isEqualTo(Duration.ofNanos(250_000));
        assertThat(copy.keepAlive()).isTrue();
        assertThat(copy.sslContext()).containsSame(ssl);
        assertThat(copy.insecureTrustAll()).isFalse();
        assertThat(copy).hasToString(original.toString());
    }

    @Test
    void should_give_back_keep_alive_and_insecure_trust_through_new_builder() {
        LoadTest original = https().keepAlive(false).insecureTrustAll().clients(2).requests(20).build();

        LoadTest copy = original.newBuilder().build();

        assertThat(copy.keepAlive()).isFalse();
        assertThat(copy.insecureTrustAll()).isTrue();
        assertThat(copy.requests()).hasValue(20);
        assertThat(copy).hasToString(original.toString());
    }

    @Test
    void should_leave_the_original_unchanged_when_a_derived_builder_changes() {
        LoadTest original = http().clients(2).requests(10).header("Accept", "*/*").build();

        LoadTest derived = original.newBuilder().clients(4).requests(40).header("X-Extra", "1").build();

        assertThat(derived.clients()).isEqualTo(4);
        assertThat(derived.headers()).extracting(Header::name).containsExactly("Accept", "X-Extra");
        assertThat(original.clients()).isEqualTo(2);
        assertThat(original.requests()).hasValue(10);
        assertThat(original.headers()).extracting(Header::name).containsExactly("Accept");
    }

    @Test
    void should_keep_the_default_thread_count_a_default_in_a_derived_builder() {
        int half = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);

        LoadTest raised = http().requests(100).build().newBuilder().clients(8).build();
        LoadTest lowered = http().clients(8).requests(100).build().newBuilder().clients(1).build();

        assertThat(raised.threads()).isEqualTo(Math.min(half, 8));
        assertThat(lowered.threads()).isEqualTo(1);
    }

    @Test
    void should_default_to_post_when_a_derived_builder_adds_a_body() {
        LoadTest derived = http().requests(10).build().newBuilder().body(new byte[2]).build();

        assertThat(derived.method()).isEqualTo("POST");
    }

    @Test
    void should_copy_the_body_it_is_given_and_the_body_it_gives() {
        byte[] given = {1, 2, 3};
        LoadTest test = http().requests(10).body(given).build();

        given[0] = 9;
        test.body().orElseThrow()[1] = 9;

        assertThat(test.body()).hasValueSatisfying(b -> assertThat(b).containsExactly(1, 2, 3));
        assertThat(test.body().orElseThrow()).isNotSameAs(test.body().orElseThrow());
    }

    @Test
    void should_read_the_body_from_a_file_at_once(@TempDir Path dir) throws Exception {
        Path file = Files.write(dir.resolve("body.json"), "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        LoadTest.Builder builder = http().requests(10).body(file);

        Files.delete(file);

        assertThat(builder.build().body()).hasValueSatisfying(b -> assertThat(b).asString().isEqualTo("{\"a\":1}"));
    }

    @Test
    void should_expose_unmodifiable_headers_and_targets() {
        LoadTest test = http().requests(10).header("Accept", "*/*").build();

        assertThatThrownBy(() -> test.headers().add(new Header("X-More", "1")))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> test.targets().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void should_describe_itself_with_credentials_redacted() {
        LoadTest test = http().clients(2).streams(3).threads(1).requests(10)
                .header("Authorization", "Bearer " + PASSWORD).header("Accept", "*/*").build();

        assertThat(test).hasToString("LoadTest[targets=[http://127.0.0.1:8080/], clients=2, streams=3, threads=1,"
                + " requests=10, protocol=HTTP_1_1, method=GET, headers=[Authorization: <redacted>, Accept: */*]]");
    }

    @Test
    void should_describe_a_timed_run_with_human_durations() {
        LoadTest test = https().duration(Duration.ofMinutes(2)).warmUp(Duration.ofMillis(500)).body(new byte[4])
                .keepAlive(false).insecureTrustAll().build();

        assertThat(test).hasToString("LoadTest[targets=[https://127.0.0.1:8443/], clients=1, streams=1, threads=1,"
                + " duration=2m, warmUp=500ms, protocol=NEGOTIATE, method=POST, body=4 bytes, keepAlive=false,"
                + " insecureTrustAll]");
    }

    private static void badArgument(List<Arguments> cases, String description, ThrowingCallable action, String message) {
        cases.add(Arguments.of(description, action, IllegalArgumentException.class, message, null));
    }

    private static void badCombination(List<Arguments> cases, String description, ThrowingCallable action, String message) {
        cases.add(Arguments.of(description, action, IllegalStateException.class, message, null));
    }

    private static void nullArgument(List<Arguments> cases, String description, ThrowingCallable action, String message) {
        cases.add(Arguments.of(description, action, NullPointerException.class, message, null));
    }

    /** A row that once exposed a bug (the reason says which); fixed, it runs as any other row. */
    private static Arguments knownBug(String bug, String description, ThrowingCallable action,
                                      Class<? extends Throwable> type, String message) {
        return Arguments.of(description, action, type, message, null);
    }
}
