package io.nous.codegen.golang.plugin;

import io.nous.codegen.golang.GoFormat;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.golang.proof.EquivalenceProof;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one writer of exported router plugin packages. A package is a {@link PluginLayout} (from its
 * plug point) filled with values: the module files every export carries, the router stand-in, the
 * package's Go, tests, README and config rendered from the layout's templates, its data files
 * (golden vectors, the proof's sequences) and the Java that was simulated. A subclass supplies only
 * the values its templates read and its data; the Go itself lives in the templates.
 */
public abstract class PluginPackage implements RouterPlugin {
    /** The router's module path. */
    public static final String ROUTER_MODULE = "github.com/llm-d/llm-d-router";
    /** The Go file path of the golden vectors inside a package. */
    public static final String GOLDEN = "testdata/golden_vectors.json";
    /** The Go file path of the equivalence proof's sequences inside a package. */
    public static final String EQUIVALENCE = "testdata/equivalence.json";

    private final PluginLayout layout;
    private final String name;
    private final String javaSource;
    private final String summary;

    /**
     * @param name    the plugin's name in kebab case; its type is the name with the layout's kind appended
     * @param summary one paragraph for the package doc and README: what it does and why
     */
    protected PluginPackage(PluginLayout layout, String name, String javaSource, String summary) {
        requireKebabName(name, ("aeiou".indexOf(layout.kind().charAt(0)) >= 0 ? "an " : "a ") + layout.kind() + " name", layout.example());
        this.layout = layout;
        this.name = name;
        this.javaSource = javaSource;
        this.summary = ascii(summary);
    }

    /** The values this package's templates read beyond the common ones ({@link #scope}). */
    protected abstract Map<String, Object> values();

    /** The data files of the package (relative path to contents), e.g. {@link #GOLDEN} and {@link #EQUIVALENCE}. */
    protected abstract Map<String, String> data();

    /** The layout this package is written to. */
    public final PluginLayout layout() {
        return layout;
    }

    /** The summary in ASCII. */
    protected final String summary() {
        return summary;
    }

    /** The Java that was simulated. */
    protected final String javaSource() {
        return javaSource;
    }

    @Override
    public final String pluginType() {
        return name.endsWith("-" + layout.kind()) ? name : name + "-" + layout.kind();
    }

    /** The Go package name: the kebab name without dashes and without a trailing kind, or the kind when nothing is left. */
    @Override
    public String goPackage() {
        String p = name.replace("-", "").replaceAll(layout.kind() + "$", "");
        return p.isEmpty() ? layout.kind() : p;
    }

    @Override
    public final String pluginsDir() {
        return layout.pluginsDir();
    }

    @Override
    public final String typeConstant() {
        return layout.typeConstant();
    }

    @Override
    public final RunnerGroup runnerGroup() {
        return layout.runnerGroup();
    }

    @Override
    public final String noun() {
        return layout.noun();
    }

    @Override
    public final String registeredWith() {
        return layout.registeredWith();
    }

    @Override
    public final String pullRequestPhrase() {
        return layout.pullRequestPhrase();
    }

    @Override
    public final String releaseNote() {
        return GoTemplates.render(layout.templates() + "/release-note.md.mustache", scope()).strip();
    }

    @Override
    public final String javaFileName() {
        Matcher m = Pattern.compile("\\bclass\\s+(\\w+)").matcher(javaSource);
        return (m.find() ? m.group(1) : layout.javaFallback()) + ".java";
    }

    @Override
    public final String goldenJson() {
        return data().get(GOLDEN);
    }

    /** What every template may read: the names, the summary and the router module, with {@link #values()}. */
    protected final Map<String, Object> scope() {
        Map<String, Object> s = new HashMap<>();
        s.put("routerModule", ROUTER_MODULE);
        s.put("package", goPackage());
        s.put("pluginType", pluginType());
        s.put("summary", summary);
        s.put("summaryLines", wrap(summary, 96));
        s.putAll(values());
        return s;
    }

    /**
     * What the templates read of translated code: its imports (less {@code math} when the template
     * imports it itself), constants, counter field with its comment ({@code counterUsually} when the
     * Java does not document it), entry body and what follows it.
     */
    protected static Map<String, Object> translated(GoTranslator.GoCode code, String counterUsually, boolean templateImportsMath) {
        Map<String, Object> v = new HashMap<>();
        v.put("imports", code.imports().stream().filter(i -> !(templateImportsMath && i.equals("math"))).toList());
        v.put("hasConstants", !code.constants().isEmpty());
        v.put("constants", code.constants());
        if (code.counterField() != null) {
            v.put("counter", Map.of("field", code.counterField(), "comment", code.counterComment(counterUsually)));
        }
        v.put("body", code.computeLimitBody());
        v.put("tail", code.tail());
        return v;
    }

    /** What the templates read of the proof: its calls and held horizon as people read numbers ("140,892"). */
    protected static Map<String, Object> proved(EquivalenceProof.Proof proof) {
        return Map.of("proofCalls", String.format(Locale.ROOT, "%,d", proof.calls()), "proofSequences", proof.sequences(),
                "horizon", String.format(Locale.ROOT, "%,d", proof.horizon()));
    }

    /**
     * The data of a flow-control package measured under {@code usageLimit}: its golden vectors, its
     * proof's sequences, and the sample EndpointPickerConfig from the layout's {@code epp-config.yaml} template.
     */
    protected final Map<String, String> flowControlData(String goldenJson, EquivalenceProof.Proof proof, String usageLimit) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put(GOLDEN, goldenJson);
        d.put(EQUIVALENCE, proof.json());
        Map<String, Object> config = new HashMap<>();
        config.put("usageLimit", usageLimit);
        config.put("pluginType", pluginType());
        d.put("epp-config.yaml", GoTemplates.render(layout.templates() + "/epp-config.yaml.mustache", config));
        return d;
    }

    /** Files relative to the output directory, in a stable order. */
    @Override
    public final Map<String, String> files() {
        Map<String, Object> scope = scope();
        Map<String, String> data = data();
        Map<String, String> f = new LinkedHashMap<>();
        f.put("go.mod", GoTemplates.render("common/go.mod.mustache", scope));
        f.put("router-stub/go.mod", GoTemplates.render("common/stub-go.mod.mustache", scope));
        f.put("router-stub/pkg/epp/framework/interface/plugin/plugin.go", GoTemplates.render("common/stub-plugin.go.mustache", scope));
        for (PluginLayout.PackageFile stub : layout.stubs()) {
            f.put("router-stub/" + stub.path(), GoTemplates.render(stub.template(), scope));
        }
        String dir = goPackage() + "/";
        for (PluginLayout.PackageFile file : layout.files()) {
            String contents = file.template() == null ? data.get(file.path()) : GoTemplates.render(file.template(), scope);
            if (contents == null) {
                throw new IllegalStateException(getClass().getSimpleName() + " supplies no data for " + file.path());
            }
            f.put(dir + file.path(), contents);
        }
        // the Java that was simulated, outside the Go package: PROVENANCE.md links to it
        f.put("source/" + javaFileName(), javaSource);
        return f;
    }

    /**
     * Writes every file under {@code out}, creating directories. The Go is already laid out as gofmt
     * would (see {@code GoFormat}), so the files are the same bytes whether or not Go is installed.
     */
    public final void write(Path out) {
        writeFiles(out, files(), "the Go package");
    }

    /** Writes {@code files} (relative path to contents) under {@code out}, creating directories; {@code what} names them in an error. */
    public static void writeFiles(Path out, Map<String, String> files, String what) {
        try {
            for (Map.Entry<String, String> e : files.entrySet()) {
                Path p = out.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + what + " under " + out + ": " + e.getMessage(), e);
        }
    }

    /**
     * Text for the package's docs in ASCII (the router's docs are ASCII-only): typographic
     * characters become their ASCII spellings, anything else a '?'.
     */
    public static String ascii(String s) {
        String t = s.replace("≥", ">=").replace("≤", "<=").replace("−", "-").replace("–", "-").replace("—", "-").replace("×", "x")
                .replace("…", "...").replace("’", "'").replace("‘", "'").replace("“", "\"").replace("”", "\"").replace("·", "*")
                .replace("½", "1/2").replace("≈", "~");
        StringBuilder sb = new StringBuilder(t.length());
        for (char c : t.toCharArray()) {
            sb.append(c == '\n' || c >= 0x20 && c < 0x7F ? c : '?');
        }
        return sb.toString();
    }

    /** Refuses a {@code name} that is not lower-case kebab case, calling it {@code what} and showing an {@code example}. */
    static void requireKebabName(String name, String what, String example) {
        if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException(what + " is lower-case kebab case, e.g. " + example + "; got '" + name + "'");
        }
    }

    /** {@code text} in lines of at most {@code width} characters (a longer word stays whole). */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String w : text.strip().split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + w.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(w);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
