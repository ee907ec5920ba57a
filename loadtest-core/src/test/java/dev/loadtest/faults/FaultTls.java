package dev.loadtest.faults;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Key material for {@link FaultServer#startTls}: a self-signed EC certificate for 127.0.0.1 and
 * localhost, made once per JVM with BouncyCastle (JDK providers only, nothing registered globally).
 */
public final class FaultTls {

    private static final char[] PASSWORD = "faults".toCharArray();
    private static volatile FaultTls instance;

    private final KeyStore keyStore;
    private final KeyStore trustStore;

    private FaultTls() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
        KeyPair keys = generator.generateKeyPair();
        X500Name name = new X500Name("CN=localhost, O=loadtest fault server");
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name,
                BigInteger.valueOf(now.toEpochMilli()), Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(7))), name, keys.getPublic());
        builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
        X509Certificate certificate = new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate())));
        keyStore = KeyStore.getInstance("PKCS12");
        keyStore.load(null, null);
        keyStore.setKeyEntry("server", keys.getPrivate(), PASSWORD, new Certificate[] {certificate});
        trustStore = KeyStore.getInstance("PKCS12");
        trustStore.load(null, null);
        trustStore.setCertificateEntry("server", certificate);
    }

    private static FaultTls get() {
        FaultTls t = instance;
        if (t == null) {
            synchronized (FaultTls.class) {
                t = instance;
                if (t == null) {
                    try {
                        t = new FaultTls();
                    } catch (Exception e) {
                        throw new IllegalStateException("cannot make the fault server's certificate", e);
                    }
                    instance = t;
                }
            }
        }
        return t;
    }

    /** The server's context: the key and its certificate (also a server engine's for the TLS engine tests). */
    public static SSLContext serverContext() {
        try {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(get().keyStore, PASSWORD);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(kmf.getKeyManagers(), null, null);
            return context;
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the fault server's SSLContext", e);
        }
    }

    /** A fresh client context trusting the fault server's certificate only. */
    public static SSLContext clientContext() {
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(get().trustStore);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (Exception e) {
            throw new IllegalStateException("cannot build the client SSLContext", e);
        }
    }
}
