package io.nous.sim.cost;

import io.nous.sim.config.StrictYaml;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The registry of hardware, models and cost profiles, read from YAML. The built-in catalog is the
 * resource {@code io/nous/sim/cost-profiles.yaml}; users can load their own file with the same shape.
 */
public final class CostCatalog {
    /** Name of the default profile: the roofline model of Qwen3-14B on one H100 (see the profile file). */
    public static final String DEFAULT_PROFILE = "h100-qwen3-14b";

    private static final String RESOURCE = "/io/nous/sim/cost-profiles.yaml";
    private static volatile CostCatalog builtin;

    private final Map<String, CostProfile> profiles;
    private final Map<String, HardwareSpec> hardware;
    private final Map<String, ModelSpec> models;

    private CostCatalog(Map<String, CostProfile> profiles, Map<String, HardwareSpec> hardware, Map<String, ModelSpec> models) {
        this.profiles = profiles;
        this.hardware = new TreeMap<>(hardware);
        this.models = new TreeMap<>(models);
    }

    /** The catalog shipped with Nous. */
    public static CostCatalog builtin() {
        CostCatalog c = builtin;
        if (c == null) {
            synchronized (CostCatalog.class) { // one reader: a second caller (the CLI's start-up warm-up) waits for it
                c = builtin;
                if (c == null) {
                    c = readBuiltin();
                    builtin = c;
                }
            }
        }
        return c;
    }

    private static CostCatalog readBuiltin() {
        try (InputStream in = CostCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new ProfileException("missing resource " + RESOURCE);
            }
            return parse(in, RESOURCE);
        } catch (IOException e) {
            throw new ProfileException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** Reads a user profile file. */
    public static CostCatalog load(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return parse(in, file.toString());
        } catch (IOException e) {
            throw new ProfileException("cannot read profile file " + file + ": " + e.getMessage(), e);
        }
    }

    public CostProfile profile(String name) {
        CostProfile p = profiles.get(name);
        if (p == null) {
            throw new ProfileException("unknown cost profile '" + name + "'; known: " + String.join(", ", profiles.keySet()));
        }
        return p;
    }

    public Map<String, CostProfile> profiles() {
        return Collections.unmodifiableMap(profiles);
    }

    /** A GPU described in the catalog. */
    public HardwareSpec hardware(String name) {
        HardwareSpec h = hardware.get(name);
        if (h == null) {
            throw new ProfileException("unknown hardware '" + name + "'; known: " + String.join(", ", hardware.keySet()));
        }
        return h;
    }

    /** A model geometry described in the catalog. */
    public ModelSpec model(String name) {
        ModelSpec m = models.get(name);
        if (m == null) {
            throw new ProfileException("unknown model '" + name + "'; known: " + String.join(", ", models.keySet()));
        }
        return m;
    }

    private record FileShape(
            Map<String, HardwareSpec> hardware,
            Map<String, ModelSpec> models,
            Map<String, CostProfile> profiles) {
    }

    private static CostCatalog parse(InputStream in, String origin) {
        FileShape shape = StrictYaml.read(in, origin, FileShape.class, ProfileException::new);
        if (shape.profiles() == null || shape.profiles().isEmpty()) {
            throw new ProfileException(origin + ": no 'profiles' defined");
        }
        Map<String, HardwareSpec> hw = shape.hardware() == null ? Map.of() : shape.hardware();
        Map<String, ModelSpec> models = shape.models() == null ? Map.of() : shape.models();
        hw.forEach((k, v) -> v.validate(k));
        models.forEach((k, v) -> v.validate(k));
        Map<String, CostProfile> resolved = new TreeMap<>();
        for (Map.Entry<String, CostProfile> e : shape.profiles().entrySet()) {
            CostProfile p = e.getValue();
            HardwareSpec h = hw.get(p.hardware());
            if (h == null) {
                throw new ProfileException(origin + ": profiles." + e.getKey() + ".hardware names unknown hardware '" + p.hardware() + "'");
            }
            ModelSpec m = models.get(p.model());
            if (m == null) {
                throw new ProfileException(origin + ": profiles." + e.getKey() + ".model names unknown model '" + p.model() + "'");
            }
            CostProfile full = new CostProfile(e.getKey(), p.description(), p.kind(), p.hardware(), p.model(),
                    p.tensorParallel(), p.kvBlocks(), p.blockSize(), p.roofline(), p.linear(),
                    p.sources() == null ? Map.of() : p.sources(), h, m);
            full.validate();
            resolved.put(e.getKey(), full);
        }
        return new CostCatalog(resolved, hw, models);
    }
}
