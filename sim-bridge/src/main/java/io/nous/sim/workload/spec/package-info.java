/** Workloads described in other tools' formats: BLIS workload specs. */
package io.nous.sim.workload.spec;
