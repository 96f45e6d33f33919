/** Simulated requests and their generation from a workload with common random numbers. */
package io.nous.sim.request;
