package io.nous.sim.routing;

import io.nous.sim.request.Request;

/**
 * The prompt as the router counts it. With no tokenizer configured the router's {@code token-producer}
 * uses its {@code estimate} backend, which packs the request's bytes four to a pseudo-token
 * (llm-d-router v0.10.0, .../dataproducer/tokenizer/estimate.go, {@code bytesPerToken = 4}); its
 * counts match the engine's only when the text averages four bytes per engine token. How many bytes an
 * engine token of the deployment's text takes is a deployment fact Nous does not know, so it is a
 * declared parameter ({@code promptBytesPerToken}, default 4: the router counts what the engine counts).
 */
final class RouterPrompt {
    static final double ROUTER_BYTES_PER_TOKEN = 4.0;

    private final double bytesPerToken;

    RouterPrompt(double promptBytesPerToken) {
        if (!(promptBytesPerToken > 0) || Double.isInfinite(promptBytesPerToken)) {
            throw new RoutingException("prompt bytes per token must be a positive number, got " + promptBytesPerToken);
        }
        this.bytesPerToken = promptBytesPerToken;
    }

    /** The router's token count for {@code r}'s prompt. */
    long inputTokens(Request r) {
        if (bytesPerToken == ROUTER_BYTES_PER_TOKEN) {
            return r.inputTokens;
        }
        return (long) Math.ceil(r.inputTokens * bytesPerToken / ROUTER_BYTES_PER_TOKEN);
    }

    /**
     * The last router token boundary at or before engine token {@code engineTokens} of a prompt of
     * {@code promptTokens} ({@code routerTokens} by the router's count): a router block ending there
     * covers only the prompt's first {@code engineTokens} tokens.
     */
    long routerTokensWithin(int engineTokens, int promptTokens, long routerTokens) {
        if (bytesPerToken == ROUTER_BYTES_PER_TOKEN) {
            return Math.min(engineTokens, routerTokens);
        }
        long t = Math.min(routerTokens, (long) Math.floor(engineTokens * bytesPerToken / ROUTER_BYTES_PER_TOKEN));
        while (t > 0 && engineToken(t, promptTokens) > engineTokens) {
            t--;
        }
        while (t < routerTokens && engineToken(t + 1, promptTokens) <= engineTokens) {
            t++;
        }
        return t;
    }

    /** The engine token at which router token {@code routerToken} starts, for a prompt of {@code engineTokens}. */
    long engineToken(long routerToken, int engineTokens) {
        if (bytesPerToken == ROUTER_BYTES_PER_TOKEN) {
            return routerToken;
        }
        return Math.min(engineTokens, (long) Math.floor(routerToken * ROUTER_BYTES_PER_TOKEN / bytesPerToken));
    }
}
