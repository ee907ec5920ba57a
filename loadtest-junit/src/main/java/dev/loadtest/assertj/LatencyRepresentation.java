package dev.loadtest.assertj;

import dev.loadtest.DurationFormat;
import dev.loadtest.FigureFormat;
import java.time.Duration;
import org.assertj.core.presentation.StandardRepresentation;

/** AssertJ's representation, with durations as latencies read: {@code 31.42ms} rather than {@code PT0.03142S}. */
final class LatencyRepresentation extends StandardRepresentation {

    static final LatencyRepresentation INSTANCE = new LatencyRepresentation();

    @Override
    public String toStringOf(Object object) {
        return object instanceof Duration d ? DurationFormat.format(d) : super.toStringOf(object);
    }
}
