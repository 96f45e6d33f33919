package io.nous.codegen.golang.proof;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Go toolchain on this machine, as export runs it on what it writes: {@code gofmt -l},
 * {@code go vet}, {@code go test} and, when installed, staticcheck. Offline ({@code GOPROXY=off}: an
 * export's module replaces the router with a stand-in it carries) and with Nous's own caches under
 * {@code $NOUS_CACHE_DIR/go} (default {@code ~/.cache/nous/go}), so a user's Go settings neither
 * change nor slow a verdict. {@code NOUS_GO} and {@code NOUS_STATICCHECK} name the binaries where
 * they are not on the PATH.
 */
public final class GoToolchain {
    private final Path go;
    private final Path gofmt;
    private final Path staticcheck;
    private final Path cache;

    /** One command's outcome. */
    public record Run(List<String> command, int exit, String output, boolean timedOut) {
        public boolean ok() {
            return exit == 0 && !timedOut;
        }

        /** The command as a user would type it. */
        public String shown() {
            List<String> parts = new ArrayList<>(command);
            parts.set(0, Path.of(parts.get(0)).getFileName().toString());
            return String.join(" ", parts);
        }
    }

    private GoToolchain(Path go, Path gofmt, Path staticcheck, Path cache) {
        this.go = go;
        this.gofmt = gofmt;
        this.staticcheck = staticcheck;
        this.cache = cache;
    }

    /** The toolchain {@code env} points to (NOUS_GO, else {@code go} on the PATH), or empty when there is none. */
    public static Optional<GoToolchain> find(Map<String, String> env) {
        Path go = explicit(env, "NOUS_GO").or(() -> onPath(env, "go")).orElse(null);
        if (go == null) {
            return Optional.empty();
        }
        Path gofmt = go.resolveSibling("gofmt");
        if (!Files.isExecutable(gofmt)) {
            gofmt = onPath(env, "gofmt").orElse(null);
        }
        Path sc = explicit(env, "NOUS_STATICCHECK").or(() -> onPath(env, "staticcheck")).or(() -> onPath(env, "go-staticcheck")).orElse(null);
        Path cache = cacheRoot(env);
        return Optional.of(new GoToolchain(go, gofmt, sc, cache));
    }

    private static Optional<Path> explicit(Map<String, String> env, String variable) {
        String v = env.getOrDefault(variable, "");
        if (v.isBlank()) {
            return Optional.empty();
        }
        Path p = Path.of(v);
        return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }

    private static Optional<Path> onPath(Map<String, String> env, String name) {
        for (String dir : env.getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    private static Path cacheRoot(Map<String, String> env) {
        String explicit = env.getOrDefault("NOUS_CACHE_DIR", "");
        if (!explicit.isBlank()) {
            return Path.of(explicit, "go");
        }
        String xdg = env.getOrDefault("XDG_CACHE_HOME", "");
        if (!xdg.isBlank()) {
            return Path.of(xdg, "nous", "go");
        }
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() || home.equals("?") ? null : Path.of(home, ".cache", "nous", "go");
    }

    /** Whether staticcheck is installed. */
    public boolean hasStaticcheck() {
        return staticcheck != null;
    }

    /** The Go version line ("go version go1.19.8 linux/amd64"), or what went wrong asking. */
    public String version() {
        Run r = run(Path.of("."), List.of(go.toString(), "version"), Map.of(), 30);
        return r.output().strip();
    }

    /** {@code gofmt -l .}: lists the files that are not formatted (none when ok). */
    public Run gofmt(Path module) {
        if (gofmt == null) {
            return new Run(List.of("gofmt", "-l", "."), 0, "", false);
        }
        return run(module, List.of(gofmt.toString(), "-l", "."), Map.of(), 120);
    }

    public Run vet(Path module) {
        return run(module, List.of(go.toString(), "vet", "./..."), Map.of(), 300);
    }

    /** {@code go test -count=1} with the test filter and extra environment given. */
    public Run test(Path module, String runPattern, Map<String, String> extraEnv) {
        List<String> cmd = new ArrayList<>(List.of(go.toString(), "test", "-count=1"));
        if (runPattern != null) {
            cmd.addAll(List.of("-run", runPattern, "-v"));
        }
        cmd.add("./...");
        return run(module, cmd, extraEnv, 600);
    }

    /** staticcheck with its default checks (what the router's lint runs); an ok empty run when it is not installed. */
    public Run staticcheck(Path module) {
        if (staticcheck == null) {
            return new Run(List.of("staticcheck", "./..."), 0, "", false);
        }
        return run(module, List.of(staticcheck.toString(), "./..."), Map.of(), 300);
    }

    private Run run(Path dir, List<String> cmd, Map<String, String> extraEnv, int timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("GOPROXY", "off");
        env.put("GOFLAGS", "-mod=mod");
        env.put("GOTOOLCHAIN", "local");
        env.put("CGO_ENABLED", "0");
        if (cache != null) {
            env.put("GOCACHE", cache.resolve("build").toString());
            env.put("GOPATH", cache.resolve("path").toString());
            env.put("STATICCHECK_CACHE", cache.resolve("staticcheck").toString());
        }
        env.putAll(extraEnv);
        try {
            Process p = pb.start();
            byte[][] out = new byte[1][];
            Thread reader = new Thread(() -> {
                try (InputStream in = p.getInputStream()) {
                    out[0] = in.readAllBytes();
                } catch (IOException e) {
                    out[0] = new byte[0];
                }
            }, "go-output");
            reader.setDaemon(true);
            reader.start();
            boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            reader.join(10_000);
            String text = out[0] == null ? "" : new String(out[0], StandardCharsets.UTF_8);
            return new Run(List.copyOf(cmd), done ? p.exitValue() : -1, text, !done);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + cmd.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + cmd.get(0), e);
        }
    }
}
