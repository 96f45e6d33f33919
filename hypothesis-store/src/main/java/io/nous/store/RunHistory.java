package io.nous.store;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.store.journal.CandidateRecord;
import io.nous.store.journal.DiscoveryConfig;
import io.nous.store.journal.Evidence;
import io.nous.store.journal.Hypothesis;
import io.nous.store.journal.JournalEntry;
import io.nous.store.journal.PredictionVerdict;
import io.nous.store.journal.Principle;
import io.nous.store.journal.Promotion;
import io.nous.store.journal.RacingAudit;
import io.nous.store.journal.RunFinished;
import io.nous.store.journal.RunStopped;
import io.nous.store.journal.RunSummary;
import io.nous.store.journal.UpstreamComparison;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run read once into typed values: its settings (with its problem class and objective), every
 * journal line as its record, one {@link CandidateStory} per candidate, and the tail (why it stopped,
 * how it finished, its summary). Not thread-safe: one command reads one history. Every command that shows, reviews, reports, exports or learns from
 * a run works from this; nothing outside the store reads journal JSON. Runs written by earlier
 * versions read too: what they lack is absent (null, empty), never guessed.
 */
public final class RunHistory {
    /** One journal line: its sequence number, type, wall-clock time of writing, and its record. */
    public record Line(long seq, String type, String timestamp, JournalEntry entry) {
    }

    private final Run run;
    private final DiscoveryConfig config;
    private final List<Line> lines;
    private final boolean tornTail;
    private RunSummary summary;
    private boolean summaryRead;
    private final Map<String, CandidateStory> stories;
    private final ObjectNode rawConfig;
    private final List<JournalRecord> records;
    private String broken;

    private RunHistory(Run run, ObjectNode rawConfig, DiscoveryConfig config, List<JournalRecord> records, List<Line> lines, boolean tornTail,
                       Map<String, CandidateStory> stories) {
        this.rawConfig = rawConfig;
        this.records = records;
        this.run = run;
        this.config = config;
        this.lines = lines;
        this.tornTail = tornTail;
        this.stories = stories;
    }

    /**
     * Reads a run's config, journal and summary.
     *
     * @throws StoreException naming the file and line when one of them is not what a run writes
     */
    public static RunHistory read(Run run) {
        ObjectNode raw = run.config();
        DiscoveryConfig config = DiscoveryConfig.fromJson(raw);
        JournalContents contents = run.journal();
        List<Line> lines = new ArrayList<>(contents.records().size());
        for (JournalRecord r : contents.records()) {
            lines.add(new Line(r.seq(), r.type(), r.timestamp(), r.entry()));
        }
        RunHistory h = new RunHistory(run, raw, config, contents.records(), Collections.unmodifiableList(lines), contents.tornTail(),
                stories(lines, lowerIsBetter(config)));
        h.broken = contents.broken();
        return h;
    }

    /**
     * Why the journal's records cannot be trusted as the run wrote them — "journal.jsonl record 37
     * (front-evaluation) was changed after the run wrote it ..." — or null when its integrity chain
     * holds (or it was written before records were chained). What a run exports, reviews, reports or
     * rescores is refused on it; listing and showing the run still work.
     */
    public String tampered() {
        return broken == null ? null : "journal.jsonl " + broken + " of run " + run.id() + " was changed after the run wrote it (its "
                + "integrity chain breaks there): its evidence is not what was measured";
    }

    /** The stories in journal order of the candidates' records. */
    private static Map<String, CandidateStory> stories(List<Line> lines, boolean lowerIsBetter) {
        final class Acc {
            CandidateRecord record;
            Hypothesis hypothesis;
            Evidence search;
            RacingAudit audit;
            PredictionVerdict verdict;
            final List<Principle> principles = new ArrayList<>();
            final List<Promotion> promotions = new ArrayList<>();
            Evidence test;
            final List<UpstreamComparison> upstreams = new ArrayList<>();
        }
        Map<String, Acc> acc = new LinkedHashMap<>();
        Map<String, Acc> early = new HashMap<>(); // evidence about an id before its record (hand-made journals)
        java.util.function.Function<String, Acc> find = id -> acc.containsKey(id) ? acc.get(id) : early.computeIfAbsent(id, k -> new Acc());
        Hypothesis lastHypothesis = null;
        for (Line l : lines) {
            JournalEntry e = l.entry();
            if (e instanceof Hypothesis h) {
                lastHypothesis = h;
            } else if (e instanceof CandidateRecord c) {
                Acc a = early.containsKey(c.id()) ? early.remove(c.id()) : new Acc();
                a.record = c;
                // a proposal's hypothesis is the last one of its iteration; seeds (iteration 0) have none
                if (lastHypothesis != null && lastHypothesis.iteration() == c.iteration() && c.iteration() > 0) {
                    a.hypothesis = lastHypothesis;
                }
                acc.put(c.id(), a);
            } else if (e instanceof Evidence ev) {
                Acc a = find.apply(ev.candidate());
                if (Evidence.TEST_EVALUATION.equals(l.type())) {
                    a.test = ev;
                } else if ("search".equals(ev.split())) {
                    a.search = ev;
                }
            } else if (e instanceof RacingAudit r) {
                find.apply(r.candidate()).audit = r;
            } else if (e instanceof PredictionVerdict v) {
                find.apply(v.candidate()).verdict = v;
            } else if (e instanceof Principle p && p.evidence() != null) {
                find.apply(p.evidence()).principles.add(p);
            } else if (e instanceof Promotion p) {
                find.apply(p.candidate()).promotions.add(p);
            } else if (e instanceof UpstreamComparison u) {
                find.apply(u.candidate()).upstreams.add(u);
            }
        }
        Map<String, CandidateStory> out = new LinkedHashMap<>();
        acc.forEach((id, a) -> out.put(id, new CandidateStory(a.record, a.hypothesis, a.search, a.audit, a.verdict,
                List.copyOf(a.principles), List.copyOf(a.promotions), a.test,
                UpstreamComparison.strongest(a.upstreams, lowerIsBetter))));
        return Collections.unmodifiableMap(out);
    }

