package io.nous.export;

import io.nous.codegen.golang.plugin.RouterPlugin;
import io.nous.codegen.golang.plugin.UsageLimitPackage;
import io.nous.store.Shell;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.StoredConfig;

/**
 * Puts an exported package into a checkout of llm-d-router as a change a maintainer can take: the
 * package where the router keeps plugins of its kind ({@code pkg/epp/framework/plugins/flowcontrol/usagelimits/<name>/}
 * for a usage-limit policy, {@code pkg/epp/framework/plugins/requestcontrol/admitter/<name>/} for an admitter,
 * {@code pkg/epp/framework/plugins/scheduling/scorer/<name>/} for a scorer), a sample config
 * under {@code deploy/config/}, its import and registration in {@code cmd/epp/runner/runner.go}
 * ({@link RunnerFile}; for a kind the router builds in code rather than from config, the eviction
 * pair, the runner builds the new plugin in their place), committed with JGit on a new branch by the user's own git identity (or
 * {@code --author}) with a DCO sign-off. A dirty tree, an existing branch or package, or a runner
 * file of an unknown shape is refused before anything is touched.
 */
public final class RouterCheckout {

    /** Something about the checkout prevents the change; nothing was modified. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    private RouterCheckout() {
    }

    /**
     * How the commit is made.
     *
     * @param author  "Name &lt;email&gt;" to author and sign off the commit, or null for the
     *                checkout's git identity (user.name and user.email)
     * @param signoff add a {@code Signed-off-by:} line (the router's DCO check requires one)
     */
    public record Commit(String title, String body, String author, boolean signoff) {
    }

    /**
     * The result: the branch created, the commit on it, the files it adds or changes, and a note
     * when the user's git configuration asks for something Nous cannot do (signing).
     */
    public record Change(String branch, String commit, List<String> files, String note) {
    }

    /**
     * @param exported the directory {@code nous export} wrote (its package files are copied as written)
     */
    public static Change apply(Path router, RouterPlugin pkg, Path exported, Commit commit) {
        String pluginsDir = pkg.pluginsDir();
        if (!Files.isRegularFile(router.resolve(RunnerFile.PATH))) {
            throw new Refused(router + " does not look like an llm-d-router checkout: no " + RunnerFile.PATH);
        }
        try (Git git = Git.open(router.toFile())) {
            Status status = git.status().call();
            if (!status.isClean()) {
                List<String> dirty = new ArrayList<>();
                dirty.addAll(status.getModified());
                dirty.addAll(status.getUntracked());
                dirty.addAll(status.getAdded());
                dirty.addAll(status.getChanged());
                dirty.addAll(status.getRemoved());
                dirty.addAll(status.getMissing());
                throw new Refused("the router checkout " + router + " has uncommitted changes (" + String.join(", ",
                        dirty.stream().sorted().limit(5).toList()) + (dirty.size() > 5 ? ", ..." : "") + "); commit or stash them first");
            }
            String branch = "nous/" + pkg.pluginType();
            for (Ref r : git.branchList().call()) {
                if (r.getName().equals("refs/heads/" + branch)) {
                    throw new Refused("branch " + branch + " already exists in " + router + "; delete it or export with --name");
                }
            }
            Path pkgDir = router.resolve(pluginsDir + pkg.goPackage());
            if (!pkg.joinsPackage() && Files.exists(pkgDir)) {
                throw new Refused(router.relativize(pkgDir) + " already exists; export with another --name");
            }
            if (pkg.joinsPackage()) {
                if (!Files.isDirectory(pkgDir)) {
                    throw new Refused(router + " has no " + pluginsDir + pkg.goPackage() + ", the package a " + pkg.noun() + " joins");
                }
                for (String key : pkg.files().keySet()) {
                    boolean source = key.startsWith(pkg.goPackage() + "/") && !key.endsWith("epp-config.yaml") && !pkg.standIns().contains(key);
                    if (source && Files.exists(router.resolve(pluginsDir + key))) {
                        throw new Refused(pluginsDir + key + " already exists in " + router + ": the package holds one exported "
                                + pkg.noun() + " at a time; remove the earlier one first");
                    }
                }
            }
            PersonIdent who = identity(git.getRepository().getConfig(), commit.author());
            String runner = Files.readString(router.resolve(RunnerFile.PATH));
            String newRunner;
            try {
                String fwk = RunnerFile.pluginAlias(runner, UsageLimitPackage.ROUTER_MODULE + "/pkg/epp/framework/interface/plugin");
                String importPath = UsageLimitPackage.ROUTER_MODULE + "/" + pluginsDir + pkg.goPackage();
                String registration = fwk + ".Register(" + pkg.goPackage() + "." + pkg.typeConstant() + ", " + fwk + ".StabilityAlpha, "
                        + pkg.goPackage() + "." + pkg.factory() + ")";
                newRunner = pkg.joinsPackage() ? RunnerFile.registerInImported(runner, importPath, registration, pkg.runnerGroup())
                        : RunnerFile.register(runner, importPath, registration, pkg.runnerGroup());
                if (pkg.replacesInRunner() != null) {
                    newRunner = RunnerFile.buildInPlace(newRunner, pkg.replacesInRunner(), pkg.goPackage(), pkg.typeConstant());
                }
            } catch (RunnerFile.Unrecognised e) {
                throw new Refused(e.getMessage());
            }
            // everything that can refuse has been checked: from here on the checkout changes
            git.checkout().setCreateBranch(true).setName(branch).call();
            List<String> files = new ArrayList<>();
            for (String key : pkg.files().keySet()) {
                if (!key.startsWith(pkg.goPackage() + "/") || key.endsWith("epp-config.yaml") || pkg.standIns().contains(key)) {
                    continue; // a stand-in is the router's own file, copied for the stand-alone build only
                }
                String rel = pluginsDir + key;
                write(router.resolve(rel), Files.readString(exported.resolve(key)));
                files.add(rel);
            }
            String config = "deploy/config/" + pkg.pluginType().replaceAll("-policy$", "") + "-epp-config.yaml";
            write(router.resolve(config), Files.readString(exported.resolve(pkg.goPackage() + "/epp-config.yaml")));
            files.add(config);
            write(router.resolve(RunnerFile.PATH), newRunner);
            files.add(RunnerFile.PATH);
            var add = git.add();
            files.forEach(add::addFilepattern);
            add.call();
            String message = commit.title() + "\n\n" + commit.body().strip() + "\n"
                    + (commit.signoff() ? "\nSigned-off-by: " + who.getName() + " <" + who.getEmailAddress() + ">\n" : "");
            boolean wantsSigning = git.getRepository().getConfig().getBoolean("commit", null, "gpgsign", false);
            String id = git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call().getName();
            String note = wantsSigning ? "your git configuration asks for signed commits (commit.gpgsign), which Nous cannot make; "
                    + "sign it with: git -C " + Shell.quote(router.toString()) + " commit --amend --no-edit -S" : null;
            return new Change(branch, id, List.copyOf(files), note);
        } catch (IOException | GitAPIException e) {
            throw new Refused("cannot change the router checkout " + router + ": " + e.getMessage());
        }
    }

