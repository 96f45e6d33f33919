/** In-memory compilation with Janino behind class-loader walls, and a bytecode reference check. */
package io.nous.codegen.compile;
