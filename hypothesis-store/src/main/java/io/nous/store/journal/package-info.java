/**
 * The journal's records, typed: what a discovery run writes, one record per step — a hypothesis and
 * its predictions, the candidate it produced, the evidence of its evaluation, the verdict on its
 * predictions, principles, promotions, and how the run stopped and ended. Each is a Jackson-bound
 * record whose property names and order are the journal's format; {@link JournalSchema}
 * says which version a run was written in. docs/journal.md describes every record.
 */
package io.nous.store.journal;

