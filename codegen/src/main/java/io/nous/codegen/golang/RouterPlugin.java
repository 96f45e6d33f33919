package io.nous.codegen.golang;

import java.util.Map;

/**
 * An exported Go plugin package as llm-d-router holds one: where its packages of that kind live, the
 * constant its type is registered under, the registration group it joins in the runner, and how a
 * pull request names it. Implemented by usage-limit policies ({@link GoPackage}), admitters
 * ({@link AdmitterPackage}) and scorers ({@link ScorerPackage}).
 */
public interface RouterPlugin {
    /** The registration group of {@code registerInTreePlugins} a plugin of this kind joins. */
    enum Group {
        /** "Flow Control plugins". */
        FLOW_CONTROL,
        /** The group that registers the admitters (upstream: "Latency predictor plugins"). */
        ADMISSION,
        /** "scheduling & profile handler plugins": filters, scorers and pickers. */
        SCHEDULING
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

    Group group();

    /** The file name of the Java source shipped beside the package ({@code source/<name>}), which the provenance links to. */
    String javaFileName();

    /** What the plugin is, for people: "usage-limit policy", "admitter" or "scorer". */
    String noun();
}
