/** Paired, parallel, cached simulation of candidate and baseline over a matrix. */
package io.nous.evaluator.run;
