package io.nous.sim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.ClusterSimulation;
import io.nous.sim.Scenario;
import io.nous.sim.metrics.SimulationResult;
import io.nous.sim.workload.spec.WorkloadSpec;
import io.nous.sim.workload.spec.WorkloadSpecReader;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every example file of BLIS (copied with its provenance) is simulated or refused by name. */
class BlisExamplesTest {
    /** What each example is refused for; the others are read and simulated. */
    private static final Map<String, String> REFUSED = Map.of(
            "inference-perf-shared-prefix.yaml", "inference_perf is a BLIS feature Nous does not simulate",
            "servegen-language.yaml", "clients[0].network is a BLIS feature Nous does not simulate (network round trips",
            "epp-estimate-prefix.yaml", "is a BLIS policy config",
            "epp-precise-prefix.yaml", "is a BLIS policy config",
            "pd-disaggregation-demo.yaml", "is a BLIS policy config",
            "policy-config.yaml", "is a BLIS policy config",
            "weighted-routing.yaml", "is a BLIS policy config");

    static Stream<String> examples() throws Exception {
        try (Stream<Path> s = Files.list(dir())) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml")).sorted().collect(Collectors.toList()).stream();
        }
    }

    private static Path dir() throws URISyntaxException {
        return Paths.get(BlisExamplesTest.class.getResource("/blis-examples").toURI());
    }

    @Test
    void allTwelveExamplesAreHere() throws Exception {
        assertThat(examples().count()).isEqualTo(12);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void eachExampleIsSimulatedOrRefusedByName(String name) throws Exception {
        Path file = dir().resolve(name);
        if (REFUSED.containsKey(name)) {
            assertThatThrownBy(() -> WorkloadSpecReader.read(file)).isInstanceOf(WorkloadException.class)
                    .hasMessageContaining(name.replace(".yaml", "")).hasMessageContaining(REFUSED.get(name));
            return;
        }
        WorkloadSpec spec = WorkloadSpecReader.read(file);
        Scenario s = Scenario.builder(spec.workload()).qps(spec.aggregateRate()).durationSeconds(spec.durationSeconds() != null
                ? spec.durationSeconds() : 60).warmupSeconds(0).build();
        SimulationResult r = new ClusterSimulation(s, (sat, p, c) -> { }, "open", null, null).run();
        long arrived = r.classes().values().stream().mapToLong(c -> c.arrived()).sum();
        assertThat(arrived).isPositive();
        if (spec.workload().sharesPrefixes()) {
            assertThat(r.prefixCache().hitRate()).as(name + " prefix-cache hit rate").isPositive();
        }
    }
}
