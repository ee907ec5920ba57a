package dev.loadtest.samples.cli;

import static dev.loadtest.samples.cli.CommandFlags.usage;

import dev.loadtest.BoundedFile;
import dev.loadtest.Header;
import dev.loadtest.LoadTest;
import dev.loadtest.internal.request.TemplateSource;
import dev.loadtest.request.Feeder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The command's request templates: placeholders in the URI, in {@code -H} values and in the {@code -d} body file
 * make a {@link TemplateSource}, parsed once before the run, with {@code --feed}'s rows for {@code {{COLUMN}}}.
 * Without a placeholder (and without {@code --feed}) nothing changes: the flags go onto the builder as before and
 * every request is the same bytes, encoded once. A template error is a usage error naming the placeholder.
 *
 * <pre>
 * loadtest -n 1000 -H 'X-Customer: {{customer}}' -d order.json --feed customers.csv \
 *     'http://127.0.0.1:8080/orders/{{seq}}'
 * </pre>
 */
final class RequestTemplates {

    private static final String PLACEHOLDER = "{{";

    private RequestTemplates() {
    }

    /**
     * The builder of the run's targets: as given, or, when the request is templated, the template URI's server
     * with a template source (its method, headers with placeholders and body) and feeder. Marks
     * {@link RequestOptions#templated} so that {@link TestFromFlags#connectionsAndRequests} leaves -H, -d and
     * --method to the template; the headers without a placeholder still go onto the builder (the run's headers).
     */
    static LoadTest.Builder target(CommandSpec spec, RequestOptions request, List<String> targets) {
        if (request.feedOrder != null && request.feed == null) {
            throw usage(spec, "--feed-order (" + request.feedOrder + ") needs --feed FILE");
        }
        byte[] body = request.data == null ? null : readBody(spec, request);
        boolean templated = request.feed != null || targets.stream().anyMatch(t -> t.contains(PLACEHOLDER))
                || request.headers.stream().anyMatch(h -> h.contains(PLACEHOLDER))
                || (body != null && new String(body, StandardCharsets.ISO_8859_1).contains(PLACEHOLDER));
        request.templated = templated;
        if (!templated) {
            return LoadTest.target(targets.toArray(String[]::new));
        }
        if (targets.size() > 1) {
            throw usage(spec, "a templated request (placeholders or --feed) goes to one URI, but " + targets.size()
                    + " are given: put what varies in placeholders of one URI");
        }
        String uri = targets.get(0);
        try {
            Feeder feeder = feeder(request);
            List<String> columns = feeder == null ? List.of() : feeder.columns();
            LoadTest.Builder b = LoadTest.target(TemplateSource.origin(uri));
            List<Header> templatedHeaders = new ArrayList<>();
            for (String line : request.headers) {
                Header header = TestFromFlags.header(spec, line);
                if (header.value().contains(PLACEHOLDER)) {
                    templatedHeaders.add(header);
                } else {
                    b.header(header.name(), header.value());
                }
            }
            String method = request.method != null ? request.method : body != null ? "POST" : "GET";
            TemplateSource source = TemplateSource.of(method, uri, templatedHeaders, body, columns);
            if (feeder != null && !source.usesRow()) {
                throw usage(spec, "--feed " + request.feed + ": no {{COLUMN}} placeholder reads its rows (its columns: "
                        + String.join(", ", columns) + ")");
            }
            b.request(source);
            if (feeder != null) {
                b.feed(feeder);
            }
            return b;
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        }
    }

    private static Feeder feeder(RequestOptions request) {
        if (request.feed == null) {
            return null;
        }
        Feeder feeder = Feeder.of(request.feed);
        return request.feedOrder == null ? feeder : feeder.order(Feeder.Order.of(request.feedOrder));
    }

    private static byte[] readBody(CommandSpec spec, RequestOptions request) {
        try {
            return BoundedFile.read("-d", request.data, LoadTest.Builder.MAX_BODY_BYTES);
        } catch (IllegalArgumentException e) {
            throw usage(spec, e.getMessage());
        } catch (IOException e) {
            // the builder's words for the same file (LoadTest.Builder.body(Path)), in the flag's name
            throw usage(spec, "-d (" + request.data + ") cannot be read (" + BoundedFile.describe(e) + ")");
        }
    }
}
