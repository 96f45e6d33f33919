package io.nous.discover.llm;

import io.nous.discover.Evaluated;
import io.nous.discover.Problem;
import io.nous.discover.Problems;
import io.nous.discover.ProposalContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

/**
 * Builds what the model sees from versioned prompt files ({@code io/nous/agent/prompts/v2/}; v1 is what earlier runs were sent): the
 * role, the plug point in Java and Go, the objective and constraints, the incumbent's source and
 * its results on the search split (never validation or test), inspirations from the archive
 * ({@link Inspirations}), the principles, recent hypotheses
 * and their outcomes, the problems of a rejected attempt, and the reply format.
 */
final class Prompts {
    static final String VERSION = "v2";

    private Prompts() {
    }

    static String resource(String name) {
        String path = "/io/nous/agent/prompts/" + VERSION + "/" + name;
        try (InputStream in = Prompts.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing prompt " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String system() {
        return resource("system.md");
    }

    static String user(ProposalContext ctx) {
        Problem problem = Problems.byId(ctx.problem());
        StringBuilder sb = new StringBuilder(resource(problem.promptContract())).append("\n## Objective\n\n");
        sb.append(resource(problem.promptObjective()).replace("{objective}", ctx.objective()));
        if (ctx.incumbent() != null) {
            Evaluated inc = ctx.incumbent();
            sb.append("\n## Incumbent ").append(inc.candidateId()).append(String.format(Locale.ROOT,
                    " (search split: %+.1f%% [%+.1f%%, %+.1f%%] %s)%n%n", 100 * inc.change(), 100 * inc.ciLow(), 100 * inc.ciHigh(),
                    inc.verdict()));
            for (Map.Entry<String, Double> e : inc.changeByScenario().entrySet()) {
                sb.append(String.format(Locale.ROOT, "- %s: %+.1f%%%n", e.getKey(), 100 * e.getValue()));
            }
            sb.append("\n```java\n").append(inc.source()).append("\n```\n");
        } else {
            sb.append("\nNo candidate has beaten the ").append(problem.baselineName()).append(" baseline yet.\n");
        }
        sb.append(Inspirations.render(Inspirations.choose(ctx.evaluated(), ctx.incumbent(), ctx.front()), resource("inspirations.md")));
        if (!ctx.principles().isEmpty()) {
            sb.append("\n## Principles learned so far\n\n");
            ctx.principles().forEach(p -> sb.append("- ").append(p).append('\n'));
        }
        if (!ctx.history().isEmpty()) {
            sb.append("\n## Recent hypotheses and what happened\n\n");
            ctx.history().forEach(h -> sb.append("- ").append(h).append('\n'));
        }
        if (!ctx.feedback().isEmpty()) {
            sb.append("\n## Your previous attempt was rejected before simulation; fix these problems\n\n");
            ctx.feedback().forEach(f -> sb.append("- ").append(f).append('\n'));
        }
        sb.append('\n').append(resource("format.md"));
        return sb.toString();
    }
}
