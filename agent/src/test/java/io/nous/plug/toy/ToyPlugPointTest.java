package io.nous.plug.toy;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.cli.Nous;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.plug.PlugPoints;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plug point added with one registration line and this package alone: the toy gate is verified,
 * compiled, guarded and probed by its descriptor, simulated (bound at the usage-limit call site)
 * in this JVM and in a worker, searched by its problem class with a replay that matches bit for
 * bit, and exported as a Go package from its own layout and templates, proved equivalent to the
 * Java where Go is installed. Nothing outside this package (and its templates) names it.
 */
class ToyPlugPointTest {
    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run nous(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Nous.execute(args, new PrintWriter(out, true, StandardCharsets.UTF_8), new PrintWriter(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A simulate --json result without the wall clock. */
    private static com.fasterxml.jackson.databind.node.ObjectNode outcomes(String json) throws Exception {
        var o = (com.fasterxml.jackson.databind.node.ObjectNode) new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        o.remove("wall_seconds");
        return o;
    }

    @Test
    void aToyPlugPointIsCheckedSimulatedSearchedReplayedAndExportedFromOneRegistrationLine() throws Exception {
        assertThat(PlugPoints.byId("toy-gate")).isSameAs(ToyGatePlugPoint.TOY_GATE);
        // check: the verifier, compiler, guard and first run take the toy's interface from its descriptor
        CheckResult r = Candidates.check(ToyGateProblem.source("Gate", 0.7), "Gate.java");
        assertThat(r.problems()).isEmpty();
        assertThat(r.kind()).isSameAs(ToyGatePlugPoint.TOY_GATE);
        assertThat(io.nous.codegen.BehaviourProbe.probe(r.candidate())).containsExactly(0.7, 0.0);
        Path gate = dir.resolve("Gate.java");
        Files.writeString(gate, ToyGateProblem.source("Gate", 0.7));
        Run check = nous("check", gate.toString());
        assertThat(check.exit()).as(check.err()).isZero();
        assertThat(check.out()).contains("accepted: toy-gate policy Gate");
        // simulate: bound where the simulator calls a usage-limit policy, the same in this JVM and in a worker
        String[] cell = {"simulate", "--workload", "interactive-chat", "--qps", "80", "--pods", "2", "--duration", "90", "--seed", "2",
            "--json", "--plug", "toy-gate=" + gate};
        Run here = nous(cell);
        assertThat(here.exit()).as(here.err()).isZero();
        assertThat(here.out()).contains("\"gated_share\"");
        Run open = nous("simulate", "--workload", "interactive-chat", "--qps", "80", "--pods", "2", "--duration", "90", "--seed", "2",
                "--json");
        assertThat(outcomes(here.out()).get("classes")).isNotEqualTo(outcomes(open.out()).get("classes"));
        String[] isolated = java.util.Arrays.copyOf(cell, cell.length + 1);
        isolated[cell.length] = "--isolate";
        Run worker = nous(isolated);
        assertThat(worker.exit()).as(worker.err()).isZero();
        assertThat(outcomes(worker.out())).isEqualTo(outcomes(here.out()));
        // discover, replay, export
        Path runs = dir.resolve("runs");
        Run d = nous("discover", "--problem", "toy-gate", "--budget", "3", "--seeds", "1", "--seeds-up-to", "0", "--duration", "60",
                "--seed", "1", "--runs-dir", runs.toString(), "--no-progress");
        assertThat(d.exit()).as(d.out() + d.err()).isZero();
        String id;
        try (Stream<Path> s = Files.list(runs)) {
            id = s.map(p -> p.getFileName().toString()).findFirst().orElseThrow();
        }
        assertThat(Files.readString(runs.resolve(id).resolve("journal.jsonl"))).contains("\"operator\":\"move-threshold\"");
        Run replay = nous("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        // export: the toy's own layout and templates, written by the one plugin writer and proved like the router's plug points
        Path x = dir.resolve("x");
        Run export = nous("export", id, "c0002", "--runs-dir", runs.toString(), "--out", x.toString(), "--force");
        assertThat(export.exit()).as(export.out() + export.err()).isZero();
        assertThat(export.out()).contains("18 golden cases");
        Path pkg;
        try (Stream<Path> s = Files.list(x)) {
            pkg = s.filter(p -> Files.exists(p.resolve("gate.go"))).findFirst().orElseThrow();
        }
        assertThat(pkg.resolve("gate.go")).content().contains("var _ fwktoy.Gate = (*policy)(nil)")
                .contains("func (p *policy) holdSheddable(saturation float64) bool {");
        assertThat(pkg.resolve("testdata/equivalence.json")).content().contains("\"name\": \"special-3\"");
        if (GoToolchain.find(System.getenv()).isPresent()) {
            assertThat(export.out()).contains("proved: the Go answers all 12,288 calls of 3 seeded sequences exactly as the Java did");
        }
    }
}
