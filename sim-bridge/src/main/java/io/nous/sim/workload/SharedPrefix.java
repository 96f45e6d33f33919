package io.nous.sim.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a workload's prompts have in common, so that the pods' prefix caches can reuse it. Requests
 * of one group (one per tenant unless {@code groups} says how many) start with the same text:
 * either a system prompt of {@code systemPromptTokens} tokens put in front of the sampled prompt, or,
 * with {@code share}, the first {@code share} of each sampled prompt (two prompts of a group then
 * share the shorter one's shared part).
 *
 * @param systemPromptTokens tokens of the group's system prompt, added in front of every prompt (0: none)
 * @param share              share of each prompt taken from the group's shared text (0: none), in [0, 1)
 * @param groups             distinct shared texts, requests spread over them by tenant; 0: one per tenant
 *
 * <p>Its JSON names are the catalog's, both ways, so a scenario sent to a worker JVM keeps its prefix.
 */
public record SharedPrefix(@JsonProperty("system_prompt_tokens") int systemPromptTokens, @JsonProperty("share") double share,
                           @JsonProperty("groups") int groups) {

    @JsonCreator
    public SharedPrefix(@JsonProperty("system_prompt_tokens") Integer systemPromptTokens, @JsonProperty("share") Double share,
                        @JsonProperty("groups") Integer groups) {
        this(systemPromptTokens == null ? 0 : systemPromptTokens, share == null ? 0 : share, groups == null ? 0 : groups);
    }

    public SharedPrefix {
        if (systemPromptTokens < 0) {
            throw new WorkloadException("prefix.system_prompt_tokens must be >= 0, got " + systemPromptTokens);
        }
        if (!(share >= 0 && share < 1)) {
            throw new WorkloadException("prefix.share must be in [0, 1), got " + share);
        }
        if (groups < 0) {
            throw new WorkloadException("prefix.groups must be >= 0 (0: one per tenant), got " + groups);
        }
        if (systemPromptTokens > 0 && share > 0) {
            throw new WorkloadException("prefix: give system_prompt_tokens or share, not both");
        }
    }

    /** A share of every prompt, one shared text per tenant. */
    public static SharedPrefix ofShare(double share) {
        return new SharedPrefix(0, share, 0);
    }

    /** Whether any prompt shares anything. */
    public boolean any() {
        return systemPromptTokens > 0 || share > 0;
    }

    /** The group of a request of {@code tenant}. */
    public int group(int tenant) {
        return groups == 0 ? tenant : Math.floorMod(tenant, groups);
    }

    /** How many of a prompt's {@code inputTokens} tokens are its group's shared text. */
    public int sharedTokens(int inputTokens) {
        return systemPromptTokens > 0 ? Math.min(systemPromptTokens, inputTokens - 1) : (int) (share * inputTokens);
    }

    @Override
    public String toString() {
        String g = groups == 0 ? "per tenant" : groups + " groups";
        return systemPromptTokens > 0 ? systemPromptTokens + "-token system prompt, " + g : Math.round(share * 100) + "% shared, " + g;
    }
}
