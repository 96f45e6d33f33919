package io.nous.discover.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.JointSource;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.PlugPoint;
import java.util.HashSet;
import java.util.Set;
import org.apache.commons.math3.random.MersenneTwister;
import org.junit.jupiter.api.Test;

/**
 * The detector operators tune the thresholds a seed states, whether its constructor passes them on
 * (a detector searched alone) or its fields start as them (the detector half of a joint candidate,
 * whose constructor was inlined when the halves were merged): both can flip the in-flight credit.
 */
class DetectorMutationsTest {

    @Test
    void aSeedsConstructorArgumentsAreTunedAndItsFlagFlipped() {
        Set<String> changes = changes(PolicyRegistry.builtin().source("utilization-detector"));
        assertThat(changes).anyMatch(c -> c.startsWith("toggle-flag inflightCredit false -> true"))
                .anyMatch(c -> c.startsWith("scale-threshold queueDepthThreshold 5 -> "));
    }

    @Test
    void aJointCandidatesDetectorHalfHasItsFieldsTunedAndItsFlagFlipped() {
        JointSource pair = JointSource.of(PlugPoint.USAGE_LIMIT, PlugPoint.SATURATION);
        String joint = pair.mergeOf(PolicyRegistry.builtin().source("soft-reflective-ceiling"),
                PolicyRegistry.builtin().source("utilization-detector"), "Joint");
        String half = pair.splitOf(joint).second();
        assertThat(half).doesNotContain("this(");
        Set<String> changes = changes(half);
        assertThat(changes).anyMatch(c -> c.startsWith("toggle-flag inflightCredit false -> true"))
                .anyMatch(c -> c.startsWith("scale-threshold queueDepthThreshold 5 -> "))
                .anyMatch(c -> c.startsWith("scale-threshold kvCacheUtilThreshold 0.8 -> "));
    }

    private static Set<String> changes(String source) {
        MersenneTwister rng = new MersenneTwister(7);
        Set<String> out = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            Mutations.Result r = DetectorMutations.scaleThreshold(source, rng);
            if (r != null) {
                out.add(r.operator() + " " + r.change());
            }
        }
        return out;
    }
}
