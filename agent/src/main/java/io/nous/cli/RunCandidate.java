package io.nous.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.codegen.RouterContract;
import io.nous.codegen.verify.Violation;
import io.nous.export.Provenance;
import io.nous.store.JournalRecord;
import io.nous.store.Run;
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
 */
record RunCandidate(Run run, String id, String source, CheckResult check, Provenance.CandidateStory story) {

    /** The named candidate, or the run's winner when {@code id} is null. */
    static RunCandidate load(Run run, String id) {
        String chosen = id != null ? id : winner(run);
        Path file = run.candidateFile(chosen);
        if (!chosen.matches("c\\d{4,}") || !Files.isRegularFile(file)) {
            throw new UserError("run " + run.id() + " has no candidate '" + chosen + "'; see nous runs show " + run.id());
        }
        String source = read(file);
        return new RunCandidate(run, chosen, source, Candidates.check(source, chosen + ".java", Contract.SIMULATION_ONLY),
                Provenance.stories(run).get(chosen));
    }

    /** Whether the run searched joint candidates (a usage-limit policy and an admitter in one class). */
    static boolean joint(Run run) {
        return io.nous.store.PrincipleLibrary.problemOf(run).equals(io.nous.discover.Problems.JOINT);
    }

    /** Refuses a joint run for a command that describes one policy, saying what to do instead. */
    static void requireSinglePolicy(Run run, String command) {
        if (joint(run)) {
            throw new UserError("nous " + command + " describes one policy; run " + run.id() + " searched joint candidates (a usage-limit "
                    + "policy and an admitter together), which it cannot describe yet: 'nous runs show " + run.id() + "' has the evidence and "
                    + "'nous export " + run.id() + " --out DIR' writes both plugins");
        }
    }

    /** This candidate, if it still passes verification (the code may have been edited or Nous upgraded since). */
    RunCandidate requireAccepted() {
        if (!check.accepted()) {
            throw new UserError(id + " does not pass verification: " + String.join("; ", check.problems()));
        }
        return this;
    }

    /** Why this candidate cannot become a router plugin; empty when it can. */
    List<Violation> routerProblems() {
        return RouterContract.check(source);
    }

    /**
     * The run's best candidate that can be exported to the router: the latest accepted promotion
     * (promotions only replace the incumbent with something better) whose source meets the
     * router's contract, other than {@code except}; null when there is none.
     */
    static String bestExportable(Run run, String except) {
        List<String> promoted = new ArrayList<>();
        for (JournalRecord r : run.journal().records()) {
            if (r.type().equals("promotion") && r.body().path("accepted").asBoolean()) {
                promoted.add(r.body().path("candidate").asText());
            }
        }
        Collections.reverse(promoted);
        for (String id : promoted) {
            Path file = run.candidateFile(id);
            if (id.equals(except) || !id.matches("c\\d{4,}") || !Files.isRegularFile(file)) {
                continue;
            }
            String source = read(file);
            if (RouterContract.check(source).isEmpty() && Candidates.check(source, id + ".java").accepted()) {
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

    static String winner(Run run) {
        try {
            JsonNode s = new ObjectMapper().readTree(Files.readString(run.summaryFile()));
            if (s.path("best").isNull() || s.path("best").isMissingNode()) {
                throw new UserError("run " + run.id() + " has no winner; name a candidate");
            }
            return s.path("best").path("candidate_id").asText();
        } catch (IOException e) {
            throw new UserError("run " + run.id() + " has no summary (still running or interrupted?); name a candidate");
        }
    }
}
