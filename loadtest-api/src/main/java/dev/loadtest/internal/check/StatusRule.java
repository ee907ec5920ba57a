package dev.loadtest.internal.check;

import dev.loadtest.check.Response;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The status checks: a set of codes, or a class ({@code 2xx}); its {@link #toString()} ({@code 200 or 204},
 * {@code 2xx}) completes the check's name.
 */
public final class StatusRule {

    private final BitSet accepted;
    private final String shown;

    private StatusRule(BitSet accepted, String shown) {
        this.accepted = accepted;
        this.shown = shown;
    }

    /**
     * Any of these codes.
     *
     * @throws IllegalArgumentException if none is given or one is not within [100, 599]
     */
    public static StatusRule codes(int... codes) {
        if (codes == null || codes.length == 0) {
            throw new IllegalArgumentException("status codes must not be empty: give at least one, e.g. 200");
        }
        BitSet accepted = new BitSet(600);
        List<String> shown = new ArrayList<>();
        for (int code : codes) {
            if (code < 100 || code > 599) {
                throw new IllegalArgumentException("status code (" + code + ") must be within [100, 599]");
            }
            if (!accepted.get(code)) {
                accepted.set(code);
                shown.add(Integer.toString(code));
            }
        }
        return new StatusRule(accepted, either(shown));
    }

    /**
     * A class: 2 for {@code 200} to {@code 299}.
     *
     * @throws IllegalArgumentException if it is not within [1, 5]
     */
    public static StatusRule statusClass(int statusClass) {
        if (statusClass < 1 || statusClass > 5) {
            throw new IllegalArgumentException("status class (" + statusClass + ") must be within [1, 5]: 2 for 2xx");
        }
        BitSet accepted = new BitSet(600);
        accepted.set(statusClass * 100, statusClass * 100 + 100);
        return new StatusRule(accepted, statusClass + "xx");
    }

    /** Null when the status is accepted, else the reason. */
    public String failure(Response response) {
        int status = response.status();
        return accepted.get(status) ? null : "status was " + status;
    }

    /** {@code 200}, {@code 200 or 204}, {@code 200, 201 or 204}, {@code 2xx}. */
    @Override
    public String toString() {
        return shown;
    }

    /** {@code a}, {@code a or b}, {@code a, b or c}. */
    public static String either(List<String> alternatives) {
        int last = alternatives.size() - 1;
        return last == 0 ? alternatives.get(0)
                : String.join(", ", alternatives.subList(0, last)) + " or " + alternatives.get(last);
    }
}
