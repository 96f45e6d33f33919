package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The README's module list is the build's: each module's compile-scope dependencies on other Nous
 * modules, read from its POM, are exactly what the README says, and they form no cycle.
 */
class ModuleGraphTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void theReadmesDependencyListIsThePoms() throws Exception {
        Map<String, Set<String>> poms = new TreeMap<>();
        for (String module : modules()) {
            poms.put(module, nousDependencies(ROOT.resolve(module).resolve("pom.xml")));
        }
        Map<String, Set<String>> readme = readmeGraph();
        Map<String, Set<String>> declared = new TreeMap<>();
        poms.forEach((m, deps) -> {
            if (!deps.isEmpty()) {
                declared.put(m, deps);
            }
        });
        assertThat(readme).as("README's 'Dependencies point one way' list against the POMs").isEqualTo(declared);
        assertThat(poms.keySet()).as("every module the README lists is built").containsAll(readme.keySet());
        for (String m : poms.keySet()) {
            assertThat(reaches(poms, m, m)).as(m + " depends on itself through others").isFalse();
        }
    }

    private static List<String> modules() throws Exception {
        Document d = parse(ROOT.resolve("pom.xml"));
        NodeList ms = d.getElementsByTagName("module");
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < ms.getLength(); i++) {
            out.add(ms.item(i).getTextContent().strip());
        }
        return List.copyOf(out);
    }

    /** Artifact id to module directory: the artifact ids are the directory names except the Spark add-on's. */
    private static String moduleOf(String artifact) {
        return artifact.equals("nous-spark") ? "agent/spark" : artifact;
    }

    private static Set<String> nousDependencies(Path pom) throws Exception {
        Document d = parse(pom);
        Set<String> out = new TreeSet<>();
        NodeList deps = d.getElementsByTagName("dependency");
        for (int i = 0; i < deps.getLength(); i++) {
            Element dep = (Element) deps.item(i);
            if (dep.getParentNode().getParentNode().getNodeName().equals("dependencyManagement")) {
                continue;
            }
            String group = text(dep, "groupId");
            String scope = text(dep, "scope");
            if ("io.nous".equals(group) && (scope == null || scope.equals("compile"))) {
                out.add(moduleOf(text(dep, "artifactId")));
            }
        }
        return out;
    }

    private static Map<String, Set<String>> readmeGraph() throws Exception {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int from = readme.indexOf("Dependencies point one way");
        assertThat(from).as("README has the dependency list").isPositive();
        Pattern line = Pattern.compile("^- `([a-z/-]+)` → (.+)$", Pattern.MULTILINE);
        Matcher m = line.matcher(readme.substring(from, readme.indexOf("\n## ", from)));
        Map<String, Set<String>> out = new TreeMap<>();
        while (m.find()) {
            Set<String> deps = new TreeSet<>();
            for (String d : m.group(2).split(",")) {
                deps.add(d.strip().replace("`", ""));
            }
            out.put(m.group(1), deps);
        }
        return out;
    }

    private static boolean reaches(Map<String, Set<String>> graph, String from, String target) {
        Deque<String> todo = new ArrayDeque<>(graph.getOrDefault(from, Set.of()));
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            String m = todo.poll();
            if (m.equals(target)) {
                return true;
            }
            if (seen.add(m)) {
                todo.addAll(graph.getOrDefault(m, Set.of()));
            }
        }
        return false;
    }

    private static Document parse(Path pom) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    }

    private static String text(Element e, String tag) {
        NodeList n = e.getElementsByTagName(tag);
        return n.getLength() == 0 ? null : n.item(0).getTextContent().strip();
    }
}
