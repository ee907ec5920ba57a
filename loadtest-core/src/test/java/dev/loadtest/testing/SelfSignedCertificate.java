package dev.loadtest.testing;

import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
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

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A self-signed server certificate for {@code localhost}, {@code 127.0.0.1} and {@code ::1}, made at run time
 * with BouncyCastle, so that no key material is checked into the repository and nothing expires in CI.
 *
 * <p>Why EC P-256 and not RSA: generating a P-256 key takes microseconds, an RSA-2048 key up to a second
 * on a slow CI machine; every TLS client we test with (JSSE, HttpCore, h2load/OpenSSL) accepts ECDSA.
 *
 * <p>Why one per JVM ({@link #get()}): the certificate is only a test fixture; generating it once keeps
 * test start-up fast and lets a client built for one {@link TestServer#tls()} trust every other one.
 *
 * <p>Only the JDK's own JCA providers are used (SunEC signs); BouncyCastle's provider is never registered,
 * so the fixture has no global side effect on the JVM under test.
 */
public final class SelfSignedCertificate {

    /** Password of the in-memory key store; it protects nothing, Jetty's API just wants one. */
    static final String PASSWORD = "loadtest";
    static final String ALIAS = "localhost";

    private static volatile SelfSignedCertificate instance;

    private final X509Certificate certificate;
    private final KeyStore keyStore;
    private final KeyStore trustStore;

    private SelfSignedCertificate() throws GeneralSecurityException, OperatorCreationException, IOException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), new SecureRandom());
        KeyPair keyPair = generator.generateKeyPair();

        X500Name name = new X500Name("CN=localhost, O=loadtest tests");
        Instant now = Instant.now();
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(
                name,
                new BigInteger(64, new SecureRandom()).abs().add(BigInteger.ONE),
                // Back-dated a day so that a clock a little behind on another machine (or in a container)
                // still accepts it.
                Date.from(now.minus(Duration.ofDays(1))),
                Date.from(now.plus(Duration.ofDays(30))),
                name,
                keyPair.getPublic());
        // Host name verification (JSSE's HTTPS endpoint identification, HttpCore's DefaultHostnameVerifier)
        // looks at the subjectAltName only, never at the CN, and needs an iPAddress entry for https://127.0.0.1.
        builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "localhost"),
                new GeneralName(GeneralName.iPAddress, "127.0.0.1"),
                new GeneralName(GeneralName.iPAddress, "::1"),
        }));
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));

        this.certificate = new JcaX509CertificateConverter()
                .getCertificate(builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(keyPair.getPrivate())));
        this.certificate.verify(keyPair.getPublic());

        // In-memory stores: load(null, null) just initialises them, nothing touches the disk.
        this.keyStore = KeyStore.getInstance("PKCS12");
        this.keyStore.load(null, null);
        this.keyStore.setKeyEntry(ALIAS, keyPair.getPrivate(), PASSWORD.toCharArray(), new Certificate[] {certificate});

        this.trustStore = KeyStore.getInstance("PKCS12");
        this.trustStore.load(null, null);
        this.trustStore.setCertificateEntry(ALIAS, certificate);
    }

    /** The certificate of this JVM, generated on first use. */
    public static SelfSignedCertificate get() {
        SelfSignedCertificate result = instance;
        if (result == null) {
            synchronized (SelfSignedCertificate.class) {
                result = instance;
                if (result == null) {
                    try {
                        result = new SelfSignedCertificate();
                    } catch (GeneralSecurityException | OperatorCreationException | IOException e) {
                        throw new IllegalStateException("cannot generate the test certificate", e);
                    }
                    instance = result;
                }
            }
        }
        return result;
    }

    public X509Certificate certificate() {
        return certificate;
    }

    /** Private key and certificate, for the server; protected by {@link #PASSWORD}. */
    KeyStore keyStore() {
        return keyStore;
    }

    /** A key store holding only the certificate as a trusted entry, for clients. */
    public KeyStore trustStore() {
        return trustStore;
    }

    /**
     * A fresh client {@link SSLContext} that trusts this certificate (and nothing else). Fresh on each call
     * because an SSLContext carries a session cache: tests measuring TLS handshakes must not share one by
     * accident.
     */
    public SSLContext sslContext() {
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trustStore);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot build the client SSLContext", e);
        }
    }
}
