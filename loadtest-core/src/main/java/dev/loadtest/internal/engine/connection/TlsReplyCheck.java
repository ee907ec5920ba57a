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
 * The JDK's SSLEngine, with one look at the server's first byte: a TLS server's reply to our ClientHello is
 * a TLS record, whose first byte is its content type (20 to 24). Anything else (nginx's
 * "HTTP/1.1 400 Bad Request" to an {@code https://} URL on a plain port) means the port does not speak TLS:
 * the connection fails at once with a {@link SetupException} that says to use {@code http://}, instead of the
 * JDK's "Unsupported or unrecognized SSL message". One boolean test per unwrap afterwards.
 */
final class TlsReplyCheck extends SSLEngine {

    private final SSLEngine engine;
    private boolean checked;

    TlsReplyCheck(SSLEngine engine) {
        super(engine.getPeerHost(), engine.getPeerPort());
        this.engine = engine;
    }

    @Override
    public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        if (!checked && src.hasRemaining()) {
            checked = true;
            int type = src.get(src.position()) & 0xff;
            if (type < 0x14 || type > 0x18) {
                throw Sneaky.<RuntimeException>rethrow(new SetupException("the server at " + getPeerHost() + ":"
                        + getPeerPort() + " does not speak TLS: use http:// (it answered " + preview(src) + ")"));
            }
        }
        return engine.unwrap(src, dsts, offset, length);
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
     * IOException: HttpCore's TLS layer passes any IOException on to the connection as it is.
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
