/**
 * The Endpoint Picker (EPP) with flow control: priority bands, the dispatch cycle, saturation
 * detectors over scraped pod metrics, pod scoring and request outcomes.
 */
package io.nous.sim.epp;
