package io.nous.sim.spi;

/**
 * Decides, once per dispatch cycle, the saturation ceiling of every provisioned priority band.
 *
 * <p>This mirrors the router's Go interface (llm-d-router v0.10+):
 * {@code ComputeLimit(ctx, saturation float64, priorities []int, ceilings []float64)}. The dispatch
 * loop walks bands highest priority first and stops at the first band whose ceiling is at or below
 * the current saturation, so a ceiling of 0 closes a band and 1.0 leaves it open until the pool is
 * saturated.
 *
 * <p>Contract, as upstream:
 * <ul>
 *   <li>{@code priorities} is ordered highest first and must not be modified or retained;</li>
 *   <li>{@code ceilings} has the same length and is pre-filled with 1.0 on every call, so an entry
 *       that is not written fails open;</li>
 *   <li>the method is called exactly once per dispatch cycle, so a policy may keep a small counter
 *       to spread dispatch over cycles, but no other state;</li>
 *   <li>ceilings must be in [0, 1] and non-increasing down the list;</li>
 *   <li>{@code saturation} is usually in [0, 1] but can exceed 1.</li>
 * </ul>
 */
public interface UsageLimitPolicy {

    /**
     * Writes one ceiling per band into {@code ceilings}.
     *
     * @param saturation the pool saturation computed for this cycle by the saturation detector
     * @param priorities provisioned band priorities, highest first (read-only)
     * @param ceilings   output buffer, same length as {@code priorities}, pre-filled with 1.0
     */
    void computeLimit(double saturation, int[] priorities, double[] ceilings);
}
