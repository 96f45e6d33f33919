package io.nous.export;

import io.nous.codegen.golang.GoPackage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;

/**
 * Puts an exported package into a checkout of llm-d-router as a reviewable change: the package under
 * {@code pkg/epp/framework/plugins/flowcontrol/usagelimits/<name>/}, a sample config under
 * {@code deploy/config/}, its registration in {@code cmd/epp/runner/runner.go}, all committed with
 * JGit on a new branch whose commit message is the PR description. A dirty tree is never touched.
 */
public final class RouterCheckout {
    static final String PLUGINS_DIR = "pkg/epp/framework/plugins/flowcontrol/usagelimits/";
    static final String RUNNER = "cmd/epp/runner/runner.go";
    private static final Pattern PLUGIN_IMPORT = Pattern.compile("(?m)^\\s*(\\w+)\\s+\"" + Pattern.quote(GoPackage.ROUTER_MODULE)
            + "/pkg/epp/framework/interface/plugin\"");

    /** Something about the checkout prevents the change; nothing was modified. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    private RouterCheckout() {
    }

    /** The result: the branch created and the commit on it. */
    public record Change(String branch, String commit, List<String> files) {
    }

    /**
     * @param exported the directory {@code nous export} wrote (its package files are copied as written)
     */
    public static Change apply(Path router, GoPackage pkg, Path exported, String prDescription) {
        if (!Files.isRegularFile(router.resolve(RUNNER))) {
            throw new Refused(router + " does not look like an llm-d-router checkout: no " + RUNNER);
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
            Path pkgDir = router.resolve(PLUGINS_DIR + pkg.goPackage());
            if (Files.exists(pkgDir)) {
                throw new Refused(router.relativize(pkgDir) + " already exists; export with another --name");
            }
            String runner = Files.readString(router.resolve(RUNNER));
            String newRunner = register(runner, pkg);
            git.checkout().setCreateBranch(true).setName(branch).call();
            List<String> files = new ArrayList<>();
            for (String key : pkg.files().keySet()) {
                if (!key.startsWith(pkg.goPackage() + "/") || key.endsWith("epp-config.yaml")) {
                    continue;
                }
                String rel = PLUGINS_DIR + key;
                write(router.resolve(rel), Files.readString(exported.resolve(key)));
                files.add(rel);
            }
            String config = "deploy/config/" + pkg.pluginType().replaceAll("-policy$", "") + "-epp-config.yaml";
            write(router.resolve(config), Files.readString(exported.resolve(pkg.goPackage() + "/epp-config.yaml")));
            files.add(config);
            write(router.resolve(RUNNER), newRunner);
            GoPackage.gofmt(router, RUNNER);
            files.add(RUNNER);
            var add = git.add();
            files.forEach(add::addFilepattern);
            add.call();
            PersonIdent who = new PersonIdent("Nous", "nous@localhost");
            String commit = git.commit().setMessage(prDescription).setAuthor(who).setCommitter(who).call().getName();
            return new Change(branch, commit, List.copyOf(files));
        } catch (IOException | GitAPIException e) {
            throw new Refused("cannot change the router checkout " + router + ": " + e.getMessage());
        }
    }

    /** runner.go with the package imported and registered in registerInTreePlugins. */
    static String register(String runner, GoPackage pkg) {
        Matcher alias = PLUGIN_IMPORT.matcher(runner);
        if (!alias.find()) {
            throw new Refused(RUNNER + " does not import " + GoPackage.ROUTER_MODULE + "/pkg/epp/framework/interface/plugin under an alias;"
                    + " cannot add the registration");
        }
        String fwk = alias.group(1);
        int fn = runner.indexOf("func registerInTreePlugins(");
        if (fn < 0) {
            throw new Refused(RUNNER + " has no registerInTreePlugins function; cannot add the registration");
        }
        int open = runner.indexOf('{', fn);
        int close = matchingBrace(runner, open);
        String line = "\t" + fwk + ".Register(" + pkg.goPackage() + ".PolicyType, " + fwk + ".StabilityAlpha, " + pkg.goPackage() + ".Factory)\n";
        String withCall = runner.substring(0, close) + line + runner.substring(close);
        String importLine = "\t\"" + GoPackage.ROUTER_MODULE + "/" + PLUGINS_DIR + pkg.goPackage() + "\"\n";
        int imports = withCall.indexOf("import (");
        if (imports < 0) {
            throw new Refused(RUNNER + " has no import block; cannot add the import");
        }
        int after = withCall.indexOf('\n', imports) + 1;
        return withCall.substring(0, after) + importLine + withCall.substring(after);
    }

    private static int matchingBrace(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                // insert before the line holding the closing brace
                return s.lastIndexOf('\n', i) + 1;
            }
        }
        throw new Refused(RUNNER + ": registerInTreePlugins is not closed");
    }

    private static void write(Path p, String content) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, content);
    }
}
