package dev.loadtest.internal.engine.connection;

import java.security.Provider;
import java.util.Locale;

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
     * {@value #PROVIDER_PROPERTY} does not say {@code jdk}; else null. Without the property, only on a processor
     * its published jar has libraries for ({@link #publishedFor}); {@code -Dloadtest.tls.provider=conscrypt}
     * tries it on any (a Conscrypt built for this processor). Not registered with {@link java.security.Security}:
     * only the contexts the engine makes use it.
     */
    static Provider provider() {
        if (!looked) {
            String choice = System.getProperty(PROVIDER_PROPERTY);
            boolean tried = choice == null ? publishedFor(System.getProperty("os.arch", "")) : chosen(choice);
            provider = tried ? find() : null;
            looked = true;
        }
        return provider;
    }

    /**
     * Whether {@code conscrypt-openjdk-uber}'s native libraries include one for this {@code os.arch}: x86-64
     * (Linux, Windows, macOS) and 32-bit x86 (Windows), named as Conscrypt names them. Elsewhere (aarch64, say)
     * Conscrypt.isAvailable() would fail at every start, after copying a library of another processor to a
     * temporary file: the command's jar also holds its Linux x86-64 library as {@code libconscrypt.so}, the name
     * Conscrypt tries last on every Linux (samples/pom.xml, conscrypt-unsigned).
     */
    static boolean publishedFor(String arch) {
        // Conscrypt's HostProperties: lower case, letters and digits only
        String normalized = arch.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
        return normalized.matches("x8664|amd64|ia32e|em64t|x64|x8632|x86|i[3-6]86|ia32|x32");
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
            // false where its native library does not load here (a platform publishedFor lets through without
            // a build, as 32-bit Linux): the JDK's TLS then, as without it
            if (!(Boolean) conscrypt.getMethod("isAvailable").invoke(null)) {
                return null;
            }
            return (Provider) conscrypt.getMethod("newProvider").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;   // absent, or present but unusable here: the JDK's TLS
        }
    }
}
