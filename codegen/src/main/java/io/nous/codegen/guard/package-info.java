/**
 * Run-time containment of candidates: a step/depth/allocation budget charged by instrumentation,
 * and guards that turn any misbehaviour into a {@link CandidateFault}.
 */
package io.nous.codegen.guard;

