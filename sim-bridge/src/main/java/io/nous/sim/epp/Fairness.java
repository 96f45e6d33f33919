package io.nous.sim.epp;

/**
 * Which flow (tenant) of a band dispatches next. {@code global-strict} (the router default) takes
 * the best head across all flows by the ordering policy, one logical queue per band;
 * {@code round-robin} gives each non-empty flow a dispatch turn in flow-id order.
 */
public enum Fairness {
    GLOBAL_STRICT("global-strict"),
    ROUND_ROBIN("round-robin");

    private final String id;

    Fairness(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Fairness byId(String id) {
        for (Fairness f : values()) {
            if (f.id.equals(id)) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown fairness policy '" + id + "'; known: global-strict, round-robin");
    }
}
