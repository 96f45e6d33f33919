/**
 * The judge: {@link Evaluation} compares a candidate with a baseline on a scenario
 * matrix and decides, with statistics, whether it is better, where, and how sure we are.
 */
package io.nous.evaluator;

