/**
 * The embedded simulator of an llm-d cluster: {@link Scenario} says what to simulate,
 * {@link ClusterSimulation} runs it.
 */
package io.nous.sim;

