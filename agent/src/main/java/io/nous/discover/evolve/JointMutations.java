package io.nous.discover.evolve;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import io.nous.codegen.JointSource;
import java.util.function.Function;

/**
 * Mutations of a joint candidate (a usage-limit policy and an admitter in one class): one half is
 * mutated by that SPI's operators and the pair put back together, or the usage-limit half of one
 * candidate is paired with the admitter of another.
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

    /** The usage-limit half of {@code a} with the admitter half of {@code b}. */
    static Mutations.Result crossHalves(String a, String b) {
        String merged = JointSource.merge(JointSource.split(a).usageLimit(), JointSource.split(b).admitter(), className(a));
        return new Mutations.Result(merged, "cross-halves", "one candidate's usage-limit policy with another's admitter", Double.NaN);
    }
}
