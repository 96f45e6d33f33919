package io.nous.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.cli.Nous;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code nous discover --executor spark --spark-master local[2]}: a run that replays bit for bit on this machine. */
class DiscoverOnSparkTest {
    @TempDir
    Path dir;

    record Cli(int exit, String out, String err) {
        static Cli run(String... args) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Nous.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
            return new Cli(code, out.toString(), err.toString());
        }
    }

    @Test
    void aDiscoveryOnSparkCompletesAndReplaysLocally() throws Exception {
        Path runs = dir.resolve("runs");
        Cli d = Cli.run("discover", "--executor", "spark", "--spark-master", "local[2]", "--problem", "admission", "--budget", "4", "--seeds", "1",
                "--duration", "60", "--threads", "2", "--seed", "1", "--runs-dir", runs.toString(), "--no-progress", "--worker-heap", "256m",
                "--novelty-tolerance", "0"); // exact duplicates only: four candidates for Spark to evaluate (the tolerance would skip two)
        assertThat(d.exit()).as(d.out() + d.err()).isZero();
        // one proposal answers the probe grid as an evaluated candidate does, so it is skipped, not simulated
        assertThat(d.out()).contains("4 proposals, 4 candidates evaluated, 1 duplicates skipped (1 by behaviour");
        String id;
        try (Stream<Path> s = Files.list(runs)) {
            id = s.map(p -> p.getFileName().toString()).findFirst().orElseThrow();
        }
        // where the simulations ran is not part of the run: replay re-runs it on this machine and must agree
        Cli replay = Cli.run("replay", id, "--verify", "--runs-dir", runs.toString());
        assertThat(replay.exit()).as(replay.out() + replay.err()).isZero();
        assertThat(replay.out()).contains("bit for bit");
    }

    @Test
    void sparkSettingsWithoutTheSparkExecutorAreRefused() {
        Cli c = Cli.run("evaluate", "--policy", "static-usage-limit", "--spark-master", "local[2]");
        assertThat(c.exit()).isEqualTo(2);
        assertThat(c.err()).contains("--spark-master needs --executor spark");
        Cli bad = Cli.run("evaluate", "--policy", "static-usage-limit", "--executor", "spark", "--conf", "nonsense");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--conf takes KEY=VALUE, got 'nonsense'");
        Cli master = Cli.run("evaluate", "--policy", "static-usage-limit", "--executor", "spark", "--spark-master", "local[2]", "--conf",
                "spark.master=local[1]");
        assertThat(master.exit()).isEqualTo(2);
        assertThat(master.err()).contains("--conf spark.master: give the master as --spark-master");
        Cli memory = Cli.run("evaluate", "--policy", "static-usage-limit", "--executor", "spark", "--spark-master", "local[2]", "--conf",
                "spark.executor.memory=abc");
        assertThat(memory.exit()).isEqualTo(2);
        assertThat(memory.err()).contains("--executor spark: cannot start on local[2]: Size must be specified as bytes")
                .doesNotContain("Exception").doesNotContain("\tat ");
        Cli unknown = Cli.run("evaluate", "--policy", "static-usage-limit", "--executor", "ray");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("--executor must be local or spark");
    }

    @Test
    void aJobSparkRefusesIsReportedByItsReasonNotItsWrapper() {
        // results larger than the driver accepts: Spark aborts the job; the one line says why
        Cli c = Cli.run("evaluate", "--policy", "static-usage-limit", "--executor", "spark", "--spark-master", "local[2]", "--conf",
                "spark.driver.maxResultSize=1k", "--seeds", "1", "--duration", "10");
        assertThat(c.exit()).as(c.out() + c.err()).isEqualTo(6);
        assertThat(c.err()).contains("the Spark job failed: Job aborted").contains("maxResultSize").doesNotContain("awaitResult")
                .doesNotContain("\tat ");
    }
}