    /**
     * A package of the same kind already in the checkout whose golden vectors are exactly these (an
     * earlier export of the same policy, under any name), or empty.
     */
    public static java.util.Optional<String> samePolicyIn(Path router, RouterPlugin pkg) {
        String goldenJson = pkg.goldenJson();
        Path dir = router.resolve(pkg.pluginsDir());
        if (!Files.isDirectory(dir)) {
            return java.util.Optional.empty();
        }
        try (var pkgs = Files.list(dir)) {
            for (Path p : pkgs.sorted().toList()) {
                Path vectors = p.resolve("testdata/golden_vectors.json");
                if (Files.isRegularFile(vectors) && Files.readString(vectors).equals(goldenJson)) {
                    return java.util.Optional.of(router.relativize(p).toString());
                }
            }
        } catch (IOException e) {
            throw new Refused("cannot read " + dir + ": " + e.getMessage());
        }
        return java.util.Optional.empty();
    }

    /** The commit's author and committer: {@code --author}, else the checkout's user.name and user.email. */
    static PersonIdent identity(StoredConfig config, String author) {
        if (author != null) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*([^<>]+?)\\s*<([^<>\\s]+@[^<>\\s]+)>\\s*").matcher(author);
            if (!m.matches()) {
                throw new Refused("--author must look like 'Name <name@example.com>', got '" + author + "'");
            }
            return new PersonIdent(m.group(1), m.group(2));
        }
        String name = config.getString("user", null, "name");
        String email = config.getString("user", null, "email");
        if (name == null || name.isBlank() || email == null || email.isBlank()) {
            throw new Refused("the router checkout has no git identity to author and sign off the commit; set user.name and user.email"
                    + " (git config --global user.name ...) or pass --author 'Name <email>'");
        }
        return new PersonIdent(name, email);
    }

    private static void write(Path p, String content) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
    }
}
