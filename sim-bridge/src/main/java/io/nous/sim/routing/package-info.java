/**
 * The Endpoint Picker's scheduling layer, as llm-d-router v0.10.0 has it: data producers that compute
 * per-endpoint attributes (the approximate prefix cache, in-flight load), scheduling profiles of
 * filters, weighted scorers and a picker, read from an operator's {@code EndpointPickerConfig}.
 * Each plugin cites the upstream file it follows; {@link io.nous.sim.routing.RoutingConfig} reads a
 * config strictly, and {@link io.nous.sim.routing.Router} runs it for each dispatched request.
 */
package io.nous.sim.routing;
