package io.nous.codegen.isolate;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A class-data-sharing archive of the classes a worker JVM loads, so that a fresh worker maps them
 * instead of parsing and verifying them: without one, a worker reads some 2,500 classes (the
 * verifier's parser, the compiler, Jackson, the simulator) before its first job, about 0.9 s of
 * CPU per worker start, more than a short simulation costs. The archive is made once per class
 * path and JDK from the classes a worker in training mode ({@link WorkerMain#train}) loads, and
 * kept in the user's cache directory; it only changes how fast classes load, never what a worker
 * computes.
 *
 * <p>The JDK can share classes from jars only, and only when the archive's class path is a prefix
 * of the worker's: the archive covers the jar entries of the class path, and the worker lists its
 * directories after them. Where nothing can be shared (no jars, no writable cache, a training run
 * that fails), workers start as before. {@value #ENV}{@code =off} turns the archive off.
 */
public final class WorkerArchive {
    /** The environment variable that turns the archive off ({@code off}). */
    public static final String ENV = "NOUS_WORKER_CDS";
    /** The environment variable naming the cache directory (default: $XDG_CACHE_HOME/nous or ~/.cache/nous). */
    public static final String CACHE_ENV = "NOUS_CACHE_DIR";
    /** Archives kept per cache directory; older ones (earlier builds) are deleted when a new one is made. */
    static final int KEEP = 4;
    private static final Set<String> FAILED = new HashSet<>();

    /** How to start a worker: its class path, and the JVM options that map the archive (none without one). */
    public record Launch(String classPath, List<String> jvmOptions) {
    }

    private WorkerArchive() {
    }

    /**
     * The class path and archive options for workers of this class path, making the archive first
     * when there is none yet (a few seconds, once).
     *
     * @param classPath    the workers' class path
     * @param extraOptions the user's extra worker JVM options (part of the archive's identity)
     */
    public static Launch forClassPath(String classPath, List<String> extraOptions) {
        return forClassPath(classPath, extraOptions, System.getenv());
    }

    static Launch forClassPath(String classPath, List<String> extraOptions, Map<String, String> env) {
        Launch plain = new Launch(classPath, List.of());
        if ("off".equalsIgnoreCase(env.getOrDefault(ENV, ""))) {
            return plain;
        }
        List<String> jars = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (String e : classPath.split(File.pathSeparator)) {
            if (e.isEmpty()) {
                continue;
            }
            (e.endsWith(".jar") && Files.isRegularFile(Path.of(e)) ? jars : others).add(e);
        }
        Path dir = cacheDir(env);
        if (jars.isEmpty() || dir == null) {
            return plain;
        }
        String jarPath = String.join(File.pathSeparator, jars);
        String key = key(jars, extraOptions);
        Path archive = dir.resolve("worker-" + key + ".jsa");
        synchronized (FAILED) {
            if (FAILED.contains(key)) {
                return plain;
            }
            if (!Files.isRegularFile(archive) && !(holdsWorker(jars) && make(archive, jarPath, extraOptions))) {
                FAILED.add(key);
                return plain;
            }
        }
        List<String> ordered = new ArrayList<>(jars);
        ordered.addAll(others);
        // a stale or foreign archive is refused by the JVM, which then loads classes as usual; say nothing about it
        return new Launch(String.join(File.pathSeparator, ordered), List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds*=off",
                "-Xlog:class+path=off"));
    }

    /** Whether one of the jars holds the worker's entry point (otherwise a jar-only training run cannot start). */
    private static boolean holdsWorker(List<String> jars) {
        String entry = WorkerMain.class.getName().replace('.', '/') + ".class";
        for (String j : jars) {
            try (java.util.zip.ZipFile z = new java.util.zip.ZipFile(j)) {
                if (z.getEntry(entry) != null) {
                    return true;
                }
            } catch (IOException | SecurityException e) {
                // not a readable jar: it cannot hold the worker
            }
        }
        return false;
    }

    static Path cacheDir(Map<String, String> env) {
        String explicit = env.getOrDefault(CACHE_ENV, "");
        String xdg = env.getOrDefault("XDG_CACHE_HOME", "");
        Path base;
        if (!explicit.isBlank()) {
            base = Path.of(explicit);
        } else if (!xdg.isBlank()) {
            base = Path.of(xdg, "nous");
        } else {
            String home = System.getProperty("user.home");
            if (home == null || home.isBlank() || home.equals("?")) {
                return null;
            }
            base = Path.of(home, ".cache", "nous");
        }
        try {
            Files.createDirectories(base);
            return Files.isWritable(base) ? base : null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** The archive's identity: the JDK, the options that shape the JVM, and every jar's path, size and time. */
    static String key(List<String> jars, List<String> extraOptions) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            StringBuilder sb = new StringBuilder();
            sb.append(System.getProperty("java.home")).append('\n').append(System.getProperty("java.vm.version")).append('\n');
            extraOptions.forEach(o -> sb.append(o).append('\n'));
            for (String j : jars) {
                Path p = Path.of(j).toAbsolutePath().normalize();
                sb.append(p).append(' ').append(Files.size(p)).append(' ').append(Files.getLastModifiedTime(p).toMillis()).append('\n');
            }
            return HexFormat.of().formatHex(d.digest(sb.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            return "unreadable";
        }
    }

    /**
     * Runs a training worker that lists the classes it loads, then dumps them into an archive; the
     * archive appears whole or not at all. (A static archive from a class list without its lambda
     * proxies: JDK 17 can crash archiving some of them, at a worker's exit as in a dump.)
     */
    private static boolean make(Path archive, String jarPath, List<String> extraOptions) {
        String stem = archive.getFileName() + "." + ProcessHandle.current().pid();
        Path list = archive.resolveSibling(stem + ".classlist");
        Path tmp = archive.resolveSibling(stem + ".tmp");
        Path log = archive.resolveSibling(archive.getFileName() + ".log");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> train = new ArrayList<>(List.of(java));
        train.addAll(extraOptions);
        // C1 only: the training run is short and lists classes; compiling its code well would only cost time
        train.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:DumpLoadedClassList=" + list, "-Xmx256m", "-XX:+UseSerialGC", "-cp", jarPath, WorkerMain.class.getName(),
                WorkerMain.TRAIN));
        List<String> dump = new ArrayList<>(List.of(java));
        dump.addAll(extraOptions);
        dump.addAll(List.of("-Xshare:dump", "-XX:SharedClassListFile=" + list, "-XX:SharedArchiveFile=" + tmp, "-XX:+UseSerialGC", "-cp",
                jarPath));
        try {
            if (!succeeds(train, log)) {
                return false;
            }
            // without the lambda proxies: JDK 17 crashes archiving some of them (adjust_lambda_proxy_class_dictionary)
            List<String> classes = Files.readAllLines(list).stream().filter(l -> !l.startsWith("@lambda-proxy")).toList();
            Files.write(list, classes);
            if (!succeeds(dump, log) || !Files.isRegularFile(tmp)) {
                return false;
            }
            Files.move(tmp, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            Files.deleteIfExists(log);
            prune(archive.getParent());
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            try {
                Files.deleteIfExists(tmp);
                Files.deleteIfExists(list);
            } catch (IOException ignored) {
                // a stray temporary file is harmless
            }
        }
    }

    /** Runs a command to its end within two minutes, its output appended to {@code log} (kept when making fails). */
    private static boolean succeeds(List<String> cmd, Path log) throws IOException, InterruptedException {
        // in the cache directory, so that a JVM that crashes leaves its error report there, not where the user works
        Process p = new ProcessBuilder(cmd).directory(log.getParent().toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return false;
        }
        return p.exitValue() == 0;
    }

    /** Keeps the {@value #KEEP} newest archives: each build's jars make a new one. */
    private static void prune(Path dir) throws IOException {
        List<Path> archives = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "worker-*.jsa")) {
            s.forEach(archives::add);
        }
        archives.sort((a, b) -> modified(b).compareTo(modified(a)));
        for (Path old : archives.subList(Math.min(KEEP, archives.size()), archives.size())) {
            Files.deleteIfExists(old);
        }
    }

    private static FileTime modified(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }
}
