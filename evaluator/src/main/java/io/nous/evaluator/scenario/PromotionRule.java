package io.nous.evaluator.scenario;

/**
 * How many simulator variants must agree before a candidate counts as better. Constraints always
 * hold in every variant; a variant whose verdict is {@code worse} always refuses.
 *
 * @param quorum how many variants must say {@code better}; 0 means all of them
 */
public record PromotionRule(int quorum) {
    public static final PromotionRule ALL = new PromotionRule(0);

    public PromotionRule {
        if (quorum < 0) {
            throw new IllegalArgumentException("a quorum must be >= 1");
        }
    }

    /** {@code all} or {@code quorum:K}. */
    public static PromotionRule parse(String s) {
        if (s == null || s.equals("all")) {
            return ALL;
        }
        if (s.startsWith("quorum:")) {
            try {
                int k = Integer.parseInt(s.substring(7));
                if (k >= 1) {
                    return new PromotionRule(k);
                }
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new IllegalArgumentException("promotion rule must be 'all' or 'quorum:K' with K >= 1, got '" + s + "'");
    }

    /** How many of {@code variants} must say better. */
    public int required(int variants) {
        return quorum == 0 ? variants : Math.min(quorum, variants);
    }

    @Override
    public String toString() {
        return quorum == 0 ? "all" : "quorum:" + quorum;
    }
}
