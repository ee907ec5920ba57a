package dev.loadtest.internal.engine.connection;

import java.security.Provider;

/**
 * Conscrypt (Google's OpenSSL/BoringSSL-backed JSSE provider, {@code org.conscrypt:conscrypt-openjdk-uber}) when the
 * user put it on the class path; found by reflection, so loadtest-core neither needs nor brings it.
 *
 * <p>Why: the JDK's own TLS is Java code, which costs CPU to run and to JIT-compile. Against nginx over h2
 * (c100 m10) a run on Conscrypt used about 30 % less CPU per request as a whole process (150,000 requests) and a
 * third to a quarter of it in a steady window; see bench/README.md's TLS section for the measurements.
 */
final class Conscrypt {

    private static volatile Provider provider;
    private static volatile boolean looked;

    private Conscrypt() {
    }

    /**
     * Conscrypt's provider when it is on the class path and its native library loads here; else null. Not
     * registered with {@link java.security.Security}: only the contexts the engine makes use it.
     */
    static Provider provider() {
        if (!looked) {
            provider = find();
            looked = true;
        }
        return provider;
    }

    private static Provider find() {
        try {
            Class<?> conscrypt = Class.forName("org.conscrypt.Conscrypt");
            // false where its native library has no build for this platform: the JDK's TLS then, as without it
            if (!(Boolean) conscrypt.getMethod("isAvailable").invoke(null)) {
                return null;
            }
            return (Provider) conscrypt.getMethod("newProvider").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;   // absent, or present but unusable here: the JDK's TLS
        }
    }
}
