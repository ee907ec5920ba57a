package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import dev.loadtest.internal.engine.record.Recorders;
import dev.loadtest.internal.engine.schedule.Phase;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.Message;
import org.apache.hc.core5.http.config.CharCodingConfig;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.command.RequestExecutionCommand;
import org.apache.hc.core5.http.nio.entity.StringAsyncEntityConsumer;
import org.apache.hc.core5.http.nio.support.BasicClientExchangeHandler;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.http.nio.support.BasicResponseConsumer;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.config.H2Config;
import org.apache.hc.core5.http2.impl.H2Processors;
import org.apache.hc.core5.http2.impl.nio.ClientH2StreamMultiplexerFactory;
import org.apache.hc.core5.http2.impl.nio.bootstrap.H2AsyncRequester;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.pool.StrictConnPool;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.EndpointParameters;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * One connection opened as a run opens it (our {@link ProtocolStarter} and {@link Tls}, the run's timeouts),
 * one GET sent on it: what the connection itself failed with, seen without the run's accounting on top.
 */
public final class ConnectionProbe {

    /** How one probe ended: the response status, or the exception the connection (or request) failed with. */
    public record Outcome(int status, Exception failure) {
    }

    private ConnectionProbe() {
    }

    public static Outcome probe(LoadTest test, Duration within) throws Exception {
        URI uri = test.targets().get(0);
        boolean tls = test.isHttps();
        HttpVersionPolicy policy = switch (test.protocol()) {
            case HTTP_1_1 -> tls ? HttpVersionPolicy.NEGOTIATE : HttpVersionPolicy.FORCE_HTTP_1;
            case HTTP_2 -> HttpVersionPolicy.FORCE_HTTP_2;
            case NEGOTIATE -> HttpVersionPolicy.NEGOTIATE;
        };
        Map<String, Exception> errors = new ConcurrentHashMap<>();
        Phase phase = new Phase(test, System.nanoTime());
        Recorders recorders = new Recorders((t, e) -> { });
        ClientH2StreamMultiplexerFactory http2 = new ClientH2StreamMultiplexerFactory(H2Processors.client(), null,
                H2Config.custom().setPushEnabled(false).build(), CharCodingConfig.DEFAULT, null);
        Timeout connect = Timeout.of(test.connectTimeout());
        IOReactorConfig reactor = IOReactorConfig.custom().setIoThreadCount(1)
                .setSelectInterval(TimeValue.ofMilliseconds(20)).setSoTimeout(Timeout.of(test.requestTimeout())).build();
        // the run's TLS strategy and context (RunRequester's), bodies read (checks may need them)
        org.apache.hc.core5.http.nio.ssl.TlsStrategy strategy = tls ? Tls.strategy(test, Tls.context(test)) : null;
        H2AsyncRequester requester = requester(policy, reactor,
                new ProtocolStarter(http2, policy, strategy, connect, e -> { }, recorders, phase, new Connections(), false, false),
                new SessionErrors(errors, local -> true), strategy, connect);
        requester.start();
        try {
            HttpHost host = new HttpHost(uri.getScheme(), uri.getHost(), uri.getPort());
            CompletableFuture<IOSession> session = new CompletableFuture<>();
            requester.requestSession(host, connect, new EndpointParameters(host, policy), callback(session));
            IOSession s = session.get(within.toMillis(), TimeUnit.MILLISECONDS);
            CompletableFuture<Message<org.apache.hc.core5.http.HttpResponse, String>> response = new CompletableFuture<>();
            s.enqueue(new RequestExecutionCommand(new BasicClientExchangeHandler<>(
                    new BasicRequestProducer(new BasicHttpRequest("GET", host, uri.getRawPath()), null),
                    new BasicResponseConsumer<>(new StringAsyncEntityConsumer()), callback(response)),
                    HttpCoreContext.create()), Command.Priority.NORMAL);
            long deadline = System.nanoTime() + within.toNanos();
            while (System.nanoTime() < deadline) {
                if (!errors.isEmpty()) {
                    return new Outcome(0, errors.values().iterator().next());
                }
                if (response.isDone()) {
                    try {
                        return new Outcome(response.get().getHead().getCode(), null);
                    } catch (java.util.concurrent.ExecutionException e) {
                        Thread.sleep(50);   // the connection's own exception comes on the same thread, soon after
                        return new Outcome(0, errors.isEmpty() ? (Exception) e.getCause() : errors.values().iterator().next());
                    }
                }
                Thread.sleep(5);
            }
            return new Outcome(0, new java.util.concurrent.TimeoutException("nothing within " + within));
        } catch (java.util.concurrent.ExecutionException e) {
            return new Outcome(0, (Exception) e.getCause());
        } finally {
            requester.close(CloseMode.IMMEDIATE);
        }
    }

    /**
     * HttpCore 5.4's constructor, or 5.3's (one without the metrics listener and worker selector): so these
     * probes also run with {@code -Dhttpcore5.version=5.3.6}.
     */
    private static H2AsyncRequester requester(HttpVersionPolicy policy, IOReactorConfig reactor,
                                              ProtocolStarter starter, SessionErrors listener,
                                              org.apache.hc.core5.http.nio.ssl.TlsStrategy tls, Timeout handshake)
            throws ReflectiveOperationException {
        StrictConnPool<HttpHost, IOSession> pool =
                new StrictConnPool<>(1, 1, TimeValue.NEG_ONE_MILLISECOND, PoolReusePolicy.LIFO, null);
        org.apache.hc.core5.function.Callback<Exception> ignore = e -> { };
        for (java.lang.reflect.Constructor<?> c : H2AsyncRequester.class.getConstructors()) {
            if (c.getParameterCount() == 11) {
                return (H2AsyncRequester) c.newInstance(policy, reactor, starter, null, ignore, listener, pool, tls,
                        handshake, null, null);
            }
        }
        for (java.lang.reflect.Constructor<?> c : H2AsyncRequester.class.getConstructors()) {
            if (c.getParameterCount() == 9) {
                return (H2AsyncRequester) c.newInstance(policy, reactor, starter, null, ignore, listener, pool, tls,
                        handshake);
            }
        }
        throw new IllegalStateException("no H2AsyncRequester constructor known here");
    }

    public static Outcome probe(URI uri, Protocol protocol, Duration within) throws Exception {
        return probe(LoadTest.target(uri).protocol(protocol).requests(1).connectTimeout(Duration.ofSeconds(3)).build(), within);
    }

    private static <T> FutureCallback<T> callback(CompletableFuture<T> future) {
        return new FutureCallback<>() {
            @Override
            public void completed(T result) {
                future.complete(result);
            }

            @Override
            public void failed(Exception ex) {
                future.completeExceptionally(ex);
            }

            @Override
            public void cancelled() {
                future.completeExceptionally(new java.util.concurrent.CancellationException("cancelled"));
            }
        };
    }
}
