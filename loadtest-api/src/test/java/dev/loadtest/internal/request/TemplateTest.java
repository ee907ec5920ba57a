package dev.loadtest.internal.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import dev.loadtest.request.RequestContext;
import dev.loadtest.request.Row;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TemplateTest {

    private static final List<String> COLUMNS = List.of("id", "email");
    private static final Pattern UUID_V4 =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");

    @Test
    void should_render_the_sequence_the_client_and_a_column() {
        Template template = Template.parse("/users/{{id}}/orders/{{ seq }}?client={{client}}", "the URI", COLUMNS);

        assertThat(render(template, context(41, 7))).isEqualTo("/users/u-7/orders/41?client=7");
        assertThat(template.isStatic()).isFalse();
        assertThat(template.usesRow()).isTrue();
    }

    @Test
    void should_render_a_version_4_uuid_from_the_seeded_random() {
        Template template = Template.parse("{{uuid}}", "header X-Id", List.of());

        String first = render(template, context(0, 3));

        assertThat(first).matches(UUID_V4);
        assertThat(java.util.UUID.fromString(first).version()).isEqualTo(4);
        assertThat(render(template, context(0, 3))).isEqualTo(first);
        assertThat(render(template, context(0, 4))).isNotEqualTo(first);
        assertThat(template.usesRow()).isFalse();
    }

    @Test
    void should_draw_random_ints_within_both_bounds_included() {
        Template template = Template.parse("{{randomInt -2 2}}", "the body", List.of());
        RequestContext ctx = context(0, 0);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            seen.add(render(template, ctx));
        }

        assertThat(seen).containsExactlyInAnyOrder("-2", "-1", "0", "1", "2");
        assertThat(render(Template.parse("{{randomInt 5 5}}", "the body", List.of()), ctx)).isEqualTo("5");
        assertThat(render(Template.parse("{{randomInt -2147483648 2147483647}}", "the body", List.of()), ctx))
                .satisfies(v -> Integer.parseInt(v));
    }

    @Test
    void should_recognise_a_text_without_placeholders_as_static() {
        Template template = Template.parse("{\"a\":{\"b\":1}} \\{{not a placeholder}}", "the body", List.of());

        assertThat(template.isStatic()).isTrue();
        assertThat(template.staticText()).isEqualTo("{\"a\":{\"b\":1}} {{not a placeholder}}");
        assertThat(Template.parse("", "the body", List.of()).staticBytes()).isEmpty();
        assertThatIllegalStateException().isThrownBy(() -> Template.parse("{{seq}}", "the URI", List.of()).staticText())
                .withMessage("the URI has placeholders: it is rendered for each request");
    }

    @Test
    void should_keep_the_bytes_around_placeholders_as_they_are() {
        byte[] latin1 = "caf\u00e9 {{seq}} na\u00efve".getBytes(StandardCharsets.ISO_8859_1);
        Template template = Template.parse(latin1, "the body", List.of());
        ByteSink sink = new ByteSink();

        template.render(context(12, 0), sink);

        assertThat(sink.toByteArray()).isEqualTo("caf\u00e9 12 na\u00efve".getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void should_write_a_column_value_in_utf8() {
        Template template = Template.parse("{{email}}", "the body", COLUMNS);
        RequestContext ctx = new Fixed(0, 0, Row.of(COLUMNS, List.of("1", "zoë@ex.com")));

        assertThat(template.bytes(ctx, new ByteSink())).isEqualTo("zoë@ex.com".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void should_name_an_unknown_placeholder_where_it_is_and_what_is_known() {
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("/a/{{sq}}", "the URI", COLUMNS))
                .withMessage("unknown placeholder {{sq}} in the URI (line 1, column 4): known are {{seq}}, {{client}},"
                        + " {{uuid}}, {{randomInt A B}} and the feeder's columns {{id}}, {{email}}");
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{\n  \"id\": {{id}}\n}", "the body", List.of()))
                .withMessage("unknown placeholder {{id}} in the body (line 2, column 9): known are {{seq}}, {{client}},"
                        + " {{uuid}}, {{randomInt A B}}; {{COLUMN}} needs a feeder (--feed FILE), and there is none");
    }

    @Test
    void should_name_a_malformed_placeholder() {
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("x{{randomInt 5}}", "header X-N", List.of()))
                .withMessage("placeholder {{randomInt 5}} in header X-N (line 1, column 2) must be {{randomInt A B}} with"
                        + " whole numbers A <= B, from -2147483648 to 2147483647");
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{{randomInt 9 1}}", "the URI", List.of()))
                .withMessageEndingWith("to 2147483647 (9 > 1)");
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{{randomInt 1 x}}", "the URI", List.of()))
                .withMessageContaining("must be {{randomInt A B}}");
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{{randomInt 1 3000000000}}", "the URI", List.of()))
                .withMessageContaining("must be {{randomInt A B}}");
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{{seq 2}}", "the URI", List.of()))
                .withMessage("placeholder {{seq 2}} in the URI (line 1, column 1) takes no argument: write {{seq}}");
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("a{{ }}", "the URI", List.of()))
                .withMessageStartingWith("empty placeholder {{ }} in the URI (line 1, column 2): known are");
    }

    @Test
    void should_name_an_unclosed_placeholder() {
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("{\"id\": {{seq,\n\"x\": {}}}", "the body", List.of()))
                .withMessage("placeholder in the body (line 1, column 8) is not closed with }} on its line: {{seq,");
    }

    @Test
    void should_refuse_a_column_shadowed_by_a_placeholder_of_the_same_name() {
        assertThatIllegalArgumentException().isThrownBy(() -> Template.parse("/{{seq}}", "the URI", List.of("seq")))
                .withMessage("placeholder {{seq}} in the URI (line 1, column 2) is ambiguous: the feeder has a column named"
                        + " seq too; rename the column");
    }

    private static String render(Template template, RequestContext ctx) {
        ByteSink sink = new ByteSink();
        template.render(ctx, sink);
        return sink.toString();
    }

    private static RequestContext context(long sequence, int client) {
        return new Fixed(sequence, client, Row.of(COLUMNS, List.of("u-" + client, "u" + client + "@example.com")));
    }

    /** A context of fixed values; its random generator is seeded from the client, so it repeats. */
    record Fixed(long sequence, int client, Row row, RandomGenerator random) implements RequestContext {
        Fixed(long sequence, int client, Row row) {
            this(sequence, client, row, SeededRandom.of(7, client, SeededRandom.Stream.REQUESTS));
        }
    }
}
