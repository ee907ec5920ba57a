package dev.loadtest.internal.engine.http2;

/**
 * HPACK's Huffman code (RFC 7541 Appendix B), decoding only: the server's header values come Huffman-coded, our own
 * requests never are ({@link RequestBlock}). The code is canonical (within a length, codes follow the symbols' order),
 * so the 257 code lengths define it; codes of up to 8 bits, which cover the characters of most header values, are
 * decoded by one lookup of the next 8 bits, longer ones by length from 9 bits on.
 */
final class Huffman {

    /** The code length of each symbol, 0 to 255 and EOS (256), from RFC 7541 Appendix B. */
    private static final int[] LENGTHS = {
            13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28,
            6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,
            13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,
            15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5, 6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,
            20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23, 24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24,
            22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23, 21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23,
            26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25, 19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27,
            20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23, 26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26,
            30,
    };
    private static final int EOS = 256;
    private static final int MAX_LENGTH = 30;
    /** For each 8-bit prefix: the symbol of a code of up to 8 bits it starts with, and that code's length; 0 if none. */
    private static final short[] SHORT_SYMBOL = new short[256];
    private static final byte[] SHORT_LENGTH = new byte[256];
    /** Canonical decoding from 9 bits on: per length, its first code, and where its symbols start in SORTED. */
    private static final int[] FIRST_CODE = new int[MAX_LENGTH + 1];
    private static final int[] COUNT = new int[MAX_LENGTH + 1];
    private static final int[] OFFSET = new int[MAX_LENGTH + 1];
    private static final int[] SORTED = new int[257];

    static {
        int k = 0;
        for (int length = 1; length <= MAX_LENGTH; length++) {
            OFFSET[length] = k;
            for (int symbol = 0; symbol <= EOS; symbol++) {
                if (LENGTHS[symbol] == length) {
                    SORTED[k++] = symbol;
                    COUNT[length]++;
                }
            }
        }
        int code = 0;
        for (int length = 1; length <= MAX_LENGTH; length++) {
            FIRST_CODE[length] = code;
            code = (code + COUNT[length]) << 1;
        }
        for (int length = 1; length <= 8; length++) {
            for (int i = 0; i < COUNT[length]; i++) {
                int first = (FIRST_CODE[length] + i) << (8 - length);
                for (int fill = 0; fill < 1 << (8 - length); fill++) {
                    SHORT_SYMBOL[first + fill] = (short) SORTED[OFFSET[length] + i];
                    SHORT_LENGTH[first + fill] = (byte) length;
                }
            }
        }
    }

    private Huffman() {
    }

    /**
     * Decodes {@code length} bytes of {@code in} from {@code at} into {@code out} (which has room for
     * {@code length * 8 / 5} bytes: no code is shorter than 5 bits); returns the number of bytes decoded. With
     * {@code out} null, only counts them.
     *
     * @throws IllegalArgumentException when the bytes are not a valid Huffman string (EOS inside, or padding that is
     *     longer than 7 bits or not all ones: RFC 7541 §5.2)
     */
    static int decode(java.nio.ByteBuffer in, int at, int length, byte[] out) {
        long bits = 0;
        int available = 0;
        int next = at;
        int end = at + length;
        int n = 0;
        while (true) {
            while (available <= 56 && next < end) {
                bits = (bits << 8) | (in.get(next++) & 0xff);
                available += 8;
            }
            if (available == 0) {
                return n;
            }
            // fewer than 8 bits are left only at the end of the string (the loop above keeps at least 57 before it)
            int peek = (int) (available >= 8 ? bits >>> (available - 8) : bits << (8 - available)) & 0xff;
            int codeLength = SHORT_LENGTH[peek];
            int symbol;
            if (codeLength != 0 && codeLength <= available) {
                symbol = SHORT_SYMBOL[peek];
            } else if (available < 8) {
                checkPadding(bits, available);
                return n;
            } else {
                symbol = longCode(bits, available);
                codeLength = LENGTHS[symbol];
            }
            if (symbol == EOS) {
                throw new IllegalArgumentException("EOS inside a Huffman string");
            }
            available -= codeLength;
            bits &= (1L << available) - 1;
            if (out != null) {
                out[n] = (byte) symbol;
            }
            n++;
        }
    }

    /** The symbol of the code of 9 bits or more at the top of the {@code available} bits. */
    private static int longCode(long bits, int available) {
        for (int codeLength = 9; codeLength <= Math.min(MAX_LENGTH, available); codeLength++) {
            int code = (int) (bits >>> (available - codeLength)) & ((1 << codeLength) - 1);
            int index = code - FIRST_CODE[codeLength];
            if (index >= 0 && index < COUNT[codeLength]) {
                return SORTED[OFFSET[codeLength] + index];
            }
        }
        throw new IllegalArgumentException("a Huffman string cut inside a code");
    }

    /** What is left at the end must be padding: under 8 bits, the top bits of EOS (all ones). */
    private static void checkPadding(long bits, int available) {
        long ones = (1L << available) - 1;
        if ((bits & ones) != ones) {
            throw new IllegalArgumentException("Huffman padding that is not the top bits of EOS");
        }
    }
}
