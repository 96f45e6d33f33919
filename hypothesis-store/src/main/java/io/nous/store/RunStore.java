package io.nous.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The directory of runs ({@code runs/} by default): creates, opens and lists runs. */
public final class RunStore {
    /** Where runs go unless {@code --runs-dir} says otherwise. */
    public static final Path DEFAULT_ROOT = Path.of("runs");

    private final Path root;

    public RunStore(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /**
     * What a printed command must add to find runs here: nothing for the default directory,
     * otherwise {@code " --runs-dir DIR"} with DIR quoted for a POSIX shell.
     */
    public String runsDirFlag() {
        return root.normalize().equals(DEFAULT_ROOT) ? "" : " --runs-dir " + Shell.quote(root.toString());
    }

    /** Creates {@code root/<id>/} with its configuration; fails clearly if the directory is not writable. */
    public Run create(String id, ObjectNode config) {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new StoreException("cannot create the runs directory " + root + ": " + Journal.reason(e), e);
        }
        if (!Files.isWritable(root)) {
            throw new StoreException("the runs directory " + root + " is not writable", null);
        }
        Path dir = root.resolve(id);
        if (Files.exists(dir)) {
            throw new StoreException("run " + id + " already exists in " + root, null);
        }
        try {
            Files.createDirectories(dir.resolve("candidates"));
        } catch (IOException e) {
            throw new StoreException("cannot create run directory " + dir + ": " + Journal.reason(e), e);
        }
        Run run = new Run(id, dir);
        run.writeJson(run.configFile(), config);
        return run;
    }

    /** An existing run. */
    public Run open(String id) {
        if (id.isBlank() || id.contains("/") || id.contains("\\") || id.equals("..") || id.equals(".")) {
            throw new StoreException("'" + id + "' is not a run id", null);
        }
        Path dir = root.resolve(id);
        if (!Files.isRegularFile(dir.resolve("config.json"))) {
            throw new StoreException("no run '" + id + "' in " + root + (Files.isDirectory(root) ? "; see 'nous runs list'" : ""), null);
        }
        return new Run(id, dir);
    }

    /** Every run, oldest id first. */
    public List<Run> list() {
        List<Run> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(d -> Files.isRegularFile(d.resolve("config.json"))).sorted()
                    .forEach(d -> out.add(new Run(d.getFileName().toString(), d)));
        } catch (IOException e) {
            throw new StoreException("cannot list " + root + ": " + Journal.reason(e), e);
        }
        return out;
    }
}
