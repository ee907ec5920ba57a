package dev.loadtest.assertj;

import static dev.loadtest.assertj.error.ShouldHaveBytes.shouldHaveBytes;
import static dev.loadtest.assertj.error.ShouldHaveBytes.shouldHaveBytesAtLeast;
import static dev.loadtest.assertj.error.ShouldHaveHeaderSpaceSavings.shouldHaveHeaderSpaceSavingsAtLeast;

import dev.loadtest.Traffic;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on the bytes a run moved ({@link Traffic}, counted as h2load counts them).
 *
 * <pre>{@code
 * // 200 responses of /hello, 14 bytes each
 * assertThat(result).traffic().hasDataBytes(200 * 14);    // passes
 * assertThat(result).traffic().hasDataBytes(1);           // fails:
 * // Expecting 1 data bytes but had 2800
 * }</pre>
 */
public class TrafficAssert extends AbstractAssert<TrafficAssert, Traffic> {

    public TrafficAssert(Traffic actual) {
        super(actual, TrafficAssert.class);
    }

    /** Verifies all bytes received. */
    public TrafficAssert hasTotalBytes(long expected) {
        return bytes("total", expected, checkedActual().totalBytes());
    }

    /** Verifies the response header bytes as received (HPACK-compressed on HTTP/2). */
    public TrafficAssert hasHeaderBytes(long expected) {
        return bytes("header", expected, checkedActual().headerBytes());
    }

    /** Verifies the response body bytes. */
    public TrafficAssert hasDataBytes(long expected) {
        return bytes("data", expected, checkedActual().dataBytes());
    }

    /** Verifies there were at least this many response body bytes. */
    public TrafficAssert hasDataBytesAtLeast(long min) {
        if (checkedActual().dataBytes() < min) {
            throwAssertionError(shouldHaveBytesAtLeast("data", min, actual.dataBytes()));
        }
        return myself;
    }

    /** Verifies all bytes sent. */
    public TrafficAssert hasSentBytes(long expected) {
        return bytes("sent", expected, checkedActual().sentBytes());
    }

    /** Verifies HPACK saved at least this share of the header bytes (0 to 1), h2load's "space savings". */
    public TrafficAssert hasHeaderSpaceSavingsAtLeast(double min) {
        if (!(checkedActual().headerSpaceSavings() >= min)) {
            throwAssertionError(shouldHaveHeaderSpaceSavingsAtLeast(min, actual));
        }
        return myself;
    }

    private Traffic checkedActual() {
        isNotNull();
        return actual;
    }

    private TrafficAssert bytes(String what, long expected, long actualBytes) {
        if (actualBytes != expected) {
            throwAssertionError(shouldHaveBytes(what, expected, actualBytes));
        }
        return myself;
    }
}
