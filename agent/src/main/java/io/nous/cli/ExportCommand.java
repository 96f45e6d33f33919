package io.nous.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.compile.JavacCheck;
import io.nous.codegen.golang.plugin.EppConfig;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.plugin.RouterPlugin;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.GoldenVectors;
import io.nous.codegen.javatarget.JavaModule;
import io.nous.codegen.javatarget.JavaModuleCheck;
import io.nous.codegen.plug.PlugPoints;
import io.nous.codegen.verify.Violation;
import io.nous.export.PlugPointView;
import io.nous.export.PlugPointViews;
import io.nous.export.PolicyPart;
import io.nous.export.Provenance;
import io.nous.export.PullRequest;
import io.nous.export.RouterCheckout;
import io.nous.export.Runbook;
import io.nous.export.Standing;
import io.nous.export.UpstreamMatch;
import io.nous.policy.PolicyRegistry;
import io.nous.policy.PolicyTemplate;
import io.nous.sim.spi.PlugPoint;
import io.nous.store.CandidateStory;
import io.nous.store.PlainJson;
import io.nous.store.RunStore;
import io.nous.store.Shell;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code nous export}: a run's winner (or a named candidate, or a built-in policy) as an llm-d-router
 * Go plugin package with golden-vector tests and its provenance. The policy's contract is checked
 * and the translation is exact or refused; nothing is written over an existing directory.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Export a policy as a Go plugin package for llm-d-router (a flow-control usage-limit, ordering, fairness or "
                + "eviction policy, a saturation detector, an admitter or a scheduling scorer), with golden-vector tests and provenance.")
