package dev.loadtest.internal.engine.connection;

import dev.loadtest.LoadTest;
import dev.loadtest.Protocol;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.apache.hc.core5.http.nio.ssl.TlsStrategy;
import org.apache.hc.core5.http2.ssl.H2ClientTlsStrategy;
import org.apache.hc.core5.ssl.SSLContexts;

/**
 * The TLS strategy: certificates and host names verified, unless the test opted out explicitly; a port that
 * answers the ClientHello in plain text fails the connection with a {@link SetupException}.
 *
 * <p>A run that verifies nothing ({@code insecureTrustAll()}) uses {@link Conscrypt} when it is on the class
 * path, the JDK's TLS otherwise. Runs that verify keep the JDK's provider (or the user's context): host name
 * verification is the JSSE provider's ("HTTPS" endpoint identification), and only the JDK's is relied on here;
 * a user who wants Conscrypt there passes a context made with its provider.
 */
public final class Tls {

    private Tls() {
    }

    public static TlsStrategy strategy(LoadTest test) {
        boolean trustAll = test.insecureTrustAll();
        boolean http1Only = test.protocol() == Protocol.HTTP_1_1;
        SSLContext context = trustAll ? trustAllContext()
                : test.sslContext().orElseGet(SSLContexts::createSystemDefault);
        // engines that recognise a plain-text reply to the ClientHello (see TlsReplyCheck)
        return new H2ClientTlsStrategy(new TlsReplyCheckContext(context), (endpoint, engine) -> {
            SSLParameters parameters = engine.getSSLParameters();
            if (trustAll) {
                // "" switches the JDK's host name check off; null does not on JDK 17 (checked on loopback)
                parameters.setEndpointIdentificationAlgorithm("");
            }
            if (http1Only) {
                // HTTP/1.1 over TLS is negotiated by ALPN offering only http/1.1 (see EngineRun#versionPolicy)
                parameters.setApplicationProtocols(new String[] {"http/1.1"});
            }
            engine.setSSLParameters(parameters);
        }, null);
    }

    /** Trusts every certificate; made with Conscrypt when it is on the class path. */
    static SSLContext trustAllContext() {
        try {
            Provider conscrypt = Conscrypt.provider();
            SSLContext context = conscrypt != null ? SSLContext.getInstance("TLS", conscrypt) : SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {new TrustAll()}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot create a trust-all TLS context: " + e, e);
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
