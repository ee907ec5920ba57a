package dev.loadtest.internal.scenario;

import dev.loadtest.Header;
import dev.loadtest.request.TemplateSource;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestContext;
import dev.loadtest.request.Row;
import dev.loadtest.scenario.Session;
import dev.loadtest.scenario.StepRequest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * {@link StepRequest#template}: the request sources' {@link TemplateSource}, with a session's variables beside
 * its feeder columns. Each {@code {{NAME}}} is parsed as a column of a row made per request of exactly the names
 * the templates use: a variable's value when the session has it, else the feeder row's column.
 */
public final class TemplateRequest implements StepRequest {

    /** The placeholders a template fills itself; any other name is a variable or a column. */
    private static final Set<String> BUILT_IN = Set.of("seq", "client", "uuid", "randomInt");

    private final TemplateSource source;
    /** {@code "POST /login"}: the method and the URI as written, for {@link #requestLine()}. */
    private final String requestLine;
    private final List<String> names;
    /** The same names, in order: what {@link #names()} gives, made once. */
    private final Set<String> nameSet;

    private TemplateRequest(TemplateSource source, String requestLine, List<String> names) {
        this.source = source;
        this.requestLine = requestLine;
        this.names = names;
        this.nameSet = Collections.unmodifiableSet(new LinkedHashSet<>(names));
    }

    /** @see StepRequest#template */
    public static TemplateRequest of(String method, String uri, List<Header> headers, String body) {
        Objects.requireNonNull(uri, "uri must not be null");
        Objects.requireNonNull(headers, "headers must not be null");
        Set<String> names = new LinkedHashSet<>(names(uri));
        headers.forEach(h -> names.addAll(names(h.value())));
        if (body != null) {
            names.addAll(names(body));
        }
        List<String> columns = List.copyOf(names);
        return new TemplateRequest(TemplateSource.of(method, uri, headers,
                body == null ? null : body.getBytes(StandardCharsets.UTF_8), columns), method + " " + uri, columns);
    }

    @Override
    public Request build(Session session) {
        return source.next(new Context(session));
    }

    @Override
    public Optional<String> requestLine() {
        return Optional.of(requestLine);
    }

    @Override
    public Set<String> names() {
        return nameSet;
    }

    /**
     * The names between {@code {{ }}} that are not the template's own, in order. Only names: {@link TemplateSource}
     * parses the text and reports what is malformed.
     */
    static List<String> names(String text) {
        List<String> found = new ArrayList<>();
        int i = 0;
        while ((i = text.indexOf("{{", i)) >= 0) {
            if (i > 0 && text.charAt(i - 1) == '\\') {   // \{{ writes {{ itself
                i += 2;
                continue;
            }
            int close = text.indexOf("}}", i + 2);
            int lineEnd = text.indexOf('\n', i);
            if (close < 0 || (lineEnd >= 0 && lineEnd < close)) {
                break;   // unclosed: the template's parser says where
            }
            String name = text.substring(i + 2, close).strip();
            String first = name.isEmpty() ? "" : name.split("[ \t]+")[0];
            if (!name.isEmpty() && !BUILT_IN.contains(first)) {
                found.add(name);
            }
            i = close + 2;
        }
        return found;
    }

    /**
     * The session as the template sees it: its row holds the template's names, variables first. One per request
     * built, so its row is made once for all the placeholders.
     */
    private final class Context implements RequestContext {

        private final Session session;
        private Row row;

        Context(Session session) {
            this.session = session;
        }

        @Override
        public long sequence() {
            return session.sequence();
        }

        @Override
        public int client() {
            return session.client();
        }

        @Override
        public RandomGenerator random() {
            return session.random();
        }

        @Override
        public Row row() {
            if (row == null) {
                List<String> values = new ArrayList<>(names.size());
                for (String name : names) {
                    values.add(session.variable(name).orElseGet(() -> column(name)));
                }
                row = Row.of(names, values);
            }
            return row;
        }

        private String column(String name) {
            Row row;
            try {
                row = session.row();
            } catch (IllegalStateException e) {
                throw new IllegalStateException("{{" + name + "}} is not set: no step of this session extracted it,"
                        + " and the run has no feeder");
            }
            if (!row.columns().contains(name)) {
                throw new IllegalStateException("{{" + name + "}} is not set: no step of this session extracted it,"
                        + " and the feeder has no such column " + row.columns());
            }
            return row.get(name);
        }
    }
}
