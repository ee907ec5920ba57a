package dev.loadtest;

import java.util.Objects;

/**
 * The TLS a run spoke over {@code https://}: who implemented it and what the client and the server agreed on, as
 * h2load prints it ({@code TLS Protocol: TLSv1.3}, {@code Cipher: TLS_AES_128_GCM_SHA256}), so that two runs are
 * compared with the same TLS, and a slow run can be told apart from a slow provider.
 *
 * <pre>{@code
 * result.tls().ifPresent(t -> System.out.println(t.provider() + ", " + t.protocol() + ", " + t.cipherSuite()));
 * // Conscrypt 2.5.2, TLSv1.3, TLS_AES_128_GCM_SHA256
 * }</pre>
 *
 * @param provider the JSSE provider whose engines did the TLS, by its name and version: {@code Conscrypt 2.5.2}
 *     (OpenSSL/BoringSSL behind the Java API), {@code SunJSSE 17} (the JDK's own)
 * @param protocol the TLS version agreed, as {@link javax.net.ssl.SSLSession#getProtocol()} names it:
 *     {@code TLSv1.3}
 * @param cipherSuite the cipher suite agreed, by its standard name: {@code TLS_AES_128_GCM_SHA256}
 */
public record TlsUsed(String provider, String protocol, String cipherSuite) {

    /**
     * Checks that each part is given.
     *
     * @throws NullPointerException naming the part that is null
     */
    public TlsUsed {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(cipherSuite, "cipherSuite");
    }

    /** One line, as the text report prints it: {@code TLSv1.3, TLS_AES_128_GCM_SHA256, Conscrypt 2.5.2}. */
    @Override
    public String toString() {
        return protocol + ", " + cipherSuite + ", " + provider;
    }
}
