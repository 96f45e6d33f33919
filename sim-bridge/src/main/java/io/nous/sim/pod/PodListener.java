package io.nous.sim.pod;

import io.nous.sim.request.Request;

/** What a pod reports back to the cluster about the requests it serves. */
public interface PodListener {

    /** The request's first output token was produced at {@code nowUs}. */
    void onFirstToken(Request r, long nowUs);

    /** The request produced its last token at {@code nowUs} and left the pod. */
    void onFinished(Request r, long nowUs);
}