    public Run run() {
        return run;
    }

    public String id() {
        return run.id();
    }

    /** Whether the run's objective improves downwards (latencies), as the strongest upstream policy is ranked. */
    private static boolean lowerIsBetter(DiscoveryConfig config) {
        try {
            return io.nous.evaluator.objective.Objectives.byName(config.objective()).lowerIsBetter();
        } catch (IllegalArgumentException e) {
            return true; // an objective this build does not know: rank as a latency
        }
    }

    /** What the run was asked to do. */
    public DiscoveryConfig config() {
        return config;
    }

    /** The problem class the run searched (runs from before problem classes searched flow control). */
    public String problem() {
        return config.problem();
    }

    /** Every complete journal line, in order. */
    /** What the run did not simulate (novelty filter, racing) and what its audits found. */
    public Savings savings() {
        return Savings.of(lines.stream().map(Line::entry).toList());
    }

    /** What the run's sequential comparisons spent and saved. */
    public SequentialSpend sequentialSpend() {
        return SequentialSpend.of(lines.stream().map(Line::entry).toList());
    }

    public List<Line> lines() {
        return lines;
    }

    /** Whether the journal ended with a torn line (an interrupted write), which is ignored. */
    public boolean tornTail() {
        return tornTail;
    }

    /** Every journaled record of one kind, in order. */
    public <T extends JournalEntry> List<T> all(Class<T> kind) {
        List<T> out = new ArrayList<>();
        for (Line l : lines) {
            if (kind.isInstance(l.entry())) {
                out.add(kind.cast(l.entry()));
            }
        }
        return out;
    }

    /** The number of lines of one journal type. */
    public long count(String type) {
        return lines.stream().filter(l -> l.type().equals(type)).count();
    }

    /** Every candidate's story, in the order the run named them. */
    public List<CandidateStory> candidates() {
        return List.copyOf(stories.values());
    }

    /** One candidate's story, if the journal names it. */
    public Optional<CandidateStory> candidate(String id) {
        return Optional.ofNullable(stories.get(id));
    }

    /** The candidates whose promotion was accepted, in the order they became incumbent. */
    public List<String> promoted() {
        List<String> out = new ArrayList<>();
        for (Promotion p : all(Promotion.class)) {
            if (p.accepted()) {
                out.add(p.candidate());
            }
        }
        return out;
    }

    /**
     * The run's summary ({@code summary.json}), empty while it is unfinished; read on first use, so
     * that a command that checks the summary itself (replay) meets a damaged one where it looks.
     */
    public Optional<RunSummary> summary() {
        if (!summaryRead) {
            summary = run.summaryRecord().orElse(null);
            summaryRead = true;
        }
        return Optional.ofNullable(summary);
    }

    /** Why it stopped proposing, if it journaled that. */
    public Optional<RunStopped> stopped() {
        List<RunStopped> s = all(RunStopped.class);
        return s.isEmpty() ? Optional.empty() : Optional.of(s.get(s.size() - 1));
    }

    /** Its last record, if it finished. */
    public Optional<RunFinished> finished() {
        List<RunFinished> f = all(RunFinished.class);
        return f.isEmpty() ? Optional.empty() : Optional.of(f.get(f.size() - 1));
    }

    /**
     * The run as one JSON document for tools ({@code runs show --json}): its config as written, its
     * summary (null while unfinished), whether the journal's tail was torn, and every journal line as
     * written, types this version does not know included.
     */
    public ObjectNode toJson() {
        ObjectNode o = Journal.JSON.createObjectNode();
        o.put("run_id", run.id());
        o.set("config", rawConfig.deepCopy());
        o.set("summary", summary().isEmpty() ? Journal.JSON.nullNode() : Journal.body(summary().get()));
        o.put("journal_torn_tail", tornTail);
        o.set("savings", Journal.JSON.valueToTree(savings()));
        ArrayNode out = o.putArray("journal");
        for (JournalRecord r : records) {
            out.addObject().put("seq", r.seq()).put("type", r.type()).put("ts", r.timestamp()).set("body", r.body());
        }
        return o;
    }

    /** The time its first line was written, or null for an empty journal. */
    public String firstTimestamp() {
        return lines.isEmpty() ? null : lines.get(0).timestamp();
    }

    /** The time its last line was written, or null for an empty journal. */
    public String lastTimestamp() {
        return lines.isEmpty() ? null : lines.get(lines.size() - 1).timestamp();
    }
}
