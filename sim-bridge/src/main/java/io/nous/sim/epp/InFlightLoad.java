package io.nous.sim.epp;

import io.nous.sim.request.Request;

/**
 * The router's {@code inflight-load-producer} counters: per endpoint, the requests dispatched to it and
 * not yet ended, and the tokens they still charge it, counted by the router itself from its own
 * dispatch decisions, so without the lag of a scrape. As upstream (llm-d-router v0.10.0,
 * pkg/epp/framework/plugins/requestcontrol/dataproducer/inflightload/producer.go and its README): a
 * request counts from {@code PreRequest} (dispatch) to {@code EndOfStream} (its response ended or was
 * aborted). The tokens it charges are its prompt's uncached tokens as the producer estimates them (the
 * whole prompt without a prefix producer), plus estimated output tokens when configured; with the
 * default {@code addEstimatedOutputTokens: false} they are released at its first token
 * ({@code StartOfStream}).
 */
public final class InFlightLoad {
    private final int[] requests;
    private final long[] tokens;
    private boolean holdTokensToEnd;

    public InFlightLoad(int endpoints) {
        requests = new int[endpoints];
        tokens = new long[endpoints];
    }

    /** Tokens stay charged until the response ends ({@code addEstimatedOutputTokens: true}). */
    public InFlightLoad holdTokensToEnd(boolean hold) {
        this.holdTokensToEnd = hold;
        return this;
    }

    /** {@code r} was dispatched to endpoint {@code pod}, charging it its whole prompt. */
    public void dispatched(Request r, int pod) {
        dispatched(r, pod, r.inputTokens);
    }

    /** {@code r} was dispatched to endpoint {@code pod}, charging it {@code charged} tokens. */
    public void dispatched(Request r, int pod, long charged) {
        requests[pod]++;
        tokens[pod] += charged;
        r.routerTokens = charged;
    }

    /** {@code r}'s first token came back: its prompt no longer loads the endpoint. */
    public void firstToken(Request r) {
        if (!holdTokensToEnd) {
            release(r);
        }
    }

    /** {@code r}'s response ended, or it was aborted. */
    public void ended(Request r) {
        requests[r.pod]--;
        release(r);
    }

    private void release(Request r) {
        tokens[r.pod] = Math.max(0, tokens[r.pod] - r.routerTokens);
        r.routerTokens = 0;
    }

    /** Requests in flight to endpoint {@code pod}. */
    public int requests(int pod) {
        return requests[pod];
    }

    /** Tokens in flight to endpoint {@code pod}. */
    public long tokens(int pod) {
        return tokens[pod];
    }
}
