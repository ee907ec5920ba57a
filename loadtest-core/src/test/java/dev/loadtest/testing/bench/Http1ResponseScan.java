package dev.loadtest.testing.bench;

import dev.loadtest.internal.engine.http1.Http1ResponseParser;
import java.io.IOException;
import org.apache.hc.core5.http.HttpException;

/**
 * The engine's HTTP/1.1 read path for the JMH benchmarks in bench/: its own response parser, as an HTTP/1.1
 * connection runs it on the bytes it reads, with the listener that keeps nothing (the one the start-up's
 * warming uses; a connection's records each response).
 *
 * <p>This class and the others of this package are the benchmarks' seams into the engine. They live in
 * loadtest-core's test jar, in a package no other jar has, so the benchmarks name no internal package of the
 * engine and no module descriptor has to export one to them; and they compile with the engine's tests, so an
 * engine change that breaks them fails the engine's own build.
 */
public final class Http1ResponseScan {

    private final Http1ResponseParser parser = new Http1ResponseParser(Http1ResponseParser.Listener.IGNORE);

    /**
     * Parses {@code bytes[from, to)} as the next bytes read from the connection. Returns where it stopped:
     * {@code to}, or the start of a line not yet whole, which the caller must give again with more after it.
     */
    public int scan(byte[] bytes, int from, int to) throws HttpException, IOException {
        return parser.parse(bytes, from, to);
    }
}
