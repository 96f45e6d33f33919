/**
 * Studies as tables: a published or observed A/B result read from YAML ({@link io.nous.evaluator.study.StudyReader}),
 * re-run under every declared unknown's sourced settings ({@link io.nous.evaluator.study.FidelityCheck}), and judged
 * figure by figure: which settings reproduce it, and whether the settings bracket what the real cluster measured.
 */
package io.nous.evaluator.study;
