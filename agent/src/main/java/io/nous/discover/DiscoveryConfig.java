package io.nous.discover;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What a discovery run was asked to do. Stored as the run's {@code config.json}; resume and replay
 * read it back, so a run always continues with its own settings.
 *
 * @param budget        iterations (proposals) at most
 * @param timeLimitSeconds stop starting new iterations after this long (0 = no limit)
 * @param target        stop early once the incumbent's objective change reaches this (NaN = never)
 * @param racing        stop simulating a candidate under further variants once it is clearly out
 * @param racingAudit   also evaluate every raced-out candidate fully and journal whether racing was
 *                      right (for measuring racing; costs what racing saved)
 * @param promoteWhen   how many variants must agree ({@code all}, {@code quorum:K}), or null for the matrix's rule
 * @param problem       the problem class searched ({@link Problems}): {@code flow-control} or {@code admission}
 */
public record DiscoveryConfig(String objective, String proposer, int budget, double timeLimitSeconds, long seed,
                              List<String> seedPolicies, String matrix, int seeds, double durationSeconds, int threads,
                              int replicates, double target, ObjectNode llm, boolean racing, boolean racingAudit, String promoteWhen,
                              String problem) {

    public DiscoveryConfig(String objective, String proposer, int budget, double timeLimitSeconds, long seed, List<String> seedPolicies,
                           String matrix, int seeds, double durationSeconds, int threads, int replicates, double target, ObjectNode llm,
                           boolean racing, boolean racingAudit, String promoteWhen) {
        this(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds, threads, replicates,
                target, llm, racing, racingAudit, promoteWhen, Problems.FLOW_CONTROL);
    }

    public DiscoveryConfig(String objective, String proposer, int budget, double timeLimitSeconds, long seed, List<String> seedPolicies,
                           String matrix, int seeds, double durationSeconds, int threads, int replicates, double target) {
        this(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds, threads, replicates,
                target, null, true, false, null);
    }

    public DiscoveryConfig(String objective, String proposer, int budget, double timeLimitSeconds, long seed, List<String> seedPolicies,
                           String matrix, int seeds, double durationSeconds, int threads, int replicates, double target, ObjectNode llm) {
        this(objective, proposer, budget, timeLimitSeconds, seed, seedPolicies, matrix, seeds, durationSeconds, threads, replicates,
                target, llm, true, false, null);
    }

    public ObjectNode toJson() {
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("objective", objective);
        o.put("proposer", proposer);
        o.put("budget", budget);
        o.put("time_limit_seconds", timeLimitSeconds);
        o.put("seed", seed);
        ArrayNode seedsArr = o.putArray("seed_policies");
        seedPolicies.forEach(seedsArr::add);
        o.put("matrix", matrix);
        o.put("seeds", seeds);
        o.put("duration_seconds", durationSeconds);
        o.put("threads", threads);
        o.put("replicates", replicates);
        o.put("target", Double.isNaN(target) ? null : target);
        if (llm != null) {
            o.set("llm", llm);
        }
        o.put("racing", racing);
        o.put("racing_audit", racingAudit);
        if (promoteWhen != null) {
            o.put("promote_when", promoteWhen);
        }
        if (!problem.equals(Problems.FLOW_CONTROL)) {
            o.put("problem", problem); // absent for flow control, as in runs from before problem classes
        }
        return o;
    }

    public static DiscoveryConfig fromJson(ObjectNode o) {
        List<String> seedPolicies = new ArrayList<>();
        o.get("seed_policies").forEach(n -> seedPolicies.add(n.asText()));
        return new DiscoveryConfig(o.get("objective").asText(), o.get("proposer").asText(), o.get("budget").asInt(),
                o.get("time_limit_seconds").asDouble(), o.get("seed").asLong(), List.copyOf(seedPolicies), o.get("matrix").asText(),
                o.get("seeds").asInt(), o.get("duration_seconds").asDouble(), o.get("threads").asInt(), o.get("replicates").asInt(),
                o.get("target").isNull() ? Double.NaN : o.get("target").asDouble(), o.has("llm") ? (ObjectNode) o.get("llm") : null,
                // runs from before racing existed evaluated every candidate fully
                o.path("racing").asBoolean(false), o.path("racing_audit").asBoolean(false),
                o.hasNonNull("promote_when") ? o.get("promote_when").asText() : null,
                o.hasNonNull("problem") ? o.get("problem").asText() : Problems.FLOW_CONTROL);
    }
}
