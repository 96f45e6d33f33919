package io.nous.sim.workload;

/**
 * One client of a multi-client workload (a BLIS workload spec): its own arrival stream carrying
 * {@code rateFraction} of the total rate, its traffic class, its fairness flow (tenant), and its
 * own length distributions.
 */
public record ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival,
                         LengthDistribution input, LengthDistribution output) {
}
