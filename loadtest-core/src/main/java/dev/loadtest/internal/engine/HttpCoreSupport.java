package dev.loadtest.internal.engine;

import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks, once per JVM and before the first run touches HttpCore, that the HttpCore on the class path is one the
 * engine runs on; if not, the run fails with one message that names the artifact, the version found and the
 * version needed, instead of a {@code NoSuchMethodError} from an I/O thread in the middle of a run.
 *
 * <p>The check is by capability (the constructors the engine calls exist), not by version number: a shaded or
 * repackaged HttpCore has no version in its manifest, and a number says nothing about a patched build. The
 * version is only read to say what was found. See {@code docs/design/httpcore-versions.md}.
 */
final class HttpCoreSupport {

    /** What the engine needs, as the message says it. */
    static final String NEEDED = "5.3.4 or later (5.3.x from 5.3.4, or 5.4.x)";
    static final String CORE = "org.apache.httpcomponents.core5:httpcore5";
    static final String H2 = "org.apache.httpcomponents.core5:httpcore5-h2";

    private static volatile String problem;
    private static volatile boolean checked;

    private HttpCoreSupport() {
    }

    /** Throws {@link IllegalStateException} with the one message when this HttpCore cannot run the engine. */
    static void check() {
        String found = problem();
        if (found != null) {
            throw new IllegalStateException(found);
        }
    }

    /** The message, or null when this HttpCore has everything the engine calls. */
    static String problem() {
        if (!checked) {
            problem = computeProblem();
            checked = true;
        }
        return problem;
    }

    private static String computeProblem() {
        List<String> missing = new ArrayList<>();
        String core;
        String h2;
        try {
            core = versionOf(Class.forName("org.apache.hc.core5.http.HttpHost"));
        } catch (ClassNotFoundException | LinkageError e) {
            return message(CORE, "none", null, List.of("the artifact itself"));
        }
        try {
            h2 = versionOf(Class.forName("org.apache.hc.core5.http2.HttpVersionPolicy"));
        } catch (ClassNotFoundException | LinkageError e) {
            return message(H2, "none", core, List.of("the artifact itself"));
        }
        try {
            Class<?> factory = Class.forName("org.apache.hc.core5.http2.impl.nio.ClientH2StreamMultiplexerFactory");
            Class<?> callback = Class.forName("org.apache.hc.core5.function.Callback");
            Class<?> session = Class.forName("org.apache.hc.core5.reactor.ProtocolIOSession");
            requireConstructor("org.apache.hc.core5.http2.impl.nio.ClientH2UpgradeHandler", missing, factory, callback);
            requireConstructor("org.apache.hc.core5.http2.impl.nio.ClientH2PrefaceHandler", missing,
                    session, factory, boolean.class, callback);
            if (!Requesters.available()) {
                missing.add("a known constructor of H2AsyncRequester");
            }
        } catch (ClassNotFoundException | LinkageError e) {
            missing.add(e.getMessage());
        }
        return missing.isEmpty() ? null : message(H2, h2, core, missing);
    }

    private static void requireConstructor(String className, List<String> missing, Class<?>... parameters) {
        try {
            Class.forName(className).getConstructor(parameters);
        } catch (ReflectiveOperationException | LinkageError e) {
            String simple = className.substring(className.lastIndexOf('.') + 1);
            List<String> names = new ArrayList<>();
            for (Class<?> p : parameters) {
                names.add(p.getSimpleName());
            }
            missing.add(simple + "(" + String.join(", ", names) + ")");
        }
    }

    /**
     * The one message: the artifact, the version found (and httpcore5's when it differs), the version needed,
     * and how to get it. {@code coreVersion} is null when the artifact named is httpcore5 itself.
     */
    static String message(String artifact, String found, String coreVersion, List<String> missing) {
        StringBuilder m = new StringBuilder("loadtest-core cannot run on ").append(artifact).append(' ').append(found);
        if (coreVersion != null && !coreVersion.equals(found)) {
            m.append(" (with httpcore5 ").append(coreVersion).append(')');
        }
        m.append(": it needs ").append(artifact.substring(artifact.indexOf(':') + 1)).append(' ').append(NEEDED)
                .append(" (missing: ").append(String.join("; ", missing)).append(")")
                .append(". Your build manages an older HttpCore (Spring Boot 3.4.0 to 3.4.4 manage 5.3.1 to 5.3.3):"
                        + " set the property httpcore5.version to 5.3.6 or later, or declare httpcore5 and"
                        + " httpcore5-h2 5.3.6 or later yourself");
        return m.toString();
    }

    /** The jar's Implementation-Version, or where the class came from when a repackaged jar lacks it. */
    static String versionOf(Class<?> type) {
        Package p = type.getPackage();
        String version = p == null ? null : p.getImplementationVersion();
        if (version != null) {
            return version;
        }
        CodeSource source = type.getProtectionDomain().getCodeSource();
        return "of unknown version (" + (source == null ? "no location" : source.getLocation()) + ")";
    }
}
