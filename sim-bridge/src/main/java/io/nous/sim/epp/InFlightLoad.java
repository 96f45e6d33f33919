package io.nous.sim.epp;

import io.nous.sim.request.Request;

/**
 * The router's {@code inflight-load-producer}: per endpoint, the requests dispatched to it and not yet
 * ended, and their prompt tokens not yet prefilled, counted by the router itself from its own
 * dispatch decisions, so without the lag of a scrape. As upstream
 * (pkg/epp/framework/plugins/requestcontrol/dataproducer/inflightload/producer.go and its README): a
 * request counts from {@code PreRequest} (dispatch) to {@code EndOfStream} (its response ended or was
 * aborted); its prompt tokens count until its first token ({@code StartOfStream}, streaming with the
 * default {@code addEstimatedOutputTokens: false}). Upstream estimates tokens from the prompt's
 * characters and discounts a prefix the approximate prefix producer believes cached; the simulator
 * knows the prompt's token count and charges all of it.
 */
public final class InFlightLoad {
    private final int[] requests;
    private final long[] tokens;

    public InFlightLoad(int endpoints) {
        requests = new int[endpoints];
        tokens = new long[endpoints];
    }

    /** {@code r} was dispatched to endpoint {@code pod}. */
    public void dispatched(Request r, int pod) {
        requests[pod]++;
        tokens[pod] += r.inputTokens;
    }

    /** {@code r}'s first token came back: its prompt no longer loads the endpoint. */
    public void firstToken(Request r) {
        tokens[r.pod] -= r.inputTokens;
    }

    /** {@code r}'s response ended, or it was aborted; call after any {@link #firstToken}. */
    public void ended(Request r) {
        requests[r.pod]--;
        if (r.firstTokenUs < 0) {
            tokens[r.pod] -= r.inputTokens;
        }
    }

    /** Requests in flight to endpoint {@code pod}. */
    public int requests(int pod) {
        return requests[pod];
    }

    /** Prompt tokens in flight to endpoint {@code pod}, not yet prefilled. */
    public long tokens(int pod) {
        return tokens[pod];
    }
}
