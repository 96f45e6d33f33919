package io.nous.discover.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.codegen.Candidates;
import io.nous.codegen.CheckResult;
import io.nous.discover.ProposalContext;
import io.nous.sim.spi.PlugPoint;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.random.Well19937c;
import org.junit.jupiter.api.Test;

/** What the model is told for a routing search, and that the example it is shown is a scorer Nous accepts. */
class RoutingPromptTest {
    @Test
    void theRoutingPromptStatesTheScorerContractTheBaselineAndTheObjective() {
        String user = Prompts.user(new ProposalContext(1, 0, List.of(), null, List.of(), List.of(), List.of(), "routing-ttft",
                new Well19937c(1), "routing"));
        assertThat(user).contains("implements RoutingScorer").contains("prefixMatch").contains("Minimize routing-ttft")
                .contains("lab-defaults").contains("No candidate has beaten the lab-defaults baseline yet");
    }

    @Test
    void theContractsExampleIsAScorerNousAcceptsUnderTheRouterContract() {
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(Prompts.resource("routing-contract.md"));
        assertThat(m.find()).isTrue();
        CheckResult check = Candidates.compileOnly(m.group(1), "example.java");
        assertThat(check.problems()).isEmpty();
        assertThat(check.kind()).isEqualTo(PlugPoint.ROUTING);
    }
}
