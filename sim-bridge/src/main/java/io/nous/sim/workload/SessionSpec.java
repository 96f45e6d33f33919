package io.nous.sim.workload;

/**
 * Multi-turn conversations (BLIS {@code reasoning.multi_turn}): each arrival of the client starts a
 * session of up to {@code maxRounds} requests; a round is sent a think time after the previous one
 * completed, and a round that is rejected or given up on ends the session, as BLIS's session manager
 * cancels it. With {@code accumulate}, a round's prompt is the whole conversation so far (the previous
 * prompt, its answer, and the new turn), so it starts with blocks the previous round left in the cache.
 *
 * @param maxRounds   requests per session at most (round 0 included)
 * @param thinkTimeUs pause between a round's response and the next round
 * @param accumulate  BLIS {@code context_growth: accumulate}; false: every round is a new prompt
 */
public record SessionSpec(int maxRounds, long thinkTimeUs, boolean accumulate) {
    public SessionSpec {
        if (maxRounds < 1 || thinkTimeUs < 0) {
            throw new WorkloadException("a session needs max_rounds >= 1 and think_time_us >= 0");
        }
    }
}
