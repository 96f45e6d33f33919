package io.nous.export;

import io.nous.codegen.Candidate;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import java.util.Optional;

/**
 * How people see one plug point's policies: the table a review draws, the figure a report draws,
 * the risks a reviewer reads, the operator's runbook, whether the router already ships the same
 * behaviour, and the lines {@code nous check} prints. Reviews, reports, runbooks and exports look a
 * part's view up in {@link PlugPointViews} instead of switching over plug points. A plug point
 * without a view of its own gets {@link PlugPointViews#generic}.
 */
public interface PlugPointView {

    /** The plug point this presents. */
    PlugPoint<?> point();

    /** The policy's behaviour as a review shows it: a Markdown paragraph and table. */
    void reviewTable(StringBuilder sb, PolicyPart part);

    /** The policy's behaviour as a report draws it: an HTML figure or table. */
    void reportFigure(StringBuilder sb, PolicyPart part, double[] saturations);

    /** What deploying this part risks, each a sentence opening with {@code which}. */
    List<String> risks(PolicyPart part, String which);

    /** A short name for this part of a candidate of several ("admitter", "usage-limit"). */
    String half();

    /** The runbook's sections between its title and its closing advice. */
    void runbook(StringBuilder sb, String pluginType, PolicyPart part, String upstreamType);

    /** The plugin the router ships that behaves exactly like this candidate, if any. */
    Optional<UpstreamMatch.Match> upstreamMatch(Candidate candidate);

    /** How to canary it, completing "canary it ... before relying on it" ("with the flow-control metrics"). */
    default String canary() {
        return Review.FLOW_CONTROL_CANARY;
    }

    // ---- export ----

    /** Why --target java does not apply ("admission policies are exported as Go Admitter plugins"). */
    default String goOnly() {
        return point().noun() + " is exported as a Go plugin";
    }

    /** How the export says the candidate matches an upstream plugin ("behaves exactly like"). */
    default String behavesLike() {
        return "behaves exactly like";
    }

    /** What to configure instead of a copy of the upstream plugin {@code m}. */
    String configureInstead(UpstreamMatch.Match m);

    /** The words before the plugin type in the export's first line ("the admitter "), or "". */
    String exportedAs();

    /** What the golden vectors are called in the export's first line ("golden cases"). */
    default String goldenCases() {
        return "golden cases";
    }

    /** The key naming the exported policy in a provenance.json not written from a run. */
    default String provenanceKey() {
        return "policy";
    }

    /** What a provenance not written from a run calls the exported policy ("admission policy"). */
    default String provenanceNoun() {
        return point().noun().replaceFirst("^(a|an) ", "");
    }

    /** What {@code nous check} says a behaviour fingerprint is taken on. */
    default String fingerprintInputs() {
        return "short simulations, recorded and independent inputs, the proof's sequences";
    }

    /** What {@code nous check} says the candidate was exercised on. */
    String exercisedOn();

    /** What {@code nous check} says of the router's contract ({@code simulationOnly}: it was not checked). */
    default String contractLine(boolean simulationOnly) {
        if (!io.nous.codegen.plug.PlugPoints.of(point()).exports()) {
            return "  within the router's contract; Nous does not export " + point().noun().replaceFirst("^an? ", "")
                    + " plugins yet: simulate and search it";
        }
        return simulationOnly ? "  not checked against the router's contract (--simulation-only): it may not export"
                : "  within the router's contract: it can be exported as an llm-d-router plugin";
    }
}
