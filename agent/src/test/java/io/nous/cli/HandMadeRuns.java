package io.nous.cli;

import io.nous.codegen.Candidates;
import io.nous.export.Provenance;
import io.nous.store.Journal;
import io.nous.store.Run;
import io.nous.store.journal.CandidateRecord;
import java.util.List;

/** Builds run directories by hand for tests, with the journal records every reader checks a candidate file against. */
final class HandMadeRuns {
    private HandMadeRuns() {
    }

    /** Writes candidate {@code id}'s source and journals it as the discovery loop does. */
    static void candidate(Run run, Journal journal, String id, String source) {
        run.writeCandidate(id, source);
        journal.append(new CandidateRecord(id, 0, "seed", List.of(), Candidates.compileOnly(source, id + ".java").canonicalHash(),
                "candidates/" + id + ".java", Provenance.sha256(source)));
    }
}
