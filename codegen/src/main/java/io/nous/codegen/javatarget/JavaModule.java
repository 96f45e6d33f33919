package io.nous.codegen.javatarget;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.TypeDeclaration;
import io.nous.codegen.golang.proof.GoldenVectors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a policy as a standalone Maven module for JVM routers and simulators: the policy class
 * (moved to {@code io.nous.exported.<package>}), the one-method SPI it implements, and a JUnit 5
 * test replaying the same golden vectors the Go export carries. Builds with {@code mvn test}.
 */
public final class JavaModule {
    /** Versions pinned to what Nous itself builds with, so the module builds offline here. */
    static final String JUNIT = "5.14.1";
    static final String SUREFIRE = "3.6.1";
    static final String COMPILER = "3.16.0";
    static final String RESOURCES = "3.5.0";
    static final String JAR = "3.5.1";
    static final String CLEAN = "3.5.0";
    static final String INSTALL = "3.2.0";

    private final String name;
    private final String packageName;
    private final String className;
    private final String source;
    private final List<GoldenVectors.Case> vectors;

    /** @param name the policy name in kebab case (the artifactId) */
    public JavaModule(String name, String javaSource, List<GoldenVectors.Case> vectors) {
        if (!name.matches("[a-z][a-z0-9]*(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("a policy name is lower-case kebab case, e.g. shed-early; got '" + name + "'");
        }
        this.name = name;
        this.packageName = "io.nous.exported." + name.replace("-", "");
        CompilationUnit cu = StaticJavaParser.parse(javaSource);
        TypeDeclaration<?> type = cu.getTypes().get(0);
        this.className = type.getNameAsString();
        cu.setPackageDeclaration(packageName);
        this.source = cu.toString();
        this.vectors = vectors;
    }

    public Map<String, String> files() {
        Map<String, String> f = new LinkedHashMap<>();
        String dir = packageName.replace('.', '/');
        f.put("pom.xml", pom());
        f.put("src/main/java/io/nous/sim/spi/UsageLimitPolicy.java", """
                package io.nous.sim.spi;

                /** The usage-limit plug point: one ceiling per priority band, highest first, each dispatch cycle. */
                public interface UsageLimitPolicy {
                    void computeLimit(double saturation, int[] priorities, double[] ceilings);
                }
                """);
        f.put("src/main/java/" + dir + "/" + className + ".java", source);
        f.put("src/test/java/" + dir + "/" + className + "GoldenTest.java", test());
        f.put("src/test/resources/golden-vectors.txt", vectorsText());
        return f;
    }

    public void write(Path out) {
        try {
            for (Map.Entry<String, String> e : files().entrySet()) {
                Path p = out.resolve(e.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the Java module under " + out + ": " + e.getMessage(), e);
        }
    }

    private String pom() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>io.nous.exported</groupId>
                  <artifactId>%s</artifactId>
                  <version>1.0.0</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <dependencies>
                    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>%s</version><scope>test</scope></dependency>
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>%s</version></plugin>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>%s</version></plugin>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>%s</version></plugin>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-jar-plugin</artifactId><version>%s</version></plugin>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-clean-plugin</artifactId><version>%s</version></plugin>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-install-plugin</artifactId><version>%s</version></plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(name, JUNIT, COMPILER, SUREFIRE, RESOURCES, JAR, CLEAN, INSTALL);
    }

    /** One case per line: bands, saturation, then the calls' ceilings ("," within a call, ";" between calls). */
    private String vectorsText() {
        StringBuilder sb = new StringBuilder("# bands saturation ceilings-per-call (recorded from the simulated Java policy)\n");
        for (GoldenVectors.Case c : vectors) {
            sb.append(c.bands()).append(' ').append(Double.toString(c.saturation())).append(' ');
            for (int k = 0; k < c.want().size(); k++) {
                sb.append(k > 0 ? ";" : "");
                double[] w = c.want().get(k);
                for (int i = 0; i < w.length; i++) {
                    sb.append(i > 0 ? "," : "").append(Double.toString(w[i]));
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private String test() {
        return """
                package %1$s;

                import static org.junit.jupiter.api.Assertions.assertArrayEquals;
                import static org.junit.jupiter.api.Assertions.assertTrue;

                import java.io.IOException;
                import java.io.InputStream;
                import java.nio.charset.StandardCharsets;
                import java.util.Arrays;
                import java.util.Locale;
                import java.util.stream.Stream;
                import org.junit.jupiter.api.DynamicTest;
                import org.junit.jupiter.api.Test;
                import org.junit.jupiter.api.TestFactory;

                /** Replays what the policy computed when Nous simulated it: a fresh policy per case. */
                class %2$sGoldenTest {
                    record Case(int bands, double saturation, double[][] want) {
                    }

                    static Stream<Case> cases() throws IOException {
                        try (InputStream in = %2$sGoldenTest.class.getResourceAsStream("/golden-vectors.txt")) {
                            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                            return text.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> {
                                String[] f = l.split(" ");
                                double[][] want = Arrays.stream(f[2].split(";"))
                                        .map(call -> Arrays.stream(call.split(",")).mapToDouble(Double::parseDouble).toArray())
                                        .toArray(double[][]::new);
                                return new Case(Integer.parseInt(f[0]), Double.parseDouble(f[1]), want);
                            }).toList().stream();
                        }
                    }

                    static int[] priorities(int bands) {
                        int[] p = new int[bands];
                        for (int i = 0; i < bands; i++) {
                            p[i] = bands - 2 - i;
                        }
                        return p;
                    }

                    static double[] computeLimits(%2$s p, double saturation, int bands) {
                        double[] c = new double[bands];
                        Arrays.fill(c, 1.0);
                        p.computeLimit(saturation, priorities(bands), c);
                        return c;
                    }

                    @TestFactory
                    Stream<DynamicTest> goldenVectors() throws IOException {
                        return cases().map(c -> DynamicTest.dynamicTest(
                                String.format(Locale.ROOT, "bands=%%d/s=%%s", c.bands(), c.saturation()), () -> {
                                    %2$s p = new %2$s();
                                    for (int call = 0; call < c.want().length; call++) {
                                        assertArrayEquals(c.want()[call], computeLimits(p, c.saturation(), c.bands()), 0.0, "call " + (call + 1));
                                    }
                                }));
                    }

                    @Test
                    void monotoneAndInRange() {
                        for (int bands = 1; bands <= 6; bands++) {
                            %2$s p = new %2$s();
                            for (int k = 0; k <= 1500; k++) {
                                double[] c = computeLimits(p, k / 1000.0, bands);
                                for (int i = 0; i < bands; i++) {
                                    assertTrue(c[i] >= 0 && c[i] <= 1, "ceiling in [0, 1]");
                                    assertTrue(i == 0 || c[i] <= c[i - 1], "ceilings non-increasing");
                                }
                            }
                        }
                    }
                }
                """.formatted(packageName, className);
    }
}
