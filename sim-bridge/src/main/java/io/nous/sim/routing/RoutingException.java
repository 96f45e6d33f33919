package io.nous.sim.routing;

import io.nous.sim.InputError;

/** An EndpointPickerConfig, or a routing option, that Nous cannot run: the message names the file, line and key. */
public final class RoutingException extends InputError {
    private static final long serialVersionUID = 1L;

    public RoutingException(String message) {
        super(message);
    }
}
