package io.nous.discover.evolve;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import io.nous.codegen.JointSource;
import io.nous.codegen.plug.PlugPoints;
import java.util.function.Function;

/**
 * Mutations of a joint candidate (two plug points' policies in one class, see {@link JointSource}):
 * one half is mutated by that SPI's operators and the pair put back together, or the first half of
 * one candidate is paired with the second of another.
 */
final class JointMutations {
    private JointMutations() {
    }

    private static String className(String source) {
        return StaticJavaParser.parse(source).findFirst(ClassOrInterfaceDeclaration.class).map(c -> c.getNameAsString()).orElse("Joint");
    }

    /**
     * The parent with one half mutated by {@code mutate} (given that half's source; it returns null
     * when no operator applies), or null.
     */
    static Mutations.Result mutateHalf(String joint, org.apache.commons.math3.random.RandomGenerator rng,
                                       Function<String, Mutations.Result> mutate) {
        JointSource.Halves h = JointSource.split(joint);
        boolean admitter = rng.nextBoolean();
        Mutations.Result r = mutate.apply(admitter ? h.admitter() : h.usageLimit());
        if (r == null || AdmissionMutations.applies(r.source()) != admitter) {
            return null;
        }
        String name = className(joint);
        String merged = admitter ? JointSource.merge(h.usageLimit(), r.source(), name) : JointSource.merge(r.source(), h.admitter(), name);
        return new Mutations.Result(merged, r.operator(), r.change() + (admitter ? " (admitter half)" : " (usage-limit half)"), r.gate());
    }

    /**
     * The parent of {@code pair} with one half, drawn at random, mutated by that half's operators
     * ({@code first} or {@code second}; each returns null when no operator applies), or null.
     */
    static Mutations.Result mutateHalf(JointSource pair, String joint, org.apache.commons.math3.random.RandomGenerator rng,
                                       Function<String, Mutations.Result> first, Function<String, Mutations.Result> second) {
        JointSource.Halves h = pair.splitOf(joint);
        boolean isSecond = rng.nextBoolean();
        Mutations.Result r = isSecond ? second.apply(h.second()) : first.apply(h.first());
        if (r == null) {
            return null;
        }
        String name = className(joint);
        String merged = isSecond ? pair.mergeOf(h.first(), r.source(), name) : pair.mergeOf(r.source(), h.second(), name);
        String half = PlugPoints.of(pair.points().get(isSecond ? 1 : 0)).words().part();
        return new Mutations.Result(merged, r.operator(), r.change() + " (" + half.replaceFirst("^(a|an) ", "") + " half)", r.gate());
    }

    /** The first half of {@code a} with the second half of {@code b}, both joint classes of {@code pair}. */
    static Mutations.Result crossHalves(JointSource pair, String a, String b) {
        String merged = pair.mergeOf(pair.splitOf(a).first(), pair.splitOf(b).second(), className(a));
        return new Mutations.Result(merged, "cross-halves", "one candidate's " + words(pair, 0) + " with another's " + words(pair, 1),
                Double.NaN);
    }

    private static String words(JointSource pair, int half) {
        return PlugPoints.of(pair.points().get(half)).words().part().replaceFirst("^(a|an) ", "");
    }

    /** The usage-limit half of {@code a} with the admitter half of {@code b}. */
    static Mutations.Result crossHalves(String a, String b) {
        String merged = JointSource.merge(JointSource.split(a).usageLimit(), JointSource.split(b).admitter(), className(a));
        return new Mutations.Result(merged, "cross-halves", "one candidate's usage-limit policy with another's admitter", Double.NaN);
    }
}
