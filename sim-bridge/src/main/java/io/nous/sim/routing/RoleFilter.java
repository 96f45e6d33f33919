package io.nous.sim.routing;

/**
 * {@code prefill-filter} and {@code decode-filter} (llm-d-router, scheduling/filter/bylabel/roles.go):
 * the pods whose {@code llm-d.ai/role} label suits the stage. Nous's pods are prefill or decode pods
 * (no pod holds both roles); the decode filter also keeps unlabelled pods, as upstream's
 * {@code allowsNoLabel}, so a pool without roles is all decode pods.
 */
final class RoleFilter implements Filter {
    private final boolean prefill;

    RoleFilter(boolean prefill) {
        this.prefill = prefill;
    }

    @Override
    public int filter(SchedulingContext c, int[] endpoints, int n) {
        boolean[] roles = c.prefillRole;
        if (roles == null) {
            return prefill ? 0 : n;
        }
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (roles[endpoints[i]] == prefill) {
                endpoints[kept++] = endpoints[i];
            }
        }
        return kept;
    }
}
