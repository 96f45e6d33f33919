/**
 * Known policies as plain Java, written in the restricted subset candidate code must use (only the
 * SPI and {@code Math}); their sources ship as resources under {@code /templates/}.
 */
package io.nous.policy.templates;
