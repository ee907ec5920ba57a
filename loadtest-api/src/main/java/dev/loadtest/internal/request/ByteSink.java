package dev.loadtest.internal.request;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer that a template renders into, reused request after request so that rendering
 * allocates nothing but the result. Not thread-safe: one per thread.
 */
public final class ByteSink {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

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
        for (long v = value; v >= 10; v /= 10) {
            digits++;
        }
        for (int i = length + digits - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
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

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, length);
    }

    /** The bytes as UTF-8 text. */
    @Override
    public String toString() {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    private void ensure(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
