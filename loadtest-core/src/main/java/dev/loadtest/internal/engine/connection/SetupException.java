package dev.loadtest.internal.engine.connection;

import java.io.IOException;

/**
 * A connection showed that the run's setup is wrong, not that the server is failing: it answered in
 * another protocol or scheme than the run speaks (an HTTP/1.1 status line in reply to the HTTP/2 preface,
 * plain bytes in reply to a TLS ClientHello, a TLS alert in reply to plain HTTP). Every further request would
 * fail the same way, so the run ends at once; the message is one line that says what to change
 * ({@code --h1} / {@code protocol(HTTP_1_1)}, {@code http://}, {@code https://}).
 */
public final class SetupException extends IOException {

    private static final long serialVersionUID = 1L;

    public SetupException(String whatToChange) {
        super(whatToChange);
    }
}
