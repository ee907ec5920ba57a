package dev.loadtest.internal.engine.scenario;

import dev.loadtest.testing.HttpCoreMultiplexer;
import org.junit.jupiter.api.extension.ExtendWith;

/** {@link ScenarioTrafficTest}'s cases on HttpCore's HTTP/2 multiplexer ({@code -Dloadtest.http2=httpcore}). */
@ExtendWith(HttpCoreMultiplexer.class)
class ScenarioTrafficOnHttpCoreTest extends ScenarioTrafficTest {
}
