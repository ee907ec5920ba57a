package dev.loadtest.samples.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reading a SnakeYAML node tree (composed, not constructed: every node keeps its line) with errors that name
 * the file and the line: {@code flow.yaml:7: unknown field 'extrct' in step 'login': known are ...}. A
 * mapping's fields are read by name, and what is left unread is an unknown field.
 */
final class YamlFields {

    /** An error in the file, its message {@code FILE:LINE: what}: the command's usage error. */
    static final class FileError extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        FileError(String file, Node at, String message) {
            super(file + ":" + line(at) + ": " + message);
        }
    }

    private final String file;
    private final Node node;
    private final String what;
    private final Map<String, NodeTuple> fields = new LinkedHashMap<>();

    private YamlFields(String file, MappingNode node, String what) {
        this.file = file;
        this.node = node;
        this.what = what;
        for (NodeTuple tuple : node.getValue()) {
            String key = scalar(file, tuple.getKeyNode(), "a field name in " + what);
            if (fields.put(key, tuple) != null) {
                throw new FileError(file, tuple.getKeyNode(), "field '" + key + "' is given twice in " + what);
            }
        }
    }

    /**
     * The fields of a mapping node.
     *
     * @param what the mapping, for messages: {@code "step 'login'"}
     */
    static YamlFields of(String file, Node node, String what) {
        if (!(node instanceof MappingNode mapping)) {
            throw new FileError(file, node, what + " must be a mapping of fields (name: value), not " + kind(node));
        }
        return new YamlFields(file, mapping, what);
    }

    /** The 1-based line a node starts on. */
    static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }

    /** Whether the mapping has this field. */
    boolean has(String name) {
        return fields.containsKey(name);
    }

    /** A field's value node, or null when absent. */
    Node node(String name) {
        NodeTuple tuple = fields.get(name);
        return tuple == null ? null : tuple.getValueNode();
    }

    /** A field's value node, or an error naming the field when absent. */
    Node required(String name) {
        Node value = node(name);
        if (value == null) {
            throw new FileError(file, node, what + " has no field '" + name + "'");
        }
        return value;
    }

    /** A scalar field's text, or null when absent. */
    String text(String name) {
        Node value = node(name);
        return value == null ? null : scalar(file, value, "field '" + name + "' of " + what);
    }

    /** A field's values: one scalar, or a sequence of scalars. Empty when absent. */
    List<String> texts(String name) {
        Node value = node(name);
        List<String> texts = new ArrayList<>();
        if (value instanceof SequenceNode sequence) {
            for (Node item : sequence.getValue()) {
                texts.add(scalar(file, item, "an item of field '" + name + "' of " + what));
            }
        } else if (value != null) {
            texts.add(scalar(file, value, "field '" + name + "' of " + what));
        }
        return texts;
    }

    /** A field that is {@code true} or {@code false}; false when absent. */
    boolean bool(String name) {
        String text = text(name);
        if (text == null) {
            return false;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (!lower.equals("true") && !lower.equals("false")) {
            throw new FileError(file, node(name), name + " (" + text + ") must be true or false");
        }
        return lower.equals("true");
    }

    /** The field names, in the order written. */
    List<String> names() {
        return List.copyOf(fields.keySet());
    }

    /**
     * Refuses any field not in {@code known}: a misspelt field would otherwise be ignored in silence.
     *
     * @throws FileError at the first unknown field's line
     */
    YamlFields only(String... known) {
        List<String> allowed = List.of(known);
        for (Map.Entry<String, NodeTuple> e : fields.entrySet()) {
            if (!allowed.contains(e.getKey())) {
                throw new FileError(file, e.getValue().getKeyNode(), "unknown field '" + e.getKey() + "' in " + what
                        + ": known are " + String.join(", ", allowed));
            }
        }
        return this;
    }

    /** A scalar's text. */
    static String scalar(String file, Node node, String what) {
        if (!(node instanceof ScalarNode scalar)) {
            throw new FileError(file, node, what + " must be a single value, not " + kind(node));
        }
        return scalar.getValue();
    }

    /**
     * The text as an absolute http or https URI with a host (the scheme in any case), or null if it is not one
     * (a syntax error included): the check of a file's {@code target} and of its token block's {@code uri}.
     */
    static URI httpUri(String text) {
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null ? uri : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    static String kind(Node node) {
        return node instanceof MappingNode ? "a mapping" : node instanceof SequenceNode ? "a list" : "a value";
    }
}
