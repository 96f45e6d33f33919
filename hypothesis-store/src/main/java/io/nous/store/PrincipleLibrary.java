package io.nous.store;

import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Principle;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What earlier runs learned: every principle journaled in a store's runs, with the evidence for
 * it — the run, the candidate whose evaluation showed it, and the constraint that candidate broke.
 * The same principle learned in several runs is one entry with several supports. Read-only: runs
 * are never changed by reading them.
 */
public final class PrincipleLibrary {
    /** One piece of evidence: a candidate of a run, and why its evaluation taught the principle. */
    public record Support(@com.fasterxml.jackson.annotation.JsonProperty("run_id") String runId, String candidate, String detail) {
    }

    /** A principle and every run that learned it, in the order the runs were made. */
    public record Learned(String principle, String problem, List<Support> support) {
    }

    private final RunStore store;

    public PrincipleLibrary(RunStore store) {
        this.store = store;
    }

    /** The problem class a run searched (runs from before problem classes searched flow control). */
    public static String problemOf(Run run) {
        // read without the schema check: listing what runs learned must not fail on one run a later version wrote
        return run.config().path("problem").asText(DiscoveryConfig.FLOW_CONTROL);
    }

    /** The principles of the runs of one problem class ({@code null}: every class), oldest first. */
    public List<Learned> learned(String problem) {
        Map<String, Learned> byText = new LinkedHashMap<>();
        for (Run run : store.list()) {
            String p = problemOf(run);
            if (problem != null && !problem.equals(p) || !java.nio.file.Files.isRegularFile(run.journalFile())) {
                continue;
            }
            for (Learned l : learnedIn(run)) {
                Learned known = byText.get(l.principle() + "\u0000" + p);
                if (known == null) {
                    byText.put(l.principle() + "\u0000" + p, l);
                } else {
                    known.support().addAll(l.support());
                }
            }
        }
        List<Learned> out = new ArrayList<>();
        byText.values().forEach(l -> out.add(new Learned(l.principle(), l.problem(), List.copyOf(l.support()))));
        return out;
    }

    /** The principles one run learned, with their evidence. */
    public static List<Learned> learnedIn(Run run) {
        return learnedIn(RunHistory.read(run));
    }

    /** The same from a run already read. */
    public static List<Learned> learnedIn(RunHistory history) {
        Map<String, Evidence> evaluations = new LinkedHashMap<>();
        List<Learned> out = new ArrayList<>();
        for (RunHistory.Line l : history.lines()) {
            if (l.entry() instanceof Evidence e && Evidence.EVALUATION.equals(l.type())) {
                evaluations.put(e.candidate(), e);
            } else if (l.entry() instanceof Principle p) {
                Evidence e = evaluations.get(p.evidence());
                String detail = null;
                if (e != null && e.failedConstraint() != null) {
                    Object d = e.constraints().get(e.failedConstraint() + "_detail");
                    detail = e.failedConstraint() + (d == null ? "" : ": " + d);
                }
                List<Support> support = new ArrayList<>();
                support.add(new Support(history.id(), p.evidence(), detail));
                out.add(new Learned(p.principle(), history.problem(), support));
            }
        }
        return out;
    }
}
