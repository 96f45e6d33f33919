package io.nous.discover;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.JointSource;
import io.nous.codegen.plug.PlugPoints;
import io.nous.policy.PolicyRegistry;
import io.nous.sandbox.Sandbox;
import io.nous.sim.spi.PlugPoint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What every class of joint candidates shares — one class implementing two plug points' SPIs,
 * which the router runs as two plugins (see {@link JointSource}): seeds named {@code FIRST+SECOND}
 * of built-in policies, compilation of each half on its own, and the behaviour of both halves side
 * by side. A subclass names the pair and says how the halves are deployed and judged.
 */
abstract class JointClass implements Problem {
    private final JointSource pair;
    private final List<String> directories;
    private final String seedShape;

    /**
     * @param directories the export's directory (and origin suffix) per half, e.g. {@code limit}, {@code admitter}
     * @param seedShape   how a seed is written, for a message ({@code USAGE-LIMIT+ADMITTER})
     */
    JointClass(PlugPoint<?> first, PlugPoint<?> second, List<String> directories, String seedShape) {
        this.pair = JointSource.of(first, second);
        this.directories = List.copyOf(directories);
        this.seedShape = seedShape;
    }

    /** The pair of plug points and how their joint classes merge and split. */
    final JointSource pair() {
        return pair;
    }

    @Override
    public final List<PlugPoint<?>> kinds() {
        return pair.points();
    }

    /** A seed is a pair {@code FIRST+SECOND} of built-in policies of the two plug points. */
    @Override
    public final String seedProblem(String ref) {
        String[] halves = ref.split("\\+", -1);
        if (halves.length != 2) {
            return "a joint seed is a pair " + seedShape + " of built-in policies, got '" + ref + "'";
        }
        String why = Problems.builtinOfKind(halves[0], kinds().get(0), kinds().get(0).id());
        return why != null ? why : Problems.builtinOfKind(halves[1], kinds().get(1), kinds().get(1).id());
    }

    @Override
    public final String seedSource(String ref) {
        String[] halves = ref.split("\\+");
        return pair.mergeOf(PolicyRegistry.builtin().source(halves[0]), PolicyRegistry.builtin().source(halves[1]), "Joint");
    }

    /** The upstream policy is a pair of built-ins, so its source is their merge, as a seed's. */
    @Override
    public final String upstreamSource() {
        return seedSource(upstream());
    }

    @Override
    public final String seedDescription(String ref) {
        String[] halves = ref.split("\\+");
        return "The " + part(0) + " " + halves[0] + " and the " + part(1) + " " + halves[1] + " together. "
                + PolicyRegistry.builtin().template(halves[0]).description() + " "
                + PolicyRegistry.builtin().template(halves[1]).description();
    }

    /** Half {@code i} in words, without an article ("usage-limit policy"). */
    private String part(int i) {
        return PlugPoints.of(kinds().get(i)).words().part().replaceFirst("^(a|an) ", "");
    }

    @Override
    public final Compiled compile(String source) {
        String why = pair.problemOf(source);
        if (why != null) {
            return Compiled.rejected(List.of("candidate.java: " + why));
        }
        JointSource.Halves h = pair.splitOf(source);
        List<String> sources = List.of(h.first(), h.second());
        List<String> origins = directories.stream().map(d -> "candidate." + d + ".java").toList();
        List<CheckResult> parts = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            CheckResult r = Candidates.compileOnly(sources.get(i), origins.get(i));
            parts.add(r);
            problems.addAll(r.problems());
            if (r.accepted() && r.kind() != kinds().get(i)) {
                problems.add(origins.get(i) + ": the half with " + entryMethods().get(i) + " must implement " + kinds().get(i).spi().getSimpleName());
            }
        }
        return problems.isEmpty() ? new Compiled(List.copyOf(parts), sources, origins, List.of(),
                parts.get(0).canonicalHash() + "+" + parts.get(1).canonicalHash()) : Compiled.rejected(problems);
    }

    /** Behaviour: each half's first probe axis (where the usage-limit half first gates, and the other half's). */
    @Override
    public final Exercised exercise(Sandbox sandbox, Compiled c, List<int[]> probePriorities) {
        List<String> problems = new ArrayList<>();
        double[] behaviour = new double[2];
        StringBuilder fingerprint = new StringBuilder();
        double[][] signatures = new double[2][];
        for (int i = 0; i < 2; i++) {
            Sandbox.Checked x = sandbox.exercise(c.part(i), c.sources().get(i), c.origins().get(i), true, probePriorities);
            problems.addAll(x.problems());
            behaviour[i] = x.behaviour() == null ? Double.NaN : x.behaviour()[0];
            fingerprint.append(i == 0 ? "" : "+").append(x.fingerprint());
            signatures[i] = x.signature();
        }
        boolean taken = probePriorities != null && problems.isEmpty() && signatures[0] != null && signatures[1] != null;
        double[] signature = null;
        if (taken) {
            // the two halves side by side: near only when both halves are
            signature = Arrays.copyOf(signatures[0], signatures[0].length + signatures[1].length);
            System.arraycopy(signatures[1], 0, signature, signatures[0].length, signatures[1].length);
        }
        return new Exercised(List.copyOf(problems), problems.isEmpty() ? behaviour : null,
                probePriorities == null || !problems.isEmpty() ? null : fingerprint.toString(), signature);
    }

    @Override
    public final List<String> exportDirectories() {
        return directories;
    }

    /** The distiller's rules read a usage-limit policy's behaviour alone; the other half confounds them. */
    @Override
    public final boolean distilsPrinciples() {
        return false;
    }

    /** {@code nous evaluate} takes the halves' policies as separate files, and a joint candidate is one. */
    @Override
    public final String evaluateFlags(String file) {
        return null;
    }
}
