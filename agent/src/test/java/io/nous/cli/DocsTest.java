package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.discover.Problems;
import io.nous.evaluator.objective.Objectives;
import io.nous.evaluator.scenario.MatrixCatalog;
import io.nous.sim.routing.RoutingConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The guides stay true: the README is a door (at most 12 KB), every link and every class or file a
 * guide names exists, and every problem class, objective, matrix, workload and router preset the
 * registries hold is in the help and in the guides.
 */
class DocsTest {
    private static final Path ROOT = Path.of("..");
    /** Names the guides put in backticks that are not Nous's: the router's Go names, the JDK's, examples and constants. */
    private static final Set<String> NOT_OURS = Set.of("Admitter", "ComputeLimit", "DumpState", "Factory", "PolicyType", "Runner", "TypedName",
            "EndpointPickerConfig", "Category", "Parameters", "PreRequest", "PrefixCacheMatchInfo", "Produce", "RandomNormDuration",
            "Required", "UncachedRequestTokens", "TestGoldenVectors", "TestJavaEquivalence", "ExpandCohorts", "PrefixCacheStats",
            "Double", "Integer", "Long", "Object", "StrictMath", "IEEEremainder", "NaN", "PATH", "START", "ADMISSION", "DIRECT",
            "C0032Policy", "QueueItemAccessor", "EvictionFilterPolicy", "EvictionOrderingPolicy", "NewState",
            "ErrIncompatiblePriorityType", "EvictionItem", "RequestSizeBytes", "DispatchTime", "Accept", "Less", "NousPDDecider");
    private static final Pattern CODE = Pattern.compile("`([^`\n]+)`");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+)(#[^)]*)?\\)");

    private static List<Path> guides;
    private static Set<String> javaTypes;

    @BeforeAll
    static void read() throws IOException {
        guides = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(guides::add);
        }
        javaTypes = new TreeSet<>();
        Pattern type = Pattern.compile("\\b(?:class|record|interface|enum)\\s+([A-Z]\\w*)");
        try (Stream<Path> all = Files.walk(ROOT)) {
            all.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/")).forEach(p -> {
                Matcher m = type.matcher(text(p));
                while (m.find()) {
                    javaTypes.add(m.group(1));
                }
            });
        }
    }

    private static String text(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String allGuides() {
        StringBuilder sb = new StringBuilder();
        guides.forEach(g -> sb.append(text(g)).append('\n'));
        return sb.toString();
    }

    @Test
    void theReadmeIsADoorNotAManual() throws IOException {
        assertThat(Files.size(ROOT.resolve("README.md"))).as("README.md in bytes").isLessThanOrEqualTo(12 * 1024);
        String readme = text(ROOT.resolve("README.md"));
        // it opens with the two commands a newcomer needs
        assertThat(readme).startsWith("# Nous\n\n```bash\n./nous discover --objective critical-ttft");
        assertThat(readme.substring(0, readme.indexOf("```\n", 12))).contains("mvn verify");
    }

    @Test
    void everyLinkInAGuideLeadsToAFile() {
        List<String> broken = new ArrayList<>();
        for (Path g : guides) {
            Matcher m = LINK.matcher(text(g));
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("http://") || target.startsWith("https://") || target.startsWith("mailto:")) {
                    continue;
                }
                if (!Files.exists(g.getParent().resolve(target))) {
                    broken.add(ROOT.relativize(g) + " -> " + target);
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void everyClassAndFileAGuideNamesExists() {
        List<String> missing = new ArrayList<>();
        Pattern classPath = Pattern.compile("([a-z]+(?:/[a-z]+)*)/([A-Z][A-Za-z0-9]*)");
        Pattern file = Pattern.compile("(?:sim-bridge|policy-templates|codegen|evaluator|hypothesis-store|agent|docs|runs|reports|\\.ci)/[\\w./-]+\\.\\w+");
        for (Path g : guides) {
            Matcher m = CODE.matcher(text(g));
            while (m.find()) {
                String tok = m.group(1);
                Matcher cp = classPath.matcher(tok);
                if (tok.matches("[A-Z][A-Za-z0-9]+") && !javaTypes.contains(tok) && !NOT_OURS.contains(tok)) {
                    missing.add(ROOT.relativize(g) + ": class " + tok);
                } else if (cp.matches() && !classFileExists(cp.group(1), cp.group(2))) {
                    missing.add(ROOT.relativize(g) + ": " + tok);
                } else if (file.matcher(tok).matches() && !tok.contains("/target/") && !Files.exists(ROOT.resolve(tok))) {
                    // (what a build writes under target/ is named, not checked: a clean clone has not built it)
                    missing.add(ROOT.relativize(g) + ": file " + tok);
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    /** {@code dir/Class} as the reading guide writes it: under some module's {@code src/(main|test)/java/io/nous/}. */
    private static boolean classFileExists(String dir, String cls) {
        for (String module : List.of("sim-bridge", "policy-templates", "codegen", "evaluator", "hypothesis-store", "agent", "agent/spark")) {
            for (String src : List.of("main", "test")) {
                if (Files.exists(ROOT.resolve(module).resolve("src").resolve(src).resolve("java/io/nous").resolve(dir).resolve(cls + ".java"))) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void everyProblemClassObjectiveAndPresetIsInTheHelpAndTheGuides() {
        String guidesText = allGuides();
        String discoverHelp = CliHarness.run("discover", "--help").out();
        String simulateHelp = CliHarness.run("simulate", "--help").out();
        String workloads = CliHarness.run("workloads").out();
        List<String> missing = new ArrayList<>();
        for (String id : Problems.ids()) {
            check(missing, "problem class " + id, id, discoverHelp, guidesText);
        }
        for (String o : Objectives.all().keySet()) {
            check(missing, "objective " + o, o, discoverHelp.replaceAll("\\s+", " "), guidesText);
        }
        for (String m : MatrixCatalog.BUILT_IN) {
            check(missing, "matrix " + m, m, discoverHelp, guidesText);
        }
        for (String p : RoutingConfig.PRESET_NAMES) {
            check(missing, "router config " + p, p, simulateHelp.replaceAll("\\s+", " "), guidesText);
        }
        for (String line : workloads.lines().toList()) {
            if (!line.isBlank() && !line.startsWith(" ")) {
                String w = line.split("\\s+")[0];
                if (!guidesText.contains(w)) {
                    missing.add("workload " + w + ": not in the guides");
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    private static void check(List<String> missing, String what, String name, String help, String guides) {
        if (!help.contains(name)) {
            missing.add(what + ": not in --help");
        }
        if (!guides.contains(name)) {
            missing.add(what + ": not in the guides");
        }
    }
}
