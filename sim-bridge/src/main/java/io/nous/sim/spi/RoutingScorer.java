package io.nous.sim.spi;

/**
 * Scores one endpoint for one request, as a scheduling-profile scorer of the router does
 * ({@code Scorer.Score}); the profile clamps the score to [0, 1], multiplies it by the scorer's weight
 * and adds it to the other scorers', and its picker chooses. A candidate sees what the router's data
 * producers and scraped metrics really give it per endpoint, and one figure over the candidates (the
 * busiest endpoint's in-flight requests, which the router's own active-request scorer normalizes by).
 *
 * <p>Like the other SPIs, a scorer must be a pure function of its arguments: the router calls it for
 * every endpoint of every request, in no promised order.
 */
public interface RoutingScorer {

    /**
     * @param promptTokens        the request's prompt, as the router's token producer counts it
     * @param prefixMatch         the share of the prompt's blocks the approximate prefix producer believes
     *                            this endpoint holds, in [0, 1]
     * @param uncachedTokens      the tokens this request would add to the endpoint: its prompt less that prefix
     * @param inFlightTokens      tokens the endpoint's in-flight requests still charge it (uncached prompts
     *                            until their first token)
     * @param inFlightRequests    requests sent to the endpoint and not yet ended
     * @param maxInFlightRequests the largest {@code inFlightRequests} among the candidates
     * @param waiting             the endpoint's waiting requests, as last scraped
     * @param running             its running requests, as last scraped
     * @param kvUsage             its KV-cache usage in [0, 1], as last scraped
     * @return the endpoint's score; higher is preferred
     */
    double score(long promptTokens, double prefixMatch, long uncachedTokens, long inFlightTokens, int inFlightRequests,
                 int maxInFlightRequests, int waiting, int running, double kvUsage);
}
