package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.Contract;
import io.nous.codegen.golang.plugin.GoTemplates;
import io.nous.codegen.golang.proof.CallSequences;
import io.nous.codegen.golang.proof.EquivalenceProof;
import io.nous.codegen.golang.proof.GoToolchain;
import io.nous.codegen.golang.proof.GoldenVectors;
import io.nous.sim.spi.UsageLimitPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The property the export promises: for random programs in the exported subset
 * ({@link RandomPrograms}), the Go translation answers every call of seeded sequences exactly as
 * the Java does (a digest of every ceiling, bit for bit; a Java exception must be a Go panic on the
 * same call). All programs go into one Go package so that one {@code go test} checks them all.
 * {@code -Dnous.property.programs=N} runs more than the default; the test prints what it ran.
 */
class TranslationPropertyTest {
    static final int PROGRAMS = Integer.getInteger("nous.property.programs", 160);
    static final long SEED = Long.getLong("nous.property.seed", 26);

    @TempDir
    Path dir;

    /** One sequence of one program, with Java's digest of all its answers. */
    private record Case(String program, String name, int[] priorities, CallSequences.Saturations kind, double hold, long seed, int calls,
                        long digest) {
    }

    private static List<EquivalenceProof.UsageLimitSequence> sequences(boolean counter) {
        List<EquivalenceProof.UsageLimitSequence> out = new ArrayList<>();
        long seed = 7;
        for (int bands : new int[] {1, 3, 6}) {
            int[] pr = GoldenVectors.priorities(bands);
            out.add(new EquivalenceProof.UsageLimitSequence("bands=" + bands + ",grid", pr, CallSequences.Saturations.GRID, 0, seed++, 1501, 1501,
                    null));
            out.add(new EquivalenceProof.UsageLimitSequence("bands=" + bands + ",special", pr, CallSequences.Saturations.SPECIAL, 0, seed++, 800,
                    800, null));
            out.add(new EquivalenceProof.UsageLimitSequence("bands=" + bands + ",walk", pr, CallSequences.Saturations.WALK, 0, seed++, 800, 800,
                    null));
        }
        if (counter) {
            out.add(new EquivalenceProof.UsageLimitSequence("bands=2,hold=0.75", GoldenVectors.priorities(2), CallSequences.Saturations.HOLD,
                    0.75, seed, 1200, 1200, null));
        }
        return out;
    }

