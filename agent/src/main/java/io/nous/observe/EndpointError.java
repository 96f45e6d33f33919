package io.nous.observe;

/**
 * The endpoint cannot be measured: unreachable, not serving the model, not streaming, or speaking
 * something other than the OpenAI protocol. The message is one line for the user.
 */
public final class EndpointError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EndpointError(String message) {
        super(message);
    }
}
