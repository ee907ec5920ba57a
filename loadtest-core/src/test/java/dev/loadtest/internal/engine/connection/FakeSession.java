package dev.loadtest.internal.engine.connection;

import dev.loadtest.internal.engine.http1.Http1Connection;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntFunction;
import org.apache.hc.core5.reactor.Command;
import org.apache.hc.core5.reactor.IOSession;

/**
 * An HttpCore session without a reactor, for tests that play the socket and the I/O thread by hand: it records what
 * is written and enqueued, takes {@code room} bytes a write, and reads what {@link #arriving} makes of each read.
 */
final class FakeSession {
    final ByteArrayOutputStream written = new ByteArrayOutputStream();
    final ArrayDeque<Command> commands = new ArrayDeque<>();
    final ReentrantLock lock = new ReentrantLock();
    int room = Integer.MAX_VALUE;
    int enqueued;
    /** Runs once, inside the next write: what another thread does while the I/O thread writes. */
    Runnable duringWrite;
    /**
     * What the server sent by the next read, given the room the read has: the bytes, or null for the end of the stream
     * (the server closed), taken from the front; a read with nothing here reads 0 bytes.
     */
    final ArrayDeque<IntFunction<byte[]>> arriving = new ArrayDeque<>();
    int eventMask;
    boolean open = true;
    Http1Connection handler;
    final IOSession session = (IOSession) Proxy.newProxyInstance(IOSession.class.getClassLoader(),
            new Class<?>[] {IOSession.class}, (proxy, method, args) -> switch (method.getName()) {
                case "getHandler" -> handler;
                case "write" -> write((ByteBuffer) args[0]);
                case "read" -> read((ByteBuffer) args[0]);
                case "enqueue" -> { enqueued++; commands.add((Command) args[0]); yield null; }
                case "poll" -> commands.poll();
                case "hasCommands" -> !commands.isEmpty();
                case "isOpen" -> open;
                case "getEventMask" -> eventMask;
                case "setEvent" -> { eventMask |= (int) args[0]; yield null; }
                case "clearEvent" -> { eventMask &= ~(int) args[0]; yield null; }
                case "setEventMask" -> { eventMask = (int) args[0]; yield null; }
                case "getLock" -> lock;
                case "getLocalAddress", "getRemoteAddress" -> new InetSocketAddress("127.0.0.1", 8080);
                case "close" -> { open = false; yield null; }
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                case "toString" -> "fake session";
                default -> null;   // updateWriteTime and the like
            });

    private int write(ByteBuffer src) {
        Runnable hook = duringWrite;
        duringWrite = null;
        if (hook != null) {
            hook.run();
        }
        int n = Math.min(room, src.remaining());
        byte[] bytes = new byte[n];
        src.get(bytes);
        written.write(bytes, 0, n);
        return n;
    }

    private int read(ByteBuffer dst) {
        IntFunction<byte[]> next = arriving.poll();
        if (next == null) {
            return 0;
        }
        byte[] bytes = next.apply(dst.remaining());
        if (bytes == null) {
            return -1;
        }
        dst.put(bytes);
        return bytes.length;
    }
}
