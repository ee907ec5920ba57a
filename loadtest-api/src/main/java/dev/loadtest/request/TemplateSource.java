package dev.loadtest.request;

import dev.loadtest.internal.request.ByteSink;
import dev.loadtest.internal.request.Template;
import dev.loadtest.Header;
import dev.loadtest.request.Request;
import dev.loadtest.request.RequestContext;
import dev.loadtest.request.RequestSource;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The request source of the command and of a JSON configuration: a method, a URI, header values and a body,
 * each a {@link Template}, parsed once when the source is made. A source without a placeholder is
 * {@linkplain #isStatic() static}: it gives the same request every time, which the engine encodes once.
 *
 * <pre>{@code
 * TemplateSource source = TemplateSource.of("POST", "http://localhost:8080/orders/{{seq}}",
 *         List.of(new Header("X-Customer", "{{customer}}")), "{\"id\":\"{{uuid}}\"}".getBytes(UTF_8),
 *         feeder.columns());
 * URI target = TemplateSource.origin("http://localhost:8080/orders/{{seq}}");   // http://localhost:8080
 * }</pre>
 *
 * <p>An absolute URI's scheme, host and port are fixed (a run loads one server, {@link #origin}); its path and
 * query are rendered and sent as a path, with no URI to parse per request.
 */
public final class TemplateSource implements RequestSource {

    /** One sink per thread: rendering is synchronous, and a thread builds one request at a time. */
    private static final ThreadLocal<ByteSink> SINK = ThreadLocal.withInitial(ByteSink::new);

    private final String method;
    private final Template target;
    private final List<String> headerNames;
    private final List<Template> headerValues;
    /** The headers whose value is static, made once; null where the value is rendered per request. */
    private final Header[] fixedHeaders;
    private final Template body;
    /** The request of a static target, without headers or body, checked once; null when the target is rendered. */
    private final Request staticTarget;
    private final Request staticRequest;

    private TemplateSource(String method, Template target, List<String> headerNames, List<Template> headerValues,
            Template body) {
        this.method = method;
        this.target = target;
        this.headerNames = headerNames;
        this.headerValues = headerValues;
        this.fixedHeaders = new Header[headerNames.size()];
        for (int i = 0; i < fixedHeaders.length; i++) {
            Template value = headerValues.get(i);
            fixedHeaders[i] = value.isStatic() ? new Header(headerNames.get(i), value.staticText()) : null;
        }
        this.body = body;
        this.staticTarget = target.isStatic() ? Request.of(method, target.staticText()) : null;
        boolean fixed = target.isStatic() && (body == null || body.isStatic())
                && headerValues.stream().allMatch(Template::isStatic);
        this.staticRequest = fixed ? build(null) : null;
    }

    /**
     * Parses the templates of a request.
     *
     * @param uri a path ({@code /orders/{{seq}}}), an absolute URI whose scheme, host and port hold no
     *     placeholder ({@code http://localhost:8080/orders/{{seq}}}), or a placeholder giving either
     *     ({@code {{url}}}, a column)
     * @param headers the headers, their values templates
     * @param body the body template, or null for none
     * @param columns the feeder's columns, empty without a feeder
     * @throws IllegalArgumentException naming the placeholder, where it is and the rule; or the method, a header
     *     or the URI that breaks a rule of {@link Request} or {@link Header}
     */
    public static TemplateSource of(String method, String uri, List<Header> headers, byte[] body,
            List<String> columns) {
        Objects.requireNonNull(uri, "uri must not be null");
        Request.of(method, "/");   // checks the method
        Template whole = Template.parse(uri, "the URI", columns);
        Template target = whole;
        if (!uri.startsWith("/") && !uri.startsWith("{{")) {
            URI origin = origin(uri);
            String path = uri.substring(origin.toString().length());
            target = Template.parse(path.isEmpty() || path.startsWith("?") ? "/" + path : path, "the URI", columns);
        }
        if (target.isStatic()) {
            Request.of(method, target.staticText());   // a static URI is checked now, not at the first request
        }
        List<String> names = new ArrayList<>();
        List<Template> values = new ArrayList<>();
        for (Header header : headers) {
            names.add(header.name());
            values.add(Template.parse(header.value(), "header " + header.name(), columns));
        }
        return new TemplateSource(method, target, List.copyOf(names), List.copyOf(values),
                body == null ? null : Template.parse(body, "the body", columns));
    }

    /**
     * The scheme, host and port of an absolute URI template, as a URI to connect to:
     * {@code http://localhost:8080} for {@code http://localhost:8080/orders/{{seq}}}.
     *
     * @throws IllegalArgumentException if the text is not an absolute http or https URI, or has a placeholder
     *     before its path
     */
    public static URI origin(String uri) {
        String lower = uri.toLowerCase(Locale.ROOT);
        int authority = lower.startsWith("http://") ? 7 : lower.startsWith("https://") ? 8 : -1;
        if (authority < 0) {
            throw new IllegalArgumentException("the URI (" + uri + ") must start with /, http:// or https://");
        }
        int end = authority;
        while (end < uri.length() && uri.charAt(end) != '/' && uri.charAt(end) != '?') {
            end++;
        }
        String origin = uri.substring(0, end);
        if (origin.contains("{{")) {
            throw new IllegalArgumentException("the URI (" + uri + ") has a placeholder in its host or port: a run"
                    + " loads one server, only the path and the query may vary");
        }
        try {
            URI parsed = new URI(origin);
            if (parsed.getHost() == null || parsed.getRawUserInfo() != null) {
                throw new URISyntaxException(origin, "it must name a host (and no user info)");
            }
            return parsed;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("the URI (" + uri + ") does not start with a valid scheme, host and"
                    + " port: " + e.getReason());
        }
    }

    /** Whether every request is the same: no placeholder anywhere. */
    public boolean isStatic() {
        return staticRequest != null;
    }

    /** Whether a request takes a feeder row ({@code {{COLUMN}}} somewhere). */
    public boolean usesRow() {
        return target.usesRow() || (body != null && body.usesRow())
                || headerValues.stream().anyMatch(Template::usesRow);
    }

    @Override
    public Request next(RequestContext ctx) {
        return staticRequest != null ? staticRequest : build(ctx);
    }

    /**
     * Renders a request. What parsing checked (the method, a static target, fixed headers) is not checked
     * again; a rendered path is checked on its bytes, as {@link Request} would check it, and anything else
     * (an absolute URI from a column, a character a path cannot hold) goes through {@link Request#of}, which
     * accepts it or throws its usual message.
     */
    private Request build(RequestContext ctx) {
        ByteSink sink = SINK.get();
        Request checkedTarget = staticTarget;
        String renderedPath = null;
        if (checkedTarget == null) {
            sink.reset();
            target.render(ctx, sink);
            if (sink.isRequestPath()) {
                renderedPath = sink.toAsciiString();
            } else {
                checkedTarget = Request.of(method, sink.toString());
            }
        }
        List<Header> headers = List.of();
        if (fixedHeaders.length > 0) {
            Header[] all = new Header[fixedHeaders.length];
            for (int i = 0; i < all.length; i++) {
                Header fixed = fixedHeaders[i];
                all[i] = fixed != null ? fixed : new Header(headerNames.get(i), headerValues.get(i).text(ctx, sink));
            }
            headers = List.of(all);
        }
        // a static body's bytes are shared by every request: a Request never hands out its own array
        byte[] bytes = body == null ? null : body.bytes(ctx, sink);
        return checkedTarget != null ? checkedTarget.withChecked(headers, bytes)
                : Request.checked(method, renderedPath, headers, bytes);
    }
}
