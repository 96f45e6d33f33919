package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.export.Provenance;
import io.nous.sim.routing.RoutingConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The exported Nous plugins an EndpointPickerConfig names, found the way {@code nous export} lays
 * them out: each export's {@code provenance.json} (beside the config, one folder up, or in a folder
 * beside it for a joint export) names its plugin type and its Java source. So a config Nous exported
 * simulates unchanged: each of its plugins runs from the very source the export proved its Go against
 * (the source's hash is checked against the provenance).
 *
 * @param kinds   plugin type to what it is, as {@link RoutingConfig#parse(String, String, String, Map)} takes it
 * @param sources plugin type to its Java source file
 */
record ExportedPlugins(Map<String, String> kinds, Map<String, Path> sources) {
    static final ExportedPlugins NONE = new ExportedPlugins(Map.of(), Map.of());

    /** The exported plugins {@code configRef} names; none for a shipped config or one that names only simulated types. */
    static ExportedPlugins of(String configRef) {
        Path config = Path.of(configRef);
        if (RoutingConfig.PRESET_NAMES.contains(configRef) || !Files.isRegularFile(config)) {
            return NONE;
        }
        List<String> unknown = unknownTypes(config);
        if (unknown.isEmpty()) {
            return NONE;
        }
        Map<String, Path> provenances = provenances(config.toAbsolutePath().getParent());
        Map<String, String> kinds = new TreeMap<>();
        Map<String, Path> sources = new TreeMap<>();
        for (String type : unknown) {
            Path provenance = provenances.get(type);
            if (provenance == null) {
                continue; // the config reader refuses it by name
            }
            Path source = source(provenance, type);
            String text = read(source);
            CheckResult check = Candidates.check(text, source.getFileName().toString());
            if (!check.accepted()) {
                throw new UserError(configRef + ": plugin type '" + type + "' comes from " + source + ", which does not pass verification: "
                        + String.join("; ", check.problems()));
            }
            kinds.put(type, check.kind().id()); // RoutingConfig.EXPORTED_*: a plug point's id
            sources.put(type, source);
        }
        return new ExportedPlugins(kinds, sources);
    }

    /** The source file of an exported plugin type; its hash must be the provenance's. */
    Path source(String type) {
        Path p = sources.get(type);
        if (p == null) {
            throw new IllegalArgumentException("no exported plugin " + type);
        }
        return p;
    }

    private static List<String> unknownTypes(Path config) {
        JsonNode root;
        try {
            root = new YAMLMapper().readTree(Files.readString(config, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return List.of(); // the config reader reports what is wrong with it, with the line
        }
        Set<String> simulated = Set.copyOf(RoutingConfig.simulatedTypes());
        List<String> out = new ArrayList<>();
        JsonNode plugins = root == null ? null : root.get("plugins");
        if (plugins != null && plugins.isArray()) {
            for (JsonNode p : plugins) {
                JsonNode type = p.get("type");
                if (type != null && type.isTextual() && !simulated.contains(type.asText()) && !out.contains(type.asText())) {
                    out.add(type.asText());
                }
            }
        }
        return out;
    }

    /** Every export's provenance near a config, by the plugin type it names. */
    private static Map<String, Path> provenances(Path dir) {
        List<Path> candidates = new ArrayList<>();
        candidates.add(dir.resolve("provenance.json"));
        if (dir.getParent() != null) {
            candidates.add(dir.getParent().resolve("provenance.json"));
        }
        try (Stream<Path> children = Files.list(dir)) {
            children.filter(Files::isDirectory).sorted().forEach(c -> candidates.add(c.resolve("provenance.json")));
        } catch (IOException e) {
            // an unreadable folder holds no provenance
        }
        Map<String, Path> out = new LinkedHashMap<>();
        ObjectMapper json = new ObjectMapper();
        for (Path p : candidates) {
            if (!Files.isRegularFile(p)) {
                continue;
            }
            try {
                JsonNode n = json.readTree(p.toFile());
                String type = n.path("plugin_type").asText("");
                if (!type.isEmpty()) {
                    out.putIfAbsent(type, p);
                }
            } catch (IOException e) {
                throw new UserError(p + ": not a readable provenance file: " + e.getMessage());
            }
        }
        return out;
    }

    private static Path source(Path provenance, String type) {
        JsonNode n;
        try {
            n = new ObjectMapper().readTree(provenance.toFile());
        } catch (IOException e) {
            throw new UserError(provenance + ": not a readable provenance file: " + e.getMessage());
        }
        String file = n.path("source_file").asText("");
        if (file.isEmpty() || file.contains("..")) {
            throw new UserError(provenance + ": names no source_file for '" + type + "', so its plugin cannot be simulated");
        }
        Path source = provenance.getParent().resolve(file);
        String expected = n.path("source_sha256").asText("");
        if (!expected.isEmpty() && !expected.equals(Provenance.sha256(read(source)))) {
            throw new UserError(source + ": its hash is not the one " + provenance + " records: the source of '" + type
                    + "' was changed after export, so it is not the plugin that was proved");
        }
        return source;
    }

    private static String read(Path source) {
        try {
            return Files.readString(source, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserError(source + ": cannot read: " + e.getMessage());
        }
    }
}
