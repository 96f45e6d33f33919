/** Static verification of candidate source with javaparser: a default-deny allow-list of syntax and names. */
package io.nous.codegen.verify;
