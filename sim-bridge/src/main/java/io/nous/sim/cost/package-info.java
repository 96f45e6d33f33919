/**
 * Step-time cost models (roofline, linear) behind one interface, and the catalog of hardware,
 * model and calibration profiles they are built from. Numbers are data with sources, not code.
 */
package io.nous.sim.cost;
