package io.nous.sim.routing;

import io.nous.sim.config.YamlNode;
import java.util.ArrayList;
import java.util.List;

/** A plugin's {@code parameters}, read strictly: every key must be asked for, and is checked for type. */
final class Params {
    private final YamlNode node;
    private final String plugin;
    private final List<String> known = new ArrayList<>();
    private final String where;

    Params(YamlNode node, String plugin, String where) {
        this.where = where;
        this.node = node == null || isNull(node) ? null : node.map("parameters of '" + plugin + "'");
        this.plugin = plugin;
    }

    private static boolean isNull(YamlNode n) {
        return !n.isMap() && isNullScalar(n);
    }

    private static boolean isNullScalar(YamlNode n) {
        try {
            String t = n.text("value");
            return t.isEmpty() || t.equals("null") || t.equals("~");
        } catch (RuntimeException e) {
            return false;
        }
    }

    private YamlNode get(String key) {
        known.add(key);
        return node == null ? null : node.get(key);
    }

    double number(String key, double dflt) {
        YamlNode v = get(key);
        return v == null ? dflt : v.number(plugin + "." + key);
    }

    long integer(String key, long dflt) {
        YamlNode v = get(key);
        return v == null ? dflt : v.integer(plugin + "." + key);
    }

    boolean bool(String key, boolean dflt) {
        YamlNode v = get(key);
        return v == null ? dflt : v.bool(plugin + "." + key);
    }

    String text(String key, String dflt) {
        YamlNode v = get(key);
        return v == null ? dflt : v.text(plugin + "." + key);
    }

    /** The raw node under {@code key}, or null. */
    YamlNode node(String key) {
        return get(key);
    }

    /** An error at the parameter {@code key} (or the plugin). */
    RuntimeException fail(String key, String message) {
        YamlNode v = node == null ? null : node.get(key);
        return v != null ? v.fail(message) : new RoutingException(where + ": " + plugin + ": " + message);
    }

    /** Refuses the keys nobody asked for, by name and line. */
    void done() {
        if (node != null) {
            node.rejectUnknown("parameter of '" + plugin + "'", known);
        }
    }
}
