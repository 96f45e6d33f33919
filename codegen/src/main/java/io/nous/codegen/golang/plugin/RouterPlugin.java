package io.nous.codegen.golang.plugin;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An exported Go plugin package as llm-d-router holds one: where its packages of that kind live, the
 * constant its type is registered under, the group of the runner's registrations it joins, and how
 * a pull request names it. Every exported package is a {@link PluginPackage}, written by one writer
 * from its plug point's {@link PluginLayout}.
 */
public interface RouterPlugin {

    /**
     * Where in {@code registerInTreePlugins} a plugin of this kind is registered: the group whose
     * heading comment matches the first of {@code headings} that any line matches, else the group
     * holding a registration that matches {@code member} (null: none), else a new group headed
     * {@code newHeading}.
     */
    record RunnerGroup(List<Pattern> headings, Pattern member, String newHeading) {
        public RunnerGroup {
            headings = List.copyOf(headings);
        }
    }

    String pluginType();

    String goPackage();

    /** Files relative to the export directory. */
    Map<String, String> files();

    /** The golden vectors file's contents (equal contents: the same behaviour). */
    String goldenJson();

    /** Where packages of this kind live in the router, e.g. {@code pkg/epp/framework/plugins/flowcontrol/usagelimits/}. */
    String pluginsDir();

    /** The exported constant holding the plugin type, e.g. {@code PolicyType}. */
    String typeConstant();

    /** The group of the runner's registrations this plugin joins. */
    RunnerGroup runnerGroup();

    /** The file name of the Java source shipped beside the package ({@code source/<name>}), which the provenance links to. */
    String javaFileName();

    /** What the plugin is, for people: "usage-limit policy", "admitter", "scorer", "saturation detector". */
    String noun();

    /** The runner's registrations it joins, after "registered with the" in a commit message: "flow-control plugins". */
    String registeredWith();

    /** What it adds, in a pull request's first sentence: "an Alpha admitter (admission control before scheduling)". */
    String pullRequestPhrase();

    /** The pull request's release note: the new plugin and how to enable it. */
    String releaseNote();

    /**
     * The runner function that builds the router's own plugin of this kind in code rather than from
     * config, where an export must build this one instead; null (the usual case) when registering it
     * and naming it in the EndpointPickerConfig is enough.
     */
    default String replacesInRunner() {
        return null;
    }

    /**
     * Whether its files join a package the router already has (a P/D decider must live in the
     * {@code disagg} package, whose decider interface is unexported) instead of being a package of their own.
     */
    default boolean joinsPackage() {
        return false;
    }

    /** Files of {@link #files()} that stand in for the router's own, for the stand-alone build only: never copied into a checkout. */
    default java.util.List<String> standIns() {
        return java.util.List.of();
    }

    /** Whether it is a router plugin at all (a scaling policy runs in the autoscaler beside the router: none of the above applies). */
    default boolean inRouter() {
        return true;
    }

    /** The exported factory function the runner registers it with. */
    default String factory() {
        return "Factory";
    }
}
