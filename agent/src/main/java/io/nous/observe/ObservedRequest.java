package io.nous.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.nous.sim.request.PromptContent;

/**
 * What happened to one request of a run, measured against a real endpoint or simulated, on one
 * timeline: microseconds from the run's start. Times that did not happen are -1. The same record is
 * one line of a requests file, so observed and simulated runs compare request by request.
 *
 * @param id             position in the arrival sequence (the simulator's request id)
 * @param className      the traffic class
 * @param priority       the class's priority (what the router reads from the InferenceObjective)
 * @param fairnessId     the flow within the band ({@code x-llm-d-inference-fairness-id})
 * @param scheduledUs    when the arrival process says it is sent
 * @param sentUs         when the load generator handed it to the HTTP client (-1: never sent): the
 *                       send time of latencies and of the generator's timing error
 * @param writtenUs      when the client began writing its body, after any connection set-up (-1:
 *                       unknown)
 * @param firstTokenUs   when the first output token arrived
 * @param endUs          when the response ended (completed, dropped or failed)
 * @param inputTokens    prompt length asked for
 * @param outputTokens   output length asked for ({@code max_tokens})
 * @param promptTokens   prompt length the server reported (-1: not reported)
 * @param tokensOut      output tokens received (the server's count when it reports one)
 * @param status         HTTP status (0: no response)
 * @param dropReason     the router's {@code x-llm-d-request-dropped-reason}, or null
 * @param error          why the request failed other than by a router drop, or null
 * @param tokenTimesUs   arrival time of every output token, when recorded
 * @param cachedTokens   prompt tokens the server found in its prefix cache
 *                       ({@code usage.prompt_tokens_details.cached_tokens}), or null: not reported
 * @param prompt         what the prompt shared with others when it was planned, or null: nothing
 * @param disaggregation where a simulated request prefilled and decoded and its KV transfer, or null: one pod
 */
