package dev.loadtest.internal.request;

import dev.loadtest.request.RequestContext;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A text with placeholders (a URI, a header value, a request body), parsed once before a run into fixed bytes
 * and placeholders, then rendered for each request by writing the pieces one after the other: no regular
 * expression, no parsing per request.
 *
 * <ul>
 *   <li>{@code {{seq}}}: the request's sequence number in the run ({@link RequestContext#sequence()});</li>
 *   <li>{@code {{client}}}: the client's index ({@link RequestContext#client()});</li>
 *   <li>{@code {{uuid}}}: a random UUID from the client's seeded generator;</li>
 *   <li>{@code {{randomInt A B}}}: a whole number from A to B, both included, from the same generator;</li>
 *   <li>{@code {{COLUMN}}}: the value of the feeder row's column of that name.</li>
 * </ul>
 * Spaces inside the braces are allowed ({@code {{ seq }}}). {@code \{{} writes {@code {{} itself. A text
 * without a placeholder is {@linkplain #isStatic() static}: the engine can encode it once for the whole run.
 */
public final class Template {

    private static final String KNOWN = "{{seq}}, {{client}}, {{uuid}}, {{randomInt A B}}";

    private final String where;
    private final Placeholder[] parts;
    private final byte[] staticBytes;
    private final String staticText;
    private final boolean usesRow;

    private Template(String where, List<Placeholder> parts) {
        this.where = where;
        this.parts = parts.toArray(new Placeholder[0]);
        this.staticBytes = parts.isEmpty() ? new byte[0]
                : parts.size() == 1 && parts.get(0) instanceof Placeholder.Literal l ? l.bytes() : null;
        this.staticText = staticBytes == null ? null : new String(staticBytes, StandardCharsets.UTF_8);
        this.usesRow = parts.stream().anyMatch(p -> p instanceof Placeholder.Column);
    }

    /**
     * Parses a text (a URI, a header value).
     *
     * @param where what the text is, for messages: {@code "the URI"}, {@code "header X-Id"}
     * @param columns the feeder's columns, empty without a feeder
     * @throws IllegalArgumentException naming the placeholder, where it is (line and column) and the rule: an
     *     unknown placeholder, a column the feeder lacks, a malformed or unclosed one
     */
    public static Template parse(String text, String where, List<String> columns) {
        return parse(Objects.requireNonNull(text, where + " must not be null").getBytes(StandardCharsets.UTF_8),
                where, columns);
    }

    /**
     * Parses bytes (a body file): the placeholders are ASCII and the column names UTF-8; the bytes around them
     * are kept as they are, whatever their encoding.
     *
     * @see #parse(String, String, List)
     */
    public static Template parse(byte[] text, String where, List<String> columns) {
        Objects.requireNonNull(text, where + " must not be null");
        List<Placeholder> parts = new ArrayList<>();
        ByteArrayOutputStream literal = new ByteArrayOutputStream();
        int i = 0;
        while (i < text.length) {
            if (text[i] == '\\' && startsBraces(text, i + 1)) {
                literal.write('{');
                literal.write('{');
                i += 3;
            } else if (startsBraces(text, i)) {
                int close = indexOfClose(text, i + 2);
                if (close < 0) {
                    throw new IllegalArgumentException("placeholder in " + where + " " + position(text, i)
                            + " is not closed with }} on its line: " + excerpt(text, i));
                }
                if (literal.size() > 0) {
                    parts.add(new Placeholder.Literal(literal.toByteArray()));
                    literal.reset();
                }
                String content = new String(text, i + 2, close - i - 2, StandardCharsets.UTF_8);
                parts.add(placeholder(content, where + " " + position(text, i), columns));
                i = close + 2;
            } else {
                literal.write(text[i]);
                i++;
            }
        }
        if (literal.size() > 0) {
            parts.add(new Placeholder.Literal(literal.toByteArray()));
        }
        return new Template(where, parts);
    }

    /** Whether the text has no placeholder: the same bytes for every request. */
    public boolean isStatic() {
        return staticBytes != null;
    }

    /**
     * The text of a static template ({@code \{{} written as {@code {{}).
     *
     * @throws IllegalStateException if it has placeholders
     */
    public String staticText() {
        requireStatic();
        return staticText;
    }

    /**
     * A copy of the bytes of a static template.
     *
     * @throws IllegalStateException if it has placeholders
     */
    public byte[] staticBytes() {
        requireStatic();
        return staticBytes.clone();
    }

    private void requireStatic() {
        if (staticBytes == null) {
            throw new IllegalStateException(where + " has placeholders: it is rendered for each request");
        }
    }

    /** Whether rendering takes a feeder row ({@code {{COLUMN}}}). */
    public boolean usesRow() {
        return usesRow;
    }

    /** The bytes for a request: this template's own for a static one (not to be changed), else rendered. */
    public byte[] bytes(RequestContext ctx, ByteSink sink) {
        if (staticBytes != null) {
            return staticBytes;
        }
        sink.reset();
        render(ctx, sink);
        return sink.toByteArray();
    }

    /** The text for a request: rendered into {@code sink}, unless static. */
    public String text(RequestContext ctx, ByteSink sink) {
        if (staticText != null) {
            return staticText;
        }
        sink.reset();
        render(ctx, sink);
        return sink.toString();
    }

    /** Writes the text for a request into {@code out}, after what it holds. */
    public void render(RequestContext ctx, ByteSink out) {
        for (Placeholder part : parts) {
            part.write(ctx, out);
        }
    }

    private static Placeholder placeholder(String content, String at, List<String> columns) {
        String name = content.strip();
        String shown = "{{" + content + "}}";
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty placeholder " + shown + " in " + at + ": known are " + KNOWN
                    + columnsText(columns));
        }
        String[] words = name.split("[ \t]+");
        switch (words[0]) {
            case "seq":
            case "client":
            case "uuid":
                if (words.length > 1) {
                    throw new IllegalArgumentException("placeholder " + shown + " in " + at
                            + " takes no argument: write {{"
                            + words[0] + "}}");
                }
                if (columns.contains(words[0])) {
                    throw new IllegalArgumentException("placeholder " + shown + " in " + at
                            + " is ambiguous: the feeder"
                            + " has a column named " + words[0] + " too; rename the column");
                }
                return words[0].equals("seq") ? new Placeholder.Sequence()
                        : words[0].equals("client") ? new Placeholder.Client() : new Placeholder.Uuid();
            case "randomInt":
                return randomInt(words, shown, at);
            default:
                if (columns.contains(name)) {
                    return new Placeholder.Column(name);
                }
                throw new IllegalArgumentException("unknown placeholder " + shown + " in " + at + ": known are " + KNOWN
                        + columnsText(columns));
        }
    }

    private static Placeholder randomInt(String[] words, String shown, String at) {
        String rule = "placeholder " + shown + " in " + at + " must be {{randomInt A B}} with whole numbers"
                + " A <= B, from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        if (words.length != 3) {
            throw new IllegalArgumentException(rule);
        }
        int min;
        int max;
        try {
            min = Integer.parseInt(words[1]);
            max = Integer.parseInt(words[2]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(rule);
        }
        if (min > max) {
            throw new IllegalArgumentException(rule + " (" + min + " > " + max + ")");
        }
        return new Placeholder.RandomInt(min, max);
    }

    private static String columnsText(List<String> columns) {
        if (columns.isEmpty()) {
            return "; {{COLUMN}} needs a feeder (--feed FILE), and there is none";
        }
        StringBuilder s = new StringBuilder(" and the feeder's columns");
        for (int i = 0; i < columns.size(); i++) {
            s.append(i == 0 ? " {{" : ", {{").append(columns.get(i)).append("}}");
        }
        return s.toString();
    }

    private static boolean startsBraces(byte[] text, int i) {
        return i + 1 < text.length && text[i] == '{' && text[i + 1] == '{';
    }

    /** Where the placeholder opened before {@code from} closes: on the same line, or it is never closed. */
    private static int indexOfClose(byte[] text, int from) {
        for (int i = from; i + 1 < text.length && text[i] != '\n'; i++) {
            if (text[i] == '}' && text[i + 1] == '}') {
                return i;
            }
        }
        return -1;
    }

    /** {@code (line 2, column 7)}: where byte {@code index} is, counting characters, from 1. */
    private static String position(byte[] text, int index) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < index; i++) {
            if (text[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = new String(text, lineStart, index - lineStart, StandardCharsets.UTF_8).length() + 1;
        return "(line " + line + ", column " + column + ")";
    }

    /** Up to 30 bytes from {@code index}, on one line, to show where an unclosed placeholder starts. */
    private static String excerpt(byte[] text, int index) {
        int end = index;
        while (end < text.length && end - index < 30 && text[end] != '\n' && text[end] != '\r') {
            end++;
        }
        boolean cut = end - index == 30 && end < text.length;
        return new String(text, index, end - index, StandardCharsets.UTF_8) + (cut ? "..." : "");
    }
}
