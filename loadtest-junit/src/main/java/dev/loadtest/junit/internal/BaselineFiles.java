package dev.loadtest.junit.internal;

import dev.loadtest.Result;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads and writes baseline files with the engine's JSON format ({@code dev.loadtest.json.ResultJson}),
 * looked up by name: this module depends on the engine at run time only.
 */
final class BaselineFiles {

    private BaselineFiles() {
    }

    static Result read(Path file) throws IOException {
        return (Result) call("read", new Class<?>[] {Path.class}, file);
    }

    static void write(Result result, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        call("write", new Class<?>[] {Result.class, Path.class}, result, file);
    }

    private static Object call(String name, Class<?>[] types, Object... arguments) throws IOException {
        Method method;
        try {
            Class<?> json = Class.forName("dev.loadtest.json.ResultJson", true, BaselineFiles.class.getClassLoader());
            method = json.getMethod(name, types);
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IOException("a baseline budget needs the engine's JSON format (dev.loadtest:loadtest-core) on "
                    + "the test class path", e);
        }
        try {
            return method.invoke(null, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IOException(e);
        }
    }
}
