/** Trace replay: the Azure LLM inference trace CSV and Nous's JSONL format. */
package io.nous.sim.workload.trace;