public record ObservedRequest(
        @JsonProperty("id") int id,
        @JsonProperty("class") String className,
        @JsonProperty("priority") int priority,
        @JsonProperty("fairness_id") String fairnessId,
        @JsonProperty("scheduled_us") long scheduledUs,
        @JsonProperty("sent_us") long sentUs,
        @JsonProperty("written_us") long writtenUs,
        @JsonProperty("first_token_us") long firstTokenUs,
        @JsonProperty("end_us") long endUs,
        @JsonProperty("input_tokens") int inputTokens,
        @JsonProperty("output_tokens") int outputTokens,
        @JsonProperty("prompt_tokens") int promptTokens,
        @JsonProperty("tokens_out") int tokensOut,
        @JsonProperty("status") int status,
        @JsonProperty("drop_reason") String dropReason,
        @JsonProperty("error") String error,
        @JsonProperty("token_times_us") long[] tokenTimesUs,
        @JsonProperty("cached_tokens") @JsonInclude(JsonInclude.Include.NON_NULL) Integer cachedTokens,
        @JsonProperty("prompt") @JsonInclude(JsonInclude.Include.NON_NULL) PromptSpans prompt,
        @JsonProperty("disaggregation") @JsonInclude(JsonInclude.Include.NON_NULL) Handoff disaggregation) {

    /** As the canonical constructor, for a request that ran on one pod (or an observed one). */
    public ObservedRequest(int id, String className, int priority, String fairnessId, long scheduledUs, long sentUs, long writtenUs,
                           long firstTokenUs, long endUs, int inputTokens, int outputTokens, int promptTokens, int tokensOut, int status,
                           String dropReason, String error, long[] tokenTimesUs, Integer cachedTokens, PromptSpans prompt) {
        this(id, className, priority, fairnessId, scheduledUs, sentUs, writtenUs, firstTokenUs, endUs, inputTokens, outputTokens,
                promptTokens, tokensOut, status, dropReason, error, tokenTimesUs, cachedTokens, prompt, null);
    }

    /**
     * A simulated request the router disaggregated: the pod that prefilled it, the pod that decoded it,
     * and how long its prompt's KV took to cross between them (-1: it left before the transfer ended).
     */
    public record Handoff(@JsonProperty("prefill_pod") int prefillPod, @JsonProperty("decode_pod") int decodePod,
                          @JsonProperty("kv_transfer_us") long kvTransferUs) {
    }

    /** A request whose server reported no cache and whose prompt shared nothing. */
    public ObservedRequest(int id, String className, int priority, String fairnessId, long scheduledUs, long sentUs, long writtenUs,
                           long firstTokenUs, long endUs, int inputTokens, int outputTokens, int promptTokens, int tokensOut, int status,
                           String dropReason, String error, long[] tokenTimesUs) {
        this(id, className, priority, fairnessId, scheduledUs, sentUs, writtenUs, firstTokenUs, endUs, inputTokens, outputTokens,
                promptTokens, tokensOut, status, dropReason, error, tokenTimesUs, null, null);
    }

    /**
     * A planned prompt's content as a requests file keeps it: its spans' content ids and ends, and how
     * many leading tokens others may share, so a simulation of the observation shares what it shared.
     */
    public record PromptSpans(@JsonProperty("ids") long[] ids, @JsonProperty("ends") int[] ends, @JsonProperty("shared") int shared) {

        /** The spans of {@code content}, or null for none. */
        public static PromptSpans of(PromptContent content) {
            return content == null ? null : new PromptSpans(content.spanIds(), content.spanEnds(), content.sharedTokens());
        }

        /** The content again, its prompt resized to what the server counted. */
        public PromptContent content(int requestId, int inputTokens, int promptTokens, int outputTokens) {
            return PromptContent.restore(ids, ends, shared, inputTokens, promptTokens, outputTokens, requestId);
        }
    }

    /** How a request ended, in the simulator's terms. */
    public enum Result {
        /** Streamed to the end. */
        COMPLETED,
        /** Refused by the router: a 429/503 (or other status) with a drop reason. */
        DROPPED,
        /** Failed otherwise: a reset, a timeout, an error status without a drop reason. */
        FAILED,
        /** Never sent, or still running when the run stopped. */
        UNFINISHED
    }

    public Result result() {
        if (error == null && status == 200 && endUs >= 0) {
            return Result.COMPLETED;
        }
        if (dropReason != null) {
            return Result.DROPPED;
        }
        if (sentUs < 0 || (error != null && error.equals(INTERRUPTED))) {
            return Result.UNFINISHED;
        }
        return Result.FAILED;
    }

    /** The error of a request that was still running when the run was stopped. */
    public static final String INTERRUPTED = "interrupted";

    /** Time to first token from the send, ms; NaN when there was none. */
    public double ttftMs() {
        return firstTokenUs < 0 || sentUs < 0 ? Double.NaN : (firstTokenUs - sentUs) / 1000.0;
    }

    /** End-to-end latency from the send, ms; NaN unless completed. */
    public double e2eMs() {
        return result() != Result.COMPLETED ? Double.NaN : (endUs - sentUs) / 1000.0;
    }

    /** Mean time between output tokens after the first, ms; NaN with fewer than two tokens. */
    public double itlMs() {
        return result() != Result.COMPLETED || tokensOut < 2 || firstTokenUs < 0 ? Double.NaN
                : (endUs - firstTokenUs) / 1000.0 / (tokensOut - 1);
    }

    /** Send lag: actual minus scheduled send time, ms; NaN if never sent. */
    public double sendLagMs() {
        return sentUs < 0 ? Double.NaN : (sentUs - scheduledUs) / 1000.0;
    }

    /** The prompt length the server processed: its own count when reported, else what was asked for. */
    public int processedPromptTokens() {
        return promptTokens >= 0 ? promptTokens : inputTokens;
    }
}
