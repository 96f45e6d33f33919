/**
 * Candidate code: static verification ({@code verify}), in-memory compilation behind a class-loader
 * wall ({@code compile}), run-time containment ({@code guard}) and identity ({@code canonical}).
 * {@link Candidates} is the entry point.
 */
package io.nous.codegen;

