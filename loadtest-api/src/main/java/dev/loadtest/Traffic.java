package dev.loadtest;

/**
 * Bytes moved during the measured phase, counted as h2load counts them (after TLS decryption).
 *
 * <pre>{@code
 * double savings = result.traffic().headerSpaceSavings();   // HPACK's effect, 0 on HTTP/1.1
 * }</pre>
 *
 * @param totalBytes all bytes received
 * @param headerBytes bytes of response header blocks as received, trailers included: HPACK-compressed HEADERS
 *     frames on HTTP/2, the lengths of field names and values on HTTP/1.1 (h2load's figures)
 * @param decodedHeaderBytes the same header blocks decoded (equal to {@code headerBytes} on HTTP/1.1)
 * @param dataBytes response body bytes
 * @param sentBytes all bytes sent
 */
public record Traffic(long totalBytes, long headerBytes, long decodedHeaderBytes, long dataBytes, long sentBytes) {

    /**
     * Checks the byte counts.
     *
     * @throws IllegalArgumentException if a count is negative
     */
    public Traffic {
        if (totalBytes < 0 || headerBytes < 0 || decodedHeaderBytes < 0 || dataBytes < 0 || sentBytes < 0) {
            throw new IllegalArgumentException("byte counts must be >= 0");
        }
    }

    /** {@code 1 - headerBytes / decodedHeaderBytes}, h2load's "space savings"; 0 with no headers. */
    public double headerSpaceSavings() {
        return decodedHeaderBytes == 0 ? 0 : 1.0 - (double) headerBytes / decodedHeaderBytes;
    }
}
