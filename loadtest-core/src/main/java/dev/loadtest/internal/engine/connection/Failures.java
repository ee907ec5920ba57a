package dev.loadtest.internal.engine.connection;

import dev.loadtest.ErrorCategory;
import dev.loadtest.internal.engine.HttpCoreTimes;
import dev.loadtest.internal.engine.http2.GoAwayException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import javax.net.ssl.SSLException;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.MalformedChunkCodingException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.TruncatedChunkException;
import org.apache.hc.core5.http2.H2ConnectionException;
import org.apache.hc.core5.http2.H2Error;
import org.apache.hc.core5.http2.H2StreamResetException;

/** Sorts the exceptions HttpCore reports into the categories of {@link ErrorCategory}. */
public final class Failures {

    private Failures() {
    }

    /**
     * Whether the server said it did not process the request, so that it can be sent again: a
     * {@link NotProcessedException}, or a stream the server reset with REFUSED_STREAM (RFC 9113 §8.7).
     */
    static boolean isNotProcessed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof NotProcessedException) {
                return true;
            }
            if (t instanceof H2StreamResetException reset && reset.getCode() == H2Error.REFUSED_STREAM.getCode()
                    && !String.valueOf(reset.getMessage()).contains("terminated by the peer")) {
                return true;
            }
        }
        return false;
    }

    /** The category of a failure of a connection attempt. */
    static ErrorCategory ofConnect(Throwable e) {
        Throwable t = root(e);
        if (t instanceof SetupException setup) {
            return ofSetup(setup);
        }
        if (t instanceof ConnectException) {
            return ErrorCategory.REFUSED;
        }
        if (t instanceof SocketTimeoutException || t instanceof java.util.concurrent.TimeoutException) {
            return ErrorCategory.CONNECT_TIMEOUT;
        }
        if (t instanceof SSLException) {
            return ErrorCategory.TLS;
        }
        if (t instanceof UnknownHostException) {
            return ErrorCategory.OTHER;
        }
        return ofExchange(e);
    }

    /** The category of a failure of a request on an open (or opening) connection. */
    public static ErrorCategory ofExchange(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SetupException setup) {
                return ofSetup(setup);
            }
            if (t instanceof GoAwayException) {
                return ErrorCategory.GOAWAY;
            }
            if (t instanceof H2StreamResetException) {
                // HttpCore reports a GOAWAY with an error code as "Connection terminated by the peer (code)"
                String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
                return message.contains("goaway") || message.contains("terminated by the peer")
                        ? ErrorCategory.GOAWAY : ErrorCategory.STREAM_RESET;
            }
            if (t instanceof NotProcessedException) {
                return ErrorCategory.RESET;     // HTTP/1.1: the server closed the connection before it
            }
            if (t instanceof TruncatedChunkException) {
                return ErrorCategory.RESET;     // the body ended early: the connection went away
            }
            if (t instanceof MalformedChunkCodingException || t instanceof MessageConstraintException) {
                return ErrorCategory.PROTOCOL;
            }
            if (t instanceof H2ConnectionException) {
                return ErrorCategory.PROTOCOL;
            }
            if (t instanceof SSLException) {
                return ErrorCategory.TLS;
            }
            if (t instanceof SocketTimeoutException) {
                return ErrorCategory.REQUEST_TIMEOUT;
            }
            if (t instanceof ConnectionClosedException || t instanceof SocketException
                    || t instanceof RequestNotExecutedException) {
                return ErrorCategory.RESET;
            }
            if (t instanceof ProtocolException || t instanceof HttpException) {
                return ErrorCategory.PROTOCOL;
            }
            if (t instanceof java.io.IOException) {
                String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
                if (message.contains("reset") || message.contains("broken pipe") || message.contains("aborted")) {
                    return ErrorCategory.RESET;
                }
            }
            if (t instanceof RuntimeException && fromCodec(t)) {
                return ErrorCategory.PROTOCOL;    // e.g. HttpCore's HPACK decoder on a bad index
            }
        }
        return ErrorCategory.OTHER;
    }

    /** A wrong setup is a protocol error, or a TLS one when what is wrong is about TLS. */
    private static ErrorCategory ofSetup(SetupException e) {
        String text = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return text.contains("tls") || text.contains("https") ? ErrorCategory.TLS : ErrorCategory.PROTOCOL;
    }

    /** Whether an unchecked exception came out of HttpCore's HTTP/2 codec (its top frames, not ours). */
    private static boolean fromCodec(Throwable t) {
        StackTraceElement[] stack = t.getStackTrace();
        for (int i = 0; i < Math.min(8, stack.length); i++) {
            String where = stack[i].getClassName();
            if (where.startsWith("org.apache.hc.core5.http2.hpack.") || where.startsWith("org.apache.hc.core5.http2.frame.")
                    || where.startsWith("org.apache.hc.core5.http2.impl.nio.")) {
                return true;
            }
            if (where.startsWith("dev.loadtest.")) {
                return false;
            }
        }
        return false;
    }

    /**
     * A one-line message that says what happened in words: HttpCore's and the JDK's messages where they
     * say it ("Connection refused"), ours where they do not ({@code SocketTimeoutException: 2 SECONDS},
     * or an exception without a message). A {@link SetupException}'s message is the whole line.
     */
    static String message(Throwable e) {
        Throwable t = root(e);
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof SetupException || c instanceof NotProcessedException) {
                return c.getMessage();
            }
            if (c.getCause() == c) {
                break;
            }
        }
        String text = t.getMessage() == null ? "" : t.getMessage().strip();
        if (t instanceof H2StreamResetException reset && text.contains("terminated by the peer")) {
            return "connection terminated by the peer with GOAWAY " + GoAwayException.codeName(reset.getCode());
        }
        if (t instanceof H2StreamResetException reset && text.startsWith("Stream reset")) {
            return "stream reset by the peer with RST_STREAM " + GoAwayException.codeName(reset.getCode());
        }
        if (t instanceof SocketTimeoutException || t instanceof java.util.concurrent.TimeoutException) {
            String after = HttpCoreTimes.inWords(text);
            return after == null ? (text.isEmpty() ? "timed out" : "timed out: " + text) : "timed out after " + after;
        }
        if (t instanceof ConnectException) {
            return text.isEmpty() ? "connection refused" : text;
        }
        if (t instanceof UnknownHostException) {
            return "unknown host" + (text.isEmpty() ? "" : ": " + text);
        }
        if (t instanceof ConnectionClosedException && text.isEmpty()) {
            return "connection closed by the server";
        }
        if (!text.isEmpty() && (t instanceof java.io.IOException || t instanceof HttpException)) {
            return text;
        }
        // an unchecked exception (a bug, ours or a library's): its class says most, its message the rest
        String where = t.getStackTrace().length > 0 ? " at " + t.getStackTrace()[0] : "";
        return t.getClass().getSimpleName() + (text.isEmpty() ? where : ": " + text);
    }

    private static Throwable root(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
