/** Canonical form and hash of candidates, so that duplicates are caught before any simulation. */
package io.nous.codegen.canonical;
