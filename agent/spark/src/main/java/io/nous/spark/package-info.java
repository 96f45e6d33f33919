/**
 * Apache Spark as the execution engine of evaluations: each simulation of an evaluation is one
 * Spark task; executors compile candidates from their source behind the same walls as the command
 * line (verification, the work guard, worker JVMs with a bounded heap and a time limit) and send
 * back only the run's numbers.
 */
package io.nous.spark;
