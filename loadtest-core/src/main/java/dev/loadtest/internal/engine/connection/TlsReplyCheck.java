package dev.loadtest.internal.engine.connection;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;

/**
 * The TLS provider's SSLEngine, with one look at the server's first byte: a TLS server's reply to our
 * ClientHello is a TLS record, whose first byte is its content type (20 to 24). Anything else (nginx's
 * "HTTP/1.1 400 Bad Request" to an {@code https://} URL on a plain port) means the port does not speak TLS:
 * the connection fails at once with a {@link SetupException} that says to use {@code http://}, instead of the
 * JDK's "Unsupported or unrecognized SSL message".
 *
 * <p>Once connected, an unwrap decrypts every whole application-data record its source holds, as long as the
 * destination has room for the next one, where the providers (Conscrypt's and the JDK's) decrypt one record per
 * call. Why: nginx writes each HTTP/2 response in a TLS record of its own, so a read of 100 responses was 100
 * unwraps, and HttpCore's {@code SSLIOSession} handed each record's 60-odd bytes to the HTTP/2 multiplexer on
 * its own, with the checks around each call ({@code isInboundDone}, a native call in Conscrypt's engine);
 * see bench/README.md, "TLS steady state". The result says the whole of what was consumed and produced.
 *
 * <p>A record after the first may fail (in TLS 1.3 an alert is an encrypted application-data record too, so a
 * fatal one can come in the same read as responses): the records before it are then returned as decrypted, and
 * the failure is thrown by the next unwrap. Thrown at once, it would lose them: {@code SSLIOSession} passes the
 * plain text on only after an unwrap returns, and one record a call passed those responses on before the failure.
 */
final class TlsReplyCheck extends SSLEngine {

    /** A TLS record's header: content type, version (2 bytes), length (2 bytes). */
    private static final int RECORD_HEADER = 5;
    /** The content type of application data (TLS 1.3 gives every record after the handshake this one). */
    private static final byte APPLICATION_DATA = 23;

    private final SSLEngine engine;
    private boolean checked;
    /** What the provider's unwrap threw on a record after the first (SSLException or RuntimeException): held back. */
    private Exception failure;

    TlsReplyCheck(SSLEngine engine) {
        super(engine.getPeerHost(), engine.getPeerPort());
        this.engine = engine;
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        if (failure != null) {
            throw Sneaky.<RuntimeException>rethrow(failure);
        }
        if (!checked && src.hasRemaining()) {
            checked = true;
            int type = src.get(src.position()) & 0xff;
            if (type < 0x14 || type > 0x18) {
                throw Sneaky.<RuntimeException>rethrow(new SetupException("the server at " + getPeerHost() + ":"
                        + getPeerPort() + " does not speak TLS: use http:// (it answered " + preview(src) + ")"));
            }
        }
        SSLEngineResult result = engine.unwrap(src, dsts, offset, length);
        if (length != 1 || !goesOn(result, src, dsts[offset])) {
            return result;
        }
        int consumed = result.bytesConsumed();
        int produced = result.bytesProduced();
        ByteBuffer dst = dsts[offset];
        do {
            int srcAt = src.position();
            int dstAt = dst.position();
            try {
                result = engine.unwrap(src, dsts, offset, length);
            } catch (SSLException | RuntimeException e) {
                // the failing record stays in src (whatever the provider left there): SSLIOSession unwraps again
                // at once while its buffer has bytes, after passing on dst, and that call throws
                failure = e;
                src.position(srcAt);
                dst.position(dstAt);
                return new SSLEngineResult(SSLEngineResult.Status.OK, SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING,
                        consumed, produced);
            }
            consumed += result.bytesConsumed();
            produced += result.bytesProduced();
        } while (goesOn(result, src, dst));
        return new SSLEngineResult(result.getStatus(), result.getHandshakeStatus(), consumed, produced);
    }

    /**
     * Whether an unwrap that gave {@code result} may go on with the next record: it decrypted one (status OK, no
     * handshake under way, bytes consumed), and {@code src} holds the next application-data record whole, whose
     * plain text, never longer than the record, fits in {@code dst}.
     */
    private static boolean goesOn(SSLEngineResult result, ByteBuffer src, ByteBuffer dst) {
        if (result.getStatus() != SSLEngineResult.Status.OK || result.bytesConsumed() == 0
                || result.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING
                || src.remaining() < RECORD_HEADER) {
            return false;
        }
        int at = src.position();
        int record = RECORD_HEADER + ((src.get(at + 3) & 0xff) << 8 | (src.get(at + 4) & 0xff));
        return src.get(at) == APPLICATION_DATA && record <= src.remaining() && record <= dst.remaining();
    }

    private static String preview(ByteBuffer src) {
        StringBuilder s = new StringBuilder("\"");
        for (int i = src.position(); i < Math.min(src.limit(), src.position() + 16); i++) {
            int b = src.get(i) & 0xff;
            s.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b));
        }
        return s.append(src.remaining() > 16 ? "...\"" : "\"").toString();
    }

    /**
     * SSLEngine.unwrap may only throw SSLException, but the failure is a SetupException, which is an
     * IOException: HttpCore's TLS layer passes any IOException on to the connection as it is. Also throws a
     * held-back failure, an SSLException or a RuntimeException, as it is.
     */
    private static final class Sneaky {
        @SuppressWarnings("unchecked")
        static <T extends Throwable> T rethrow(Throwable t) throws T {
            throw (T) t;
        }
    }

    // ---- the rest as the JDK's engine ----

    @Override
    public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
        return engine.wrap(srcs, offset, length, dst);
    }

    @Override
    public Runnable getDelegatedTask() {
        return engine.getDelegatedTask();
    }

    @Override
    public void closeInbound() throws SSLException {
        engine.closeInbound();
    }

    @Override
    public boolean isInboundDone() {
        return engine.isInboundDone();
    }

    @Override
    public void closeOutbound() {
        engine.closeOutbound();
    }

    @Override
    public boolean isOutboundDone() {
        return engine.isOutboundDone();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return engine.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return engine.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        engine.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return engine.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return engine.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        engine.setEnabledProtocols(protocols);
    }

    @Override
    public SSLSession getSession() {
        return engine.getSession();
    }

    @Override
    public SSLSession getHandshakeSession() {
        return engine.getHandshakeSession();
    }

    @Override
    public void beginHandshake() throws SSLException {
        engine.beginHandshake();
    }

    @Override
    public SSLEngineResult.HandshakeStatus getHandshakeStatus() {
        return engine.getHandshakeStatus();
    }

    @Override
    public void setUseClientMode(boolean mode) {
        engine.setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return engine.getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        engine.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return engine.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        engine.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return engine.getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        engine.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return engine.getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine.getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters params) {
        engine.setSSLParameters(params);
    }

    @Override
    public String getApplicationProtocol() {
        return engine.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return engine.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> selector) {
        engine.setHandshakeApplicationProtocolSelector(selector);
    }

    @Override
    public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return engine.getHandshakeApplicationProtocolSelector();
    }

    @Override
    public String toString() {
        return engine.toString();
    }
}
