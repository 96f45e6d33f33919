package io.nous.plug.toy;

/**
 * A plug point that exists only in this test tree: whether to hold the sheddable bands at this
 * saturation. It is reached through one registration line (this package's descriptor, listed in
 * {@code META-INF/services/io.nous.codegen.plug.PlugPointDescriptor}) and nothing else.
 */
public interface ToyGate {

    /** Whether sheddable requests wait at pool saturation {@code saturation}. */
    boolean holdSheddable(double saturation);
}
