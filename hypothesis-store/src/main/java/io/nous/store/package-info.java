/**
 * Run directories, the append-only journal of hypotheses and evidence, principles and replay data (see the discovery-loop issue).
 */
package io.nous.store;
