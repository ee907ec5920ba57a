package dev.loadtest.faults;

import static dev.loadtest.faults.FaultRuns.LONG;
import static dev.loadtest.faults.FaultRuns.assertCounted;
import static dev.loadtest.faults.FaultRuns.assertEndedWithoutWaiting;
import static dev.loadtest.faults.FaultRuns.assertErrorsOnlyIn;
import static dev.loadtest.faults.FaultRuns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.LoadTest;
import dev.loadtest.Traffic;
import dev.loadtest.check.Check;
import dev.loadtest.faults.FaultRuns.Run;
import dev.loadtest.request.Request;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.Step;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * HTTP/2 on the wire as real servers write it (RFC 9113, RFC 7541), through the public API only, against
 * {@link H2Conn}'s hand-written frames: what any HTTP/2 client connection of the engine must get right. Each case checks the run's counts,
 * the bytes of {@code traffic()} where the frames the server wrote fix them (received: 9 + payload per frame; header
 * bytes: HEADERS payloads without padding or priority fields and CONTINUATION payloads, as h2load counts them; data
 * bytes: DATA payloads without padding), and what the server saw of the client.
 *
 * <p>They run on the default path, our own {@code Http2Connection}. Three of them failed on HttpCore's multiplexer,
 * which {@code -Dloadtest.http2=httpcore} still chooses: DATA frames over 16384 bytes after an empty
 * SETTINGS frame, a {@code :status} below 100 that took the connection down, and (fixed there too) header bytes that
 * left CONTINUATION payloads out. Run with
 * {@code mvn -B -q -o -pl loadtest-core test -Dtest=H2WireTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class H2WireTest {

    private static final byte[] OK = "ok".getBytes(StandardCharsets.US_ASCII);
    /** Decoded bytes of {@link H2Conn#ok}'s fields: ":status" "200", "content-length" "2". */
    private static final long OK_FIELDS = 7 + 3 + 14 + 1;

    @BeforeAll
    static void warmUpTls() {
        FaultRuns.warmUpTls();
    }

    // ---- 0. the client's preface ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_open_with_a_settings_frame_that_disables_push_and_ack_ours(Transport t) throws Exception {
        // RFC 9113 §3.4: after the preface, the client's first frame is SETTINGS; this client takes no push, so it
        // says SETTINGS_ENABLE_PUSH 0 (§6.5.2, what makes a PUSH_PROMISE a protocol error, as tested below); it ACKs
        // our SETTINGS once, and sends no stream before its SETTINGS
        Queue<String> wrong = new ConcurrentLinkedQueue<>();
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour watching = conn -> {
            H2Conn h2 = conn.h2().start(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 100);
            conns.add(h2);
            boolean[] first = {true};
            h2.observe((c, f) -> {
                if (first[0]) {
                    first[0] = false;
                    if (f.type() != H2Conn.SETTINGS || (f.flags() & H2Conn.FLAG_ACK) != 0 || f.stream() != 0
                            || f.payload().length % 6 != 0) {
                        wrong.add("first frame: type " + f.type() + ", flags " + f.flags() + ", stream " + f.stream()
                                + ", " + f.payload().length + " bytes");
                    } else if (setting(f.payload(), 0x2) != 0) {
                        wrong.add("SETTINGS_ENABLE_PUSH " + setting(f.payload(), 0x2) + " (-1: not sent)");
                    }
                }
            }).serve(H2Conn::ok);
        };
        try (FaultServer server = t.server(watching)) {
            Run run = run("h2-wire-client-preface-" + t, t.target(server).clients(2).streams(2).requests(20)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(wrong).as("the client's first frame").isEmpty();
            assertThat(conns).hasSize(2);
            for (H2Conn h2 : conns) {
                assertThat(h2.settingsSentAndAcked()).as("our SETTINGS and the client's ACKs").containsExactly(1, 1);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_start_its_next_header_block_with_a_table_size_update_when_the_server_changes_the_table_size(
            Transport t) throws Exception {
        // RFC 7541 §4.2: a change of SETTINGS_HEADER_TABLE_SIZE is acknowledged by a dynamic table size update at the
        // start of the next header block; nghttp2's decoder (Apache's mod_http2, Node.js, Envoy) fails a block
        // without it with COMPRESSION_ERROR. Once per change: the blocks after it start with a field
        Queue<Integer> firstBytes = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour smallTable = conn -> conn.h2().start(0x1, 0).observe((c, f) -> {
            if (f.type() == H2Conn.HEADERS) {
                firstBytes.add(f.payload()[0] & 0xff);
            }
        }).serve(H2Conn::ok);
        try (FaultServer server = t.server(smallTable)) {
            Run run = run("h2-wire-table-size-update-" + t, t.target(server).clients(2).streams(2).requests(20)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(firstBytes.stream().filter(b -> b == 0x20).count()).as("blocks starting with a size update to 0")
                    .isEqualTo(2);
            assertThat(firstBytes.stream().filter(b -> (b & 0xe0) == 0x20 && b != 0x20).count()).isZero();
        }
    }

    @Test
    void should_close_its_side_of_a_stream_whose_response_came_before_the_body_went() throws Exception {
        // RFC 9113 §8.1: a server may answer (413, 401) before the request's body is in; a client that stops
        // sending it must close its half of the stream, or the stream keeps one of the server's slots for good.
        // Here the windows stop the 64 KiB bodies at 16 KiB, and the server answers at the HEADERS
        Queue<String> cancelled = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour early = conn -> conn.h2().start(H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 16_384,
                H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 4).observe((c, f) -> {
                    if (f.type() == H2Conn.HEADERS) {
                        c.respond(f.stream(), 413, "too large".getBytes(StandardCharsets.US_ASCII));
                    } else if (f.type() == H2Conn.RST_STREAM) {
                        cancelled.add(f.stream() + ":" + java.nio.ByteBuffer.wrap(f.payload()).getInt());
                    }
                }).serve((c, id) -> { });
        try (FaultServer server = FaultServer.start(early)) {
            Run run = run("h2-wire-early-response-to-upload", Transport.H2C.target(server).clients(1).streams(2)
                    .requests(12).body(new byte[64 * 1024]).requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.result().statusCodes().count(413)).as(run.report()).isEqualTo(12);
            // the last ones' RST_STREAM may still be on its way as the run closes its connection
            assertThat(cancelled).as("RST_STREAM(CANCEL) per stream answered early").hasSizeGreaterThanOrEqualTo(10)
                    .allMatch(c -> c.endsWith(":8"));
        }
    }

    @Test
    void should_count_the_rst_stream_that_closes_a_steps_stream_for_the_step() throws Exception {
        // as above, a scenario's step: the RST_STREAM(CANCEL) of each answered upload is a frame of the step's
        // stream, not one of the connection's own (stream 0): the run's bytes sent are its steps' but for a bound
        FaultServer.Behaviour early = conn -> conn.h2().start(H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 16_384,
                H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 4).observe((c, f) -> {
                    if (f.type() == H2Conn.HEADERS) {
                        c.respond(f.stream(), 413, "too large".getBytes(StandardCharsets.US_ASCII));
                    }
                }).serve((c, id) -> { });
        byte[] body = new byte[64 * 1024];
        try (FaultServer server = FaultServer.start(early)) {
            Run run = run("h2-wire-early-response-to-step-upload", Transport.H2C.target(server).clients(1).users(1)
                    .iterations(80).requestTimeout(LONG)
                    .scenario(Scenario.of("upload", Step.of("post", session -> Request.post("/upload").body(body)))));
            Traffic total = run.result().traffic();
            Traffic step = run.result().step("post").orElseThrow().traffic();
            assertThat(run.result().statusCodes().count(413)).as(run.report()).isEqualTo(80);
            assertThat(total.sentBytes() - step.sentBytes()).as("run %s, step %s", total, step).isBetween(1L, 400L);
        }
    }

    @Test
    void should_keep_streams_in_flight_when_the_server_allows_no_more_mid_connection() throws Exception {
        // a server that drains announces SETTINGS_MAX_CONCURRENT_STREAMS 0 while it still answers the streams open:
        // the connect timeout bounds only a wait with nothing in flight, not these answers
        FaultServer.Behaviour draining = conn -> conn.h2().start().serve((c, id) -> {
            if (c.requestsOnConnection() == 1) {
                c.settings(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 0);
                c.server().schedule(() -> {
                    try {
                        c.ok(id);
                        c.settings(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 100);
                    } catch (IOException e) {
                        // the client went away
                    }
                }, 700);
            } else {
                c.ok(id);
            }
        });
        try (FaultServer server = FaultServer.start(draining)) {
            Run run = run("h2-wire-no-more-streams-in-flight", Transport.H2C.target(server).clients(1).requests(4)
                    .connectTimeout(Duration.ofMillis(300)).requestTimeout(LONG));
            assertCounted(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(server.connections()).as(run.report()).isEqualTo(1);
        }
    }

    // ---- 1. PING ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_answer_each_server_ping_with_an_ack_of_the_same_payload(Transport t) throws Exception {
        // every third request: a PING first, and the response only once its ACK came back with the same 8 bytes,
        // so a client that does not answer (or answers wrong) sees its request time out
        AtomicLong pings = new AtomicLong();
        AtomicLong acked = new AtomicLong();
        Queue<String> wrong = new ConcurrentLinkedQueue<>();
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        AtomicInteger connectionNumber = new AtomicInteger();
        FaultServer.Behaviour pinging = conn -> {
            long connection = connectionNumber.incrementAndGet();
            Map<Long, Integer> held = new ConcurrentHashMap<>();
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.observe((c, f) -> {
                if (f.type() == H2Conn.PING && (f.flags() & H2Conn.FLAG_ACK) != 0) {
                    Integer stream = f.payload().length == 8 ? held.remove(getLong(f.payload())) : null;
                    if (stream == null) {
                        wrong.add("PING ACK with payload " + java.util.HexFormat.of().formatHex(f.payload()));
                    } else {
                        acked.incrementAndGet();
                        c.ok(stream);
                    }
                }
            }).serve((c, id) -> {
                if (c.requestsOnConnection() % 3 == 0) {
                    long key = connection << 40 | (long) id << 8 | 0xa5;
                    held.put(key, id);
                    pings.incrementAndGet();
                    c.frame(H2Conn.PING, 0, 0, putLong(key));
                } else {
                    c.ok(id);
                }
            });
        };
        try (FaultServer server = t.server(pinging)) {
            Run run = run("h2-wire-ping-" + t, t.target(server).clients(2).streams(3).requests(90)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(90);
            assertThat(wrong).as("PING ACKs that matched no PING of ours").isEmpty();
            assertThat(pings.get()).as(run.report()).isEqualTo(30);
            assertThat(acked.get()).as("PINGs answered with the same payload").isEqualTo(pings.get());
            assertTraffic(run, conns, 90L * OK.length, 90L * OK_FIELDS);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_not_answer_a_ping_ack_it_never_asked_for(Transport t) throws Exception {
        // RFC 9113 §6.7: a PING with ACK is never answered; one that answers no PING of ours is simply ignored
        AtomicLong answered = new AtomicLong();
        FaultServer.Behaviour acking = conn -> conn.h2().start().observe((c, f) -> {
            if (f.type() == H2Conn.PING && Arrays.equals(f.payload(), putLong(0x5eed_5eedL))) {
                answered.incrementAndGet();
            }
        }).serve((c, id) -> {
            if (c.requestsOnConnection() % 5 == 0) {
                c.frame(H2Conn.PING, H2Conn.FLAG_ACK, 0, putLong(0x5eed_5eedL));
            }
            c.ok(id);
        });
        try (FaultServer server = t.server(acking)) {
            Run run = run("h2-wire-unsolicited-ping-ack-" + t, t.target(server).clients(2).streams(1).requests(40)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(server.connections()).as(run.report()).isEqualTo(2);
            assertThat(answered.get()).as("PING frames with our ACK's payload").isZero();
        }
    }

    // ---- 2. CONTINUATION, trailers ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_take_header_blocks_split_into_continuation_frames_and_trailers(Transport t) throws Exception {
        // response n of a connection: its header block in HEADERS + 1..3 CONTINUATION frames (n % 3 + 1), and every
        // fourth a HEADERS frame with END_STREAM after its DATA: trailers
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        AtomicLong trailers = new AtomicLong();
        try (FaultServer server = t.server(continued(conns, trailers))) {
            Run run = run("h2-wire-continuation-" + t, t.target(server).clients(2).streams(3).requests(120)
                    .check(Check.header("x-field-6", "value-6")).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().statusCodes().count(200)).as(run.report()).isEqualTo(120);
            assertThat(run.result().checks().get(0).passed()).as(run.report()).isEqualTo(120);
            // decoded: the fields of 120 blocks, and each trailer block's x-checksum: 0123
            assertTraffic(run, conns, 120L * OK.length, 120L * (OK_FIELDS + 6 * 16) + trailers.get() * 14);
        }
    }

    @Test
    void should_count_continuation_payloads_as_header_bytes_as_h2load_does() throws Exception {
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        try (FaultServer server = FaultServer.start(continued(conns, new AtomicLong()))) {
            Run run = run("h2-wire-continuation-header-bytes", Transport.H2C.target(server).clients(2).streams(3)
                    .requests(120).requestTimeout(LONG));
            assertCounted(run);
            long expected = conns.stream().mapToLong(h2 -> h2.bytesWritten()[1] + h2.bytesWritten()[2]).sum();
            assertThat(run.result().traffic().headerBytes()).as("header bytes, h2load's figure\n%s", run.report())
                    .isEqualTo(expected);
        }
    }

    /**
     * Response n of a connection: its header block (200, content-length 2, x-field-1..6: value-1..6) in HEADERS and
     * n % 3 + 1 CONTINUATION frames, DATA {@code ok}, and every fourth trailers after it: a HEADERS frame with
     * END_STREAM ({@code x-checksum: 0123}), counted in {@code trailers}.
     */
    private static FaultServer.Behaviour continued(Queue<H2Conn> conns, AtomicLong trailers) {
        return conn -> {
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.serve((c, id) -> {
                int n = c.requestsOnConnection();
                byte[] block = blockWithFields(200, OK.length, 6);
                int pieces = 1 + n % 3 + 1;
                int size = (block.length + pieces - 1) / pieces;
                for (int k = 0, at = 0; k < pieces; k++, at += size) {
                    int len = Math.min(size, block.length - at);
                    boolean last = k == pieces - 1;
                    c.frame(k == 0 ? H2Conn.HEADERS : H2Conn.CONTINUATION, last ? H2Conn.FLAG_END_HEADERS : 0, id,
                            block, at, len);
                }
                boolean withTrailers = n % 4 == 0;
                c.frame(H2Conn.DATA, withTrailers ? 0 : H2Conn.FLAG_END_STREAM, id, OK);
                if (withTrailers) {
                    trailers.incrementAndGet();
                    ByteArrayOutputStream trailer = new ByteArrayOutputStream();
                    trailer.write(0x00);   // literal without indexing, new name
                    Hpack.string(trailer, "x-checksum", false);
                    Hpack.string(trailer, "0123", true);
                    c.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_END_STREAM, id,
                            trailer.toByteArray());
                }
            });
        };
    }

    // ---- 3. padding, priority ----

    @ParameterizedTest(name = "{0}, body checked: {1}")
    @CsvSource({"H2C, false", "H2C, true", "H2_TLS, false"})
    void should_count_data_without_padding_and_whole_frames_in_traffic(Transport t, boolean bodyChecked)
            throws Exception {
        // unchecked over h2c the engine passes over unpadded DATA payloads without a copy: padded ones are read whole
        byte[] body = Http1Faults.pattern(3000);
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour padded = conn -> {
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.serve((c, id) -> {
                byte[] block = H2Conn.headerBlock(200, body.length);
                switch (c.requestsOnConnection() % 4) {
                    case 0 -> {
                        // padded HEADERS, body in a padded DATA and a plain one
                        c.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_PADDED, id, padded(block, 10));
                        c.frame(H2Conn.DATA, H2Conn.FLAG_PADDED, id, padded(Arrays.copyOf(body, 1000), 200));
                        c.frame(H2Conn.DATA, H2Conn.FLAG_END_STREAM, id, Arrays.copyOfRange(body, 1000, 3000));
                    }
                    case 1 -> {
                        // HEADERS with PRIORITY (exclusive on stream 0, weight 16), then a padded DATA ending it
                        c.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_PRIORITY, id, prioritized(block));
                        c.frame(H2Conn.DATA, H2Conn.FLAG_PADDED | H2Conn.FLAG_END_STREAM, id, padded(body, 255));
                    }
                    case 2 -> {
                        // both flags; DATA with a pad length of 0, then an empty padded DATA that ends the stream
                        c.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_PADDED | H2Conn.FLAG_PRIORITY, id,
                                padded(prioritized(block), 7));
                        c.frame(H2Conn.DATA, H2Conn.FLAG_PADDED, id, padded(body, 0));
                        c.frame(H2Conn.DATA, H2Conn.FLAG_PADDED | H2Conn.FLAG_END_STREAM, id, padded(new byte[0], 33));
                    }
                    default -> {
                        c.headers(id, 200, body.length, false);
                        c.data(id, body, 0, body.length, true);
                    }
                }
            });
        };
        try (FaultServer server = t.server(padded)) {
            LoadTest.Builder test = t.target(server).clients(2).streams(3).requests(120).requestTimeout(LONG);
            if (bodyChecked) {
                test.check(Check.of("body as sent", r -> Arrays.equals(r.body(), body)));
            }
            Run run = run("h2-wire-padding-" + t + (bodyChecked ? "-checked" : ""), test);
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(120);
            if (bodyChecked) {
                assertThat(run.result().checks().get(0).passed()).as(run.report()).isEqualTo(120);
            }
            // decoded: :status 200, content-length 3000
            assertTraffic(run, conns, 120L * body.length, 120L * (10 + 18));
        }
    }

    // ---- 4. HPACK's dynamic table, Huffman ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_decode_a_servers_dynamic_table_and_huffman_coded_values(Transport t) throws Exception {
        // per connection (one encoder each): response 1 puts ":status 201" (Huffman) and "x-tag: cache-hit-2026"
        // (Huffman) into the dynamic table; 2 refers to both by index; 3 starts with table size updates to 0 (the
        // table emptied) and back to 4096, then puts them in again (not Huffman); from 4 on, indexed references only
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour dynamic = conn -> {
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.serve((c, id) -> {
                int n = c.requestsOnConnection();
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                if (n == 3) {
                    Hpack.tableSizeUpdate(b, 0);
                    Hpack.tableSizeUpdate(b, 4096);
                }
                if (n == 1 || n == 3) {
                    Hpack.literalIndexing(b, 8, "201", n == 1);             // :status 201 -> dynamic 62
                    Hpack.literalIndexing(b, "x-tag", "cache-hit-2026", n == 1);   // -> 62, :status moves to 63
                } else {
                    Hpack.indexed(b, 63);
                    Hpack.indexed(b, 62);
                }
                Hpack.literal(b, 28, "2", n % 2 == 0);                     // content-length, not indexed
                c.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS, id, b.toByteArray());
                c.frame(H2Conn.DATA, H2Conn.FLAG_END_STREAM, id, OK);
            });
        };
        try (FaultServer server = t.server(dynamic)) {
            Run run = run("h2-wire-hpack-dynamic-" + t, t.target(server).clients(2).streams(3).requests(120)
                    .check(Check.header("X-Tag", "cache-hit-2026"), Check.status(201)).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().statusCodes().counts()).as(run.report()).containsOnlyKeys(201);
            assertThat(run.result().statusCodes().count(201)).as(run.report()).isEqualTo(120);
            assertThat(run.result().checks()).as(run.report()).allMatch(c -> c.passed() == 120 && c.failed() == 0);
            // decoded: :status 201, x-tag cache-hit-2026, content-length 2: what the dynamic table held
            assertTraffic(run, conns, 120L * OK.length, 120L * (10 + 19 + 15));
        }
    }

    // ---- 5. request bodies under the server's flow control ----

    @ParameterizedTest(name = "{0} bytes, {1} requests")
    @CsvSource({"102400, 20", "1048576, 6"})
    void should_upload_within_a_16_KiB_stream_window_opened_in_small_window_updates(int size, int requests)
            throws Exception {
        // SETTINGS_INITIAL_WINDOW_SIZE 16 KiB, the connection's 64 KiB default; every DATA frame's bytes given back
        // in WINDOW_UPDATEs of at most 4 KiB, on the stream and on the connection
        assertUploads("h2-wire-upload-16k-window-" + size, size, requests, conn -> conn.h2()
                .start(H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 16 * 1024).replenishInChunks(4096));
    }

    @ParameterizedTest(name = "{0} bytes, {1} requests")
    @CsvSource({"102400, 20", "1048576, 6"})
    void should_upload_within_the_connection_window_when_stream_windows_are_wider(int size, int requests)
            throws Exception {
        // stream windows of 1 MiB, the connection's 64 KiB default shared by 2 streams and given back in 4 KiB
        // WINDOW_UPDATEs: the connection window is what holds the client back
        assertUploads("h2-wire-upload-connection-window-" + size, size, requests, conn -> conn.h2()
                .start(H2Conn.SETTINGS_MAX_FRAME_SIZE, 16_384, H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 1 << 20)
                .replenishInChunks(4096));
    }

    @ParameterizedTest(name = "{0} bytes, {1} requests")
    @CsvSource({"102400, 20", "1048576, 6"})
    void should_upload_when_the_server_lowers_its_initial_window_mid_upload(int size, int requests) throws Exception {
        // default windows, given back in 8 KiB WINDOW_UPDATEs; once 40 KiB of a connection's bodies came in, a
        // SETTINGS lowers SETTINGS_INITIAL_WINDOW_SIZE to 4 KiB: the windows of open streams shrink by 61 KiB,
        // below zero for some (RFC 9113 §6.9.2), and the client must wait for WINDOW_UPDATEs to bring them back
        // (the first SETTINGS says SETTINGS_MAX_FRAME_SIZE 16384, the default: not empty, see the test of that below)
        assertUploads("h2-wire-upload-lowered-window-" + size, size, requests, conn -> {
            H2Conn h2 = conn.h2().start(H2Conn.SETTINGS_MAX_FRAME_SIZE, 16_384).replenishInChunks(8192);
            long[] received = {0};
            return h2.observe((c, f) -> {
                if (f.type() == H2Conn.DATA && received[0] < 40 * 1024) {
                    received[0] += f.payload().length;
                    if (received[0] >= 40 * 1024) {
                        c.settings(H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 4096);
                    }
                }
            });
        });
    }

    @ParameterizedTest(name = "{0} bytes, {1} requests")
    @CsvSource({"102400, 20", "1048576, 6"})
    void should_upload_in_data_frames_within_the_servers_max_frame_size(int size, int requests) throws Exception {
        // SETTINGS_MAX_FRAME_SIZE 16384 said out loud, windows of 1 GiB: only the frame size bounds the DATA frames
        assertUploads("h2-wire-upload-max-frame-" + size, size, requests, conn -> {
            H2Conn h2 = conn.h2().start(H2Conn.SETTINGS_MAX_FRAME_SIZE, 16_384,
                    H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 1 << 30).replenishInChunks(1 << 20);
            h2.windowUpdate(0, 1 << 30);
            return h2;
        });
    }

    @ParameterizedTest(name = "{0} bytes, {1} requests")
    @CsvSource({"102400, 20", "1048576, 6"})
    void should_upload_in_data_frames_of_at_most_16384_bytes_after_an_empty_settings_frame(int size, int requests)
            throws Exception {
        // RFC 9113 §4.2, §6.5.2: SETTINGS_MAX_FRAME_SIZE is 16384 until the server says otherwise; here its SETTINGS
        // frame is empty, the windows are the defaults (64 KiB), given back in 16 KiB WINDOW_UPDATEs
        assertUploads("h2-wire-upload-empty-settings-" + size, size, requests, conn -> conn.h2().start()
                .replenishInChunks(16_384));
    }

    @Test
    void should_count_a_steps_frames_read_across_the_measured_windows_edges_as_the_run_counts_them() throws Exception {
        // each response's DATA frame comes in two pieces 120 ms apart (its header and 10 bytes, then the rest): the
        // deadline falls between the pieces of a frame. The run counts each read's bytes when it is measured; a
        // step's frames must count on the same condition, so that only stream 0's frames set the run apart
        byte[] body = new byte[4096];
        FaultServer.Behaviour cut = conn -> conn.h2().start().serve((c, id) -> {
            c.headers(id, 200, body.length, false);
            c.frameInPieces(H2Conn.DATA, H2Conn.FLAG_END_STREAM, id, body, 120, 9 + 10);
        });
        try (FaultServer server = FaultServer.start(cut)) {
            Run run = run("h2-wire-step-frames-across-edges", Transport.H2C.target(server).clients(1).users(1)
                    .duration(Duration.ofMillis(700)).requestTimeout(LONG)
                    .scenario(Scenario.of("cut", Step.of("get", session -> Request.get("/cut")))));
            Traffic total = run.result().traffic();
            Traffic step = run.result().step("get").orElseThrow().traffic();
            assertThat(run.result().requests().started()).as(run.report()).isPositive();
            assertThat(step.dataBytes()).isEqualTo(total.dataBytes());
            assertThat(total.totalBytes() - step.totalBytes()).as("run %s, step %s", total, step)
                    .isBetween(0L, 400L);
        }
    }

    @ParameterizedTest(name = "{0} bytes, {1} requests")
    @CsvSource({"102400, 20", "1048576, 6"})
    void should_upload_a_scenario_steps_body_in_data_frames_of_at_most_16384_bytes_after_an_empty_settings_frame(
            int size, int requests) throws Exception {
        // as above, the bodies sent by a scenario's step: scenario runs take the same HTTP/2 connection
        assertUploads("h2-wire-upload-step-empty-settings-" + size, size, requests, conn -> conn.h2().start()
                .replenishInChunks(16_384), (target, body, n) -> target.users(2).iterations(n / 2)
                .scenario(Scenario.of("upload", Step.of("post", session -> Request.post("/upload").body(body)))));
    }

    @ParameterizedTest(name = "{0} bytes, {1} requests")
    @CsvSource({"102400, 20", "1048576, 6"})
    void should_upload_in_data_frames_of_at_most_16384_bytes_when_the_server_says_no_max_frame_size(int size,
            int requests) throws Exception {
        // as above, but the server's SETTINGS holds one setting (SETTINGS_MAX_CONCURRENT_STREAMS 100), not the size
        assertUploads("h2-wire-upload-default-max-frame-" + size, size, requests, conn -> conn.h2()
                .start(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 100).replenishInChunks(16_384));
    }

    @Test
    void should_split_a_request_header_block_over_the_max_frame_size_into_continuation_frames() throws Exception {
        assertRequestHeaderBlockSplit("h2-wire-request-continuation", H2Conn.SETTINGS_MAX_FRAME_SIZE, 16_384);
    }

    @Test
    void should_split_a_request_header_block_over_16384_bytes_after_an_empty_settings_frame() throws Exception {
        assertRequestHeaderBlockSplit("h2-wire-request-continuation-empty-settings");
    }

    /**
     * A 20 KiB header value (and 3 more of 5 KiB): a field block longer than SETTINGS_MAX_FRAME_SIZE (16384) must go
     * as HEADERS and CONTINUATION frames (RFC 9113 §4.3, §6.10), none longer than that. The server's first SETTINGS
     * as given.
     */
    private static void assertRequestHeaderBlockSplit(String name, int... settings) throws Exception {
        Queue<String> tooLong = new ConcurrentLinkedQueue<>();
        AtomicLong continuations = new AtomicLong();
        FaultServer.Behaviour strict = conn -> conn.h2().start(settings)
                .observe((c, f) -> {
            if (f.payload().length > 16_384) {
                tooLong.add("frame of type " + f.type() + ", " + f.payload().length + " bytes");
            }
            if (f.type() == H2Conn.CONTINUATION) {
                continuations.incrementAndGet();
            }
        }).serve(H2Conn::ok);
        String big = "v".repeat(20 * 1024);
        try (FaultServer server = FaultServer.start(strict)) {
            LoadTest.Builder test = Transport.H2C.target(server).header("x-big", big).clients(2).streams(2)
                    .requests(20).requestTimeout(LONG);
            for (int i = 1; i <= 3; i++) {
                test.header("x-more-" + i, Integer.toString(i).repeat(5 * 1024));
            }
            Run run = run(name, test);
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(20);
            assertThat(tooLong).as("client frames over SETTINGS_MAX_FRAME_SIZE").isEmpty();
            assertThat(continuations.get()).as("CONTINUATION frames from the client").isGreaterThanOrEqualTo(20);
        }
    }

    /** How an upload test's server starts each connection. */
    @FunctionalInterface
    private interface Starter {
        H2Conn start(FaultConn conn) throws Exception;
    }

    /** How an upload test's client sends {@code requests} bodies to the server its builder targets. */
    @FunctionalInterface
    private interface Uploads {
        LoadTest.Builder send(LoadTest.Builder target, byte[] body, int requests);
    }

    private static void assertUploads(String name, int size, int requests, Starter starter) throws Exception {
        assertUploads(name, size, requests, starter, (target, body, n) -> target.method("POST").body(body).requests(n));
    }

    private static void assertUploads(String name, int size, int requests, Starter starter, Uploads uploads)
            throws Exception {
        byte[] body = Http1Faults.pattern(size);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(body);
        Queue<String> wrongBodies = new ConcurrentLinkedQueue<>();
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour serving = conn -> {
            H2Conn h2 = starter.start(conn);
            conns.add(h2);
            h2.serve((c, id) -> {
                if (c.requestBodyBytes(id) != size || c.requestBodyCrc(id) != crc.getValue()) {
                    wrongBodies.add("stream " + id + ": " + c.requestBodyBytes(id) + " bytes");
                }
                c.ok(id);
            });
        };
        try (FaultServer server = FaultServer.start(serving)) {
            Run run = run(name, uploads.send(Transport.H2C.target(server), body, requests).clients(2).streams(2)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(requests);
            assertThat(server.requests()).isEqualTo(requests);
            assertThat(wrongBodies).as("request bodies not as sent").isEmpty();
            for (H2Conn h2 : conns) {
                assertThat(h2.flowViolations()).as("the client's DATA against our windows and frame size").isEmpty();
                assertThat(h2.largestDataFrame()).isBetween(0L, 16_384L);   // 0: a connection no body went on
            }
            assertThat(conns.stream().mapToLong(H2Conn::largestDataFrame).max().orElse(0)).isPositive();
        }
    }

    // ---- 6. large responses under the client's flow control ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_replenish_its_windows_for_a_server_that_keeps_strictly_to_them(Transport t) throws Exception {
        // 4 MiB per stream, 3 streams per connection, from a server that follows the client's
        // SETTINGS_INITIAL_WINDOW_SIZE and WINDOW_UPDATEs, never sends beyond the stream's or the connection's window
        // and waits for more (at most 10 s per response, then RST_STREAM(FLOW_CONTROL_ERROR)): the run completes
        // only if the client keeps giving both windows back. (Today's client opens them to 1 GiB and 2^31-1 up front,
        // which these 24 MiB per connection never exhaust; a client with narrower windows must replenish them.)
        int size = 4 << 20;
        byte[] body = Http1Faults.pattern(size);
        AtomicLong stalled = new AtomicLong();
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour strict = conn -> {
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.serve((c, id) -> {
                c.headers(id, 200, size, false);
                Thread sender = new Thread(() -> {
                    try {
                        if (!c.dataFlowControlled(id, body, 16_384, 10_000)) {
                            stalled.incrementAndGet();
                            c.rstStream(id, H2Conn.FLOW_CONTROL_ERROR);
                        }
                    } catch (IOException | InterruptedException e) {
                        // the client went away
                    }
                }, server(c) + "-sender-" + id);
                sender.setDaemon(true);
                sender.start();
            });
        };
        try (FaultServer server = t.server(strict)) {
            Run run = run("h2-wire-strict-flow-control-" + t, t.target(server).clients(2).streams(3).requests(12)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(stalled.get()).as("responses the client's windows held up for 10 s\n%s", run.report()).isZero();
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(12);
            assertTraffic(run, conns, 12L * size, 12L * (10 + 14 + String.valueOf(size).length()));
        }
    }

    // ---- 7. responses without DATA, HEAD, statuses out of range ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_complete_responses_that_are_a_headers_frame_with_end_stream(Transport t) throws Exception {
        // 204 and 304 as nothing but HEADERS with END_STREAM (304 with the content-length of the resource it
        // stands for, as RFC 9110 §8.6 allows), in turn with 200 with an empty body (content-length 0)
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour headersOnly = conn -> {
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.serve((c, id) -> {
                switch (c.requestsOnConnection() % 3) {
                    case 0 -> c.headers(id, 204, -1, true);
                    case 1 -> c.headers(id, 304, 5000, true);
                    default -> c.headers(id, 200, 0, true);
                }
            });
        };
        try (FaultServer server = t.server(headersOnly)) {
            Run run = run("h2-wire-headers-only-" + t, t.target(server).clients(2).streams(3).requests(90)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(90);
            assertThat(run.result().statusCodes().counts()).as(run.report()).containsOnlyKeys(200, 204, 304);
            assertThat(run.result().statusCodes().count(204) + run.result().statusCodes().count(304)
                    + run.result().statusCodes().count(200)).isEqualTo(90);
            assertTraffic(run, conns, 0, -1);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_complete_head_requests_whose_content_length_comes_without_data(Transport t) throws Exception {
        // HEAD: the content-length of the resource, no DATA (RFC 9110 §9.3.2); the client must not wait for a body
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour head = conn -> {
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.serve((c, id) -> c.headers(id, 200, 123_456, true));
        };
        try (FaultServer server = t.server(head)) {
            Run run = run("h2-wire-head-" + t, t.target(server).method("HEAD").clients(2).streams(3).requests(60)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.result().statusCodes().count(200)).as(run.report()).isEqualTo(60);
            assertTraffic(run, conns, 0, 60L * (10 + 14 + 6));
        }
    }

    @ParameterizedTest(name = "status {0}")
    @CsvSource({"600", "1000"})
    void should_fail_a_status_out_of_range_as_a_protocol_error(int status) throws Exception {
        assertStatusFailsAsAProtocolError(status);
    }

    @Test
    void should_fail_a_status_below_100_as_a_protocol_error() throws Exception {
        assertStatusFailsAsAProtocolError(99);
    }

    private static void assertStatusFailsAsAProtocolError(int status) throws Exception {
        // :status must be three digits of a status code, 100..599 (RFC 9110 §15): every second response is broken;
        // a stream error only (RFC 9113 §8.1.1): the connection and the other streams go on
        FaultServer.Behaviour outOfRange = conn -> conn.h2().start().serve((c, id) -> {
            if (c.requestsOnConnection() % 2 == 0) {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                Hpack.literal(b, 8, String.valueOf(status), false);
                c.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_END_STREAM, id, b.toByteArray());
            } else {
                c.ok(id);
            }
        });
        try (FaultServer server = FaultServer.start(outOfRange)) {
            Run run = run("h2-wire-status-" + status, Transport.H2C.target(server).clients(1).requests(6)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.result().statusCodes().counts()).as(run.report()).containsOnlyKeys(200);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(3);
            assertThat(run.errors(ErrorCategory.PROTOCOL)).as(run.report()).isEqualTo(3);
            assertErrorsOnlyIn(run, ErrorCategory.PROTOCOL);
            assertThat(server.connections()).as(run.report()).isEqualTo(1);
        }
    }

    // ---- 8. protocol errors from the server ----

    @ParameterizedTest(name = "{0}")
    @CsvSource({"data-on-idle-stream", "headers-on-even-stream", "push-promise", "window-update-0-on-connection",
            "settings-length-not-multiple-of-6", "settings-initial-window-over-2^31-1",
            "settings-max-frame-under-16384"})
    void should_fail_a_connection_error_of_the_server_as_a_protocol_error(String fault) throws Exception {
        // each connection: 2 requests answered, then at the 3rd this frame (RFC 9113 says: a connection error), and
        // no answer; 2 clients of 10 requests: 7 connections, 14 succeeded, 6 failed on the broken frame
        FaultServer.Behaviour broken = conn -> conn.h2().start().serve((c, id) -> {
            if (c.requestsOnConnection() < 3) {
                c.ok(id);
            } else if (c.requestsOnConnection() == 3) {
                brokenFrame(c, id, fault);
            }
        });
        try (FaultServer server = FaultServer.start(broken)) {
            Run run = run("h2-wire-connection-error-" + fault, Transport.H2C.target(server).clients(2).requests(20)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().timeout()).as(run.report()).isZero();
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(14);
            assertThat(run.errors(ErrorCategory.PROTOCOL)).as(run.report()).isEqualTo(6);
            assertErrorsOnlyIn(run, ErrorCategory.PROTOCOL);
        }
    }

    /** The frame that breaks the connection, sent while stream {@code id} waits for its response. */
    private static void brokenFrame(H2Conn c, int id, String fault) throws IOException {
        switch (fault) {
            // a stream the client never opened: odd, above any it sent, so idle (RFC 9113 §5.1, §6.1)
            case "data-on-idle-stream" -> c.frame(H2Conn.DATA, H2Conn.FLAG_END_STREAM, id + 2, OK);
            // a server-initiated stream without PUSH_PROMISE (§5.1.1, §8.4)
            case "headers-on-even-stream" -> c.frame(H2Conn.HEADERS, H2Conn.FLAG_END_HEADERS | H2Conn.FLAG_END_STREAM,
                    id + 1, H2Conn.headerBlock(200, 0));
            // the client said SETTINGS_ENABLE_PUSH 0 (§6.6, §8.4): promised stream 2, GET http://.../
            case "push-promise" -> c.frame(H2Conn.PUSH_PROMISE, H2Conn.FLAG_END_HEADERS, id,
                    new byte[] {0, 0, 0, 2, (byte) 0x82, (byte) 0x86, (byte) 0x84});
            // §6.9: an increment of 0 on the connection
            case "window-update-0-on-connection" -> c.windowUpdate(0, 0);
            // §6.5: FRAME_SIZE_ERROR
            case "settings-length-not-multiple-of-6" -> c.frame(H2Conn.SETTINGS, 0, 0, new byte[] {0, 4, 0, 0, 1});
            // §6.5.2: FLOW_CONTROL_ERROR
            case "settings-initial-window-over-2^31-1" -> c.settings(H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 0x8000_0000);
            // §6.5.2: PROTOCOL_ERROR
            case "settings-max-frame-under-16384" -> c.settings(H2Conn.SETTINGS_MAX_FRAME_SIZE, 16_383);
            default -> throw new IllegalArgumentException(fault);
        }
    }

    // ---- 9. SETTINGS_MAX_CONCURRENT_STREAMS lowered mid-run ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_keep_to_a_max_concurrent_streams_lowered_below_its_open_streams(Transport t) throws Exception {
        // no limit at first, 8 streams per connection, responses 10 ms late; at a connection's 10th request, SETTINGS
        // lowers SETTINGS_MAX_CONCURRENT_STREAMS to 2 while more are open. The streams already open may finish
        // (RFC 9113 §5.1.2); once the client has ACKed, it must open a new stream only while fewer than 2 are open
        int limit = 2;
        Queue<String> overLimit = new ConcurrentLinkedQueue<>();
        AtomicLong lowered = new AtomicLong();
        FaultServer.Behaviour lowering = conn -> {
            H2Conn h2 = conn.h2().start();
            boolean[] acked = {false};
            h2.observe((c, f) -> {
                if (f.type() == H2Conn.SETTINGS && (f.flags() & H2Conn.FLAG_ACK) != 0
                        && c.settingsSentAndAcked()[1] == 1) {
                    acked[0] = true;   // the ACK of our second SETTINGS (this one is counted once handled)
                } else if (f.type() == H2Conn.HEADERS && acked[0] && f.stream() > c.highestStreamId()
                        && c.openStreams() >= limit) {
                    overLimit.add("stream " + f.stream() + " opened with " + c.openStreams() + " open");
                }
            }).serve((c, id) -> {
                if (c.requestsOnConnection() == 10) {
                    c.settings(H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, limit);
                    lowered.incrementAndGet();
                }
                c.server().schedule(() -> {
                    try {
                        c.ok(id);
                    } catch (IOException e) {
                        // the client went away
                    }
                }, 10);
            });
        };
        try (FaultServer server = t.server(lowering)) {
            Run run = run("h2-wire-max-concurrent-lowered-" + t, t.target(server).clients(2).streams(8).requests(200)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(200);
            assertThat(lowered.get()).as(run.report()).isEqualTo(2);
            assertThat(server.maxOpenStreams()).as("streams open at once before the limit came").isGreaterThan(limit);
            assertThat(overLimit).as("streams opened over the lowered limit once it was ACKed").isEmpty();
        }
    }

    // ---- 10. RST_STREAM mid-response, GOAWAY with nothing open ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_fail_a_stream_reset_after_part_of_its_data_and_keep_the_connection(Transport t) throws Exception {
        // every 4th response: HEADERS (content-length 1000), 100 bytes of DATA, RST_STREAM(INTERNAL_ERROR)
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour resetting = conn -> {
            H2Conn h2 = conn.h2().start();
            conns.add(h2);
            h2.serve((c, id) -> {
                if (c.requestsOnConnection() % 4 == 0) {
                    c.headers(id, 200, 1000, false);
                    c.data(id, Http1Faults.pattern(100), 0, 100, false);
                    c.rstStream(id, H2Conn.INTERNAL_ERROR);
                } else {
                    c.ok(id);
                }
            });
        };
        try (FaultServer server = t.server(resetting)) {
            Run run = run("h2-wire-rst-mid-data-" + t, t.target(server).clients(2).streams(3).requests(80)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.requests().succeeded()).as(run.report()).isEqualTo(60);
            assertThat(run.errors(ErrorCategory.STREAM_RESET)).as(run.report()).isEqualTo(20);
            assertErrorsOnlyIn(run, ErrorCategory.STREAM_RESET);
            assertThat(server.connections()).as(run.report()).isEqualTo(2);
            // decoded: the 20 reset responses' headers too (content-length 1000)
            assertTraffic(run, conns, 60L * OK.length + 20L * 100, 60L * OK_FIELDS + 20L * (10 + 18));
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_reconnect_after_a_goaway_sent_with_no_stream_open(Transport t) throws Exception {
        // after its 5th response, a connection's server sends GOAWAY(NO_ERROR) naming that stream as the last, keeps
        // the socket open and answers nothing more: a stream the client sent before it read the GOAWAY (at most one,
        // with one stream per connection) is above the last stream id, never processed, and must go out again
        AtomicLong openedAfter = new AtomicLong();
        FaultServer.Behaviour goAway = conn -> conn.h2().start().serve((c, id) -> {
            if (c.goAwaySent()) {
                openedAfter.incrementAndGet();
                return;
            }
            c.ok(id);
            if (c.requestsOnConnection() == 5) {
                c.goAway(id, H2Conn.NO_ERROR, "");
            }
        });
        try (FaultServer server = t.server(goAway)) {
            Run run = run("h2-wire-goaway-idle-" + t, t.target(server).clients(2).requests(60).requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(60);
            assertThat(server.connections()).as(run.report()).isGreaterThanOrEqualTo(12);
            assertThat(openedAfter.get()).as("streams opened after a GOAWAY\n%s", run.report())
                    .isLessThanOrEqualTo(server.connections());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_end_a_timed_run_on_time_against_goaways_sent_with_no_stream_open(Transport t) throws Exception {
        FaultServer.Behaviour goAway = conn -> conn.h2().start().serve((c, id) -> {
            if (!c.goAwaySent()) {
                c.ok(id);
                if (c.requestsOnConnection() == 5) {
                    c.goAway(id, H2Conn.NO_ERROR, "");
                }
            }
        });
        try (FaultServer server = t.server(goAway)) {
            Run run = run("h2-wire-goaway-idle-timed-" + t, t.target(server).clients(2)
                    .duration(Duration.ofSeconds(1)).requestTimeout(LONG));
            FaultRuns.assertTimed(run);
            FaultRuns.assertEndedWithin(run, Duration.ofSeconds(1));
            assertThat(run.result().errors()).as(run.report()).isEmpty();
            // at least one connection was left after its GOAWAY for a new one
            assertThat(run.requests().succeeded()).as(run.report()).isGreaterThanOrEqualTo(6);
            assertThat(server.connections()).as(run.report()).isGreaterThanOrEqualTo(3);
        }
    }

    // ---- 11. unknown SETTINGS, the server's ACK ----

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = Transport.class, names = {"H2C", "H2_TLS"})
    void should_ignore_unknown_settings_and_acknowledge_each_settings_once(Transport t) throws Exception {
        // the first SETTINGS carries ids this client does not know (ENABLE_CONNECT_PROTOCOL 0x8, NO_RFC7540_PRIORITIES
        // 0x9, unassigned 0x7, 0x10 and 0xabcd) between known ones; at a connection's 5th request, another such
        // SETTINGS, and the response only once its ACK came. The client ACKs each of our SETTINGS once, and does
        // not answer our ACK of its own SETTINGS
        Queue<H2Conn> conns = new ConcurrentLinkedQueue<>();
        FaultServer.Behaviour unknown = conn -> {
            H2Conn h2 = conn.h2().start(0x7, 1, H2Conn.SETTINGS_MAX_CONCURRENT_STREAMS, 100, 0x8, 1, 0x9, 1,
                    0x10, 0xffff, H2Conn.SETTINGS_INITIAL_WINDOW_SIZE, 65_535, 0xabcd, 0x7fff_ffff);
            conns.add(h2);
            int[] held = {0};
            h2.observe((c, f) -> {
                if (f.type() == H2Conn.SETTINGS && (f.flags() & H2Conn.FLAG_ACK) != 0 && held[0] != 0
                        && c.settingsSentAndAcked()[1] == 1) {
                    c.ok(held[0]);   // the ACK of our second SETTINGS (this one is counted once handled)
                    held[0] = 0;
                }
            }).serve((c, id) -> {
                if (c.requestsOnConnection() == 5) {
                    held[0] = id;
                    c.settings(0xabcd, 1, 0x8, 0, 0x20, 42);
                } else {
                    c.ok(id);
                }
            });
        };
        try (FaultServer server = t.server(unknown)) {
            Run run = run("h2-wire-unknown-settings-" + t, t.target(server).clients(2).streams(3).requests(60)
                    .requestTimeout(LONG));
            assertCounted(run);
            assertEndedWithoutWaiting(run);
            assertThat(run.result().isClean()).as(run.report()).isTrue();
            assertThat(run.requests().succeeded()).isEqualTo(60);
            assertThat(conns).hasSize(2);
            for (H2Conn h2 : conns) {
                assertThat(h2.settingsSentAndAcked()).as("our SETTINGS frames and the client's ACKs")
                        .containsExactly(2, 2);
                assertThat(h2.flowViolations()).as("ACKs for no SETTINGS of ours").isEmpty();
            }
            assertTraffic(run, conns, 60L * OK.length, 60L * OK_FIELDS);
        }
    }

    // ---- helpers ----

    private static String server(H2Conn h2) {
        return h2.server().threadNamePrefix();
    }

    /**
     * The run's received and header bytes are those of the frames the servers wrote; its data bytes, and its decoded
     * header bytes (names and values, pseudo-header fields and trailers included; -1: not checked), as given.
     */
    private static void assertTraffic(Run run, Queue<H2Conn> conns, long dataBytes, long decodedHeaderBytes) {
        long total = 0;
        long header = 0;
        for (H2Conn h2 : conns) {
            long[] written = h2.bytesWritten();
            total += written[0];
            header += written[1] + written[2];   // HEADERS and CONTINUATION payloads, as h2load counts them
        }
        assertThat(run.result().traffic().dataBytes()).as("data bytes\n%s", run.report()).isEqualTo(dataBytes);
        assertThat(run.result().traffic().headerBytes()).as("header bytes\n%s", run.report()).isEqualTo(header);
        assertThat(run.result().traffic().totalBytes()).as("received bytes\n%s", run.report()).isEqualTo(total);
        if (decodedHeaderBytes >= 0) {
            assertThat(run.result().traffic().decodedHeaderBytes()).as("decoded header bytes\n%s", run.report())
                    .isEqualTo(decodedHeaderBytes);
        }
    }

    /** A header block: {@code :status}, content-length, then {@code fields} literals x-field-N: value-N. */
    private static byte[] blockWithFields(int status, long contentLength, int fields) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] head = H2Conn.headerBlock(status, contentLength);
        b.write(head, 0, head.length);
        for (int i = 1; i <= fields; i++) {
            b.write(0x00);
            Hpack.string(b, "x-field-" + i, false);
            Hpack.string(b, "value-" + i, i % 2 == 0);
        }
        return b.toByteArray();
    }

    /** A PADDED frame's payload: pad length, the content, {@code pad} zero bytes. */
    private static byte[] padded(byte[] content, int pad) {
        byte[] p = new byte[1 + content.length + pad];
        p[0] = (byte) pad;
        System.arraycopy(content, 0, p, 1, content.length);
        return p;
    }

    /** A HEADERS payload with the PRIORITY fields first: exclusive dependency on stream 0, weight 16. */
    private static byte[] prioritized(byte[] block) {
        byte[] p = new byte[5 + block.length];
        p[0] = (byte) 0x80;
        p[4] = 15;
        System.arraycopy(block, 0, p, 5, block.length);
        return p;
    }

    /** The last value of setting {@code id} in a SETTINGS payload, -1 if absent. */
    private static long setting(byte[] payload, int id) {
        long value = -1;
        for (int i = 0; i + 6 <= payload.length; i += 6) {
            if ((((payload[i] & 0xff) << 8) | (payload[i + 1] & 0xff)) == id) {
                value = H2Conn.getInt(payload, i + 2) & 0xffffffffL;
            }
        }
        return value;
    }

    private static byte[] putLong(long v) {
        return java.nio.ByteBuffer.allocate(8).putLong(v).array();
    }

    private static long getLong(byte[] b) {
        return java.nio.ByteBuffer.wrap(b).getLong();
    }
}
