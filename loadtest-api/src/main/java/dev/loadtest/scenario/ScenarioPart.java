package dev.loadtest.scenario;

/**
 * What a {@link Scenario} is made of, run in order: a {@link Step} (one request) or a {@link Repeat} (steps run
 * several times).
 */
public sealed interface ScenarioPart permits Step, Repeat {
}
