package dev.loadtest.json;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.loadtest.LoadTest;
import dev.loadtest.Redaction;
import dev.loadtest.check.Check;
import dev.loadtest.scenario.Extract;
import dev.loadtest.scenario.Repeat;
import dev.loadtest.scenario.Scenario;
import dev.loadtest.scenario.ScenarioPart;
import dev.loadtest.scenario.Step;
import java.io.IOException;
import java.util.List;

/**
 * The scenario a run ran, as the result's {@code configuration.scenario} (since version 3): its name, its load
 * model (closed with its users, or open with its arrivals per second unless they follow the configuration's rate
 * stages; iterations, a connection per user) and its parts in order, each a step (name, request
 * line when it is a template's, checks by name, extractions, pause, condition) or a repeat of parts. A record for
 * people and tools of what ran, written from the run's {@link Scenario}; not read back, since a step's request may
 * be a function, so a result read from a file has no scenario to run again, and a document written from it (a
 * merge of shards' files) has none either. Headers and bodies are left out, as they may carry credentials; a
 * template's URI is shown as {@link Redaction#display(String)} shows URIs.
 */
final class ScenarioShapeJson {

    private final JsonGenerator out;

    ScenarioShapeJson(JsonGenerator out) {
        this.out = out;
    }

    /** The {@code scenario} field of the configuration: nothing for a run of single requests. */
    void write(LoadTest whole) throws IOException {
        if (whole.scenario().isEmpty()) {
            return;
        }
        Scenario s = whole.scenario().get();
        out.writeObjectFieldStart("scenario");
        out.writeStringField("name", s.name());
        // closed: users loop the scenario; open: sessions arrive at the configuration's rate or stages
        boolean closed = whole.users() > 0;
        out.writeStringField("model", closed ? "closed" : "open");
        if (closed) {
            out.writeNumberField("users", whole.users());
        } else if (whole.arrivals().isPresent()) {
            out.writeNumberField("arrivals", whole.arrivals().getAsDouble());
        }
        if (whole.iterations().isPresent()) {
            out.writeNumberField("iterations", whole.iterations().getAsLong());
        }
        out.writeBooleanField("connectionPerUser", whole.connectionPerUser());
        out.writeBooleanField("followRedirects", s.followsRedirects());
        out.writeBooleanField("tokenProvider", s.tokenProvider().isPresent());
        parts(s.parts());
        out.writeEndObject();
    }

    private void parts(List<ScenarioPart> parts) throws IOException {
        out.writeArrayFieldStart("parts");
        for (ScenarioPart part : parts) {
            out.writeStartObject();
            if (part instanceof Repeat repeat) {
                out.writeNumberField("repeat", repeat.times());
                parts(repeat.parts());
            } else {
                step((Step) part);   // a part is a step or a repeat (sealed)
            }
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    private void step(Step step) throws IOException {
        out.writeStringField("step", step.name());
        if (step.request().requestLine().isPresent()) {
            out.writeStringField("request", Redaction.display(step.request().requestLine().get()));
        }
        if (step.condition().isPresent()) {
            out.writeStringField("onlyIf", step.condition().get());
        }
        out.writeArrayFieldStart("checks");
        for (Check c : step.checks()) {
            out.writeString(c.name());
        }
        out.writeEndArray();
        out.writeArrayFieldStart("extract");
        for (Extract e : step.extracts()) {
            out.writeStartObject();
            out.writeStringField("from", e.from().word());
            out.writeStringField("expression", e.expression());
            out.writeStringField("into", e.variable());
            out.writeBooleanField("optional", e.isOptional());
            out.writeEndObject();
        }
        out.writeEndArray();
        if (!step.pause().isNone()) {
            out.writeStringField("pause", step.pause().toString());
        }
    }
}
