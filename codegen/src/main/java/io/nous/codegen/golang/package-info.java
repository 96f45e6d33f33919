/**
 * Translation of a verified Java candidate into Go that computes the same answers bit for bit:
 * {@code GoTranslator} and its expression and statement translators, Java's arithmetic as Go helpers,
 * and gofmt's layout. The plugin packages the Go goes into are in {@code golang.plugin}; the golden
 * vectors and the equivalence proof in {@code golang.proof}.
 */
package io.nous.codegen.golang;
