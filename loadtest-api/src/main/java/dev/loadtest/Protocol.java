package dev.loadtest;

/**
 * The HTTP protocol a load test speaks.
 *
 * <pre>{@code
 * LoadTest.target(URI.create("http://127.0.0.1:8080/")).protocol(Protocol.HTTP_2)  // h2c, prior knowledge
 * }</pre>
 *
 * <p>The default depends on the scheme, as with h2load: {@link #NEGOTIATE} for {@code https}
 * (ALPN, h2 preferred) and {@link #HTTP_1_1} for {@code http}.
 */
public enum Protocol {
    /** HTTP/1.1: keep-alive, or pipelining when {@code streams > 1}. */
    HTTP_1_1("http/1.1"),
    /** HTTP/2 only: h2c with prior knowledge over {@code http}, h2 by ALPN over {@code https}. */
    HTTP_2("h2"),
    /** {@code https} only: the protocol is chosen by ALPN, h2 preferred, HTTP/1.1 accepted. */
    NEGOTIATE("h2, http/1.1");

    private final String alpn;

    Protocol(String alpn) {
        this.alpn = alpn;
    }

    /** The ALPN identifiers this choice offers, as h2load prints them. */
    public String alpn() {
        return alpn;
    }
}
