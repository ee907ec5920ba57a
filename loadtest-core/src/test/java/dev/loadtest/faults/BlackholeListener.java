package dev.loadtest.faults;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

/**
 * A listener that never accepts, its backlog of 1 filled by sockets of our own: the kernel answers no
 * further SYN, so a client's connect neither succeeds nor is refused, and only its connect timeout ends
 * it (a blackholed or overloaded server). On Linux an accept queue of backlog 1 holds 2 connections;
 * a few more are opened, non-blocking, to be sure.
 */
public final class BlackholeListener implements AutoCloseable {

    private final ServerSocket listener;
    private final List<SocketChannel> fillers = new ArrayList<>();

    private BlackholeListener() throws IOException {
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        try {
            for (int i = 0; i < 4; i++) {
                SocketChannel ch = SocketChannel.open();
                ch.configureBlocking(false);
                ch.connect(listener.getLocalSocketAddress());
                fillers.add(ch);
            }
            Thread.sleep(50);   // let the handshakes that can complete, complete
        } catch (IOException | InterruptedException e) {
            close();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("cannot fill the backlog", e);
        }
    }

    public static BlackholeListener start() throws IOException {
        return new BlackholeListener();
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort() + path);
    }

    /** Whether a fresh connect attempt really hangs (the kernel drops the SYN) rather than completing. */
    public boolean connectHangs() throws IOException, InterruptedException {
        try (SocketChannel probe = SocketChannel.open()) {
            probe.configureBlocking(false);
            if (probe.connect(listener.getLocalSocketAddress())) {
                return false;
            }
            Thread.sleep(200);
            try {
                return !probe.finishConnect();
            } catch (IOException e) {
                return false;
            }
        }
    }

    @Override
    public void close() {
        fillers.forEach(FaultServer::closeQuietly);
        FaultServer.closeQuietly(listener);
    }
}
