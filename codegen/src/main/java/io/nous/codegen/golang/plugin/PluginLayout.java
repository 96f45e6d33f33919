package io.nous.codegen.golang.plugin;

import java.util.List;

/**
 * How one plug point's exported packages are laid out: the templates folder, the files of the
 * package and of the router stand-in (each from a template, or data the package supplies), where
 * such packages live in the router and how they are registered, and the words a pull request uses.
 * A plug point's descriptor owns its layout; {@link PluginPackage} writes any layout.
 *
 * @param kind              the plugin type's suffix and the Go package's fallback name ("policy", "admitter")
 * @param templates         the folder of its templates under {@link GoTemplates#ROOT}
 * @param stubs             the router stand-in's files beyond the plugin framework (paths under {@code router-stub/})
 * @param files             the package's files, in the order they are written
 * @param pluginsDir        where its packages live in the router
 * @param typeConstant      the Go constant holding the plugin type
 * @param javaFallback      the Java file's name when the source names no class
 * @param noun              what it is, for people
 * @param runnerGroup       where the runner registers it
 * @param registeredWith    the runner's group in a commit message ("flow-control plugins")
 * @param pullRequestPhrase what it adds, in a pull request's first sentence
 * @param example           a name such a plugin could have, for the message refusing a malformed one
 */
public record PluginLayout(String kind, String templates, List<PackageFile> stubs, List<PackageFile> files, String pluginsDir,
                           String typeConstant, String javaFallback, String noun, RouterPlugin.RunnerGroup runnerGroup,
                           String registeredWith, String pullRequestPhrase, String example) {
    public PluginLayout {
        stubs = List.copyOf(stubs);
        files = List.copyOf(files);
    }

    /**
     * The files every package has, in the order they are written: its source and test file, the
     * equivalence test and the proof's two data files from the {@code folder}'s templates, the
     * README, then {@code more} (a sample config).
     */
    public static List<PackageFile> packageFiles(String folder, String source, String test, PackageFile... more) {
        List<PackageFile> files = new java.util.ArrayList<>(List.of(PackageFile.template(folder, source), PackageFile.template(folder, test),
                PackageFile.template(folder, "equivalence_test.go"), PackageFile.data(PluginPackage.GOLDEN),
                PackageFile.data(PluginPackage.EQUIVALENCE), PackageFile.template(folder, "README.md")));
        files.addAll(List.of(more));
        return files;
    }

    /**
     * One file: {@code path} relative to its folder, rendered from {@code template} (relative to
     * {@link GoTemplates#ROOT}), or, when the template is null, the package's data of that path.
     */
    public record PackageFile(String path, String template) {
        /** A file rendered from the layout's template of the same name plus {@code .mustache}. */
        public static PackageFile template(String folder, String path) {
            return new PackageFile(path, folder + "/" + path.substring(path.lastIndexOf('/') + 1) + ".mustache");
        }

        /** A file whose contents the package computes (golden vectors, the proof's sequences). */
        public static PackageFile data(String path) {
            return new PackageFile(path, null);
        }
    }
}
