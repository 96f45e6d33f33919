package io.nous.codegen.golang.plugin;

import com.github.mustachejava.DefaultMustacheFactory;
import com.github.mustachejava.Mustache;
import com.github.mustachejava.MustacheFactory;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * Renders the templates an exported plugin package is made of: Go, Markdown and YAML under
 * {@code io/nous/codegen/golang/plugin/} on the class path, one folder per plug point and
 * {@code common/} for what every package shares. Templates are Mustache with escaping off (the
 * output is source code, not HTML); a partial is named from that root, e.g.
 * {@code {{> /common/license.go}}}. Compiled templates are cached by the factory.
 */
public final class GoTemplates {
    /** Where the templates live on the class path. */
    public static final String ROOT = "io/nous/codegen/golang/plugin/";

    private static final MustacheFactory FACTORY = new DefaultMustacheFactory(ROOT) {
        @Override
        public void encode(String value, Writer writer) {
            try {
                writer.write(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private GoTemplates() {
    }

    /**
     * The template at {@code path} (relative to {@link #ROOT}, e.g. {@code usage-limit/policy.go})
     * filled from {@code scope} (maps, lists and values; a missing name renders empty).
     */
    public static String render(String path, Object scope) {
        Mustache m = FACTORY.compile(path);
        StringWriter w = new StringWriter();
        m.execute(w, scope);
        return w.toString();
    }
}
