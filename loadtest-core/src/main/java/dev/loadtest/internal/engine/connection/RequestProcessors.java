package dev.loadtest.internal.engine.connection;

import java.io.IOException;
import org.apache.hc.core5.http.EntityDetails;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.http.protocol.HttpProcessor;
import org.apache.hc.core5.http.protocol.HttpProcessorBuilder;
import org.apache.hc.core5.http.protocol.RequestConnControl;
import org.apache.hc.core5.http.protocol.RequestContent;
import org.apache.hc.core5.http.protocol.RequestTargetHost;
import org.apache.hc.core5.http2.protocol.H2RequestConnControl;
import org.apache.hc.core5.http2.protocol.H2RequestContent;
import org.apache.hc.core5.http2.protocol.H2RequestTargetHost;

/**
 * HttpCore's client protocol processors without {@code RequestExpectContinue} (and without its
 * {@code RequestUserAgent}: every template names its User-Agent). HttpCore's defaults add
 * {@code Expect: 100-continue} to every request with a body: over HTTP/1.1 the server then answers each
 * with a {@code 100 Continue} first (work h2load does not ask of it), and over HTTP/2 HttpCore holds the
 * body until a {@code 100} arrives, which nginx in front of an application never sends, so every POST
 * timed out. The header goes out only when the user sets it.
 */
public final class RequestProcessors {

    /** For the HTTP/1.1 head each template encodes once. */
    static final HttpProcessor HTTP_1 = HttpProcessorBuilder.create()
            .addAll(new RequestContent(), new RequestTargetHost(), new RequestConnControl())
            .build();

    /**
     * For HttpCore's HTTP/2 stream handler. It passes over a {@link PreparedH2Request}, which it processed once when
     * that was made.
     */
    public static final HttpProcessor HTTP_2 = new PassingOverPrepared(HttpProcessorBuilder.create()
            .addAll(new H2RequestContent(), new H2RequestTargetHost(), new H2RequestConnControl())
            .build());

    private RequestProcessors() {
    }

    /** {@code processor}, except for a request already processed. */
    private record PassingOverPrepared(HttpProcessor processor) implements HttpProcessor {

        @Override
        public void process(HttpRequest request, EntityDetails entity, HttpContext context)
                throws HttpException, IOException {
            if (!(request instanceof PreparedH2Request)) {
                processor.process(request, entity, context);
            }
        }

        @Override
        public void process(HttpResponse response, EntityDetails entity, HttpContext context)
                throws HttpException, IOException {
            processor.process(response, entity, context);
        }
    }
}
