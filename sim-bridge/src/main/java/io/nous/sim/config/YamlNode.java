package io.nous.sim.config;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A YAML node that knows where it is ({@code file:line}), for readers of files whose mistakes must be
 * reported by file, line and name: an operator's EndpointPickerConfig, say. Maps are read key by key
 * and then {@link #rejectUnknown} refuses whatever key no reader asked for.
 */
public final class YamlNode {
    private final String origin;
    private final Node node;
    private final Function<String, RuntimeException> error;
    private final Map<String, YamlNode> entries;
    private final Map<String, Integer> keyLines;
    private final java.util.Set<String> read = new java.util.HashSet<>();

    private YamlNode(String origin, Node node, Function<String, RuntimeException> error) {
        this.origin = origin;
        this.node = node;
        this.error = error;
        if (node instanceof MappingNode m) {
            entries = new LinkedHashMap<>();
            keyLines = new LinkedHashMap<>();
            for (NodeTuple t : m.getValue()) {
                if (!(t.getKeyNode() instanceof ScalarNode k)) {
                    throw error.apply(origin + ":" + line(t.getKeyNode()) + ": a key must be a plain name");
                }
                if (entries.containsKey(k.getValue())) {
                    throw error.apply(origin + ":" + line(k) + ": '" + k.getValue() + "' is given twice");
                }
                entries.put(k.getValue(), new YamlNode(origin, t.getValueNode(), error));
                keyLines.put(k.getValue(), line(k));
            }
        } else {
            entries = null;
            keyLines = null;
        }
    }

    /**
     * Parses {@code text}; {@code error} builds the caller's exception from a message that starts
     * with {@code origin:line}.
     */
    public static YamlNode parse(String text, String origin, Function<String, RuntimeException> error) {
        return parse(new StringReader(text), origin, error);
    }

    public static YamlNode parse(Reader in, String origin, Function<String, RuntimeException> error) {
        Node root;
        try (Reader r = in) {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).compose(r);
        } catch (MarkedYAMLException e) {
            int at = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw error.apply(origin + ":" + at + ": not valid YAML: " + e.getProblem());
        } catch (YAMLException | IOException e) {
            throw error.apply(origin + ": not valid YAML: " + e.getMessage());
        }
        if (root == null) {
            throw error.apply(origin + ": the file is empty");
        }
        return new YamlNode(origin, root, error);
    }

    private static int line(Node n) {
        return n.getStartMark() == null ? 0 : n.getStartMark().getLine() + 1;
    }

    /** {@code file:line} of this node. */
    public String where() {
        return origin + ":" + line(node);
    }

    /** An error at this node: {@code file:line: message}. */
    public RuntimeException fail(String message) {
        return error.apply(where() + ": " + message);
    }

    public boolean isMap() {
        return entries != null;
    }

    /** This node as a map, or an error naming {@code what}. */
    public YamlNode map(String what) {
        if (!isMap()) {
            throw fail(what + " must be a map of names to values");
        }
        return this;
    }

    public boolean has(String key) {
        return entries != null && entries.containsKey(key);
    }

    /** The keys of this map, in file order. */
    public List<String> keys() {
        return entries == null ? List.of() : List.copyOf(entries.keySet());
    }

    /** The value under {@code key}, or null when absent; the key counts as read. */
    public YamlNode get(String key) {
        if (entries == null) {
            return null;
        }
        read.add(key);
        return entries.get(key);
    }

    /** Refuses every key no one read: {@code file:line: unknown <what> 'key' (known: ...)}. */
    public void rejectUnknown(String what, List<String> known) {
        if (entries == null) {
            return;
        }
        for (Map.Entry<String, YamlNode> e : entries.entrySet()) {
            if (!read.contains(e.getKey())) {
                throw error.apply(origin + ":" + keyLines.get(e.getKey()) + ": unknown " + what + " '" + e.getKey() + "'"
                        + (known.isEmpty() ? "" : " (known: " + String.join(", ", known) + ")"));
            }
        }
    }

    /** The elements of this sequence, or an error naming {@code what}. */
    public List<YamlNode> list(String what) {
        if (!(node instanceof SequenceNode s)) {
            throw fail(what + " must be a list");
        }
        List<YamlNode> out = new ArrayList<>();
        for (Node n : s.getValue()) {
            out.add(new YamlNode(origin, n, error));
        }
        return out;
    }

    /** The scalar text, or an error naming {@code what}. */
    public String text(String what) {
        if (!(node instanceof ScalarNode s)) {
            throw fail(what + " must be a single value");
        }
        return s.getValue();
    }

    public double number(String what) {
        String t = text(what);
        try {
            double v = Double.parseDouble(t.trim());
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw fail(what + " must be a number, got '" + t + "'");
        }
    }

    public long integer(String what) {
        String t = text(what);
        try {
            return Long.parseLong(t.trim());
        } catch (NumberFormatException e) {
            throw fail(what + " must be a whole number, got '" + t + "'");
        }
    }

    public boolean bool(String what) {
        String t = text(what).trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "true" -> true;
            case "false" -> false;
            default -> throw fail(what + " must be true or false, got '" + t + "'");
        };
    }
}