    @Test
    void randomProgramsAnswerInGoExactlyAsInJava() throws Exception {
        Optional<GoToolchain> found = GoToolchain.find(toolchainEnv());
        if (found.isEmpty()) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_GO") == null, "Go is required (NOUS_REQUIRE_GO) but not found");
            Assumptions.abort("no Go toolchain");
        }
        Map<String, String> sources = new LinkedHashMap<>();
        Map<String, GoTranslator.GoCode> codes = new LinkedHashMap<>();
        List<Case> cases = new ArrayList<>();
        Map<String, Integer> refused = new TreeMap<>();
        long calls = 0;
        for (int i = 0; i < PROGRAMS; i++) {
            String name = "P" + i;
            String source = RandomPrograms.usageLimit(SEED, i);
            CheckResult r = Candidates.compileOnly(source, name + ".java", Contract.ROUTER);
            if (!r.accepted()) {
                String why = r.problems().isEmpty() ? "?" : r.problems().get(0).replaceAll("^[^ ]+ ", "").replaceAll("'[^']*'", "'…'")
                        .replaceAll("line \\d+(:\\d+)?: ", "").replaceAll("^\\[router-contract\\] the router plugin cannot express this: ", "");
                refused.merge(why.length() > 90 ? why.substring(0, 90) : why, 1, Integer::sum);
                continue;
            }
            try {
                r.candidate().newUsageLimitPolicy(EquivalenceProof.PROOF_LIMIT);
            } catch (io.nous.codegen.guard.CandidateFault f) {
                refused.merge("Java cannot load it: " + f.getMessage().replaceAll("^candidate '[^']*' ", "").replaceAll("\\(.*", ""), 1,
                        Integer::sum);
                continue;
            }
            GoTranslator.GoCode code = GoTranslator.translate(source);
            sources.put(name, source);
            codes.put(name, code);
            for (EquivalenceProof.UsageLimitSequence q : sequences(code.counterField() != null)) {
                UsageLimitPolicy p = r.candidate().newUsageLimitPolicy(EquivalenceProof.PROOF_LIMIT);
                long[] digests = EquivalenceProof.run(q, p, 0, 0, null);
                cases.add(new Case(name, q.name(), q.priorities(), q.saturations(), q.hold(), q.seed(), q.calls(), digests[0]));
                calls += q.calls();
            }
        }
        // under target/, so that a failing module can be read after the test
        Path module = Path.of("target", "property-module").toAbsolutePath();
        if (Files.exists(module)) {
            try (var walk = Files.walk(module)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
        writeModule(module, codes, cases);
        GoToolchain go = found.get();
        GoToolchain.Run vet = go.vet(module);
        assertThat(vet.ok()).as("go vet on %d translated programs:\n%s", codes.size(), vet.output()).isTrue();
        GoToolchain.Run test = go.test(module, null, Map.of());
        List<String> mismatches = new ArrayList<>();
        Matcher m = Pattern.compile("prop-mismatch (P\\d+) (\\S+)").matcher(test.output());
        while (m.find()) {
            mismatches.add(m.group(1) + " " + m.group(2));
        }
        System.out.printf("property: %d programs generated (seed %d), %d translated, %d refused; %,d calls compared, %d mismatches%n",
                PROGRAMS, SEED, codes.size(), PROGRAMS - codes.size(), calls, mismatches.size());
        refused.forEach((why, n) -> System.out.printf("  refused %3d: %s%n", n, why));
        if (!mismatches.isEmpty()) {
            String first = mismatches.get(0).split(" ")[0];
            Files.writeString(dir.resolve("first-mismatch.java"), sources.get(first));
            throw new AssertionError(mismatches.size() + " sequences differ, first " + mismatches.get(0) + "\n--- Java ---\n"
                    + sources.get(first) + "\n--- Go ---\n" + codes.get(first).computeLimitBody() + String.join("\n", codes.get(first).methods()));
        }
        assertThat(test.ok()).as("go test:\n%s", test.output()).isTrue();
        // the generator must mostly produce programs the export takes, or the property says little
        assertThat(codes.size()).as("translated programs").isGreaterThan(PROGRAMS / 2);
    }

    /** The toolchain of this machine with this module's Go caches under target/ (shared by the module's tests). */
    static Map<String, String> toolchainEnv() {
        Map<String, String> env = new java.util.HashMap<>(System.getenv());
        env.put("NOUS_CACHE_DIR", Path.of("target", "go-test-cache").toAbsolutePath().toString());
        return env;
    }

    private static void writeModule(Path module, Map<String, GoTranslator.GoCode> codes, List<Case> cases) throws Exception {
        Files.createDirectories(module.resolve("testdata"));
        Files.writeString(module.resolve("go.mod"), "module nous.local/prop\n\ngo 1.19\n");
        StringBuilder src = new StringBuilder("package prop\n\nimport (\n\t\"context\"\n\t\"math\"\n\t\"sync/atomic\"\n)\n\n");
        src.append("var _ = math.Abs\nvar _ atomic.Int64\nvar _ context.Context\n\n");
        TreeSet<String> helpers = new TreeSet<>();
        StringBuilder table = new StringBuilder("var programs = map[string]func() limiter{\n");
        for (Map.Entry<String, GoTranslator.GoCode> e : codes.entrySet()) {
            String name = e.getKey();
            GoTranslator.GoCode code = e.getValue();
            helpers.addAll(code.helpers());
            String type = "policy" + name;
            Map<String, String> renames = new LinkedHashMap<>();
            List<String> consts = new ArrayList<>();
            for (String line : code.constants()) {
                String c = line.strip().split("\\s+")[0];
                renames.put(c, c + name);
                consts.add(line);
            }
            String body = rename(code.computeLimitBody(), renames);
            src.append("type ").append(type).append(" struct {\n");
            if (code.counterField() != null) {
                src.append('\t').append(code.counterField()).append(" atomic.Int64\n");
            }
            src.append("}\n\n");
            if (!consts.isEmpty()) {
                src.append("const (\n");
                consts.forEach(l -> src.append(rename(l, renames)).append('\n'));
                src.append(")\n\n");
            }
            List<String> params = code.entryParameters();
            src.append("func (p *").append(type).append(") ComputeLimit(_ context.Context, ").append(params.get(0)).append(" float64, ")
                    .append(params.get(1)).append(" []int, ").append(params.get(2)).append(" []float64) {\n").append(body).append("}\n\n");
            for (String method : code.methods()) {
                src.append(rename(method, renames).replace("func (p *policy) ", "func (p *" + type + ") ")).append('\n');
            }
            table.append("\t\"").append(name).append("\": func() limiter { return &").append(type).append("{} },\n");
        }
        for (String h : helpers) {
            src.append(GoHelpers.source(h)).append('\n');
        }
        src.append(table).append("}\n");
        Files.writeString(module.resolve("programs.go"), src.toString());
        StringBuilder json = new StringBuilder("[\n");
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            json.append("{\"program\": \"").append(c.program()).append("\", \"name\": \"").append(c.name()).append("\", \"priorities\": ")
                    .append(java.util.Arrays.toString(c.priorities())).append(", \"saturations\": \"").append(c.kind().key())
                    .append("\", \"hold\": ").append(c.hold()).append(", \"seed\": ").append(c.seed()).append(", \"calls\": ").append(c.calls())
                    .append(", \"chunk\": ").append(c.calls()).append(", \"digests\": [\"").append(EquivalenceProof.hex(c.digest())).append("\"]}")
                    .append(i < cases.size() - 1 ? ",\n" : "\n");
        }
        Files.writeString(module.resolve("testdata/cases.json"), json.append("]\n").toString());
        Files.writeString(module.resolve("prop_test.go"), HARNESS);
    }

