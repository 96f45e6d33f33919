package io.nous.spark;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A real Spark standalone cluster on 127.0.0.1 for tests: a master and workers, each its own JVM
 * started the way Spark's scripts start them, with a {@code SPARK_HOME} whose {@code jars/} holds
 * this JVM's jars. Each worker launches the application's executor in a JVM of its own. The class
 * directories of the build (not jars yet) reach executors through {@code spark.executor.extraClassPath}.
 */
final class StandaloneCluster implements AutoCloseable {
    private final Path home;
    private final Process master;
    private final List<Process> workers = new ArrayList<>();
    private final String url;

    private StandaloneCluster(Path home, Process master, String url) {
        this.home = home;
        this.master = master;
        this.url = url;
    }

    /** A master and {@code n} workers of one core each, ready to take an application. */
    static StandaloneCluster start(Path dir, int n) throws IOException, InterruptedException {
        Path home = Files.createDirectories(dir.resolve("spark-home"));
        Path jars = Files.createDirectories(home.resolve("jars"));
        for (String entry : classPath()) {
            Path p = Path.of(entry);
            if (entry.endsWith(".jar") && Files.isRegularFile(p) && !Files.exists(jars.resolve(p.getFileName()))) {
                Files.createSymbolicLink(jars.resolve(p.getFileName()), p.toAbsolutePath());
            }
        }
        int port = freePort();
        Process master = launch(home, dir.resolve("master.log"), "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                String.valueOf(port), "--webui-port", String.valueOf(freePort()));
        StandaloneCluster c = new StandaloneCluster(home, master, "spark://127.0.0.1:" + port);
        awaitPort(port, master, dir.resolve("master.log"));
        for (int i = 0; i < n; i++) {
            c.workers.add(launch(home, dir.resolve("worker-" + i + ".log"), "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                    "--cores", "1", "--memory", "1g", "--webui-port", String.valueOf(freePort()), "--work-dir",
                    Files.createDirectories(dir.resolve("work-" + i)).toString(), c.url));
        }
        return c;
    }

    String url() {
        return url;
    }

    /** What an application on this cluster needs: one core per executor, small executors, the build's class directories. */
    Map<String, String> appConf(int executors) {
        String dirs = String.join(File.pathSeparator, classPath().stream().filter(e -> !e.endsWith(".jar")).toList());
        return Map.of("spark.executor.cores", "1", "spark.cores.max", String.valueOf(executors), "spark.executor.memory", "512m",
                "spark.executor.extraClassPath", dirs, "spark.driver.host", "127.0.0.1", "spark.driver.bindAddress", "127.0.0.1");
    }

    /** Kills worker {@code i} with everything it started (its executor and that executor's worker JVMs), as a lost machine would. */
    void killWorker(int i) throws InterruptedException {
        Process w = workers.get(i);
        List<ProcessHandle> tree = new ArrayList<>(w.descendants().toList());
        tree.add(w.toHandle());
        tree.forEach(ProcessHandle::destroyForcibly);
        w.waitFor();
    }

    @Override
    public void close() {
        for (Process w : workers) {
            w.descendants().forEach(ProcessHandle::destroyForcibly);
            w.destroyForcibly();
        }
        master.destroyForcibly();
    }

    private static Process launch(Path home, Path log, String main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
        cmd.addAll(moduleOptions());
        cmd.addAll(List.of("-cp", String.join(File.pathSeparator, classPath()), main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SPARK_HOME", home.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        return pb.start();
    }

    /** This JVM's --add-opens and friends (the surefire argLine), which the daemons need as Spark's scripts would give them. */
    private static List<String> moduleOptions() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("-XX:+IgnoreUnrecognizedVMOptions") || a.startsWith("-Dio.netty"))
                .toList();
    }

    private static List<String> classPath() {
        return List.of(System.getProperty("java.class.path").split(File.pathSeparator));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static void awaitPort(int port, Process p, Path log) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new IllegalStateException("the Spark master exited:\n" + Files.readString(log));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("the Spark master did not listen on " + port + " within 60 s:\n" + Files.readString(log));
    }
}
