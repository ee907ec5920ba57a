package dev.loadtest.internal.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback TCP relay in front of a TLS server that holds the server's bytes (its ServerHello first) until
 * {@link #release()}: the client's connects complete at once, their TLS handshakes only when the test says. What the
 * client sends goes through at once. Blocking sockets, two daemon threads per connection; close() ends them.
 */
final class HeldHandshakeProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    HeldHandshakeProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(this::acceptLoop, "held-handshake-accept").start();
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Connections accepted so far: the client's connects that completed. */
    int accepted() {
        return accepted.get();
    }

    /** Lets the server's bytes through from now on: the held handshakes go on. */
    void release() {
        released.countDown();
    }

    private void acceptLoop() {
        try {
            while (!listener.isClosed()) {
                Socket client = listener.accept();
                Socket server = new Socket();
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5_000);
                sockets.add(client);
                sockets.add(server);
                accepted.incrementAndGet();
                daemon(() -> relay(client, server, false), "held-handshake-up").start();
                daemon(() -> relay(server, client, true), "held-handshake-down").start();
            }
        } catch (IOException e) {
            // closed
        }
    }

    private void relay(Socket from, Socket to, boolean held) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            if (held) {
                released.await();
            }
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // one side closed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static Thread daemon(Runnable task, String name) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        return t;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        release();
        listener.close();
        sockets.forEach(HeldHandshakeProxy::closeQuietly);
    }
}
