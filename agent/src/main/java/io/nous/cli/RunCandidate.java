package io.nous.cli;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.codegen.RouterContract;
import io.nous.codegen.verify.Violation;
import io.nous.discover.Compiled;
import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.export.PlugPointViews;
import io.nous.export.PolicyPart;
import io.nous.export.Provenance;
import io.nous.export.Standing;
import io.nous.export.UpstreamMatch;
import io.nous.sim.spi.PlugPoint;
import io.nous.store.CandidateStory;
import io.nous.store.Run;
import io.nous.store.RunHistory;
import io.nous.store.StoreException;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One candidate of a run, read from the run directory and checked once: what {@code export},
 * {@code review} and {@code report} work from. {@code story} is null when the journal does not
 * mention the candidate. The check is the simulator's (so runs made before the router contract was
 * enforced can still be reviewed); {@link #routerProblems()} says whether it can be exported.
 * {@code split} is the class's own compilation of a candidate of several parts (null for one part),
 * made once here so that every command reads the same parts.
 */
record RunCandidate(RunHistory history, String id, String source, CheckResult check, CandidateStory story, Compiled split) {

    /** The run directory. */
    Run run() {
        return history.run();
    }

    /** The named candidate, or the run's winner when {@code id} is null. */
    static RunCandidate load(Run run, String id) {
        return load(RunHistory.read(run), id);
    }

    /** The same from a run already read. */
    static RunCandidate load(RunHistory history, String id) {
        Run run = history.run();
        if (history.tampered() != null) {
            throw new UserError(history.tampered() + "; export, review and report work only from records as the run wrote them");
        }
        String chosen = id != null ? id : winner(history);
        Path file = run.candidateFile(chosen);
        if (!chosen.matches("c\\d{4,}") || !Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            throw new UserError("run " + run.id() + " has no candidate '" + chosen + "'; see nous runs show " + run.id());
        }
        String source = verifiedSource(history, chosen);
        Problem problem = Problems.byId(history.problem());
        return new RunCandidate(history, chosen, source, Candidates.check(source, chosen + ".java", Contract.SIMULATION_ONLY),
                history.candidate(chosen).orElse(null), problem.kinds().size() > 1 ? problem.compile(source) : null);
    }

    /**
     * A candidate's source, read safely from the run directory and checked against what the journal
     * recorded when the run wrote it: the exact bytes (runs from this version on), else the
     * behaviour's canonical hash. A file edited, replaced or linked in after the run is refused:
     * the journal's evidence is for the original.
     */
    static String verifiedSource(RunHistory history, String id) {
        Run run = history.run();
        String source = run.candidateSource(id);
        CandidateRecord record = history.candidate(id).map(CandidateStory::record).orElse(null);
        if (record == null) {
            throw new UserError("candidates/" + id + ".java is not a candidate of run " + run.id() + "'s journal; see nous runs show " + run.id());
        }
        String exact = record.sourceSha256();
        boolean intact;
        if (exact != null) {
            intact = exact.equals(Provenance.sha256(source));
        } else {
            // a run written before the exact hash was kept: the behaviour's hash, as the problem class computed it
            Compiled c = Problems.byId(history.problem()).compile(source);
            intact = c.accepted() && record.sha256().equals(c.canonicalHash());
        }
        if (!intact) {
            throw new UserError("candidates/" + id + ".java of run " + run.id() + " was changed after the run: it is not the source the "
                    + "journal recorded, and the run's evidence is for that one; restore the file ('nous replay " + run.id()
                    + "' checks the whole run)");
        }
        return source;
    }

    /** The problem class the run searched. */
    Problem problem() {
        return Problems.byId(history.problem());
    }

    /** Whether a candidate is more than one plugin (a joint candidate: a usage-limit policy and an admitter in one class). */
    boolean multiPart() {
        return split != null;
    }

    /**
     * The candidate's parts, one per SPI its class lists: for one part the simulator's check above, for
     * more the class's own split (each half verified and compiled).
     */
    List<PolicyPart> parts() {
        Problem problem = problem();
        if (split == null) {
            return List.of(new PolicyPart(problem.kinds().get(0), source, check));
        }
        if (!split.accepted()) {
            throw new UserError(id + " does not pass verification: " + String.join("; ", split.problems()));
        }
        return PolicyPart.of(problem, split);
    }

    /** This candidate, if it still passes verification (the code may have been edited or Nous upgraded since). */
    RunCandidate requireAccepted() {
        if (multiPart()) {
            parts();
        } else if (!check.accepted()) {
            throw new UserError(id + " does not pass verification: " + String.join("; ", check.problems()));
        }
        return this;
    }

    /** Where this candidate stands in its run: promoted, held on test, against the router's own policy. */
    Standing standing() {
        String like = null;
        if (check.accepted() && check.candidate() != null && !multiPart()) {
            var match = PlugPointViews.of(check.candidate().kind()).upstreamMatch(check.candidate());
            like = match.map(UpstreamMatch.Match::describe).orElse(null);
        }
        return Standing.of(history, id, like);
    }

    /** Why this candidate cannot become a router plugin; empty when it can. */
    List<Violation> routerProblems() {
        return RouterContract.check(source, kindOf(check));
    }

    /** The kind a checked source is (a source that did not compile is held to the usage-limit contract). */
    private static PlugPoint<?> kindOf(CheckResult check) {
        return check != null && check.candidate() != null ? check.candidate().kind() : PlugPoint.USAGE_LIMIT;
    }

    /**
     * The run's best candidate that can be exported to the router: the latest accepted promotion
     * (promotions only replace the incumbent with something better) whose source meets the
     * router's contract, other than {@code except}; null when there is none.
     */
    static String bestExportable(RunHistory history, String except) {
        List<String> promoted = new ArrayList<>(history.promoted());
        Collections.reverse(promoted);
        for (String id : promoted) {
            if (id.equals(except) || !id.matches("c\\d{4,}")) {
                continue;
            }
            String source;
            try {
                source = verifiedSource(history, id);
            } catch (UserError | StoreException e) {
                continue; // a changed file is no candidate to recommend
            }
            CheckResult checked = Candidates.check(source, id + ".java");
            if (checked.accepted() && RouterContract.check(source, kindOf(checked)).isEmpty()) {
                return id;
            }
        }
        return null;
    }

    static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UserError("cannot read " + p + ": " + e.getMessage());
        }
    }

    static String winner(RunHistory history) {
        RunSummary s = history.summary().orElseThrow(() -> new UserError("run " + history.id() + " has no summary (still running or "
                + "interrupted?); name a candidate"));
        if (s.best() == null) {
            throw new UserError("run " + history.id() + " has no winner; name a candidate");
        }
        return s.best().candidateId();
    }
}
