package dev.loadtest.internal.request;

import dev.loadtest.request.RequestContext;

/**
 * One piece of a parsed {@link Template}: fixed bytes, or a value of the request's context written at each
 * rendering. Each writes straight into the sink: no string is made for a number or a UUID.
 */
sealed interface Placeholder {

    void write(RequestContext ctx, ByteSink out);

    /** Bytes copied as they are. */
    record Literal(byte[] bytes) implements Placeholder {
        @Override
        public void write(RequestContext ctx, ByteSink out) {
            out.write(bytes);
        }
    }

    /** {@code {{seq}}}: the request's sequence number in the run. */
    record Sequence() implements Placeholder {
        @Override
        public void write(RequestContext ctx, ByteSink out) {
            out.writeDecimal(ctx.sequence());
        }
    }

    /** {@code {{client}}}: the index of the client sending the request. */
    record Client() implements Placeholder {
        @Override
        public void write(RequestContext ctx, ByteSink out) {
            out.writeDecimal(ctx.client());
        }
    }

    /** {@code {{uuid}}}: a random (version 4) UUID drawn from the client's seeded generator. */
    record Uuid() implements Placeholder {
        @Override
        public void write(RequestContext ctx, ByteSink out) {
            // RFC 9562 version 4: 122 random bits, the version nibble 4 and the variant bits 10
            long high = (ctx.random().nextLong() & ~0xF000L) | 0x4000L;
            long low = (ctx.random().nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
            out.writeHex(high >>> 32, 8);
            out.writeAscii('-');
            out.writeHex(high >>> 16, 4);
            out.writeAscii('-');
            out.writeHex(high, 4);
            out.writeAscii('-');
            out.writeHex(low >>> 48, 4);
            out.writeAscii('-');
            out.writeHex(low, 12);
        }
    }

    /** {@code {{randomInt A B}}}: a whole number from {@code min} to {@code max}, both included. */
    record RandomInt(int min, int max) implements Placeholder {
        @Override
        public void write(RequestContext ctx, ByteSink out) {
            out.writeDecimal(min + SeededRandom.below(ctx.random(), (long) max - min + 1));
        }
    }

    /** {@code {{COLUMN}}}: the value of a column of the request's feeder row, in UTF-8. */
    record Column(String name) implements Placeholder {
        @Override
        public void write(RequestContext ctx, ByteSink out) {
            out.writeUtf8(ctx.row().get(name));
        }
    }
}
