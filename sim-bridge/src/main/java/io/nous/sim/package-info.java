/**
 * The embedded simulator of an llm-d cluster: {@link io.nous.sim.Scenario} says what to simulate,
 * {@link io.nous.sim.ClusterSimulation} runs it.
 */
package io.nous.sim;
