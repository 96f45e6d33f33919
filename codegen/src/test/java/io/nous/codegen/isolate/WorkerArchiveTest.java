package io.nous.codegen.isolate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.policy.PolicyRegistry;
import io.nous.sim.Scenario;
import io.nous.sim.workload.WorkloadCatalog;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Worker class-data archives: made by a real training worker for a jar class path, mapped by real
 * worker JVMs that then compute exactly what a worker without one computes; a broken archive is
 * ignored, and class paths that cannot share get none.
 */
class WorkerArchiveTest {
    @TempDir
    static Path dir;
    /** This module's classes as a jar (the tests run them from a directory) plus every jar the tests run with. */
    static String jarClassPath;
    static Map<String, String> env;

    @BeforeAll
    static void jarUp() throws IOException {
        Path classes = Path.of(WorkerMain.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        Path jar = dir.resolve("codegen.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        List<String> cp = new ArrayList<>(List.of(jar.toString()));
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.endsWith(".jar")) {
                cp.add(e);
            }
        }
        jarClassPath = String.join(File.pathSeparator, cp);
        env = Map.of(WorkerArchive.CACHE_ENV, dir.resolve("cache").toString());
    }

    /** The suite's worker JIT options (short runs), for the training worker and the workers here alike. */
    static final List<String> C1 = List.of("-XX:TieredStopAtLevel=1");
    private static String plainReply;

    /** What a worker without an archive answers, computed once. */
    static synchronized String plain() throws Exception {
        if (plainReply == null) {
            plainReply = simulateInWorker(new WorkerArchive.Launch(jarClassPath, List.of()));
        }
        return plainReply;
    }

    /** Runs one simulation job in a worker JVM started with these options and class path; returns its reply line. */
    static String simulateInWorker(WorkerArchive.Launch launch, String... more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(C1);
        cmd.addAll(launch.jvmOptions());
        cmd.addAll(List.of(more));
        cmd.addAll(List.of("-Xmx256m", "-cp", launch.classPath(), WorkerMain.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Scenario s = Scenario.builder(WorkloadCatalog.builtin().workload("interactive-chat")).qps(60).durationSeconds(60).build();
        String source = PolicyRegistry.builtin().template("soft-reflective-ceiling").source();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write((WorkerProtocol.write(new WorkerProtocol.Job(7, s, source, "Candidate.java", null, null)) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            List<String> replies = new ArrayList<>();
            for (String l; replies.size() < 2 && (l = out.readLine()) != null; ) {
                assertThat(l).as("only protocol lines on a worker's stdout").startsWith(WorkerProtocol.MARKER);
                replies.add(l);
            }
            assertThat(replies).hasSize(2);
            assertThat(replies.get(0)).contains("\"ready\"");
            return replies.get(1).replaceAll("\"wallSeconds\":[^,}]*", "");
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aWorkerWithTheArchiveComputesWhatOneWithoutItComputes() throws Exception {
        WorkerArchive.Launch launch = WorkerArchive.forClassPath(jarClassPath, C1, env);
        assertThat(launch.jvmOptions()).anyMatch(o -> o.startsWith("-XX:SharedArchiveFile="));
        String option = launch.jvmOptions().stream().filter(o -> o.startsWith("-XX:SharedArchiveFile=")).findFirst().orElseThrow();
        Path archive = Path.of(option.substring(option.indexOf('=') + 1));
        assertThat(archive).isRegularFile().hasParent(dir.resolve("cache"));
        // -Xshare:on refuses to start without the archive mapped: the archive is real and this JVM accepts it
        String shared = simulateInWorker(launch, "-Xshare:on");
        assertThat(shared).contains("\"id\":7").doesNotContain("\"error\":\"");
        assertThat(shared).isEqualTo(plain());
        // the second pool of this class path finds it and makes nothing new
        FileTime made = Files.getLastModifiedTime(archive);
        assertThat(WorkerArchive.forClassPath(jarClassPath, C1, env)).isEqualTo(launch);
        assertThat(Files.getLastModifiedTime(archive)).isEqualTo(made);
    }

    @Test
    void aBrokenArchiveIsIgnoredAndTheWorkerStillAnswers() throws Exception {
        Path broken = dir.resolve("broken.jsa");
        Files.writeString(broken, "not an archive");
        WorkerArchive.Launch launch = new WorkerArchive.Launch(jarClassPath, List.of("-XX:SharedArchiveFile=" + broken, "-Xlog:cds*=off",
                "-Xlog:class+path=off"));
        assertThat(simulateInWorker(launch)).isEqualTo(plain());
    }

    @Test
    void classPathsThatCannotShareGetNoArchive() throws Exception {
        // directories only (as in this module's own tests), or the switch off: workers start as before
        String dirs = dir.toString();
        assertThat(WorkerArchive.forClassPath(dirs, List.of(), env)).isEqualTo(new WorkerArchive.Launch(dirs, List.of()));
        Map<String, String> off = Map.of(WorkerArchive.CACHE_ENV, dir.resolve("cache").toString(), WorkerArchive.ENV, "off");
        assertThat(WorkerArchive.forClassPath(jarClassPath, List.of(), off).jvmOptions()).isEmpty();
        // directories go after the jars, whose classes the archive holds
        String mixed = dirs + File.pathSeparator + jarClassPath;
        WorkerArchive.Launch launch = WorkerArchive.forClassPath(mixed, C1, env);
        assertThat(launch.classPath()).isEqualTo(jarClassPath + File.pathSeparator + dirs);
    }

    @Test
    void theArchiveIsNamedByTheJdkTheOptionsAndEveryJarsSizeAndTime() throws Exception {
        Path jar = Files.writeString(dir.resolve("a.jar"), "x");
        String before = WorkerArchive.key(List.of(jar.toString()), List.of());
        assertThat(WorkerArchive.key(List.of(jar.toString()), List.of())).isEqualTo(before);
        assertThat(WorkerArchive.key(List.of(jar.toString()), List.of("-XX:TieredStopAtLevel=1"))).isNotEqualTo(before);
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5000));
        assertThat(WorkerArchive.key(List.of(jar.toString()), List.of())).as("a rebuilt jar").isNotEqualTo(before);
    }
}
