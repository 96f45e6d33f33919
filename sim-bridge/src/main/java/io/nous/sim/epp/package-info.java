/**
 * The Endpoint Picker (EPP) with flow control: priority bands, the dispatch cycle, saturation
 * detectors over scraped pod metrics, the in-flight counters and request outcomes (pod choice is
 * the scheduling layer, {@link io.nous.sim.routing}).
 */
package io.nous.sim.epp;
