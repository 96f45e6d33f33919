package io.nous.evaluator.scenario;

/**
 * How many simulator variants must agree before a candidate counts as better. Constraints always
 * hold in every variant; a variant whose verdict is {@code worse} always refuses. {@code somewhere}
 * judges by the worst place instead of a pooled score: better with confidence under at least one
 * variant, and worse with confidence in no contended scenario under any variant.
 *
 * @param quorum       how many variants must say {@code better}; 0 means all of them
 * @param everyScenario also refuse a candidate worse with confidence in any contended scenario under any variant
 */
public record PromotionRule(int quorum, boolean everyScenario) {
    public static final PromotionRule ALL = new PromotionRule(0);
    /** No worse anywhere, better somewhere. */
    public static final PromotionRule SOMEWHERE = new PromotionRule(1, true);

    /** A rule on variants alone. */
    public PromotionRule(int quorum) {
        this(quorum, false);
    }

    public PromotionRule {
        if (quorum < 0) {
            throw new IllegalArgumentException("a quorum must be >= 1");
        }
    }

    /** {@code all}, {@code quorum:K} or {@code somewhere}. */
    public static PromotionRule parse(String s) {
        if (s == null || s.equals("all")) {
            return ALL;
        }
        if (s.equals("somewhere")) {
            return SOMEWHERE;
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
        throw new IllegalArgumentException("promotion rule must be 'all', 'quorum:K' with K >= 1, or 'somewhere', got '" + s + "'");
    }

    /** How many of {@code variants} must say better. */
    public int required(int variants) {
        return quorum == 0 ? variants : Math.min(quorum, variants);
    }

    @Override
    public String toString() {
        return everyScenario && quorum == 1 ? "somewhere" : quorum == 0 ? "all" : "quorum:" + quorum;
    }
}
