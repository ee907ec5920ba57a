package dev.loadtest.json;

import java.io.IOException;

/**
 * The text read is not a loadtest result in the JSON format: not JSON at all, a field missing or of the
 * wrong type, a value out of range, or a newer format version. The message names the field by its path,
 * e.g. {@code requests.total: missing}.
 */
public final class ResultFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    /** A format problem, described by a message that names the field. */
    public ResultFormatException(String message) {
        super(message);
    }

    /** A format problem with its cause (a JSON syntax error, a bad base64 histogram...). */
    public ResultFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