    private static String rename(String code, Map<String, String> renames) {
        String out = code;
        for (Map.Entry<String, String> r : renames.entrySet()) {
            out = out.replaceAll("\\b" + Pattern.quote(r.getKey()) + "\\b", r.getValue());
        }
        return out;
    }

    /** The Go side: the equivalence test's streams and digest, run over every program's cases. */
    private static final String HARNESS;

    static {
        String common = GoTemplates.render("usage-limit/equivalence_test.go.mustache",
                Map.of("package", "prop", "equivalenceImports", List.of("context"), "valueWhat", "a ceiling"));
        // keep the stream, digest and safe-call code of the package test; replace its runner with one over programs
        int runner = common.indexOf("func TestJavaEquivalence");
        String support = common.substring(0, runner).replace("p *policy", "p limiter");
        HARNESS = support + """
                type limiter interface {
                	ComputeLimit(ctx context.Context, saturation float64, priorities []int, ceilings []float64)
                }

                type propCase struct {
                	equivalenceCase
                	Program string `json:"program"`
                }

                func TestProgramsMatchJava(t *testing.T) {
                	raw, err := os.ReadFile("testdata/cases.json")
                	if err != nil {
                		t.Fatal(err)
                	}
                	var cases []propCase
                	if err := json.Unmarshal(raw, &cases); err != nil {
                		t.Fatal(err)
                	}
                	for _, c := range cases {
                		p := programs[c.Program]()
                		g := &saturations{kind: c.Saturations, hold: c.Hold, rng: splitMix{state: c.Seed}, walk: 0.5}
                		ceilings := make([]float64, len(c.Priorities))
                		d := digest(digestOffset)
                		for call := 0; call < c.Calls; call++ {
                			s := g.next()
                			for i := range ceilings {
                				ceilings[i] = 1.0
                			}
                			ok := computeSafely(p, s, c.Priorities, ceilings)
                			if os.Getenv("PROP_DUMP") == c.Program+" "+c.Name {
                				fmt.Printf("call %d s=%v ok=%v %v\\n", call, s, ok, ceilings)
                			}
                			if ok {
                				for _, v := range ceilings {
                					d.value(v)
                				}
                			} else {
                				d.word(faultWord)
                			}
                		}
                		if got := fmt.Sprintf("%016x", uint64(d)); got != c.Digests[0] {
                			t.Errorf("prop-mismatch %s %s: digest %s, Java's %s", c.Program, c.Name, got, c.Digests[0])
                		}
                	}
                }

                var _ = strconv.Itoa
                var _ = strings.Split
                """;
    }
}
