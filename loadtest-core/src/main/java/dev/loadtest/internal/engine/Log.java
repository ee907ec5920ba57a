package dev.loadtest.internal.engine;

import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.slf4j.LoggerFactory;
import org.slf4j.helpers.FormattingTuple;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The engine's logging, which stays silent until there is something to say. A static SLF4J logger would
 * initialise SLF4J when the engine's classes load, and SLF4J without a binding prints
 * {@code No SLF4J providers were found} on stderr of every plain {@code main} that runs a load test. So the
 * logger is looked up only when a message is logged; and when the class path has no SLF4J provider, a warning
 * goes to {@link System.Logger} (java.util.logging by default, on stderr) instead, where it is seen, rather
 * than to SLF4J's no-op fallback, where it would be lost behind SLF4J's own warning. Debug messages are dropped
 * without a provider: nobody asked for them.
 */
final class Log {

    private static volatile Boolean providerPresent;

    private final Class<?> owner;
    private volatile org.slf4j.Logger slf4j;

    private Log(Class<?> owner) {
        this.owner = owner;
    }

    static Log of(Class<?> owner) {
        return new Log(owner);
    }

    /** A warning; SLF4J's {@code {}} placeholders, a trailing throwable is its cause. */
    void warn(String format, Object... args) {
        if (hasProvider()) {
            slf4j().warn(format, args);
        } else {
            FormattingTuple message = MessageFormatter.arrayFormat(format, args);
            System.getLogger(owner.getName()).log(System.Logger.Level.WARNING, message.getMessage(),
                    message.getThrowable());
        }
    }

    /** A debug message, logged only when an SLF4J provider is there to be configured for it. */
    void debug(String message, Throwable cause) {
        if (hasProvider()) {
            slf4j().debug(message, cause);
        }
    }

    private org.slf4j.Logger slf4j() {
        org.slf4j.Logger logger = slf4j;
        if (logger == null) {
            logger = LoggerFactory.getLogger(owner);
            slf4j = logger;
        }
        return logger;
    }

    /**
     * Whether SLF4J would find a provider: one named by its {@code slf4j.provider} property or one registered
     * for the {@link ServiceLoader}, as SLF4J 2 looks for them. Asked once per JVM, without initialising SLF4J.
     */
    static boolean hasProvider() {
        Boolean present = providerPresent;
        if (present == null) {
            present = System.getProperty("slf4j.provider") != null || findProvider();
            providerPresent = present;
        }
        return present;
    }

    private static boolean findProvider() {
        try {
            Iterator<SLF4JServiceProvider> providers =
                    ServiceLoader.load(SLF4JServiceProvider.class, Log.class.getClassLoader()).iterator();
            if (providers.hasNext()) {
                return true;
            }
            // a provider visible only to the application's class loader (a container's, say)
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            return context != null && ServiceLoader.load(SLF4JServiceProvider.class, context).iterator().hasNext();
        } catch (ServiceConfigurationError | LinkageError e) {
            return true;   // something is registered, if broken: let SLF4J say what
        }
    }
}
