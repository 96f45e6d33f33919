/**
 * The hypothesis store: run directories, the append-only journal that is the single source of
 * truth of a run (resume and replay rebuild state from it), and the files derived from it.
 */
package io.nous.store;
