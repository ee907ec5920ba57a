package dev.loadtest.internal.engine.connection;

import dev.loadtest.internal.engine.http2.StreamSteps;
import dev.loadtest.internal.engine.record.StepStats;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which step each HTTP/2 stream of a scenario run's slot carries. HttpCore names a stream only to its frame
 * listener, within the sending exchange's {@code sendRequest}: so the exchange names its step as the one opening
 * a stream around that call ({@link #opening}), the listener hears the id inside it ({@link #opened}), and the
 * stream is the step's until its exchange ends ({@link #ended}); the frames of the response (the listener hears a
 * frame before HttpCore hands it to the exchange) and of the request's body count for the step.
 *
 * <p>The map is concurrent because an exchange may end off the I/O thread (a timeout, a connection refused); the
 * opening step is the I/O thread's alone (a slot sends on one connection at a time). Removal names the step too:
 * an exchange of a connection gone that ends late leaves the same stream id of the next connection alone.
 */
final class StepStreams implements StreamSteps {

    private final StepFeed feed;
    private final Map<Integer, StepFeed.Call> streams = new ConcurrentHashMap<>();
    private StepFeed.Call opening;

    StepStreams(StepFeed feed) {
        this.feed = feed;
    }

    /** The step whose request is being sent now; null once its {@code sendRequest} returned. */
    void opening(StepFeed.Call step) {
        opening = step;
    }

    @Override
    public void opened(int streamId) {
        if (opening != null) {
            streams.put(streamId, opening);
        }
    }

    /** The step's exchange on stream {@code streamId} ended: later frames of the stream are the run's only. */
    void ended(int streamId, StepFeed.Call step) {
        streams.remove(streamId, step);
    }

    @Override
    public StepStats stepOf(int streamId) {
        StepFeed.Call step = streams.get(streamId);
        return step == null ? null : feed.stats(step);
    }
}
