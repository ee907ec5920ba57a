package dev.loadtest.internal.engine.connection;

import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;

/**
 * An SSLContext that is the user's (or the default) one, except that its engines are {@link TlsReplyCheck}s:
 * HttpCore creates the engine from the context, so this is where ours gets in.
 */
final class TlsReplyCheckContext extends SSLContext {

    TlsReplyCheckContext(SSLContext context) {
        super(new Spi(context), context.getProvider(), context.getProtocol());
    }

    private static final class Spi extends SSLContextSpi {
        private final SSLContext context;

        Spi(SSLContext context) {
            this.context = context;
        }

        @Override
        protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random) {
            throw new IllegalStateException("already initialised: init the SSLContext given to the load test instead");
        }

        @Override
        protected SSLEngine engineCreateSSLEngine() {
            return new TlsReplyCheck(context.createSSLEngine());
        }

        @Override
        protected SSLEngine engineCreateSSLEngine(String host, int port) {
            return new TlsReplyCheck(context.createSSLEngine(host, port));
        }

        @Override
        protected SSLSocketFactory engineGetSocketFactory() {
            return context.getSocketFactory();
        }

        @Override
        protected SSLServerSocketFactory engineGetServerSocketFactory() {
            return context.getServerSocketFactory();
        }

        @Override
        protected SSLSessionContext engineGetServerSessionContext() {
            return context.getServerSessionContext();
        }

        @Override
        protected SSLSessionContext engineGetClientSessionContext() {
            return context.getClientSessionContext();
        }

        @Override
        protected SSLParameters engineGetDefaultSSLParameters() {
            return context.getDefaultSSLParameters();
        }

        @Override
        protected SSLParameters engineGetSupportedSSLParameters() {
            return context.getSupportedSSLParameters();
        }
    }
}
