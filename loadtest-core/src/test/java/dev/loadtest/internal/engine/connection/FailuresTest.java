package dev.loadtest.internal.engine.connection;

import static org.assertj.core.api.Assertions.assertThat;

import dev.loadtest.ErrorCategory;
import dev.loadtest.internal.engine.HttpCoreTimes;
import dev.loadtest.internal.engine.http2.GoAwayException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http2.H2Error;
import org.apache.hc.core5.http2.H2StreamResetException;
import org.apache.hc.core5.util.Timeout;
import org.junit.jupiter.api.Test;

/** Issue 12: error samples say what happened in words; what the server did not process is told apart. */
class FailuresTest {

    @Test
    void should_say_a_timeout_in_words_not_in_httpcore_units() {
        assertThat(Failures.message(new SocketTimeoutException("2 SECONDS"))).isEqualTo("timed out after 2s");
        assertThat(Failures.message(new SocketTimeoutException("300000000 NANOSECONDS")))
                .isEqualTo("timed out after 300ms");
        assertThat(Failures.message(new SocketTimeoutException(null))).isEqualTo("timed out");
    }

    @Test
    void should_never_give_an_exception_class_alone() {
        assertThat(Failures.message(new NullPointerException())).startsWith("NullPointerException at ");
        assertThat(Failures.message(new ConnectionClosedException())).isEqualTo("Connection is closed");
        assertThat(Failures.message(new ConnectException("Connection refused"))).isEqualTo("Connection refused");
        assertThat(Failures.message(new IOException(new ConnectException()))).isEqualTo("connection refused");
    }

    @Test
    void should_give_a_wrong_setup_its_message_verbatim_and_its_category() {
        SetupException tls = new SetupException("127.0.0.1:8443 speaks TLS: use https://");
        assertThat(Failures.message(new IOException("wrapped", tls))).isEqualTo("127.0.0.1:8443 speaks TLS: use https://");
        assertThat(Failures.ofExchange(tls)).isEqualTo(ErrorCategory.TLS);
        assertThat(Failures.ofConnect(tls)).isEqualTo(ErrorCategory.TLS);
        SetupException h1 = new SetupException("127.0.0.1:8080 answered the HTTP/2 preface with HTTP/1.1: use --h1");
        assertThat(Failures.ofExchange(h1)).isEqualTo(ErrorCategory.PROTOCOL);
    }

    @Test
    void should_tell_what_the_server_did_not_process() {
        assertThat(Failures.isNotProcessed(new GoAwayException(5, 0))).isTrue();
        assertThat(Failures.isNotProcessed(new NotProcessedException("behind Connection: close"))).isTrue();
        assertThat(Failures.isNotProcessed(new H2StreamResetException(H2Error.REFUSED_STREAM, "Stream reset (7)")))
                .isTrue();
        assertThat(Failures.isNotProcessed(new H2StreamResetException(H2Error.INTERNAL_ERROR, "Stream reset (2)")))
                .isFalse();
        assertThat(Failures.isNotProcessed(new ConnectionClosedException("Connection closed by peer"))).isFalse();
        assertThat(Failures.isNotProcessed(null)).isFalse();
        assertThat(Failures.message(new H2StreamResetException(H2Error.INTERNAL_ERROR, "Stream reset (2)")))
                .isEqualTo("stream reset by the peer with RST_STREAM INTERNAL_ERROR (2)");
    }

    @Test
    void should_say_httpcores_times_as_settings_are_written() {
        assertThat(HttpCoreTimes.inWords("2 SECONDS")).isEqualTo("2s");
        assertThat(HttpCoreTimes.inWords("1500 MILLISECONDS")).isEqualTo("1500ms");
        assertThat(HttpCoreTimes.inWords("250000000 NANOSECONDS")).isEqualTo("250ms");
        assertThat(HttpCoreTimes.of(Timeout.ofSeconds(90))).isEqualTo("1m30s");
        assertThat(HttpCoreTimes.inWords("not a time")).isNull();
    }
}
