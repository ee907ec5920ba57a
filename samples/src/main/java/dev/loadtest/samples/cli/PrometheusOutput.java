package dev.loadtest.samples.cli;

import dev.loadtest.LoadTestListener;
import dev.loadtest.micrometer.LoadTestMetrics;
import dev.loadtest.micrometer.PrometheusEndpoint;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;

/**
 * {@code --prometheus PORT}: the run's live metrics ({@link LoadTestMetrics}) in a Prometheus registry, served
 * on {@code http://127.0.0.1:PORT/metrics} from before the run starts until the command ends.
 */
final class PrometheusOutput implements AutoCloseable {

    private final PrometheusEndpoint endpoint;
    private final LoadTestListener listener;

    private PrometheusOutput(PrometheusEndpoint endpoint, LoadTestListener listener) {
        this.endpoint = endpoint;
        this.listener = listener;
    }

    /**
     * Starts serving.
     *
     * @param port from 0 to 65535, 0 for any free port
     * @throws IOException if the port cannot be had
     */
    static PrometheusOutput start(int port, String testName) throws IOException {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        return new PrometheusOutput(PrometheusEndpoint.start(registry, port), LoadTestMetrics.of(registry, testName));
    }

    /** The listener to add to the run. */
    LoadTestListener listener() {
        return listener;
    }

    /** Where the metrics are served. */
    URI uri() {
        return endpoint.uri();
    }

    @Override
    public void close() {
        endpoint.close();
    }
}
