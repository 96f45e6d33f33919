/**
 * The service-provider interface that policies implement: what candidate code is allowed to be.
 * Everything here mirrors an interface of the llm-d router so that a policy can be exported to Go
 * one-to-one.
 */
package io.nous.sim.spi;
