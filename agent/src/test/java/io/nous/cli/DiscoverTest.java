package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nous.store.JournalRecord;
import io.nous.store.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The discovery loop through the CLI: runs, kill -9 and resume, replay, duplicates, bad input. */
@Order(2) // among the longest classes (junit-platform.properties)
class DiscoverTest {
    @TempDir
    Path dir;

    /** A small but real search: 8 proposals on a small matrix, 2 seeds, 60 simulated seconds per scenario. */
    private static final String[] SMALL = {"discover", "--problem", "flow-control", "--seed-policies", "static-usage-limit", "--budget", "8", "--seeds", "2",
        "--duration", "60", "--threads", "2", "--seed", "7"};

    /** Where the small matrix and the one uninterrupted small run live, for every test of the class. */
    @TempDir
    static Path shared;
    private static Path smallRuns;

    private static String[] small(Path runs, String... extra) throws Exception {
        List<String> a = new ArrayList<>(List.of(SMALL));
        a.addAll(List.of("--matrix", TestMatrices.flowControl(shared).toString(), "--runs-dir", runs.toString()));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    /**
     * The runs directory of one small run made once for the class: tests that only read it share it
     * (a tampering test copies it first), and a resumed run must end equal to it.
     */
    private static synchronized Path smallRun() throws Exception {
        if (smallRuns == null) {
            Path runs = shared.resolve("small-runs");
            CliHarness h = CliHarness.run(small(runs));
            assertThat(h.exit()).as(h.err()).isZero();
            assertThat(h.out()).contains("stopped: all 8 proposals of the budget were made")
                    .contains("next    nous runs show " + CliHarness.onlyRun(runs) + " --runs-dir " + runs);
            smallRuns = runs;
        }
        return smallRuns;
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }


    /** The journal without timestamps: what must be identical between runs. */
    private static List<String> content(Path runs, String id) {
        List<String> out = new ArrayList<>();
        for (JournalRecord r : new RunStore(runs).open(id).journal().records()) {
            out.add(r.seq() + " " + r.type() + " " + r.body());
        }
        return out;
    }

    @Test
    void aRunWritesItsJournalCandidatesAndSummaryAndNeverSimulatesADuplicate() throws Exception {
        Path runs = smallRun();
        String id = CliHarness.onlyRun(runs);
        JsonNode summary = new ObjectMapper().readTree(Files.readString(runs.resolve(id).resolve("summary.json")));
        assertThat(summary.get("iterations").asInt()).isEqualTo(8);
        assertThat(summary.get("stopped").get("reason").asText()).isEqualTo("budget");
        assertThat(summary.get("evaluations").asInt()).isPositive();
        assertThat(summary.has("best")).isTrue();
        if (!summary.get("best").isNull()) {
            assertThat(Path.of(summary.get("best").get("source_path").asText())).exists();
            assertThat(summary.get("best").get("search").get("change").asDouble()).isNegative();
        }
        Set<String> hashes = new HashSet<>();
        int evaluations = 0;
        for (JournalRecord r : new RunStore(runs).open(id).journal().records()) {
            if (r.type().equals("candidate")) {
                assertThat(hashes.add(r.body().get("sha256").asText())).as("a candidate hash simulated twice").isTrue();
            }
            if (r.type().equals("evaluation") && r.body().get("split").asText().equals("search")) {
                evaluations++;
            }
        }
        assertThat(evaluations).isEqualTo(hashes.size());
        CliHarness show = CliHarness.run("runs", "show", id, "--runs-dir", runs.toString());
        String[] lines = show.out().split("\n");
        // a one-screen summary first, then the story; no raw JSON, no NaN
        assertThat(lines[0]).isEqualTo("run       " + id);
        assertThat(show.out().substring(0, show.out().indexOf("\nstory\n"))).contains("status    finished; all 8 proposals of the budget")
                .contains("counts    8 proposals, ").contains("cost      ").containsPattern("winner    (none|c\\d{4})")
                .satisfies(head -> assertThat(head.split("\n").length).isLessThan(20));
        // proposals that changed nothing are folded into one line of counts; --all tells every one
        if (!show.out().contains("promotion of")) {
            assertThat(show.out()).containsPattern("\\.\\.\\. \\d+ proposals? folded: \\d+ duplicates, \\d+ rejected before simulation");
        }
        CliHarness all = CliHarness.run("runs", "show", id, "--all", "--runs-dir", runs.toString());
        assertThat(all.out()).contains("#1 ").contains("predicts near").contains("evidence (search)").doesNotContain("NaN")
                .doesNotContain("{\"").doesNotContain("[\"").doesNotContain("folded");
        assertThat(all.out().length()).isGreaterThanOrEqualTo(show.out().length());
        JsonNode json = new ObjectMapper().readTree(CliHarness.run("runs", "show", id, "--json", "--runs-dir", runs.toString()).out());
        assertThat(json.get("summary").get("stopped").get("reason").asText()).isEqualTo("budget");
        assertThat(json.get("journal").get(0).get("type").asText()).isEqualTo("run-started");
        assertThat(CliHarness.run("runs", "list", "--runs-dir", runs.toString()).out()).contains(id);
    }

    @Test
    void anAdmissionSearchStartsFromTheLegacyRuleReshapesItReplaysAndExportsAdmitters() throws Exception {
        Path runs = dir.resolve("runs");
        Path matrix = TestMatrices.admission(dir);
        CliHarness h = CliHarness.run("discover", "--problem", "admission", "--matrix", matrix.toString(), "--budget", "8", "--seeds", "1",
                "--duration", "60", "--threads", "2", "--seed", "1", "--runs-dir", runs.toString(), "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        // the config says which problem, the seed is the legacy rule, the proposals are admitters of the three shapes
        JsonNode config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("admission");
        assertThat(config.get("objective").asText()).isEqualTo("critical-ttft-shed");
        // a new run says its pods cached prefixes; runs from before say nothing, and replay without
        assertThat(config.get("prefix_caching").asBoolean()).isTrue();
        // the held-out splits' own seeds, as the matrix file gave them, so that the run replays with them
        assertThat(config.get("split_seeds").get("validation").asInt()).isEqualTo(3);
        assertThat(config.get("split_seeds").get("test").asInt()).isEqualTo(2);
        assertThat(Files.readString(run.resolve("candidates/c0001.java"))).contains("implements AdmissionPolicy").contains("saturation < threshold");
        String journal = Files.readString(run.resolve("journal.jsonl"));
        assertThat(journal).contains("\"operator\":\"reshape-").contains("\"matrix\":\"" + matrix + "\"");
        assertThat(CliHarness.run("runs", "show", id, "--runs-dir", runs.toString()).out()).contains("problem admission");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        // every candidate the search made leaves as a router admitter
        try (Stream<Path> cs = Files.list(run.resolve("candidates"))) {
            for (Path c : cs.sorted().toList()) {
                String cid = c.getFileName().toString().replace(".java", "");
                Path out = dir.resolve("export-" + cid);
                CliHarness e = CliHarness.run("export", id, cid, "--runs-dir", runs.toString(), "--out", out.toString(), "--force");
                GoToolchain.assertProved(e);
                assertThat(e.out()).contains("as the admitter nous-" + cid + "-admitter");
            }
        }
        // a run's admitter into a router checkout: its hypothesis is the pull request's what and why
        Path stub = RouterFixture.usageLimitStub(dir);
        Path router = RouterFixture.create(dir.resolve("router"), stub, dir.resolve("export-c0002"));
        CliHarness placed = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("placed").toString(),
                "--router", router.toString(), "--force");
        assertThat(placed.exit()).as(placed.err()).isZero();
        assertThat(placed.out()).contains("on branch nous/nous-c0002-admitter");
        assertThat(dir.resolve("placed/PR_DESCRIPTION.md")).content().contains("an Alpha admitter");
        assertThat(dir.resolve("placed/PROVENANCE.md")).content().contains(id);
        // the review describes the admitter: refusal shares by saturation, evidence against the legacy path, how to reproduce
        CliHarness review = CliHarness.run("review", id, "c0002", "--runs-dir", runs.toString());
        assertThat(review.exit()).as(review.err()).isZero();
        assertThat(review.out()).contains("# Review of `c0002`, an admitter Nous evaluated (not promoted): not for merging")
                .contains("Share of requests admitted")
                .contains("versus the legacy path").contains("--admission direct:").contains("--baseline-admission legacy");
        // the HTML report draws what the admitter lets in
        CliHarness report = CliHarness.run("report", id, "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("r.html").toString());
        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(dir.resolve("r.html")).content().contains("Share admitted against pool saturation").contains("versus the legacy path");
        CliHarness wrongSeed = CliHarness.run("discover", "--problem", "admission", "--seed-policies", "static-usage-limit", "--runs-dir",
                runs.toString());
        assertThat(wrongSeed.exit()).isEqualTo(2);
        assertThat(wrongSeed.err()).contains("--seed-policies for --problem admission: 'static-usage-limit' is not an admission policy");
    }

    @Test
    void aRoutingSearchStartsFromTheLabsProfilesReplaysReviewsAndReportsScorers() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "routing", "--matrix", TestMatrices.routing(dir).toString(), "--budget", "8",
                "--threads", "2", "--seed", "1", "--runs-dir", runs.toString(), "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        JsonNode config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("routing");
        assertThat(config.get("objective").asText()).isEqualTo("routing-ttft");
        assertThat(config.get("seed_policies").toString()).contains("lab-affinity-token-load").contains("lab-affinity-active-request");
        assertThat(Files.readString(run.resolve("candidates/c0002.java"))).contains("implements RoutingScorer").contains("GATE_LIMIT");
        // the lab's default profile as a scorer ranks endpoints as the profile does: no difference from the baseline
        String journal = Files.readString(run.resolve("journal.jsonl"));
        assertThat(journal).containsPattern("\"operator\":\"(regate|reload|reweight|reform-affinity|perturb-constant|cross-scorers)\"")
                .doesNotContain("usage-limit policy was never called");
        assertThat(CliHarness.run("runs", "show", id, "--runs-dir", runs.toString()).out()).contains("problem routing");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
        // a review and a report show where the scorer lets a tenant go
        CliHarness review = CliHarness.run("review", id, "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("r.md").toString());
        assertThat(review.exit()).as(review.err()).isZero();
        assertThat(dir.resolve("r.md")).content().contains("a routing scorer").contains("**In one sentence.** Prefers an endpoint holding at least")
                .contains("| in flight | holds the prompt | idle, cold | picked |")
                .contains("the lab's default profile");
        CliHarness report = CliHarness.run("report", id, "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("r.html").toString());
        assertThat(report.exit()).as(report.err()).isZero();
        assertThat(dir.resolve("r.html")).content().contains("<th>holds the prompt</th>");
        // a candidate of the run exports as a scheduling Scorer plugin, its provenance the run's
        CliHarness export = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", dir.resolve("x").toString(),
                "--force");
        assertThat(export.exit()).as(export.err()).isZero();
        assertThat(export.out()).contains("as the scorer nous-c0002-scorer (package nousc0002");
        assertThat(dir.resolve("x/provenance.json")).content().contains("\"run_id\"").contains(id);
        GoToolchain.assertProved(export);
        // an edited evaluation of a routing run is refused by everything that trusts it, the record named
        RecordIntegrity.editedRecordIsRefusedEverywhere(runs, id, "evaluation", "c0002", dir.resolve("tampered"));
        CliHarness wrongSeed = CliHarness.run("discover", "--problem", "routing", "--seed-policies", "static-usage-limit", "--runs-dir",
                runs.toString());
        assertThat(wrongSeed.exit()).isEqualTo(2);
        assertThat(wrongSeed.err()).contains("'static-usage-limit' is not a routing policy");
    }

    @Test
    void aJointSearchPairsAUsageLimitPolicyWithAnAdmitterReplaysAndExportsBothPlugins() throws Exception {
        Path runs = dir.resolve("runs");
        CliHarness h = CliHarness.run("discover", "--problem", "joint", "--matrix", TestMatrices.joint(dir).toString(), "--budget", "6",
                "--seeds", "1", "--duration", "60", "--threads", "2", "--seed", "1", "--runs-dir", runs.toString(), "--no-progress");
        assertThat(h.exit()).as(h.out() + h.err()).isZero();
        String id = CliHarness.onlyRun(runs);
        Path run = runs.resolve(id);
        JsonNode config = new ObjectMapper().readTree(run.resolve("config.json").toFile());
        assertThat(config.get("problem").asText()).isEqualTo("joint");
        assertThat(config.get("objective").asText()).isEqualTo("critical-ttft-shed");
        // the seeds are pairs of built-in policies in one class; proposals mutate one half at a time
        assertThat(Files.readString(run.resolve("candidates/c0002.java"))).contains("implements UsageLimitPolicy, AdmissionPolicy")
                .contains("computeLimit(").contains("admit(");
        String journal = Files.readString(run.resolve("journal.jsonl"));
        assertThat(journal).containsPattern("half\\)");
        assertThat(h.out()).doesNotContain("nous review");
        CliHarness replay = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(CliHarness.run("runs", "show", id, "--runs-dir", runs.toString()).out()).contains("problem joint");
        // the pair leaves as two packages and one config that enables them together
        Path out = dir.resolve("joint-export");
        CliHarness e = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", out.toString(), "--force");
        assertThat(e.exit()).as(e.err()).isZero();
        assertThat(e.out()).contains("exported c0002 as the pair nous-c0002-policy + nous-c0002-admitter");
        GoToolchain.assertProved(e);
        assertThat(e.out().split("proved: ", -1)).as("both halves proved").hasSize(3);
        assertThat(out.resolve("epp-config.yaml")).content().contains("- flowControl").contains("type: nous-c0002-admitter")
                .contains("usageLimitPolicyPluginRef: nous-c0002-policy");
        // the config simulates unchanged: both halves run from the sources the export proved, as they would by flag
        List<Path> halves;
        try (java.util.stream.Stream<Path> f = Files.walk(out)) {
            halves = f.filter(p -> p.getParent().getFileName().toString().equals("source") && p.toString().endsWith(".java")).sorted().toList();
        }
        assertThat(halves).hasSize(2);
        // each half's folder holds the provenance that names its plugin type
        Path policyHalf = halves.stream().filter(p -> {
            try {
                return Files.readString(p.getParent().getParent().resolve("provenance.json")).contains("\"nous-c0002-policy\"");
            } catch (java.io.IOException unreadable) {
                throw new java.io.UncheckedIOException(unreadable);
            }
        }).findFirst().orElseThrow();
        Path admitterHalf = halves.stream().filter(p -> p != policyHalf).findFirst().orElseThrow();
        assertThat(RouterLoaderRules.problems(Files.readString(out.resolve("epp-config.yaml")),
                java.util.Set.of("nous-c0002-policy", "nous-c0002-admitter"))).as("the router's loader accepts it").isEmpty();
        assertThat(EppConfigRoundTripTest.simulated("--epp-config", out.resolve("epp-config.yaml").toString()))
                .isEqualTo(EppConfigRoundTripTest.simulated("--policy", policyHalf.toString(), "--admission", admitterHalf.toString()));
        // c0002 was not promoted in this short run: without --force it does not leave, and says why
        Path upstream = dir.resolve("joint-upstream");
        CliHarness refused = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", upstream.toString());
        assertThat(refused.exit()).as(refused.out() + refused.err()).isEqualTo(7);
        assertThat(refused.err()).contains("not exported: c0002 was not promoted");
        assertThat(upstream).doesNotExist();
        // a review describes both halves, each as its own plugin
        CliHarness review = CliHarness.run("review", id, "c0002", "--journal-only", "--runs-dir", runs.toString());
        assertThat(review.exit()).as(review.err()).isZero();
        assertThat(review.out()).contains("a joint policy").contains("(`nous-c0002-policy`)").contains("(`nous-c0002-admitter`)")
                .contains("nous export " + id + " c0002");
        CliHarness badSeed = CliHarness.run("discover", "--problem", "joint", "--seed-policies", "soft-reflective-ceiling", "--runs-dir",
                runs.toString());
        assertThat(badSeed.exit()).isEqualTo(2);
        assertThat(badSeed.err()).contains("a joint seed is a pair USAGE-LIMIT+ADMITTER");
        // once promoted (recorded here by hand), a pair whose halves are both the router's own (soft-reflective-ceiling with the
        // legacy admission) is still nothing to copy: configure what the router ships
        try (var j = new RunStore(runs).open(id).openJournal()) {
            j.append("promotion", new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("candidate", "c0002")
                    .put("accepted", true));
        }
        CliHarness u = CliHarness.run("export", id, "c0002", "--runs-dir", runs.toString(), "--out", upstream.toString());
        assertThat(u.exit()).as(u.out() + u.err()).isEqualTo(2);
        assertThat(u.err()).contains("pairs soft-reflective-ceiling-policy with the router's legacy admission");
        assertThat(upstream).doesNotExist();
    }

    @Test
    void eachProblemClassStartsFromItsOwnMatrixObjectiveAndHeldOutSeeds() throws Exception {
        String[][] classes = {{"flow-control", "default", "critical-ttft"}, {"admission", "admission", "critical-ttft-shed"},
            {"joint", "joint", "critical-ttft-shed"}};
        for (String[] c : classes) {
            Path runs = dir.resolve(c[0]);
            CliHarness h = CliHarness.run("discover", "--problem", c[0], "--time-limit", "1ms", "--seeds", "1", "--duration", "10", "--runs-dir",
                    runs.toString(), "--no-progress");
            assertThat(h.exit()).as(h.out() + h.err()).isZero();
            JsonNode config = new ObjectMapper().readTree(runs.resolve(CliHarness.onlyRun(runs)).resolve("config.json").toFile());
            assertThat(config.path("problem").asText("flow-control")).as("written for the classes after flow-control").isEqualTo(c[0]);
            assertThat(config.get("matrix").asText()).as(c[0]).isEqualTo(c[1]);
            assertThat(config.get("objective").asText()).as(c[0]).isEqualTo(c[2]);
            if (c[0].equals("admission")) {
                // the admission matrix's held-out splits run their own seeds, and the run records them so that it replays with them
                assertThat(config.get("split_seeds").get("validation").asInt()).isEqualTo(10);
                assertThat(config.get("split_seeds").get("test").asInt()).isEqualTo(10);
                assertThat(config.get("budget").asInt()).isEqualTo(300);
            }
        }
    }

    @Test
    void aReportIsTheSameBytesWhateverTheThreadsOfItsResimulation() throws Exception {
        Path runs = smallRun();
        String id = CliHarness.onlyRun(runs);
        Path one = dir.resolve("one.html");
        Path two = dir.resolve("two.html");
        for (String[] t : new String[][] {{"1", one.toString()}, {"2", two.toString()}}) {
            CliHarness r = CliHarness.run("report", id, "c0002", "--runs-dir", runs.toString(), "--out", t[1], "--threads", t[0]);
            assertThat(r.exit()).as(r.err()).isZero();
        }
        assertThat(two).hasSameBinaryContentAs(one);
    }

    @Test
    void replayVerifiesACompletedRunAndCatchesATamperedEvaluation() throws Exception {
        Path runs = dir.resolve("runs");
        copyTree(smallRun(), runs);
        String id = CliHarness.onlyRun(runs);
        CliHarness ok = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(ok.exit()).as(ok.out()).isZero();
        assertThat(ok.out()).contains("reproduced all");

        Path journal = runs.resolve(id).resolve("journal.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(journal));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"type\":\"evaluation\"") && lines.get(i).contains("\"change\":")) {
                lines.set(i, lines.get(i).replaceFirst("\"change\":(-?[0-9])", "\"change\":9$1"));
                break;
            }
        }
        Files.write(journal, lines);
        CliHarness bad = CliHarness.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(bad.exit()).isEqualTo(ReplayCommand.DIFFERS);
        assertThat(bad.out()).contains("replay differs").contains("(evaluation)").contains("change");
        CliHarness plain = CliHarness.run("replay", id, "--runs-dir", runs.toString());
        assertThat(plain.exit()).as("a difference is a failure with or without --verify").isEqualTo(ReplayCommand.DIFFERS);
    }

