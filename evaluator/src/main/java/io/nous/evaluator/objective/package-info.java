/** Objectives (what "better" means), the constraints no objective may trade away, and their registry. */
package io.nous.evaluator.objective;
