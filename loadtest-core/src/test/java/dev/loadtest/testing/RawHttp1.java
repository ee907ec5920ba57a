package dev.loadtest.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One HTTP/1.1 GET on a raw socket, for nginx's readiness probe and its tests: independent of the engine and of
 * any client library, so it checks the server and nothing else.
 *
 * <pre>{@code
 * byte[] body = RawHttp1.get(URI.create("http://127.0.0.1:8080/hello"));
 * }</pre>
 */
public final class RawHttp1 {

    private static final int TIMEOUT_MILLIS = 10_000;

    private RawHttp1() {
    }

    /**
     * The body of a 200 response to one GET of {@code uri} on a new connection ({@code Connection: close}, so the
     * body is what follows the head up to the close).
     *
     * @throws IOException if the connection fails or the status is not 200
     */
    public static byte[] get(URI uri) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            String request = "GET " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost() + ":" + uri.getPort()
                    + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            byte[] all = socket.getInputStream().readAllBytes();
            int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            if (end < 0) {
                throw new IOException("no complete response head from " + uri);
            }
            String head = new String(all, 0, end, StandardCharsets.ISO_8859_1);
            if (!head.startsWith("HTTP/1.1 200 ")) {
                throw new IOException("GET " + uri + ": " + head.lines().findFirst().orElse(""));
            }
            return Arrays.copyOfRange(all, end + 4, all.length);
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
