package io.nous.sim.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.Request;
import io.nous.sim.request.RequestSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Agents' sessions: drawn pauses, sub-agents started together, and the agent's round that reads their results. */
class AgenticSessionsTest {

    /** One agent client: every round hands work to exactly two sub-agents of two rounds each, 300 result tokens apiece. */
    static Workload agent(double subagentShare) {
        SessionSpec.Agentic a = new SessionSpec.Agentic(new LengthDistribution("constant", 1000, 0, 1000, 1000), 0.5,
                new LengthDistribution("constant", 200, 0, 200, 200), subagentShare, 2, 2, 2, 300);
        ClientSpec c = new ClientSpec("agents", 0, 0, 1.0, ArrivalProcess.POISSON, new LengthDistribution("constant", 100, 0, 100, 100),
                new LengthDistribution("constant", 20, 0, 20, 20), 0, 500, 0, 0, 0, new SessionSpec(10, 0, true, a), List.of(), 1);
        return new Workload("agents", "", "", List.of(new RequestClass("critical", 0, 1.0)), c.input(), c.output(), ArrivalProcess.POISSON,
                List.of(1.0), 2, 1, List.of(c));
    }

    /** Serves every request the moment it arrives, 1 ms each, and returns them in the order they ended. */
    static List<Request> serve(Workload w, long seed) {
        RequestSource src = new RequestSource(w, 0.01, new RandomStreams(seed), 600_000_000L, 40_960);
        java.util.PriorityQueue<Request> open = new java.util.PriorityQueue<>((a, b) -> a.arrivalUs != b.arrivalUs
                ? Long.compare(a.arrivalUs, b.arrivalUs) : Integer.compare(a.id, b.id));
        Request first = src.next();
        open.add(first);
        List<Request> done = new ArrayList<>();
        while (!open.isEmpty() && done.size() < 40) {
            Request r = open.poll();
            done.add(r);
            src.followUps(r, true, r.arrivalUs + 1000, open::add);
        }
        return done;
    }

    @Test
    void anAgentWaitsForEverySubagentAndReadsTheirResults() {
        List<Request> rs = serve(agent(1.0), 3);
        Request round0 = rs.get(0);
        assertThat(round0.inputTokens).isEqualTo(600); // the 500-token system prompt and a 100-token turn
        // after round 0 the agent pauses (1 s thinking or 0.2 s tool) and starts two sub-agents at once
        Request a = rs.get(1);
        Request b = rs.get(2);
        assertThat(a.arrivalUs).isEqualTo(b.arrivalUs);
        assertThat(a.arrivalUs - round0.arrivalUs - 1000).isIn(1_000_000L, 200_000L);
        assertThat(a.session).isNotEqualTo(round0.session).isNotEqualTo(b.session);
        assertThat(a.inputTokens).isEqualTo(600); // a fresh task behind the same system prompt
        assertThat(a.content.firstSpanId()).isEqualTo(round0.content.firstSpanId()); // ...whose blocks it shares
        // each sub-agent runs its two rounds, accumulating; the agent sends nothing until both are done
        List<Request> beforeJoin = rs.subList(1, 5);
        assertThat(beforeJoin).allSatisfy(r -> assertThat(r.session).isNotEqualTo(round0.session));
        Request join = rs.get(5);
        assertThat(join.session).isEqualTo(round0.session);
        long lastSubagentEnd = beforeJoin.stream().mapToLong(r -> r.arrivalUs + 1000).max().orElseThrow();
        assertThat(join.arrivalUs).isGreaterThanOrEqualTo(lastSubagentEnd);
        // the conversation so far, the two results and a new turn
        assertThat(join.inputTokens).isEqualTo(600 + 20 + 2 * 300 + 100);
    }

    @Test
    void withoutSubagentsAnAgentIsAnAccumulatingSessionWithDrawnPauses() {
        List<Request> rs = serve(agent(0.0), 5);
        assertThat(rs).extracting(r -> r.session).containsOnly(rs.get(0).session);
        for (int i = 1; i < 10; i++) {
            assertThat(rs.get(i).inputTokens).isEqualTo(rs.get(i - 1).inputTokens + 20 + 100);
            assertThat(rs.get(i).arrivalUs - rs.get(i - 1).arrivalUs - 1000).isIn(1_000_000L, 200_000L);
        }
        assertThat(rs.stream().skip(1).limit(9).mapToLong(r -> r.arrivalUs).distinct().count()).isEqualTo(9);
    }

    @Test
    void theSameSeedSendsTheSameRequests() {
        List<Request> one = serve(agent(0.5), 11);
        List<Request> two = serve(agent(0.5), 11);
        assertThat(one).extracting(r -> r.arrivalUs + "/" + r.inputTokens + "/" + r.session)
                .containsExactlyElementsOf(two.stream().map(r -> r.arrivalUs + "/" + r.inputTokens + "/" + r.session).toList());
    }

    @Test
    void thePresetAndTheSpecBlockReadAndRefuseWhatCannotBe(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Workload w = WorkloadCatalog.builtin().workload("agentic-coding");
        SessionSpec s = w.clients().get(0).session();
        assertThat(s.accumulate()).isTrue();
        assertThat(s.agentic().subagentShare()).isEqualTo(0.012);
        assertThat(w.pods()).isEqualTo(16);
        String spec = """
                version: "2"
                aggregate_rate: 1
                clients:
                  - id: agents
                    rate_fraction: 1
                    arrival: {process: poisson}
                    input_distribution: {type: constant, params: {value: 100}}
                    output_distribution: {type: constant, params: {value: 20}}
                    reasoning:
                      multi_turn:
                        max_rounds: 20
                        context_growth: accumulate
                        agent:
                          think_ms: {type: lognormal, params: {mu: 7, sigma: 1}}
                          tool_share: 0.8
                          tool_ms: {type: exponential, params: {mean: 800}}
                          subagents: {share: 0.1, min: 1, max: 3, rounds: 5, result_tokens: 200}
                """;
        java.nio.file.Path f = dir.resolve("agents.yaml");
        java.nio.file.Files.writeString(f, spec);
        Workload read = io.nous.sim.workload.spec.WorkloadSpecReader.read(f).workload();
        SessionSpec.Agentic a = read.clients().get(0).session().agentic();
        assertThat(a.toolShare()).isEqualTo(0.8);
        assertThat(a.subagentsMax()).isEqualTo(3);
        java.nio.file.Files.writeString(f, spec.replace("        context_growth: accumulate\n", ""));
        assertThatThrownBy(() -> io.nous.sim.workload.spec.WorkloadSpecReader.read(f))
                .hasMessageContaining("multi_turn.agent needs context_growth: accumulate");
        java.nio.file.Files.writeString(f, spec.replace("min: 1, max: 3", "min: 3, max: 1"));
        assertThatThrownBy(() -> io.nous.sim.workload.spec.WorkloadSpecReader.read(f)).hasMessageContaining("agent.subagents.max");
    }
}
