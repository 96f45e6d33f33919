/** Export of a candidate policy as a standalone Maven module with JUnit tests from its golden vectors. */
package io.nous.codegen.javatarget;