public final class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "RUN-ID", description = "The run whose policy to export.")
    String runId;

    @Parameters(index = "1", arity = "0..1", paramLabel = "CANDIDATE-ID", description = "Default: the run's winner.")
    String candidateId;

    @Option(names = "--policy", paramLabel = "NAME", description = "Export a built-in policy instead of a run's candidate.")
    String policy;

    @Option(names = "--target", defaultValue = "go", paramLabel = "LANG",
            description = "go (an llm-d-router plugin package) or java (a Maven module with JUnit tests) (default: ${DEFAULT-VALUE}).")
    String target;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where to write; must not exist or be empty.")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "Policy name in kebab case; the plugin type is NAME-policy, "
            + "NAME-admitter, NAME-scorer, NAME-detector, NAME-ordering, NAME-fairness or NAME-eviction by its kind (default: "
            + "nous-<candidate> or the built-in's name).")
    String name;

    @Option(names = "--router", paramLabel = "PATH", description = "Also place the package in this llm-d-router checkout: import and "
            + "register it in cmd/epp/runner/runner.go and commit it on a new branch (nous/<type>), signed off; the tree must be clean. "
            + "The PR description (the router's template) is written to OUT/PR_DESCRIPTION.md.")
    Path router;

    @Option(names = "--author", paramLabel = "'NAME <EMAIL>'", description = "Author and sign off the router commit as this "
            + "(default: the checkout's git user.name and user.email).")
    String author;

    @Option(names = "--no-signoff", description = "Leave the DCO Signed-off-by line out of the router commit.")
    boolean noSignoff;

    @Option(names = "--force", description = "Export even a policy the evidence does not support: one that behaves exactly like one "
            + "the router already ships, a candidate that was not promoted, or one worse than the router's own policy.")
    boolean force;

    @Option(names = "--runs-dir", defaultValue = "runs", paramLabel = "DIR", description = "Where runs are kept (default: ${DEFAULT-VALUE}).")
    Path runsDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter o = spec.commandLine().getOut();
        if (!target.equals("go") && !target.equals("java")) {
            throw new UserError("--target " + target + " is not available; choose go or java");
        }
        if ((policy == null) == (runId == null)) {
            throw new UserError("name a run (nous export RUN-ID [CANDIDATE-ID]) or a built-in policy (--policy NAME), not both");
        }
        if (router != null && target.equals("java")) {
            throw new UserError("--router places Go packages; it cannot be used with --target java");
        }
        requireEmptyOut();
        String source;
        String summary;
        CheckResult check;
        RunCandidate fromRun = null;
        String exported;
        if (policy != null && CandidateFiles.isSourceReference(policy)) {
            source = CandidateFiles.read(Path.of(policy));
            exported = Path.of(policy).getFileName().toString().replaceFirst("\\.java$", "");
            check = Candidates.check(source, Path.of(policy).getFileName().toString());
            summary = "The policy in " + Path.of(policy).getFileName() + ", exported by Nous.";
        } else if (policy != null) {
            PolicyTemplate t = PolicyRegistry.builtin().template(policy);
            source = PolicyRegistry.builtin().source(policy);
            summary = t.description() + (policy.contains(":") ? " Exported with " + policy.substring(policy.indexOf(':') + 1) + "." : "");
            exported = t.name();
            check = Candidates.check(source, exported + ".java");
        } else {
            fromRun = RunCandidate.load(new RunStore(runsDir).open(runId), candidateId);
            source = fromRun.source();
            exported = fromRun.id();
            check = fromRun.check();
            CandidateStory story = fromRun.story();
            // the hypothesis is the search's step from a parent the router does not run: say so, so nobody reads it as a change
            // to what the router runs today
            String step = story != null && !story.parents().isEmpty() ? "The search's step from " + String.join(" and ", story.parents())
                    + ": " : "";
            summary = story != null && story.statement() != null ? step + sentence(story.statement()) + " " + sentence(story.mechanism())
                    : "Candidate " + exported + " of Nous run " + fromRun.run().id() + ".";
        }
        if (fromRun != null) {
            // the candidate's standing comes first: what the evidence says of it, before anything is built
            Standing standing = fromRun.standing();
            standing.lines().forEach(l -> o.println("standing: " + l));
            o.flush();
            String why = standing.refusal();
            if (why != null && !force) {
                throw new Unsupported("not exported: " + why + "; a plugin is evidence that it should replace what the router runs, "
                        + "and this one's evidence says otherwise (--force exports it anyway; nothing was written)");
            }
            if (why != null) {
                o.println("exporting anyway (--force): " + why);
            }
        }
        String policyName = name != null ? name : policy != null ? kebab(exported) : "nous-" + exported;
        boolean parts = fromRun != null && fromRun.multiPart();
        if (!parts && !check.accepted()) {
            throw new UserError("cannot export " + exported + ": it does not pass verification: " + String.join("; ", check.problems()));
        }
        String javac = JavacCheck.candidate(source);
        if (javac != null) {
            throw new UserError("cannot export " + exported + ": javac rejects its source: " + javac + " (nothing was written)");
        }
        // everything is written to a staging directory beside --out and proved there; only a complete, proved export is moved in place
        Staging staging = Staging.beside(out);
        List<Written> written;
        try {
            if (parts) {
                written = exportParts(staging.dir(), fromRun, summary, exported, policyName);
            } else {
                written = List.of(exportPart(staging.dir(), out, new PolicyPart(check.candidate().kind(), source, check), summary, exported,
                        policyName, fromRun));
            }
            staging.commit();
        } finally {
            staging.discard();
        }
        for (Written w : written) {
            w.lines().forEach(o::println);
        }
        o.flush();
        if (router != null && !written.isEmpty() && written.get(0).plugin() != null) {
            placeInRouter(o, written.get(0).plugin(), summary, fromRun, exported);
        }
        return 0;
    }

    /** What one export wrote: the plugin (null for a Maven module) and the lines that tell the user, already relative to --out. */
    private record Written(RouterPlugin plugin, String pluginType, List<String> lines) {
    }

    /** A usage-limit policy as a Maven module under {@code dest} (--target java): the router's Java twin. */
    private Written exportMavenModule(Path dest, Path shown, String source, CheckResult check, String exported, String policyName) {
        List<GoldenVectors.Case> vectors;
        try {
            vectors = GoldenVectors.record(check.candidate()::newUsageLimitPolicy);
            new JavaModule(policyName, source, vectors).write(dest);
        } catch (IllegalArgumentException e) {
            throw new UserError("--name: " + e.getMessage());
        } catch (GoldenVectors.ContractBroken e) {
            throw new UserError("cannot export " + exported + ": it breaks the usage-limit contract: " + e.getMessage());
        }
        String compiled = JavaModuleCheck.compile(dest);
        if (compiled != null) {
            throw new UserError("cannot export " + exported + " as a Maven module: javac rejects it: " + compiled + " (nothing was written)");
        }
        return new Written(null, null, List.of(String.format("exported %s as a Maven module (%d golden cases, compiled with javac) to %s",
                exported, vectors.size(), shown), "test it:  (cd " + shown + " && mvn test)"));
    }

    /**
     * One part as its plug point's router plugin package under {@code dest}: refused when the router
     * already ships the same behaviour (unless --force), built and proved by the plug point's
     * descriptor, with its provenance.
     */
    private Written exportPlugin(Path dest, Path shown, PolicyPart part, String summary, String exported, String policyName,
                                 RunCandidate fromRun) {
        PlugPointView view = PlugPointViews.of(part.kind());
        CheckResult check = part.check();
        if (target.equals("java")) {
            if (part.kind() != PlugPoint.USAGE_LIMIT) {
                throw new UserError(view.goOnly() + "; drop --target java");
            }
            return exportMavenModule(dest, shown, part.source(), check, exported, policyName);
        }
        if (fromRun != null && !fromRun.routerProblems().isEmpty()) {
            throw new UserError(notExportable(fromRun));
        }
        if (!force) {
            view.upstreamMatch(check.candidate()).ifPresent(m -> {
                throw new UserError(exported + " " + view.behavesLike() + " " + m.describe() + ", which llm-d-router already ships: "
                        + view.configureInstead(m) + " instead of adding a copy; --force exports it anyway (nothing was written)");
            });
        }
        GoExport.Outcome outcome;
        try {
            outcome = PlugPoints.of(part.kind()).export(check.candidate(), part.source(), policyName, summary, dest,
                    GoToolchain.find(System.getenv()));
        } catch (IllegalArgumentException e) {
            throw new UserError("--name: " + e.getMessage());
        } catch (GoExport.Refused e) {
            throw new UserError("cannot export " + exported + ": " + e.getMessage());
        }
        RouterPlugin pkg = outcome.plugin();
        if (router != null && !pkg.inRouter()) {
            throw new UserError("a " + pkg.noun() + " runs in the autoscaler beside the router, not in it: drop --router (the export is a Go "
                    + "package for the autoscaler; nothing was written)");
        }
        refuseDuplicateInRouter(pkg);
        writeProvenance(dest, fromRun, exported, part.source(), pkg.pluginType(), pkg.javaFileName(), view);
        List<String> lines = new ArrayList<>();
        lines.add(String.format("exported %s as %s%s (package %s, %d %s) to %s", exported, view.exportedAs(), pkg.pluginType(),
                pkg.goPackage(), outcome.goldenCases(), view.goldenCases(), shown));
        lines.addAll(proofLines(outcome, shown));
        return new Written(pkg, pkg.pluginType(), lines);
    }

    /** One part as its router plugin, written to {@code dest} (staged) and shown to the user as {@code shown}. */
    private Written exportPart(Path dest, Path shown, PolicyPart part, String summary, String exported, String policyName,
                               RunCandidate fromRun) {
        Written w = exportPlugin(dest, shown, part, summary, exported, policyName, fromRun);
        if (w.plugin() != null) {
            // the operator's page beside the provenance: what it does under load, what to watch, how to roll back
            String upstream = fromRun != null ? fromRun.problem().upstream() : PlugPoints.of(part.kind()).words().upstreamPolicy();
            String upstreamType = PolicyRegistry.builtin().templates().containsKey(upstream)
                    ? PolicyRegistry.builtin().template(upstream).routerType() : upstream;
            try {
                Files.writeString(dest.resolve("RUNBOOK.md"), Runbook.markdown(w.pluginType(), part, upstreamType));
            } catch (IOException e) {
                throw new UserError("cannot write " + shown.resolve("RUNBOOK.md") + ": " + e.getMessage());
            }
            List<String> lines = new ArrayList<>(w.lines());
            lines.add("the operator's runbook (signals, rollback):  " + shown.resolve("RUNBOOK.md"));
            w = new Written(w.plugin(), w.pluginType(), lines);
        }
        return w;
    }

    /** The plugin the router already ships that behaves exactly like this part, if any. */
    private static Optional<UpstreamMatch.Match> upstreamMatch(PolicyPart part) {
        return PlugPointViews.of(part.kind()).upstreamMatch(part.check().candidate());
    }

    /** What the proof did, in the words of the export's output. */
    private static List<String> proofLines(GoExport.Outcome outcome, Path shown) {
        GoExport.Verdict v = outcome.verdict();
        EquivalenceProof.Proof proof = outcome.proof();
        int sequences = proof.sequences();
        List<String> lines = new ArrayList<>();
        if (v.proved()) {
            lines.add(String.format(Locale.ROOT, "proved: the Go answers all %,d calls of %d seeded sequences exactly as the Java did "
                    + "(%s; %.1f s)", proof.calls(), sequences, String.join(", ", v.ran()), v.millis() / 1000.0));
        } else {
            lines.add("the equivalence proof was not run: " + v.skipped() + ". Run it:  (cd " + shown + " && go vet ./... && go test ./...)"
                    + String.format(Locale.ROOT, "  (TestJavaEquivalence replays the %,d calls)", proof.calls()));
        }
        if (proof.horizonNote() != null) {
            lines.add("note: " + proof.horizonNote());
        }
        if (v.proved()) {
            lines.add("test it again:  (cd " + shown + " && go vet ./... && go test ./...)");
        }
        return lines;
    }

    /**
     * A candidate of several parts (a joint candidate: a usage-limit policy and an admitter) as one
     * complete package per part, with its own tests, in the directories its problem class names under
     * {@code OUT}, and one {@code OUT/epp-config.yaml} that enables them together. A part that behaves
     * exactly like a plugin the router ships is configured, not copied.
     */
    /** The plug points whose policies the router's config (epp-config.yaml) enables. */
    private static final java.util.Set<PlugPoint<?>> ROUTER_CONFIGURED = java.util.Set.of(PlugPoint.USAGE_LIMIT, PlugPoint.ADMISSION,
            PlugPoint.SATURATION);

    private List<Written> exportParts(Path root, RunCandidate fromRun, String summary, String exported, String policyName) {
        List<String> dirs = fromRun.problem().exportDirectories();
        if (router != null || !target.equals("go")) {
            throw new UserError("a " + fromRun.problem().id() + " candidate exports as " + dirs.size() + " Go packages to --out; --router and "
                    + "--target java take one policy (place each package from " + String.join(" and ", dirs.stream().map(d -> "OUT/" + d).toList())
                    + ")");
        }
        List<PolicyPart> parts;
        try {
            parts = fromRun.parts();
        } catch (UserError e) {
            throw new UserError("cannot export " + exported + ": " + e.getMessage());
        }
        List<Optional<UpstreamMatch.Match>> upstream = new ArrayList<>();
        for (PolicyPart part : parts) {
            upstream.add(force ? Optional.empty() : upstreamMatch(part));
        }
        if (upstream.stream().allMatch(Optional::isPresent)) {
            throw new UserError(exported + " pairs " + String.join(" with ", upstream.stream().map(m -> m.get().describe()).toList())
                    + (parts.size() == 2 ? ", both" : ", all") + " of which llm-d-router already ships: configure those plugins instead of adding copies; --force exports "
                    + "them anyway (nothing was written)");
        }
        List<Written> written = new ArrayList<>();
        Map<PlugPoint<?>, String> types = new HashMap<>();
        for (int i = 0; i < parts.size(); i++) {
            PolicyPart part = parts.get(i);
            var match = upstream.get(i);
            if (match.isEmpty()) {
                Written w = exportPart(root.resolve(dirs.get(i)), out.resolve(dirs.get(i)), part, summary, exported, policyName, fromRun);
                written.add(w);
                types.put(part.kind(), w.pluginType());
            } else {
                types.put(part.kind(), match.get().pluginType()); // null for the legacy rule: the config names no admitter
                String half = "the " + PlugPointViews.of(part.kind()).half() + " half";
                written.add(new Written(null, match.get().pluginType(), List.of(half + " behaves exactly like " + match.get().describe()
                        + (match.get().legacy() ? ": nothing to export or configure" : ": configured, not exported"))));
            }
        }
        try {
            Files.createDirectories(root);
            Files.writeString(root.resolve("epp-config.yaml"), EppConfig.yaml(types.get(PlugPoint.USAGE_LIMIT), true, types.get(PlugPoint.ADMISSION),
                    types.get(PlugPoint.SATURATION)));
        } catch (IOException e) {
            throw new UserError("cannot write " + out.resolve("epp-config.yaml") + ": " + e.getMessage());
        }
        // the router's config enables the flow-control halves; a half that runs beside the router (a scaling policy) is deployed there
        List<PolicyPart> beside = parts.stream().filter(p -> !ROUTER_CONFIGURED.contains(p.kind())).toList();
        written.add(new Written(null, null, List.of("exported " + exported + " as the " + (parts.size() == 2 ? "pair " : "set ")
                + String.join(" + ", parts.stream().map(p -> String.valueOf(types.get(p.kind()))).toList())
                + (beside.isEmpty() ? ", enabled together by " + out.resolve("epp-config.yaml")
                : ": the router's half enabled by " + out.resolve("epp-config.yaml") + ", " + String.join(" and ", beside.stream()
                        .map(p -> types.get(p.kind()) + " deployed beside the router (" + out.resolve(dirs.get(parts.indexOf(p))) + ")")
                        .toList()) + "; deploy them together"))));
        return written;
    }

    /** provenance.json and PROVENANCE.md: the run's for a run's candidate, else the policy's own. */
    private void writeProvenance(Path dest, RunCandidate fromRun, String exported, String source, String pluginType, String javaFileName,
                                 PlugPointView view) {
        String policyKey = view.provenanceKey();
        try {
            if (fromRun != null) {
                writeRunProvenance(dest, fromRun, exported, source, pluginType, javaFileName);
                return;
            }
            ObjectMapper json = PlainJson.mapper();
            ObjectNode prov = json.createObjectNode().put("plugin_type", pluginType).put(policyKey, exported);
            if (policyKey.equals("builtin_policy")) {
                prov.put("parameters", policy.contains(":") ? policy.substring(policy.indexOf(':') + 1).strip() : "");
            }
            prov.put("source_sha256", Provenance.sha256(source)).put("source_file", "source/" + javaFileName)
                    .put("nous_version", Nous.VERSION).put("nous_commit", NousBuild.commit());
            Files.writeString(dest.resolve("provenance.json"), json.writerWithDefaultPrettyPrinter().writeValueAsString(prov) + "\n");
            String params = prov.has("parameters") && !prov.get("parameters").asText().isEmpty() ? " with " + prov.get("parameters").asText() : "";
            String what = policyKey.equals("builtin_policy") ? "The built-in Nous policy `"
                    : "The " + view.provenanceNoun() + " `";
            Files.writeString(dest.resolve("PROVENANCE.md"), "# Provenance of " + pluginType + "\n\n" + what + exported + "`" + params
                    + " ([Java source](" + prov.get("source_file").asText() + "), sha256 `" + prov.get("source_sha256").asText()
                    + "`), exported by Nous " + Nous.VERSION + ".\n");
        } catch (IOException e) {
            throw new UserError("cannot write the provenance under " + out + ": " + e.getMessage());
        }
    }

    /** provenance.json and PROVENANCE.md for a candidate of a run: the run, its hypothesis and evidence, the source beside it. */
    private void writeRunProvenance(Path dest, RunCandidate fromRun, String exported, String source, String pluginType, String javaFileName)
            throws IOException {
        ObjectNode prov = Provenance.of(fromRun.history(), exported, source, pluginType, Nous.VERSION, NousBuild.commit());
        prov.put("source_file", "source/" + javaFileName);
        Files.writeString(dest.resolve("provenance.json"),
                PlainJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(prov) + "\n");
        Files.writeString(dest.resolve("PROVENANCE.md"), Provenance.markdown(prov));
    }

    /** With --router, and no --force: refuses a package whose behaviour the checkout already has (nothing is written). */
    private void refuseDuplicateInRouter(RouterPlugin pkg) {
        if (router == null || force) {
            return;
        }
        try {
            RouterCheckout.samePolicyIn(router, pkg).ifPresent(existing -> {
                throw new UserError("the router checkout already has " + existing + ", which behaves exactly like this " + pkg.noun()
                        + " (its golden vectors are the same); --force exports it anyway (nothing was written)");
            });
        } catch (RouterCheckout.Refused e) {
            throw new UserError(e.getMessage());
        }
    }

    /** Commits the exported package into the --router checkout and writes the PR description. */
    private void placeInRouter(PrintWriter o, RouterPlugin pkg, String summary, RunCandidate fromRun, String exported) {
        String review = fromRun != null ? ReviewCommand.describe(fromRun, runsDir, true, null)
                : "# " + pkg.pluginType() + "\n\n" + summary + "\n";
        String origin = fromRun != null ? "Found by Nous in run " + fromRun.run().id() + " (candidate " + exported + ")."
                : policy != null && CandidateFiles.isSourceReference(policy) ? "Exported by Nous from " + Path.of(policy).getFileName() + "."
                : "The built-in Nous policy " + policy + ".";
        Path body = out.resolve("PR_DESCRIPTION.md");
        // forced past the evidence: the PR says so in its title, so nobody merges it by mistake
        String notForMerging = fromRun == null ? null : fromRun.standing().refusal();
        String title = PullRequest.title(pkg, notForMerging);
        try {
            Files.writeString(body, PullRequest.body(pkg, review));
            RouterCheckout.Change change = RouterCheckout.apply(router, pkg, out, new RouterCheckout.Commit(title,
                    PullRequest.commitBody(pkg, summary, origin), author, !noSignoff));
            o.printf("committed %s on branch %s of %s (%d files)%n", change.commit().substring(0, 12), change.branch(), router,
                    change.files().size());
            if (change.note() != null) {
                o.println("note: " + change.note());
            }
            o.printf("open the pull request:  (cd %s && git push -u origin %s && gh pr create --title %s --body-file %s)%n",
                    Shell.quote(router.toString()), change.branch(), Shell.quote(title),
                    Shell.quote(body.toAbsolutePath().toString()));
        } catch (RouterCheckout.Refused e) {
            throw new UserError(e.getMessage() + " (the package itself is in " + out + ")");
        } catch (IOException e) {
            throw new UserError("cannot write " + body + ": " + e.getMessage());
        }
    }

    /** A class or file name as a plugin name: PascalCase to kebab case. */
    private static String kebab(String s) {
        return s.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]", "");
    }

    /** A capitalised sentence with its full stop. */
    private static String sentence(String s) {
        String t = s == null ? "" : s.strip();
        if (t.isEmpty()) {
            return t;
        }
        t = Character.toUpperCase(t.charAt(0)) + t.substring(1);
        return t.endsWith(".") ? t : t + ".";
    }

    /** Why a run's candidate cannot go to the router, and which candidate of the run can (with the command). */
    private String notExportable(RunCandidate c) {
        Violation v = c.routerProblems().get(0);
        StringBuilder m = new StringBuilder("cannot export " + c.id() + " to Go: line " + v.line() + ": "
                + v.message().replaceFirst("^the router plugin cannot express this: ", ""));
        String best = RunCandidate.bestExportable(c.history(), c.id());
        if (best != null) {
            m.append("\n  the best exportable candidate of run ").append(c.run().id()).append(" is ").append(best).append(":\n    nous export ")
                    .append(c.run().id()).append(' ').append(best).append(new RunStore(runsDir).runsDirFlag()).append(" --out ").append(Shell.quote(out.toString()));
        } else {
            m.append("\n  no promoted candidate of run ").append(c.run().id())
                    .append(" can be exported (the run predates the router contract in discovery; a new run's candidates all can)");
        }
        return m.toString();
    }

    private void requireEmptyOut() {
        if (Files.exists(out)) {
            if (!Files.isDirectory(out)) {
                throw new UserError("--out " + out + " is a file; name a new or empty directory");
            }
            try (Stream<Path> s = Files.list(out)) {
                if (s.findAny().isPresent()) {
                    throw new UserError("--out " + out + " is not empty; name a new or empty directory (nothing was written)");
                }
            } catch (IOException e) {
                throw new UserError("cannot read --out " + out + ": " + e.getMessage());
            }
        }
    }

}
