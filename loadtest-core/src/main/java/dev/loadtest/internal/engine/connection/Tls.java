package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Provider;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.ssl.H2ClientTlsStrategy;
import org.apache.hc.core5.ssl.SSLContexts;

/**
 * The TLS strategy: certificates and host names verified, unless the test opted out explicitly; a port that
 * answers the ClientHello in plain text fails the connection with a {@link SetupException}.
 *
 * <p>The TLS is {@link Conscrypt}'s when it is on the class path and loads here, the JDK's otherwise; a context the
 * user gave ({@code sslContext(...)}) is used as it is. A run that verifies keeps the JDK's trust: Conscrypt's
 * context is given the JDK's default trust managers (the {@code cacerts} file, or {@code javax.net.ssl.trustStore}),
 * which check the chain and, since HttpCore's strategy asks for "HTTPS" endpoint identification on every engine,
 * the host name against the engine's parameters, as they do for the JDK's own engine. A client certificate given
 * by {@code javax.net.ssl.keyStore} keeps the JDK's default context, which is where the JDK reads it.
 */
public final class Tls {

    private Tls() {
    }

    /** The run's TLS context: trust-all, the user's, or a verifying one (see the class comment). */
    public static SSLContext context(LoadTest test) {
        return test.insecureTrustAll() ? trustAllContext() : test.sslContext().orElseGet(Tls::verifyingContext);
    }

    /** The strategy with engines of {@code context}, which is {@link #context(LoadTest)}'s for this test. */
    public static TlsStrategy strategy(LoadTest test, SSLContext context) {
        boolean trustAll = test.insecureTrustAll();
        boolean http1Only = !ProtocolRules.mayUseHttp2(test.protocol());
        // engines that recognise a plain-text reply to the ClientHello (see TlsReplyCheck)
        return new H2ClientTlsStrategy(new TlsReplyCheckContext(context), (endpoint, engine) -> {
            SSLParameters parameters = engine.getSSLParameters();
            if (trustAll) {
                // "" switches the JDK's host name check off; null does not on JDK 17 (checked on loopback)
                parameters.setEndpointIdentificationAlgorithm("");
            }
            if (http1Only) {
                // HTTP/1.1 over TLS is negotiated by ALPN offering only http/1.1 (see ProtocolRules#versionPolicy)
                parameters.setApplicationProtocols(new String[] {"http/1.1"});
            }
            engine.setSSLParameters(parameters);
        }, null);
    }

    /**
     * Verifies as the JDK's default context does: Conscrypt's engines with the JDK's default trust managers, or
     * the JDK's default context itself without Conscrypt, or when {@code javax.net.ssl.keyStore} names a client
     * certificate.
     */
    static SSLContext verifyingContext() {
        Provider conscrypt = Conscrypt.provider();
        if (conscrypt == null || System.getProperty("javax.net.ssl.keyStore") != null) {
            return SSLContexts.createSystemDefault();
        }
        return context(conscrypt, () -> {
            // the JDK's factory (Conscrypt is not registered): cacerts, or javax.net.ssl.trustStore and its siblings
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init((KeyStore) null);
            return trust.getTrustManagers();
        }, "a verifying TLS context on Conscrypt");
    }

    /** Trusts every certificate; made with Conscrypt when it is on the class path. */
    static SSLContext trustAllContext() {
        return context(Conscrypt.provider(), () -> new TrustManager[] {new TrustAll()}, "a trust-all TLS context");
    }

    /** Trust managers for a context; made inside {@link #context}, whose error names the context. */
    private interface TrustManagers {
        TrustManager[] get() throws GeneralSecurityException;
    }

    /**
     * A TLS context of {@code provider} (the JDK's when null) with {@code trust}'s managers; {@code what} names it
     * in the error.
     */
    private static SSLContext context(Provider provider, TrustManagers trust, String what) {
        try {
            TrustManager[] managers = trust.get();
            SSLContext context = provider != null ? SSLContext.getInstance("TLS", provider) : SSLContext.getInstance("TLS");
            context.init(null, managers, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot create " + what + ": " + e, e);
        }
    }

    /** Trusts every certificate: only for {@code insecureTrustAll()}. */
    private static final class TrustAll extends X509ExtendedTrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
