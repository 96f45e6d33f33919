/** Export of a candidate policy as an llm-d-router Go plugin package, with golden vectors from the Java original. */
package io.nous.codegen.golang;
