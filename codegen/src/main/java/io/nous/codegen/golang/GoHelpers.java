package io.nous.codegen.golang;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Go functions that give Java's semantics where Go's standard library does not: casts and
 * {@code Math.round}, {@code max}/{@code min} with Java's NaN and signed-zero rules, the integer
 * helpers, and ports of fdlibm 5.3 for every transcendental function an export may call (Java's
 * {@code StrictMath} is defined by fdlibm; Go's {@code math} differs from it on 9% of {@code exp}
 * and 20% of {@code pow} inputs, and by CPU). Each lives in {@code helpers/<name>.go} beside this
 * class, gofmt-formatted, with a first line {@code // needs: a, b} naming the helpers it calls.
 */
final class GoHelpers {
    private GoHelpers() {
    }

    private record Helper(String source, List<String> needs) {
    }

    /** Every helper, by name; its source without the needs line. */
    private static final Map<String, Helper> HELPERS = load();

    private static Map<String, Helper> load() {
        Map<String, Helper> out = new LinkedHashMap<>();
        for (String name : read("helpers/index.txt").lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            String text = read("helpers/" + name + ".go");
            List<String> needs = List.of();
            if (text.startsWith("// needs:")) {
                int nl = text.indexOf('\n');
                needs = List.of(text.substring("// needs:".length(), nl).strip().split("\\s*,\\s*"));
                text = text.substring(nl + 1);
            }
            out.put(name, new Helper(text, needs));
        }
        return out;
    }

    private static String read(String resource) {
        try (InputStream in = GoHelpers.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing Go helper resource " + resource);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every helper's name: all of them are package-level Go names no translated name may take. */
    static Set<String> names() {
        return HELPERS.keySet();
    }

    /** The helper's Go source. */
    static String source(String name) {
        Helper h = HELPERS.get(name);
        if (h == null) {
            throw new IllegalStateException("no Go helper " + name);
        }
        return h.source();
    }

    /** The helpers {@code name} calls, directly or through others. */
    static Set<String> needs(String name) {
        Set<String> out = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(HELPERS.get(name).needs());
        while (!todo.isEmpty()) {
            String n = todo.pop();
            if (out.add(n)) {
                todo.addAll(HELPERS.get(n).needs());
            }
        }
        return out;
    }

    /** Whether the helper uses package math. */
    static boolean needsMath(String name) {
        return source(name).contains("math.");
    }
}
