package dev.loadtest.check;

import dev.loadtest.spi.CapturedResponse;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A response as a {@link Check} sees it: its status, its headers and, when a check of the run
 * {@linkplain Check#needsBody() needs it}, its body.
 *
 * <pre>{@code
 * Check tenant = Check.of("tenant echoed", response ->
 *         response.header("X-Tenant").orElse("").equals("acme") && response.bodyText().contains("acme"));
 *
 * // a check is a plain value: try it on a response of your own before a run
 * Response sample = Response.of(200, Map.of("X-Tenant", "acme"), "{\"tenant\":\"acme\"}");
 * tenant.failure(sample);   // Optional.empty(): it passes
 * }</pre>
 *
 * <p>A view is only valid while the checks run: do not keep it. It is not thread-safe; each response has its own.
 */
public interface Response {

    /** The status code, {@code 100} to {@code 599}. */
    int status();

    /**
     * The first value of the header of this name, matched in any case ({@code content-type} finds
     * {@code Content-Type}); empty when the response has none.
     */
    Optional<String> header(String name);

    /** Every value of the header of this name, matched in any case, in the order received; empty when none. */
    List<String> headers(String name);

    /**
     * Whether the body was kept for the checks: only when one of the run's checks {@linkplain Check#needsBody()
     * needs it}, and only up to the run's bound ({@link Check#DEFAULT_MAX_BODY_BYTES} unless set).
     */
    boolean hasBody();

    /**
     * A copy of the body's bytes ({@code new byte[0]} for a response without one); prefer {@link #bodyText()}
     * for text, which is decoded once for all the checks of a response.
     *
     * @throws IllegalStateException if the body was not kept ({@link #hasBody()} is false)
     */
    byte[] body();

    /**
     * The body as text, decoded with {@link #charset()}; malformed bytes become U+FFFD.
     *
     * @throws IllegalStateException if the body was not kept ({@link #hasBody()} is false)
     */
    String bodyText();

    /** The charset of the {@code Content-Type} header's {@code charset} parameter; UTF-8 when absent or unknown. */
    Charset charset();

    /**
     * A response with a body, to try a check on outside a run (a unit test of a custom check).
     *
     * @param status the status code, within [100, 599]
     * @param headers the headers, one value each
     * @param body the body, encoded with the {@code Content-Type}'s charset (UTF-8 by default)
     * @throws IllegalArgumentException if the status is not within [100, 599]
     */
    static Response of(int status, Map<String, String> headers, String body) {
        CapturedResponse.Builder builder = CapturedResponse.builder(status);
        headers.forEach(builder::header);
        return builder.body(body);
    }
}
