package dev.loadtest.internal.request;

import dev.loadtest.internal.HttpSyntax;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer that a template renders into, reused request after request so that rendering
 * allocates nothing but the result. Not thread-safe: one per thread.
 */
public final class ByteSink {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    /** 10^0 .. 10^18: a long has at most 19 digits. */
    private static final long[] POWERS_OF_TEN = powersOfTen();

    private byte[] bytes = new byte[256];
    private int length;

    public void reset() {
        length = 0;
    }

    public int length() {
        return length;
    }

    public void write(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, bytes, length, b.length);
        length += b.length;
    }

    /** A string in UTF-8; ASCII without a detour through an array. */
    public void writeUtf8(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                // the ASCII written so far is overwritten: length has not moved yet
                write(s.getBytes(StandardCharsets.UTF_8));
                return;
            }
            bytes[length + i] = (byte) c;
        }
        length += n;
    }

    /** A number in decimal. */
    public void writeDecimal(long value) {
        if (value == Long.MIN_VALUE) {
            writeUtf8(Long.toString(value));
            return;
        }
        ensure(20);
        if (value < 0) {
            bytes[length++] = '-';
            value = -value;
        }
        int digits = 1;
        while (digits < POWERS_OF_TEN.length && value >= POWERS_OF_TEN[digits]) {
            digits++;
        }
        int i = length + digits - 1;
        // a sequence number or an index fits an int, whose division by ten is cheaper than a long's
        for (; value > Integer.MAX_VALUE; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        for (int v = (int) value; i >= length; i--) {
            bytes[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        length += digits;
    }

    /** The {@code digits} low hex digits of a value, lower case, most significant first. */
    public void writeHex(long value, int digits) {
        ensure(digits);
        for (int i = digits - 1; i >= 0; i--) {
            bytes[length + i] = HEX[(int) (value & 0xF)];
            value >>>= 4;
        }
        length += digits;
    }

    public void writeAscii(char c) {
        ensure(1);
        bytes[length++] = (byte) c;
    }

    /**
     * Whether the bytes are a request path a request line can carry as it is: a {@code /}, then only RFC 3986's
     * characters, each {@code %} followed by two hex digits. What {@code Request} checks of a path, on bytes.
     */
    public boolean isRequestPath() {
        if (length == 0 || bytes[0] != '/') {
            return false;
        }
        for (int i = 1; i < length; i++) {
            byte b = bytes[i];
            if (!HttpSyntax.isUriByte(b)) {
                return false;
            }
            if (b == '%' && (i + 2 >= length || !HttpSyntax.isHex(bytes[i + 1]) || !HttpSyntax.isHex(bytes[i + 2]))) {
                return false;
            }
        }
        return true;
    }

    /** The bytes as text, one character a byte: for ASCII, such as a {@linkplain #isRequestPath() path}. */
    public String toAsciiString() {
        return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, length);
    }

    /** The bytes as UTF-8 text. */
    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private static long[] powersOfTen() {
        long[] powers = new long[19];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) {
            powers[i] = powers[i - 1] * 10;
        }
        return powers;
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
