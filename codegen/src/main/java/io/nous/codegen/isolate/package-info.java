/** Process isolation: candidates simulated in a pool of bounded, killable worker JVMs. */
package io.nous.codegen.isolate;
