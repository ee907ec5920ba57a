package dev.loadtest.faults;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import java.io.IOException;

/** Where a fault is met: HTTP/1.1 or HTTP/2, in clear text or over TLS. */
enum Transport {
    /** HTTP/1.1, clear text. */
    H1(Protocol.HTTP_1_1, false),
    /** HTTP/1.1 over TLS (ALPN http/1.1). */
    H1_TLS(Protocol.HTTP_1_1, true),
    /** HTTP/2 with prior knowledge, clear text (h2load's default). */
    H2C(Protocol.HTTP_2, false),
    /** HTTP/2 over TLS, chosen by ALPN. */
    H2_TLS(Protocol.NEGOTIATE, true);

    final Protocol protocol;
    final boolean tls;

    Transport(Protocol protocol, boolean tls) {
        this.protocol = protocol;
        this.tls = tls;
    }

    boolean http2() {
        return protocol != Protocol.HTTP_1_1;
    }

    FaultServer server(FaultServer.Behaviour behaviour) throws IOException {
        return tls ? FaultServer.startTls(behaviour) : FaultServer.start(behaviour);
    }

    LoadTest.Builder target(FaultServer server) {
        return FaultRuns.target(server, protocol);
    }

    /** The protocol a healthy follow-up run speaks. */
    Protocol followUpProtocol() {
        return http2() ? Protocol.HTTP_2 : Protocol.HTTP_1_1;
    }

    void assertNextRunClean() throws Exception {
        FaultRuns.assertNextRunClean(followUpProtocol(), tls);
    }
}
