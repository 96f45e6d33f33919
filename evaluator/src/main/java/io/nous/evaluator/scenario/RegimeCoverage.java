package io.nous.evaluator.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Which kinds of traffic a matrix's held-out splits judge that its search split never shows (load
 * under capacity, at the transition, over it, as the scenarios' {@code regime} labels say, and bursty
 * arrivals), and which its search tunes on that validation never shows. A candidate tuned where it never
 * saw a kind of traffic can collapse there, and is found out only after the search has spent its
 * budget; the check says so by name before a run starts. It reads the labels; whether
 * a label matches the load the cluster measures ({@code nous capacity}) is not checked here.
 */
public final class RegimeCoverage {
    /** Arrivals at least this bursty (coefficient of variation of the gaps) count as a bursty scenario; Poisson is 1. */
    static final double BURSTY_CV = 1.5;

    private RegimeCoverage() {
    }

    /** The kinds of traffic, each with what makes a scenario one of them. */
    private static Map<String, Predicate<MatrixEntry>> kinds() {
        Map<String, Predicate<MatrixEntry>> k = new LinkedHashMap<>();
        k.put("scenario labelled under capacity (regime: under)", e -> e.regime() == Regime.UNDER);
        k.put("scenario labelled near capacity (regime: near)", e -> e.regime() == Regime.NEAR);
        k.put("scenario labelled over capacity (regime: over)", e -> e.regime() == Regime.OVER);
        k.put("bursty scenario (arrival_cv >= 1.5)", e -> e.arrivalCv() != null && e.arrivalCv() >= BURSTY_CV);
        return k;
    }

    /**
     * One line per kind of traffic that validation or test judges and search lacks, naming the held-out
     * scenarios that show it; empty when search covers every kind they judge.
     */
    public static List<String> gaps(Matrix m) {
        List<String> out = new ArrayList<>();
        List<MatrixEntry> search = m.entries(Split.SEARCH);
        for (Map.Entry<String, Predicate<MatrixEntry>> kind : kinds().entrySet()) {
            if (search.stream().anyMatch(kind.getValue())) {
                continue;
            }
            List<String> judged = new ArrayList<>();
            for (Split held : List.of(Split.VALIDATION, Split.TEST)) {
                m.entries(held).stream().filter(kind.getValue()).forEach(e -> judged.add(held.id() + " " + e.label()));
            }
            if (!judged.isEmpty()) {
                out.add("matrix " + m.name() + ": its search split has no " + kind.getKey() + ", which " + String.join(", ", judged)
                        + " judge" + (judged.size() == 1 ? "s" : "") + ": a candidate is tuned without ever seeing that traffic");
            }
        }
        out.addAll(unconfirmable(m));
        return out;
    }

    /**
     * The other direction: kinds of traffic search tunes on that validation never shows. A gain found
     * only there can never be confirmed, so every candidate that has one is refused before test, however
     * large it is.
     */
    private static List<String> unconfirmable(Matrix m) {
        List<String> out = new ArrayList<>();
        if (m.entries(Split.VALIDATION).isEmpty()) {
            return out;
        }
        for (Map.Entry<String, Predicate<MatrixEntry>> kind : kinds().entrySet()) {
            if (m.entries(Split.VALIDATION).stream().anyMatch(kind.getValue())) {
                continue;
            }
            List<String> tuned = m.entries(Split.SEARCH).stream().filter(kind.getValue()).map(MatrixEntry::label).toList();
            if (!tuned.isEmpty()) {
                out.add("matrix " + m.name() + ": its validation split has no " + kind.getKey() + ", which search " + String.join(", ", tuned)
                        + " tune" + (tuned.size() == 1 ? "s" : "") + " on: a gain found only there can never be confirmed");
            }
        }
        return out;
    }
}
