package io.nous.export;

import io.nous.codegen.golang.plugin.RouterPlugin;
import io.nous.codegen.golang.plugin.UsageLimitPackage;

/**
 * The pull request for an exported policy in llm-d-router's own format: its PR template's sections
 * ({@code /kind}, what and why, the issue, a {@code release-note} block), with Nous's review as the
 * "what and why", a title, and the commit message's body.
 */
public final class PullRequest {
    private PullRequest() {
    }

    public static String title(RouterPlugin pkg) {
        return "Add " + pkg.pluginType() + " " + pkg.noun() + " (Alpha)";
    }

    /**
     * The title of a PR exported against the evidence ({@code --force}): it opens with "Not for
     * merging" so the reason travels with it; {@code notForMerging} null gives the plain title.
     */
    public static String title(RouterPlugin pkg, String notForMerging) {
        return notForMerging == null ? title(pkg) : "Not for merging: " + title(pkg);
    }

    /** The commit message body: what the change adds and where the evidence is. */
    public static String commitBody(RouterPlugin pkg, String summary, String origin) {
        return wrap(UsageLimitPackage.ascii("Adds the Alpha " + pkg.noun() + " " + pkg.pluginType() + " under "
                + pkg.pluginsDir() + pkg.goPackage() + ", registered with the " + pkg.registeredWith()
                + ", and a sample config. "
                + (pkg.replacesInRunner() == null ? "" : "The runner's " + pkg.replacesInRunner() + " builds it in place of the router's own. ")
                + summary.strip() + " " + origin + " The pull request description has the evidence."), 72);
    }

    /** Lines of at most {@code width} characters (a longer word stays whole), as git's commit messages are read. */
    static String wrap(String text, int width) {
        StringBuilder out = new StringBuilder();
        int col = 0;
        for (String word : text.strip().split("\\s+")) {
            if (col > 0 && col + 1 + word.length() > width) {
                out.append('\n');
                col = 0;
            } else if (col > 0) {
                out.append(' ');
                col++;
            }
            out.append(word);
            col += word.length();
        }
        return out.toString();
    }

    /**
     * The PR description: the router's template filled in. {@code review} is Nous's review in
     * Markdown (its title line is dropped; its sections become subsections of "what and why").
     */
    public static String body(RouterPlugin pkg, String review) {
        StringBuilder why = new StringBuilder();
        boolean first = true;
        for (String line : review.strip().split("\n", -1)) {
            if (first && line.startsWith("# ")) {
                first = false;
                continue;
            }
            first = false;
            why.append(line.startsWith("#") ? "#" + line : line).append('\n');
        }
        return "**What type of PR is this?**\n\n/kind feature\n\n"
                + "**What this PR does / why we need it**:\n\n"
                + "Adds `" + pkg.pluginType() + "`, " + pkg.pullRequestPhrase() + ", found and evaluated by Nous.\n\n"
                + (pkg.replacesInRunner() == null ? "" : "The runner builds the router's own " + pkg.noun() + " in `"
                        + pkg.replacesInRunner() + "` and no config field selects another, so this change builds `" + pkg.pluginType()
                        + "` there in their place (`cmd/epp/runner/runner.go`); reverting that hunk brings the router's own back.\n\n")
                + why.toString().strip() + "\n\n"
                + "**Which issue(s) this PR fixes**:\n\nNone: a new policy, not a fix.\n\n"
                + "**Release note** _(write `NONE` if no user-facing change)_:\n\n"
                + "```release-note\n" + pkg.releaseNote()
                + "\n```\n";
    }
}
