package io.nous.sim.pd;

/**
 * A pool split into prefill and decode pods: the first {@code prefillPods} pods carry the role label
 * {@code llm-d.ai/role: prefill}, the others {@code decode}, and a prompt's KV crosses {@code link}
 * when the router disaggregates a request. The router config decides which requests are (its
 * {@code disagg-profile-handler} and decider); without this, every pod is unlabelled, which the
 * router treats as a decode pod, so a P/D config runs the pool aggregated.
 *
 * @param prefillPods pods with the prefill role (the first ones); at least one pod is left to decode
 * @param link        the KV transfer between them
 */
public record Disaggregation(int prefillPods, KvTransfer link) {
    public Disaggregation {
        if (prefillPods < 1) {
            throw new IllegalArgumentException("a disaggregated pool has at least one prefill pod, got " + prefillPods);
        }
        if (link == null) {
            throw new IllegalArgumentException("a disaggregated pool needs a KV link");
        }
    }

    /** Whether pod {@code pod} prefills. */
    public boolean prefills(int pod) {
        return pod < prefillPods;
    }
}
