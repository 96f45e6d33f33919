package io.nous.export;

import io.nous.codegen.golang.plugin.RouterPlugin;
import io.nous.codegen.golang.plugin.UsageLimitPackage;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Edits llm-d-router's {@code cmd/epp/runner/runner.go} the way a maintainer would: the plugin's
 * import goes into the group of the router's own module imports at its sorted place (as gofmt and
 * goimports keep it), and its registration into {@code registerInTreePlugins} (a function, or the
 * {@code Runner} method upstream has) at the end of the Alpha lines of its group — the flow-control
 * group for a usage-limit policy, the group that registers the admitters (upstream's "Latency
 * predictor plugins") for an admitter — or in a new group when the file has none. A file whose
 * shape is not recognised is refused before anything is written.
 */
final class RunnerFile {
    static final String PATH = "cmd/epp/runner/runner.go";
    private static final Pattern REGISTER_FUNC = Pattern.compile(
            "(?m)^func\\s+(?:\\(\\s*\\w+\\s+\\*?\\w+\\s*\\)\\s+)?registerInTreePlugins\\s*\\(\\s*\\)\\s*\\{[ \\t]*$");

    private RunnerFile() {
    }

    /** Why the file cannot be edited; nothing was written. */
    static final class Unrecognised extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unrecognised(String message) {
            super(PATH + ": " + message + "; register the plugin by hand (see the package README)");
        }
    }

    /**
     * The file with {@code importPath} imported and {@code registration} (one statement, without
     * indentation) added.
     */
    static String register(String source, String importPath, String registration) {
        return register(source, importPath, registration, UsageLimitPackage.LAYOUT.runnerGroup());
    }

    static String register(String source, String importPath, String registration, RouterPlugin.RunnerGroup group) {
        String withImport = addImport(source, importPath);
        return addRegistration(withImport, registration, group);
    }

    /**
     * The file with {@code registration} added for a plugin that joins a package the runner already
     * imports ({@code importPath}); refused when it does not import it.
     */
    static String registerInImported(String source, String importPath, String registration, RouterPlugin.RunnerGroup group) {
        boolean imported = source.lines().anyMatch(l -> l.strip().endsWith("\"" + importPath + "\""));
        if (!imported) {
            throw new Unrecognised("it does not import " + importPath + ", the package the plugin joins");
        }
        return addRegistration(source, registration, group);
    }

    /** The alias under which the file imports the router's plugin framework package. */
    static String pluginAlias(String source, String pluginPackage) {
        Matcher m = Pattern.compile("(?m)^\\s*(\\w+)\\s+\"" + Pattern.quote(pluginPackage) + "\"").matcher(source);
        if (m.find()) {
            return m.group(1);
        }
        if (Pattern.compile("(?m)^\\s*\"" + Pattern.quote(pluginPackage) + "\"").matcher(source).find()) {
            return "plugin";
        }
        throw new Unrecognised("it does not import " + pluginPackage);
    }

    static String addImport(String source, String importPath) {
        int open = source.indexOf("\nimport (\n");
        if (open < 0) {
            throw new Unrecognised("no parenthesised import block");
        }
        int start = open + "\nimport (\n".length();
        int end = source.indexOf("\n)\n", start);
        if (end < 0) {
            throw new Unrecognised("the import block is not closed");
        }
        String line = "\t\"" + importPath + "\"";
        List<String> lines = new ArrayList<>(List.of(source.substring(start, end + 1).split("\n", -1)));
        lines.remove(lines.size() - 1); // the empty string after the last newline
        if (lines.stream().anyMatch(l -> l.strip().endsWith("\"" + importPath + "\""))) {
            throw new Unrecognised("it already imports " + importPath);
        }
        String module = importPath.substring(0, importPath.indexOf("/pkg/") < 0 ? importPath.length() : importPath.indexOf("/pkg/"));
        // the group (lines between blank lines) holding the module's own imports
        int groupStart = -1;
        int groupEnd = -1;
        int best = 0;
        int from = 0;
        for (int i = 0; i <= lines.size(); i++) {
            if (i == lines.size() || lines.get(i).isBlank()) {
                int own = 0;
                for (int k = from; k < i; k++) {
                    own += importPathOf(lines.get(k)).startsWith(module + "/") ? 1 : 0;
                }
                if (own > best) {
                    best = own;
                    groupStart = from;
                    groupEnd = i;
                }
                from = i + 1;
            }
        }
        if (groupStart < 0) {
            // no group of the module's imports yet: a new last group
            lines.add("");
            lines.add(line);
        } else {
            int at = groupEnd;
            for (int k = groupStart; k < groupEnd; k++) {
                if (importPathOf(lines.get(k)).compareTo(importPath) > 0) {
                    at = k;
                    break;
                }
            }
            lines.add(at, line);
        }
        return source.substring(0, start) + String.join("\n", lines) + "\n" + source.substring(end + 1);
    }

    private static String importPathOf(String line) {
        int q = line.indexOf('"');
        int r = line.lastIndexOf('"');
        return q >= 0 && r > q ? line.substring(q + 1, r) : "";
    }

    static String addRegistration(String source, String registration) {
        return addRegistration(source, registration, UsageLimitPackage.LAYOUT.runnerGroup());
    }

    static String addRegistration(String source, String registration, RouterPlugin.RunnerGroup group) {
        Matcher f = REGISTER_FUNC.matcher(source);
        if (!f.find()) {
            throw new Unrecognised("no registerInTreePlugins function or method");
        }
        int bodyStart = f.end() + 1;
        int bodyEnd = source.indexOf("\n}\n", f.end());
        if (bodyEnd < 0) {
            throw new Unrecognised("registerInTreePlugins is not closed at the start of a line");
        }
        List<String> body = new ArrayList<>(List.of(source.substring(bodyStart, bodyEnd + 1).split("\n", -1)));
        body.remove(body.size() - 1);
        String line = "\t" + registration;
        int heading = -1;
        for (Pattern h : group.headings()) {
            heading = first(body, h);
            if (heading >= 0) {
                break;
            }
        }
        if (heading < 0 && group.member() != null) {
            heading = groupOf(body, group.member());
        }
        if (heading < 0) {
            if (!body.isEmpty() && !body.get(body.size() - 1).isBlank()) {
                body.add("");
            }
            body.add("	" + group.newHeading());
            body.add("\t// Alpha");
            body.add(line);
        } else {
            int groupEnd = heading + 1;
            while (groupEnd < body.size() && !body.get(groupEnd).isBlank()) {
                groupEnd++;
            }
            int alpha = -1;
            for (int i = heading + 1; i < groupEnd; i++) {
                if (body.get(i).strip().equals("// Alpha")) {
                    alpha = i;
                }
            }
            if (alpha < 0) {
                body.add(groupEnd, "\t// Alpha");
                body.add(groupEnd + 1, line);
            } else {
                // after the last statement of the Alpha lines (they run to the next sub-heading or the group's end)
                int at = alpha + 1;
                while (at < groupEnd && !body.get(at).strip().startsWith("//")) {
                    at++;
                }
                body.add(at, line);
            }
        }
        return source.substring(0, bodyStart) + String.join("\n", body) + "\n" + source.substring(bodyEnd + 1);
    }

    private static final Pattern FACTORY_CALL = Pattern.compile(
            "^(\\s*\\w+,\\s*err\\s*:?=\\s*)(\\w+)\\.(\\w+)\\(\\s*(\\w+)\\.(\\w+)\\s*,\\s*nil\\s*,\\s*nil\\s*\\)\\s*$");

    /**
     * The file with function {@code function}, which builds the router's own plugins of a kind by
     * calling their factories ({@code x, err := pkg.Factory(pkg.Type, nil, nil)}), building
     * {@code goPackage}'s instead; elsewhere the replaced type constants are renamed where they are
     * reported (not where they are registered), and an import no longer used is dropped.
     */
    static String buildInPlace(String source, String function, String goPackage, String typeConstant) {
        Matcher f = Pattern.compile("(?m)^func\\s+(?:\\(\\s*\\w+\\s+\\*?\\w+\\s*\\)\\s+)?" + Pattern.quote(function) + "\\s*\\(")
                .matcher(source);
        if (!f.find()) {
            throw new Unrecognised("no " + function + " function, which builds the router's eviction pair (the router predates in-flight "
                    + "eviction, v0.10)");
        }
        int bodyEnd = source.indexOf("\n}\n", f.end());
        if (bodyEnd < 0) {
            throw new Unrecognised(function + " is not closed at the start of a line");
        }
        List<String> lines = new ArrayList<>(List.of(source.substring(f.start(), bodyEnd).split("\n", -1)));
        java.util.Set<String> replaced = new java.util.LinkedHashSet<>();
        java.util.Set<String> aliases = new java.util.LinkedHashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = FACTORY_CALL.matcher(lines.get(i));
            if (m.matches()) {
                replaced.add(m.group(4) + "." + m.group(5));
                aliases.add(m.group(2));
                aliases.add(m.group(4));
                lines.set(i, m.group(1) + goPackage + ".Factory(" + goPackage + "." + typeConstant + ", nil, nil)");
            }
        }
        if (replaced.isEmpty()) {
            throw new Unrecognised(function + " builds no plugin as 'x, err := pkg.Factory(pkg.Type, nil, nil)'");
        }
        String out = source.substring(0, f.start()) + String.join("\n", lines) + source.substring(bodyEnd);
        List<String> all = new ArrayList<>(List.of(out.split("\n", -1)));
        for (int i = 0; i < all.size(); i++) {
            String line = all.get(i);
            if (line.contains("Register(")) {
                continue;
            }
            for (String constant : replaced) {
                line = line.replaceAll("\\b" + Pattern.quote(constant) + "\\b", goPackage + "." + typeConstant);
            }
            all.set(i, line);
        }
        out = String.join("\n", all);
        for (String alias : aliases) {
            out = withoutUnusedImport(out, alias);
        }
        return out;
    }

    /** {@code source} without the import of {@code alias} when nothing else in the file names it. */
    private static String withoutUnusedImport(String source, String alias) {
        if (Pattern.compile("\\b" + Pattern.quote(alias) + "\\.").matcher(source).find()) {
            return source;
        }
        List<String> lines = new ArrayList<>(List.of(source.split("\n", -1)));
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).strip();
            if (l.startsWith(alias + " \"") || l.matches("\"[^\"]*/" + Pattern.quote(alias) + "\"")) {
                lines.remove(i);
                break;
            }
        }
        return String.join("\n", lines);
    }

    /** The first line matching {@code heading}, or -1. */
    private static int first(List<String> body, Pattern heading) {
        for (int i = 0; i < body.size(); i++) {
            if (heading.matcher(body.get(i)).matches()) {
                return i;
            }
        }
        return -1;
    }

    /** The first line of the blank-line-separated group holding a line in which {@code member} is found, or -1. */
    private static int groupOf(List<String> body, Pattern member) {
        for (int i = 0; i < body.size(); i++) {
            if (member.matcher(body.get(i)).find()) {
                int start = i;
                while (start > 0 && !body.get(start - 1).isBlank()) {
                    start--;
                }
                return start;
            }
        }
        return -1;
    }
}
