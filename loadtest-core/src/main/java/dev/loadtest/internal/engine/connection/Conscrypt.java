package dev.loadtest.internal.engine.connection;

import java.security.Provider;

/**
 * Conscrypt (Google's OpenSSL/BoringSSL-backed JSSE provider, {@code org.conscrypt:conscrypt-openjdk-uber}) when it
 * is on the class path: the command's distribution ships it ({@code lib/}, named in {@code loadtest.jar}'s
 * manifest), a library user adds it. Found by reflection, so loadtest-core neither needs nor brings it.
 *
 * <p>Why: the JDK's own TLS is Java code, which costs CPU to run and, in a short run, more to JIT-compile. A whole
 * process of 150,000 h2 requests over TLS (c100 m10) used a quarter less CPU on Conscrypt, 100,000 HTTP/1.1
 * requests (c100) 30 % less; see bench/README.md, "TLS as users run it".
 *
 * <p>{@code -Dloadtest.tls.provider=jdk} keeps the JDK's TLS although Conscrypt is present (to compare the two, or
 * if a server and Conscrypt do not get on).
 */
final class Conscrypt {

    /** The system property that chooses the TLS provider: {@code jdk}, or {@code conscrypt} (the default). */
    static final String PROVIDER_PROPERTY = "loadtest.tls.provider";

    private static volatile Provider provider;
    private static volatile boolean looked;

    private Conscrypt() {
    }

    /**
     * Conscrypt's provider when it is on the class path, its native library loads here and
     * {@value #PROVIDER_PROPERTY} does not say {@code jdk}; else null. Not registered with
     * {@link java.security.Security}: only the contexts the engine makes use it.
     */
    static Provider provider() {
        if (!looked) {
            provider = chosen(System.getProperty(PROVIDER_PROPERTY, "conscrypt")) ? find() : null;
            looked = true;
        }
        return provider;
    }

    /** Whether {@value #PROVIDER_PROPERTY}'s value asks for Conscrypt; a value that is neither fails. */
    static boolean chosen(String value) {
        String choice = value.trim();
        if (choice.equalsIgnoreCase("jdk")) {
            return false;
        }
        if (!choice.equalsIgnoreCase("conscrypt")) {
            throw new IllegalArgumentException(PROVIDER_PROPERTY + " (" + value + ") must be jdk or conscrypt");
        }
        return true;
    }

    /**
     * A provider by its name and version, as a result names its TLS: {@code SunJSSE 17}; Conscrypt's by its library
     * version, {@code Conscrypt 2.5.2}, since its provider says {@code 1.0} whatever the release.
     */
    static String describe(Provider provider) {
        String described = provider.getName() + " " + provider.getVersionStr();
        if (!provider.getClass().getName().startsWith("org.conscrypt.")) {
            return described;
        }
        try {
            Class<?> conscrypt = Class.forName("org.conscrypt.Conscrypt", false, provider.getClass().getClassLoader());
            Object version = conscrypt.getMethod("version").invoke(null);
            Class<?> type = version.getClass();
            return "Conscrypt " + type.getMethod("major").invoke(version) + "." + type.getMethod("minor").invoke(version)
                    + "." + type.getMethod("patch").invoke(version);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return described;   // a Conscrypt without version(): its provider's own words
        }
    }

    private static Provider find() {
        try {
            Class<?> conscrypt = Class.forName("org.conscrypt.Conscrypt");
            // false where its native library has no build for this platform (Linux on ARM, macOS on Apple
            // silicon for 2.5.2): the JDK's TLS then, as without it
            if (!(Boolean) conscrypt.getMethod("isAvailable").invoke(null)) {
                return null;
            }
            return (Provider) conscrypt.getMethod("newProvider").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;   // absent, or present but unusable here: the JDK's TLS
        }
    }
}
