package dev.loadtest.internal.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.apache.hc.core5.function.Callback;
import org.apache.hc.core5.function.Decorator;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.http2.impl.nio.bootstrap.H2AsyncRequester;
import org.apache.hc.core5.pool.ManagedConnPool;
import org.apache.hc.core5.reactor.IOEventHandlerFactory;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.reactor.IOSession;
import org.apache.hc.core5.reactor.IOSessionListener;
import org.apache.hc.core5.util.Timeout;

/**
 * Builds the {@link H2AsyncRequester} on every HttpCore line we support. HttpCore 5.3 and 5.4 share no public
 * constructor of it: 5.3 has {@code (..., TlsStrategy, Timeout)}, 5.4 replaced it by one with two more
 * parameters ({@code IOReactorMetricsListener, IOWorkerSelector}), both optional. Calling either directly
 * binds the engine to one line (Spring Boot 3.5 and 4.0 manage 5.3.x), so the constructor is looked up once.
 * {@link HttpCoreSupport#check()} has made sure one of them exists before this class is used.
 */
final class Requesters {

    private static final Class<?>[] COMMON = {HttpVersionPolicy.class, IOReactorConfig.class,
            IOEventHandlerFactory.class, Decorator.class, Callback.class, IOSessionListener.class,
            ManagedConnPool.class, TlsStrategy.class, Timeout.class};

    /** Takes the nine common arguments, whichever constructor is behind it. */
    private static final MethodHandle CONSTRUCTOR = constructor();

    private Requesters() {
    }

    static H2AsyncRequester create(HttpVersionPolicy policy, IOReactorConfig reactor, IOEventHandlerFactory handlers,
                                   Callback<Exception> exceptions, IOSessionListener sessions,
                                   ManagedConnPool<HttpHost, IOSession> pool, TlsStrategy tls, Timeout handshake) {
        if (CONSTRUCTOR == null) {
            throw new IllegalStateException(HttpCoreSupport.problem());
        }
        try {
            return (H2AsyncRequester) CONSTRUCTOR.invoke(policy, reactor, handlers, null, exceptions, sessions, pool,
                    tls, handshake);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot create HttpCore's H2AsyncRequester", e);
        }
    }

    /** Whether this HttpCore has a requester constructor we know. */
    static boolean available() {
        return CONSTRUCTOR != null;
    }

    private static MethodHandle constructor() {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        try {
            // HttpCore 5.3.x
            return lookup.findConstructor(H2AsyncRequester.class, MethodType.methodType(void.class, COMMON));
        } catch (NoSuchMethodException | IllegalAccessException notOn53) {
            try {
                // HttpCore 5.4.x: no metrics listener, the default worker selection (what null means there)
                Class<?> metrics = Class.forName("org.apache.hc.core5.reactor.IOReactorMetricsListener");
                Class<?> selector = Class.forName("org.apache.hc.core5.reactor.IOWorkerSelector");
                Class<?>[] with54 = java.util.Arrays.copyOf(COMMON, COMMON.length + 2);
                with54[COMMON.length] = metrics;
                with54[COMMON.length + 1] = selector;
                MethodHandle full = lookup.findConstructor(H2AsyncRequester.class,
                        MethodType.methodType(void.class, with54));
                return MethodHandles.insertArguments(full, COMMON.length, null, null);
            } catch (ReflectiveOperationException | LinkageError none) {
                return null;
            }
        }
    }
}
