package dev.loadtest.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.Requests;
import dev.loadtest.Result;
import dev.loadtest.Traffic;
import dev.loadtest.testing.H2load;
import dev.loadtest.testing.Nginx;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our figures against h2load's, same server (a real nginx), same -n/-c/-m: users compare the two, so the
 * counts and bytes must agree.
 *
 * <h2>What must be identical</h2>
 * Requests total, started, done, succeeded, failed, errored and timed out; responses per status class; body
 * bytes. Over HTTP/1.1 also the total bytes received and the header bytes (the lengths of header names and
 * values, what h2load's llhttp callbacks add up).
 *
 * <h2>What may differ over h2c, and why</h2>
 * The HPACK-coded header bytes (and so the total) by at most one byte per connection. HttpCore sends
 * {@code SETTINGS_HEADER_TABLE_SIZE} in its first SETTINGS frame ({@code H2Config}'s default table size is
 * 8192); h2load sends that setting only when {@code --header-table-size} is not the default 4096, and by
 * default does not. nginx answers any received {@code SETTINGS_HEADER_TABLE_SIZE}, whatever its value, by
 * setting {@code h2c->table_update} ({@code ngx_http_v2_state_settings_params}) and prefixing the header
 * block of its next response with a one-byte HPACK "dynamic table size update" to 0 ({@code 0x20}, emitted in
 * {@code ngx_http_v2_header_filter}). So the first response on each of our connections carries one header
 * byte more than on h2load's. Checked by hand with h2load itself: {@code --header-table-size=8192} (or 4095)
 * raises h2load's header and total bytes by exactly one per connection on the same nginx.
 *
 * <h2>Trailers over h2c, and h2load's version</h2>
 * We count every HEADERS frame of a response, its trailers' too, as h2load does from 1.59 on (nghttp2 commit
 * "h2load: Consider all h2 HEADERS when counting bytes and recording ttfb"). Before, h2load counted only a
 * response's first HEADERS frame, so against an older h2load (Debian 12 has 1.52) our header bytes on
 * {@code /trailers} are higher by the trailer blocks: {@link #NGINX_TRAILER_BLOCK} bytes per response. Over
 * HTTP/1.1 every version counts trailer fields (llhttp reports them as header fields).
 *
 * <p>Skipped where nginx or h2load is not installed; on CI ({@code CI=true}), which installs both, a missing
 * binary fails instead. Both reports are printed for the record.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class H2loadCrossCheckTest {

    private static Nginx nginx;
    /**
     * {@code x-checksum: abc123} as nginx encodes it in the trailers' HEADERS frame: a literal field, name and
     * value Huffman-coded, 1 + (1 + 8) + (1 + 4) bytes ({@code nghttp -nv} shows the frame's length=15).
     */
    private static final long NGINX_TRAILER_BLOCK = 15;

    /** A run: the same parameters for both tools. */
    record Case(String name, boolean h2c, String path, int n, int c, int m) {

        List<String> h2loadArgs(URI uri) {
            List<String> args = new ArrayList<>();
            if (!h2c) {
                // h2load speaks h2c with prior knowledge to any http:// URI unless told --h1
                args.add("--h1");
            }
            args.addAll(List.of("-n", Integer.toString(n), "-c", Integer.toString(c), "-m", Integer.toString(m),
                    uri.toString()));
            return args;
        }

        @Override
        public String toString() {
            return name + " " + path + " -n " + n + " -c " + c + " -m " + m;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("http/1.1", false, "/hello", 2000, 10, 1),
                new Case("http/1.1 pipelined", false, "/1k", 2000, 10, 10),
                new Case("h2c", true, "/hello", 5000, 10, 10),
                new Case("h2c", true, "/100k", 500, 5, 5),
                new Case("http/1.1 trailers", false, "/trailers", 2000, 10, 1),
                new Case("h2c trailers", true, "/trailers", 2000, 10, 10));
    }

    static boolean binariesInstalledOrCi() {
        return (Nginx.isAvailable() && H2load.isAvailable()) || isCi();
    }

    private static boolean isCi() {
        return "true".equals(System.getenv("CI"));
    }

    /** Reached only when both are installed, or on CI: there a missing binary is a failure. */
    private static synchronized Nginx nginx() {
        if (!Nginx.isAvailable() || !H2load.isAvailable()) {
            fail("CI=true, yet the cross-check cannot run: " + Nginx.unavailableReason() + "; "
                    + H2load.unavailableReason());
        }
        if (nginx == null) {
            nginx = Nginx.start();
            System.out.println("cross-check server: " + nginx);
        }
        return nginx;
    }

    @AfterAll
    static synchronized void stopNginx() {
        if (nginx != null) {
            nginx.close();
            nginx = null;
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @EnabledIf(value = "binariesInstalledOrCi",
            disabledReason = "nginx or h2load is not installed (apt-get install nginx-light nghttp2-client)")
    void sameCountsAndBytesAsH2load(Case c) {
        Nginx server = nginx();
        URI uri = c.h2c() ? server.h2c(c.path()) : server.http1(c.path());

        H2load.Run reference = H2load.run(H2load.DEFAULT_TIMEOUT, c.h2loadArgs(uri));
        Result ours = LoadTest.target(uri)
                .clients(c.c())
                .streams(c.m())
                .requests(c.n())
                .protocol(c.h2c() ? Protocol.HTTP_2 : Protocol.HTTP_1_1)
                .run();

        System.out.println("==== " + c);
        System.out.println("---- h2load: " + String.join(" ", reference.command()));
        System.out.println(reference.report());
        System.out.println("---- loadtest: " + ours.test());
        System.out.println(ours);

        H2load.Summary h = reference.summary();
        Requests r = ours.requests();
        Traffic t = ours.traffic();
        SoftAssertions soft = new SoftAssertions();
        // h2load's own run must be clean, or the comparison means nothing
        soft.assertThat(h.succeeded()).as("h2load succeeded").isEqualTo(c.n());
        soft.assertThat(ours.protocol()).as("application protocol").isEqualTo(h.protocol());

        soft.assertThat(r.total()).as("requests total").isEqualTo(h.total());
        soft.assertThat(r.started()).as("requests started").isEqualTo(h.started());
        soft.assertThat(r.done()).as("requests done").isEqualTo(h.done());
        soft.assertThat(r.succeeded()).as("requests succeeded").isEqualTo(h.succeeded());
        soft.assertThat(r.failed()).as("requests failed").isEqualTo(h.failed());
        soft.assertThat(r.errored()).as("requests errored").isEqualTo(h.errored());
        soft.assertThat(r.timeout()).as("requests timeout").isEqualTo(h.timeout());
        for (int statusClass = 2; statusClass <= 5; statusClass++) {
            soft.assertThat(ours.statusCodes().countOfClass(statusClass)).as("status codes %dxx", statusClass)
                    .isEqualTo(h.statusClass(statusClass));
        }
        soft.assertThat(t.dataBytes()).as("traffic data bytes").isEqualTo(h.trafficData());
        soft.assertThat(ours.connections()).as("connections (exactly -c, none reopened)").isEqualTo(c.c());

        if (!c.h2c()) {
            soft.assertThat(t.headerBytes()).as("traffic header bytes (HTTP/1.1)").isEqualTo(h.trafficHeaders());
            soft.assertThat(t.totalBytes()).as("traffic total bytes (HTTP/1.1)").isEqualTo(h.trafficTotal());
            soft.assertThat(t.headerSpaceSavings()).as("space savings (none on HTTP/1.1)").isZero();
            soft.assertThat(h.spaceSavings()).as("h2load space savings (HTTP/1.1)").isZero();
        } else {
            // One byte per connection at most: nginx's HPACK table size update, see the class comment.
            long connections = ours.connections();
            long uncountedTrailers = c.path().equals("/trailers") && !H2load.atLeast(1, 59)
                    ? c.n() * NGINX_TRAILER_BLOCK : 0;
            soft.assertThat(t.headerBytes() - h.trafficHeaders() - uncountedTrailers)
                    .as("header bytes: ours %d - h2load's %d - trailers it does not count %d,"
                            + " at most 1 per connection (%d)", t.headerBytes(), h.trafficHeaders(),
                            uncountedTrailers, connections)
                    .isBetween(0L, connections);
            soft.assertThat(t.totalBytes() - h.trafficTotal())
                    .as("total bytes: ours %d - h2load's %d, at most 1 per connection (%d)",
                            t.totalBytes(), h.trafficTotal(), connections)
                    .isBetween(0L, connections);
            soft.assertThat(t.decodedHeaderBytes()).as("decoded header bytes").isGreaterThan(t.headerBytes());
            soft.assertThat(t.headerSpaceSavings()).as("space savings").isGreaterThan(0);
            // h2load prints the savings with two decimals; one byte per connection moves them by far less
            // (an older h2load's savings leave the trailers out: not comparable then)
            if (uncountedTrailers == 0) {
                soft.assertThat(t.headerSpaceSavings() * 100).as("space savings in %% vs h2load's %.2f %%",
                        h.spaceSavings()).isCloseTo(h.spaceSavings(), org.assertj.core.data.Offset.offset(0.1));
            }
        }
        soft.assertAll();
    }

    /** The parser reads h2load 1.52's summary (no binary needed). */
    @Test
    void parsesH2loadSummary() {
        String out = """
                starting benchmark...
                spawning thread #0: 10 total client(s). 5000 total requests
                Application protocol: h2c
                progress: 10% done
                progress: 100% done

                finished in 86.68ms, 57684.10 req/s, 7.54MB/s
                requests: 5000 total, 5000 started, 4990 done, 4980 succeeded, 20 failed, 10 errored, 3 timeout
                status codes: 4970 2xx, 10 3xx, 7 4xx, 3 5xx
                traffic: 669.42KB (685490) total, 512.70KB (525000) headers (space savings 40.00%), 68.36KB (70000) data
                                     min         max         mean         sd        +/- sd
                time for request:       45us     20.74ms      1.54ms      2.64ms    95.98%
                """;
        H2load.Summary s = H2load.parse(out);
        assertThat(s).isEqualTo(new H2load.Summary("h2c", 57684.10, 5000, 5000, 4990, 4980, 20, 10, 3,
                4970, 10, 7, 3, 685490, 525000, 70000, 40.00));
        assertThat(s.statusClass(4)).isEqualTo(7);
    }
}
