/** The discrete-event core: the event heap, simulated time, and seeded random streams. */
package io.nous.sim.engine;
