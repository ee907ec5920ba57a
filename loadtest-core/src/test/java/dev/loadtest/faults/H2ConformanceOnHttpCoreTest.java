package dev.loadtest.faults;

import dev.loadtest.testing.HttpCoreMultiplexer;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link H2ConformanceTest}'s cases on HttpCore's HTTP/2 multiplexer ({@code -Dloadtest.http2=httpcore}). */
@ExtendWith(HttpCoreMultiplexer.class)
class H2ConformanceOnHttpCoreTest extends H2ConformanceTest {
}
