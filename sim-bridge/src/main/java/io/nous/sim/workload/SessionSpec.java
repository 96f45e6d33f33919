package io.nous.sim.workload;

/**
 * Multi-turn conversations (BLIS {@code reasoning.multi_turn}): each arrival of the client starts a
 * session of up to {@code maxRounds} requests; a round is sent a pause after the previous one
 * completed, and a round that is rejected or given up on ends the session, as BLIS's session manager
 * cancels it. With {@code accumulate}, a round's prompt is the whole conversation so far (the previous
 * prompt, its answer, and the new turn), so it starts with blocks the previous round left in the cache.
 *
 * <p>An agent's session ({@link Agentic}) pauses for a drawn time instead of a fixed one (its own
 * thinking, or a tool's run), and may hand work to sub-agents: several sessions of their own that
 * start at once, share the agent's system prompt, and whose results the agent reads before its next
 * round (fan-out and join).
 *
 * @param maxRounds   requests per session at most (round 0 included)
 * @param thinkTimeUs pause between a round's response and the next round, when {@code agentic} draws none
 * @param accumulate  BLIS {@code context_growth: accumulate}; false: every round is a new prompt
 * @param agentic     drawn pauses, tool calls and sub-agents, or null: a fixed think time and no sub-agents
 */
public record SessionSpec(int maxRounds, long thinkTimeUs, boolean accumulate, Agentic agentic) {

    public SessionSpec(int maxRounds, long thinkTimeUs, boolean accumulate) {
        this(maxRounds, thinkTimeUs, accumulate, null);
    }

    public SessionSpec {
        if (maxRounds < 1 || thinkTimeUs < 0) {
            throw new WorkloadException("a session needs max_rounds >= 1 and think_time_us >= 0");
        }
        if (agentic != null && !accumulate) {
            throw new WorkloadException("an agent's session accumulates its context (context_growth: accumulate)");
        }
    }

    /**
     * How an agent works between rounds.
     *
     * @param thinkMs       the pause before a round that follows the agent's own answer, in milliseconds
     * @param toolShare     the share of rounds that end in a tool call
     * @param toolMs        the tool's run before the next round, in milliseconds
     * @param subagentShare the share of rounds after which the agent hands work to sub-agents
     * @param subagentsMin  sub-agents started at once, at least
     * @param subagentsMax  and at most (drawn uniformly)
     * @param subagentRounds each sub-agent's rounds at most (its own accumulating session)
     * @param resultTokens  what each sub-agent's result adds to the agent's next prompt
     */
    public record Agentic(LengthDistribution thinkMs, double toolShare, LengthDistribution toolMs, double subagentShare,
                          int subagentsMin, int subagentsMax, int subagentRounds, int resultTokens) {
        public Agentic {
            if (thinkMs == null || toolMs == null) {
                throw new WorkloadException("an agent needs think_ms and tool_ms distributions");
            }
            if (!(toolShare >= 0 && toolShare <= 1) || !(subagentShare >= 0 && subagentShare <= 1)) {
                throw new WorkloadException("an agent's tool_share and subagent_share must be in [0, 1]");
            }
            if (subagentShare > 0 && (subagentsMin < 1 || subagentsMax < subagentsMin || subagentRounds < 1 || resultTokens < 0)) {
                throw new WorkloadException("an agent's sub-agents need 1 <= min <= max, rounds >= 1 and result_tokens >= 0");
            }
        }
    }
}
