/**
 * What the exported Go is held to: golden vectors recorded from the Java candidate per plug point,
 * the seeded call sequences and digests of the equivalence proof (generated alike in Java and Go),
 * behaviour fingerprints over the same inputs, and the Go toolchain that runs the checks.
 */
package io.nous.codegen.golang.proof;