    @Test
    void aRunKilledWithSigkillResumesToTheSameJournalAsAnUninterruptedRun() throws Exception {
        Path straight = smallRun();

        Path killed = dir.resolve("killed");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Nous.class.getName()));
        cmd.addAll(List.of(small(killed)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("killed.log").toFile()).start();
        // Kill it hard once it has journaled a few candidates (it is then almost always mid-evaluation).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            Path j = Files.isDirectory(killed) ? Files.list(killed).findFirst().map(d -> d.resolve("journal.jsonl")).orElse(null) : null;
            if (j != null && Files.exists(j) && Files.readAllLines(j).stream().filter(l -> l.contains("\"type\":\"candidate\"")).count() >= 4) {
                break;
            }
            Thread.sleep(20);
        }
        p.destroyForcibly().waitFor();
        String id = CliHarness.onlyRun(killed);
        assertThat(Files.exists(killed.resolve(id).resolve("summary.json"))).as("killed before the end").isFalse();
        // a crash may also leave half a line
        Files.writeString(killed.resolve(id).resolve("journal.jsonl"), "{\"seq\":99,\"ty", StandardOpenOption.APPEND);

        CliHarness resumed = CliHarness.run("discover", "--resume", id, "--runs-dir", killed.toString());
        assertThat(resumed.exit()).as(resumed.err()).isZero();
        assertThat(content(killed, id)).isEqualTo(content(straight, CliHarness.onlyRun(straight)));
        // a finished run has nothing to resume: it says so in a few lines, and nothing changes
        CliHarness again = CliHarness.run("discover", "--resume", id, "--runs-dir", killed.toString());
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out()).contains("run " + id + " already finished").contains("nothing was resumed").contains("nous runs show " + id);
        assertThat(again.out().lines().count()).isLessThan(6);
        assertThat(content(killed, id)).isEqualTo(content(straight, CliHarness.onlyRun(straight)));
    }

    @Test
    void aRunSaysWhyItStoppedInItsJournalSummaryAndConsole() throws Exception {
        Path timed = dir.resolve("timed");
        CliHarness t = CliHarness.run(small(timed, "--time-limit", "1ms"));
        assertThat(t.exit()).as(t.err()).isZero();
        assertThat(t.out()).contains("stopped: the 0.001 s time limit passed after 0 of 8 proposals");
        String tid = CliHarness.onlyRun(timed);
        JsonNode ts = new ObjectMapper().readTree(timed.resolve(tid).resolve("summary.json").toFile());
        assertThat(ts.get("stopped").get("reason").asText()).isEqualTo("time-limit");
        assertThat(content(timed, tid)).anyMatch(l -> l.contains(" run-stopped {\"reason\":\"time-limit\""));
        // a replay follows the journal, not the clock: the same early stop reproduces
        assertThat(CliHarness.run("replay", tid, "--runs-dir", timed.toString()).exit()).isZero();

        Path target = dir.resolve("target");
        CliHarness g = CliHarness.run("discover", "--problem", "flow-control", "--seed-policies", "soft-reflective-ceiling", "--matrix", TestMatrices.studyRouter(shared).toString(),
                "--budget", "12", "--seeds", "2", "--duration", "120", "--threads", "2", "--seed", "7", "--target", "0", "--runs-dir",
                target.toString());
        assertThat(g.exit()).as(g.err()).isZero();
        JsonNode gs = new ObjectMapper().readTree(target.resolve(CliHarness.onlyRun(target)).resolve("summary.json").toFile());
        assertThat(gs.get("stopped").get("reason").asText()).isEqualTo("target");
        assertThat(gs.get("iterations").asInt()).isLessThan(12);
        assertThat(g.out()).contains("stopped: " + gs.get("best").get("candidate_id").asText() + " reached the target");
    }

    @Test
    void ctrlCExits130WithTheCommandThatResumesTheRun() throws Exception {
        Path runs = dir.resolve("my runs");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Nous.class.getName()));
        cmd.addAll(List.of(small(runs, "--worker-heap", "96m")));
        Path err = dir.resolve("err.log");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).redirectOutput(dir.resolve("out.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            Path j = Files.isDirectory(runs) ? Files.list(runs).findFirst().map(d -> d.resolve("journal.jsonl")).orElse(null) : null;
            if (j != null && Files.exists(j) && Files.readAllLines(j).stream().anyMatch(l -> l.contains("\"type\":\"candidate\""))) {
                break;
            }
            Thread.sleep(20);
        }
        assertThat(new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor()).isZero();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(130);
        String id = CliHarness.onlyRun(runs);
        assertThat(Files.readString(err)).contains("interrupted: the run so far is kept in")
                .contains("nous discover --resume " + id + " --runs-dir '" + runs + "' --worker-heap 96m");
    }

    @Test
    void badInputIsAClearError() throws Exception {
        CliHarness objective = CliHarness.run("discover", "--objective", "speed", "--runs-dir", dir.toString());
        assertThat(objective.exit()).isEqualTo(2);
        assertThat(objective.err()).contains("unknown objective 'speed'");
        CliHarness preferAlone = CliHarness.run("discover", "--prefer", "critical-ttft within 5% of best, then max goodput",
                "--runs-dir", dir.toString());
        assertThat(preferAlone.exit()).isEqualTo(2);
        assertThat(preferAlone.err()).contains("--prefer chooses among trade-offs, so it needs --front");
        CliHarness preferWrongWay = CliHarness.run("discover", "--front", "goodput", "--prefer",
                "critical-ttft within 5% of best, then min goodput", "--runs-dir", dir.toString());
        assertThat(preferWrongWay.exit()).isEqualTo(2);
        assertThat(preferWrongWay.err()).contains("--prefer: 'goodput' is higher is better, so say 'max goodput'");
        CliHarness fewSeeds = CliHarness.run("discover", "--head-to-head-seeds", "2", "--runs-dir", dir.toString());
        assertThat(fewSeeds.exit()).isEqualTo(2);
        assertThat(fewSeeds.err()).contains("--head-to-head-seeds must be at least the search split's seeds (3), not 2");
        CliHarness negativeCap = CliHarness.run("discover", "--seeds-up-to", "-1", "--runs-dir", dir.toString());
        assertThat(negativeCap.exit()).isEqualTo(2);
        assertThat(negativeCap.err()).contains("--seeds-up-to must be between 0 (no added seeds) and 64, not -1");
        CliHarness noSuchRule = CliHarness.run("discover", "--promote-when", "sometimes", "--runs-dir", dir.toString());
        assertThat(noSuchRule.exit()).isEqualTo(2);
        assertThat(noSuchRule.err()).contains("'all', 'quorum:K' with K >= 1, or 'somewhere', got 'sometimes'");
        CliHarness noRun = CliHarness.run("discover", "--resume", "20990101-000000-s1", "--runs-dir", dir.toString());
        assertThat(noRun.exit()).isEqualTo(2);
        assertThat(noRun.err()).contains("no run '20990101-000000-s1'");
        Path heapRuns = dir.resolve("heap-runs");
        CliHarness heap = CliHarness.run("discover", "--worker-heap", "lots", "--runs-dir", heapRuns.toString());
        assertThat(heap.exit()).isEqualTo(2);
        assertThat(heap.err()).contains("--worker-heap: heap must look like 512m or 2g, got 'lots'");
        assertThat(heapRuns).as("refused before a run directory exists").doesNotExist();
        CliHarness noReplay = CliHarness.run("replay", "nope", "--runs-dir", dir.toString());
        assertThat(noReplay.exit()).isEqualTo(2);
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        CliHarness unwritable = CliHarness.run(small(file.resolve("runs")));
        assertThat(unwritable.exit()).isEqualTo(2);
        assertThat(unwritable.err()).contains("cannot create the runs directory").doesNotContain("\tat ");
        CliHarness proposer = CliHarness.run("discover", "--proposer", "magic", "--runs-dir", dir.toString());
        assertThat(proposer.err()).contains("unknown proposer 'magic'");
        for (String bad : List.of("soon", "5x", "1h30", "-3s", "m", "", "1e9")) {
            CliHarness limit = CliHarness.run("discover", "--time-limit", bad, "--runs-dir", dir.toString());
            assertThat(limit.exit()).as(bad).isEqualTo(2);
            assertThat(limit.err()).contains("--time-limit must be a duration such as 90s, 12m or 1h").contains("'" + bad + "'");
        }
        assertThat(Files.list(dir).filter(Files::isDirectory).count()).as("no run was started").isZero();
        CliHarness timeout = CliHarness.run("discover", "--llm-timeout", "2 weeks", "--runs-dir", dir.toString());
        assertThat(timeout.err()).contains("--llm-timeout must be a duration");
    }
}
