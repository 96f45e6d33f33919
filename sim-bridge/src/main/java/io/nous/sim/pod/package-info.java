/** The vLLM engine model: step-level continuous batching, chunked prefill, paged KV cache, preemption. */
package io.nous.sim.pod;
