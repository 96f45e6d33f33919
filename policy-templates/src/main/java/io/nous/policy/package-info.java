/** The registry of known policies; their implementations live in {@code io.nous.policy.templates}. */
package io.nous.policy;
