package dev.loadtest.internal.engine;

import dev.loadtest.ErrorCategory;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import javax.net.ssl.SSLException;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http2.H2ConnectionException;
import org.apache.hc.core5.http2.H2StreamResetException;

/** Sorts the exceptions HttpCore reports into the categories of {@link ErrorCategory}. */
final class Failures {

    private Failures() {
    }

    /** The category of a failure of a connection attempt. */
    static ErrorCategory ofConnect(Throwable e) {
        Throwable t = root(e);
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
    static ErrorCategory ofExchange(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof H2StreamResetException) {
                String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
                return message.contains("goaway") ? ErrorCategory.GOAWAY : ErrorCategory.STREAM_RESET;
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
            if (t instanceof java.io.IOException && String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT)
                    .contains("reset")) {
                return ErrorCategory.RESET;
            }
        }
        return ErrorCategory.OTHER;
    }

    /** A one-line message: the exception's simple class name and message. */
    static String message(Throwable e) {
        Throwable t = root(e);
        String text = t.getMessage();
        return t.getClass().getSimpleName() + (text == null || text.isBlank() ? "" : ": " + text.strip());
    }

    private static Throwable root(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }
}
