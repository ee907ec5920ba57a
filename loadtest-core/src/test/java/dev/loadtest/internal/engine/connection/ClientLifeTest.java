package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.http1.Http1Connection;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.reactor.IOSession;
import org.junit.jupiter.api.Test;

/**
 * A client's life, which its per-client req/s divides by, begins when its first connect goes out, not while it waits
 * for a place in the window; a client that never connected has no req/s. "HttpCore" answers each connect when the
 * test says, from the test's thread, as HttpCore answers from an I/O thread.
 */
class ClientLifeTest {

    private static final byte[] RESPONSE = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII);

    private record Connect(ReadyToSend ready, FutureCallback<IOSession> callback) { }

    private final Recorders recorders = new Recorders((thread, error) -> { });
    private final List<Connect> handedOver = new ArrayList<>();
    private final SlotContext context = new FakeRun(new ConnectWindow(1),
            (ready, callback) -> handedOver.add(new Connect(ready, callback)));
    private Phase phase;

    /** "HttpCore" connects the {@code n}th connect handed over to a new fake connection, which takes requests. */
    private FakeSession connect(int n) throws IOException {
        FakeSession fake = new FakeSession();
        fake.handler = new Http1Connection(recorders, phase, ReadyToSend.NONE);
        fake.handler.connected(fake.session);
        handedOver.get(n).callback().completed(fake.session);
        handedOver.get(n).ready().ready();
        return fake;
    }

    @Test
    void should_count_a_clients_life_from_its_first_connect_out_and_rate_only_clients_that_connected()
            throws Exception {
        LoadTest test = LoadTest.target(URI.create("http://127.0.0.1:8080/hello")).protocol(Protocol.HTTP_1_1)
                .clients(3).streams(1).requests(30).build();
        phase = new Phase(test, System.nanoTime());
        RequestTemplate template = new RequestTemplate(test, test.targets().get(0), null);
        List<ConnectionSlot> slots = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            slots.add(new ConnectionSlot(i, context, SlotSettings.of(test), phase, recorders, new Connections(),
                    RequestSource.rotating(List.of(template)), null));
        }
        slots.forEach(ConnectionSlot::start);
        assertThat(handedOver).hasSize(1);   // clients 1 and 2 wait for the window's one place
        Thread.sleep(10);   // their wait

        long beforeOut = System.nanoTime();
        connect(0);   // answered: client 1's connect goes out in its place
        assertThat(handedOver).hasSize(2);
        FakeSession second = connect(1);
        second.arriving.add(room -> RESPONSE);
        second.handler.inputReady(second.session, null);

        // one response over at most a second of life: its wait before beforeOut would make it more than a second
        assertThat(slots.get(1).requestRate(beforeOut + TimeUnit.SECONDS.toNanos(1))).isGreaterThanOrEqualTo(1.0);
        assertThat(slots.get(1).everConnected()).isTrue();
        assertThat(slots.get(2).everConnected()).isFalse();   // its connect is out, unanswered: no req/s
    }
}
