/**
 * Prefill/decode disaggregation: which pods prefill and which decode, and the KV transfer between
 * them. The router's side (the {@code disagg-profile-handler}, its deciders and the role filters)
 * lives with the other router plugins in {@code io.nous.sim.routing}; this package holds the
 * deployment facts and the hand-off of a prefilled request to its decode pod.
 */
package io.nous.sim.pd;
