package io.nous.export;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.body.FieldDeclaration;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.GoTranslator;
import io.nous.codegen.plug.PlugPoints;
import io.nous.discover.Compiled;
import io.nous.discover.Problem;
import io.nous.sim.spi.AdmissionPolicy;
import io.nous.sim.spi.PlugPoint;
import io.nous.sim.spi.RoutingScorer;
import io.nous.sim.spi.UsageLimitPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One SPI a candidate implements, with its own source and compiled class: the unit a review
 * describes, a report draws and an export turns into one router plugin. A candidate of most classes
 * is one part; a joint candidate is two (a usage-limit policy and an admitter).
 */
public record PolicyPart(PlugPoint<?> kind, String source, CheckResult check) {

    /** The parts of a compiled candidate, in the order its problem class lists its SPIs. */
    public static List<PolicyPart> of(Problem problem, Compiled compiled) {
        List<PolicyPart> parts = new ArrayList<>();
        for (int i = 0; i < compiled.parts().size(); i++) {
            parts.add(new PolicyPart(problem.kinds().get(i), compiled.sources().get(i), compiled.part(i)));
        }
        return List.copyOf(parts);
    }

    /** Fresh instances of a usage-limit part. */
    public Supplier<UsageLimitPolicy> usageLimit() {
        require(PlugPoint.USAGE_LIMIT);
        return check.candidate()::newUsageLimitPolicy;
    }

    /** Fresh instances of an admission part. */
    public Supplier<AdmissionPolicy> admitter() {
        require(PlugPoint.ADMISSION);
        return check.candidate()::newAdmissionPolicy;
    }

    /** Fresh instances of a routing part. */
    public Supplier<RoutingScorer> routing() {
        require(PlugPoint.ROUTING);
        return check.candidate()::newRoutingScorer;
    }

    /** Whether an admitter reads the saturation's queue and KV terms apart (its table shows both pools). */
    public boolean termsForm() {
        return kind == PlugPoint.ADMISSION && GoTranslator.termsForm(source);
    }

    /** Whether the class keeps mutable state between calls (a dispatch counter, a smoothed signal). */
    public boolean stateful() {
        return StaticJavaParser.parse(source).findAll(FieldDeclaration.class).stream().anyMatch(f -> !f.isFinal() && !f.isStatic());
    }

    /** The router plugin's name suffix for this part ({@code -policy}, {@code -admitter}). */
    public String pluginSuffix() {
        return PlugPoints.of(kind).words().pluginSuffix();
    }

    /** The part in a phrase. */
    public String noun() {
        return PlugPoints.of(kind).words().part();
    }

    private void require(PlugPoint<?> k) {
        if (kind != k) {
            throw new IllegalStateException("this part implements " + kind.spi().getSimpleName() + ", not " + k.spi().getSimpleName());
        }
    }
}
