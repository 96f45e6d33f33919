package io.nous.codegen.golang;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.codegen.golang.plugin.GoExport;
import io.nous.codegen.golang.proof.GoToolchain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Go spec lets a compiler fuse {@code x*y + z} into one multiply-add with a single rounding; Go
 * does so on arm64, ppc64le, s390x and riscv64, Java never does. The export converts every product
 * to float64, the spec's way to forbid fusing it. Checked where it matters: the exported package
 * (translated policy and fdlibm ports) cross-compiled for arm64 has no fused instruction, while the
 * same compiler fuses an unguarded {@code a*b + c} (so the check can fail).
 */
class GoFusionTest {
    @TempDir
    Path dir;

    private static final Pattern FUSED = Pattern.compile("\\b(FMADDD|FMSUBD|FNMADDD|FNMSUBD)\\b");

    @Test
    void anExportCrossCompiledForArm64HasNoFusedMultiplyAdd() throws Exception {
        Path go = goBinary();
        String source = """
                import io.nous.sim.spi.UsageLimitPolicy;

                public final class Curves implements UsageLimitPolicy {
                    @Override
                    public void computeLimit(double saturation, int[] priorities, double[] ceilings) {
                        double s = Math.min(2.0, Math.max(0.0, saturation));
                        double a = s * 0.75 + 0.1;
                        double b = 1.0 - s * s * 0.5 + a * 0.25;
                        double c = Math.pow(s, 1.7) * 0.3 + Math.exp(-s * 4) * 0.2 + Math.tanh(s - 0.8) * 0.1;
                        for (int i = 1; i < ceilings.length; i++) {
                            ceilings[i] = Math.min(ceilings[i - 1], Math.max(0.0, Math.min(1.0, b - c * i + Math.log1p(a) * 0.01)));
                        }
                    }
                }
                """;
        CheckResult r = Candidates.check(source, "Curves.java");
        assertThat(r.problems()).isEmpty();
        GoExport.Outcome outcome = GoExport.usageLimit(r.candidate(), source, "curves", "A fusion check.", dir.resolve("curves"),
                java.util.Optional.empty());
        assertThat(outcome.plugin().files()).containsKey("curves/policy.go");
        String asm = assembly(go, dir.resolve("curves"), "./curves/");
        assertThat(asm).as("arm64 assembly of the exported package").contains("strictPow").contains("ComputeLimit");
        assertThat(FUSED.matcher(asm).find()).as("a fused multiply-add in:\n" + fused(asm)).isFalse();

        // the control: the same compiler fuses a product that is not converted
        Path control = dir.resolve("control");
        Files.createDirectories(control);
        Files.writeString(control.resolve("go.mod"), "module control\n\ngo 1.19\n");
        Files.writeString(control.resolve("f.go"), "package control\n\n// F is a product added unguarded.\nfunc F(a, b, c float64) float64 {\n"
                + "\treturn a*b + c\n}\n");
        assertThat(FUSED.matcher(assembly(go, control, ".")).find()).as("the compiler fuses an unconverted product on arm64").isTrue();
    }

    private static String fused(String asm) {
        StringBuilder sb = new StringBuilder();
        for (String line : asm.lines().toList()) {
            Matcher m = FUSED.matcher(line);
            if (m.find()) {
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    private static Path goBinary() {
        return GoToolchain.find(TranslationPropertyTest.toolchainEnv()).map(t -> Path.of("/usr/bin/go")).filter(Files::isExecutable)
                .orElseGet(() -> {
                    Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_GO") == null, "Go is required (NOUS_REQUIRE_GO) but missing");
                    Assumptions.abort("no Go toolchain");
                    return null;
                });
    }

    /** {@code go build -gcflags=-S} for GOARCH=arm64: the compiler's assembly listing. */
    private static String assembly(Path go, Path module, String pkg) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of(go.toString(), "build", "-gcflags=-S", "-o", "/dev/null", pkg))
                .directory(module.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("GOARCH", "arm64");
        env.put("GOOS", "linux");
        env.put("CGO_ENABLED", "0");
        env.put("GOFLAGS", "-mod=mod");
        env.put("GOPROXY", "off");
        env.put("GOCACHE", Path.of("target", "go-test-cache", "build").toAbsolutePath().toString());
        env.put("GOPATH", Path.of("target", "go-test-cache", "path").toAbsolutePath().toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("go build for arm64:\n" + out).isZero();
        return out;
    }
}
