package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.plugin.OrderingPackage;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.OrderingProof;
import io.nous.codegen.golang.proof.QueueItems;
import io.nous.codegen.plug.PlugPoints;
import io.nous.policy.PolicyRegistry;
import io.nous.sim.spi.OrderingPolicy;
import io.nous.sim.spi.PlugPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ordering policy exported as a router flow-control {@code OrderingPolicy}, checked with the real
 * Go toolchain: the package vets, lints clean and passes its own tests, whose golden pairs (through
 * {@code Less}, reading the SLO header as the router does) and equivalence sequences the Java
 * answered; a Go ordering that differs in one constant is refused with the pair where they part.
 */
class OrderingExportTest {
    @TempDir
    Path dir;

    /** Short requests first within a window, then by SLO deadline: arithmetic on every field, a helper method, a constant. */
    static final String SHORT_FIRST = """
            import io.nous.sim.spi.OrderingPolicy;

            /** Within two seconds of each other, the smaller prompt goes first; otherwise the earlier SLO deadline, then FCFS. */
            public final class ShortFirst implements OrderingPolicy {
                private static final long WINDOW_US = 2000000L;

                @Override
                public boolean less(long enqueueUsA, long ttlUsA, long sloTtftMsA, long bytesA, long enqueueUsB, long ttlUsB,
                                    long sloTtftMsB, long bytesB) {
                    long gap = enqueueUsA - enqueueUsB;
                    if (gap < WINDOW_US && gap > -WINDOW_US && bytesA != bytesB) {
                        return bytesA < bytesB;
                    }
                    long da = deadline(enqueueUsA, sloTtftMsA);
                    long db = deadline(enqueueUsB, sloTtftMsB);
                    if (da != db) {
                        return da < db;
                    }
                    return enqueueUsA < enqueueUsB;
                }

                private static long deadline(long enqueueUs, long sloTtftMs) {
                    return sloTtftMs >= 0 ? enqueueUs + sloTtftMs * 1000L : Long.MAX_VALUE;
                }
            }
            """;

    private GoExport.Outcome export(String name, String source, Path out) {
        CheckResult r = Candidates.check(source, name + ".java");
        assertThat(r.problems()).isEmpty();
        return PlugPoints.of(PlugPoint.ORDERING).export(r.candidate(), source, name, "A test export.", out,
                GoToolchain.find(System.getenv()));
    }

    @Test
    void theRoutersOrderingsAndAShortFirstOrderingExportAndProveEquivalent() throws Exception {
        String[][] cases = {{"fcfs", PolicyRegistry.builtin().source("fcfs")}, {"edf", PolicyRegistry.builtin().source("edf")},
            {"slo-deadline", PolicyRegistry.builtin().source("slo-deadline")}, {"short-first", SHORT_FIRST}};
        for (String[] c : cases) {
            Path out = dir.resolve(c[0]);
            GoExport.Outcome outcome = export(c[0], c[1], out);
            OrderingPackage pkg = (OrderingPackage) outcome.plugin();
            assertThat(pkg.pluginType()).isEqualTo(c[0] + "-ordering");
            String go = Files.readString(out.resolve(pkg.goPackage() + "/ordering.go"));
            assertThat(go).contains("_ fwkfc.OrderingPolicy = (*policy)(nil)")
                    .contains("func (p *policy) Less(a, b fwkfc.QueueItemAccessor) bool {")
                    .contains("func (p *policy) less(enqueueUsA, ttlUsA, sloTtftMsA, bytesA, enqueueUsB, ttlUsB, sloTtftMsB, bytesB int64) bool {");
            assertThat(Files.readString(out.resolve(pkg.goPackage() + "/epp-config.yaml")))
                    .contains("  defaultPriorityBand:\n    orderingPolicyRef: " + pkg.pluginType() + "\n");
            assertThat(outcome.proof().sequences()).isEqualTo(3);
            if (outcome.verdict().proved()) {
                assertThat(outcome.verdict().ran()).anyMatch(r -> r.startsWith("go test"));
            }
        }
        Path out = dir.resolve("slo-deadline");
        String test = GoExportTest.go(out, "test", "-count=1", "-v", "./...");
        assertThat(test).contains("--- PASS: TestGoldenVectors").contains("--- PASS: TestNilItemsGoLast")
                .contains("--- PASS: TestSLOHeaderParsing").contains("--- PASS: TestJavaEquivalence/pairs-3");
        GoExportTest.lint(dir.resolve("short-first"));
    }

    @Test
    void theGoldenPairsReadTheHeaderAsTheRoutersSloDeadlineOrderingDoes() {
        assertThat(QueueItems.sloHeader(null)).isEqualTo(-1);
        assertThat(QueueItems.sloHeader(" 250 ")).isEqualTo(250);
        assertThat(QueueItems.sloHeader("+120")).isEqualTo(120);
        assertThat(QueueItems.sloHeader("abc")).isEqualTo(-1);
        assertThat(QueueItems.sloHeader("-5")).isEqualTo(-1);
        assertThat(QueueItems.sloHeader("9223372036854")).isEqualTo(9223372036854L);
        assertThat(QueueItems.sloHeader("9223372036855")).isEqualTo(-1);
        OrderingPolicy slo = PolicyRegistry.builtin().create(PlugPoint.ORDERING, "slo-deadline");
        // a request with the header goes before one without, whatever their arrival
        assertThat(QueueItems.less(slo, new QueueItems.Item(9_000, 0, 400, 300), new QueueItems.Item(0, 0, -1, 300))).isTrue();
    }

    @Test
    void aGoOrderingThatDiffersInOneConstantIsRefusedWithThePairWhereTheyPart() {
        Assumptions.assumeTrue(GoToolchain.find(System.getenv()).isPresent(), "no Go toolchain");
        CheckResult r = Candidates.check(SHORT_FIRST, "ShortFirst.java");
        String other = SHORT_FIRST.replace("2000000L", "3000000L");
        GoTranslator.GoCode code = GoExport.translate(other, PlugPoint.ORDERING);
        Supplier<OrderingPolicy> fresh = () -> r.candidate().newInstance(PlugPoint.ORDERING, EquivalenceProof.PROOF_LIMIT);
        EquivalenceProof.Proof proof = OrderingProof.record(fresh);
        OrderingPackage pkg = new OrderingPackage("tampered", other, code, OrderingProof.golden(fresh), proof, "A test export.");
        assertThatThrownBy(() -> GoExport.prove(pkg, 1, proof, r.candidate(), SHORT_FIRST, PlugPoint.ORDERING, dir.resolve("tampered"),
                GoToolchain.find(System.getenv())))
                .isInstanceOf(GoExport.Refused.class)
                .hasMessageContaining("the Go does not order as the Java: sequence ").hasMessageContaining("Nothing was written");
    }
}
