package dev.loadtest.internal;

import java.util.function.Function;

/**
 * The private constructor of a value class ({@code Result}, {@code Interval}, {@code StepResult}, {@code Sessions}),
 * handed to its builder in {@code dev.loadtest.spi} by the class's own static initializer: the builder is then the
 * one way to construct it, and users cannot. This is OkHttp's {@code Internal} escape hatch, written once for the
 * four builders.
 *
 * @param <F> the figures the constructor takes
 * @param <T> the value class
 */
public final class HandedConstructor<F, T> {

    private final Class<T> type;
    private volatile Function<F, T> constructor;

    /** The hand-off of {@code type}'s constructor, empty until {@code type} is initialized. */
    public HandedConstructor(Class<T> type) {
        this.type = type;
    }

    /**
     * Takes the constructor, once, from the value class itself.
     *
     * @param caller the class that called the builder's {@code useConstructor} (its caller, by a stack walk)
     * @throws IllegalStateException if {@code caller} is not the value class, or a constructor was given already
     */
    public void take(Class<?> caller, Function<F, T> given) {
        if (caller != type || constructor != null) {
            String name = type.getSimpleName();
            throw new IllegalStateException(name + "'s constructor is given once, by " + name + " itself");
        }
        constructor = given;
    }

    /** A new value of those figures, through the constructor (initializing the value class first, if not yet). */
    public T construct(F figures) {
        Function<F, T> c = constructor;
        if (c == null) {
            try {   // runs the static initializer, which hands the constructor over
                Class.forName(type.getName(), true, type.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("cannot initialize " + type.getName(), e);   // it is loaded already
            }
            c = constructor;
        }
        return c.apply(figures);
    }

    /** The class that called the method that calls this: the caller of a builder's {@code useConstructor}. */
    public static Class<?> callerOfCaller() {
        return StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE)
                .walk(frames -> frames.skip(2).findFirst().orElseThrow().getDeclaringClass());
    }
}
