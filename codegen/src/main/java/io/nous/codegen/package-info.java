/**
 * Candidate code: static verification, in-memory compilation with Janino, runtime containment, normalization, and Java-to-Go export (see the codegen issue).
 */
package io.nous.codegen;
