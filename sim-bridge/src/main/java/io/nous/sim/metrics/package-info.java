/** Per-class, per-pod and per-policy measurements of a simulation run. */
package io.nous.sim.metrics;
