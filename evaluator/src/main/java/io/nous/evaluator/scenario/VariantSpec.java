package io.nous.evaluator.scenario;

import io.nous.sim.epp.RouterRelease;
import java.util.Map;

/**
 * A variant as a YAML file writes it (a matrix's {@code variants}, a study's settings): the fields in
 * snake case, checked and turned into a {@link Variant} with a message that names the field at fault.
 */
public record VariantSpec(String name, Integer maxNumSeqs, Integer maxNumBatchedTokens, Double kvBlocksScale, Double decodeSpeed,
                          Double prefillSpeed, String profile, String metricTiming, Double scrapeIntervalMs,
                          Double scrapeLatencyMs, Double scrapeLatencyPerRequestMs, Boolean inflightCredit,
                          Double clientTimeoutSeconds, Double durationSeconds, Double prefixShare,
                          Map<String, Double> loadScale, Double promptBytesPerToken, Double inputCv, String inputKind,
                          Double startupSeconds, String kvLink) {

    /**
     * The variant {@code v} describes, checked by building one scenario of {@code sample} under it.
     *
     * @param where names the variant in messages, e.g. {@code matrix.yaml: variants[2]}
     */
    public static Variant toVariant(VariantSpec v, String where, MatrixEntry sample, RouterRelease router) {
        if (v == null || v.name() == null || !v.name().matches("[a-z0-9][a-z0-9.+-]{0,79}")) {
            throw new MatrixException(where + ".name is required: lower-case letters, digits, '.', '+' and '-', at most 80", null);
        }
        Variant variant = new Variant(v.name(), v.maxNumSeqs(), v.maxNumBatchedTokens(), v.kvBlocksScale(), v.decodeSpeed(),
                v.prefillSpeed(), v.profile(), v.metricTiming(), v.scrapeIntervalMs(), v.scrapeLatencyMs(), v.scrapeLatencyPerRequestMs(),
                v.inflightCredit(), v.clientTimeoutSeconds(), v.durationSeconds(), v.prefixShare(), v.loadScale(),
                v.promptBytesPerToken(), v.inputCv(), v.inputKind(), v.startupSeconds(), v.kvLink());
        positive(where + ".prompt_bytes_per_token", v.promptBytesPerToken());
        positive(where + ".client_timeout_seconds", v.clientTimeoutSeconds());
        positive(where + ".duration_seconds", v.durationSeconds());
        if (v.loadScale() != null) {
            v.loadScale().forEach((workload, x) -> positive(where + ".load_scale." + workload, x));
        }
        if (v.prefixShare() != null && !(v.prefixShare() >= 0 && v.prefixShare() < 1)) {
            throw new MatrixException(where + ".prefix_share must be in [0, 1), got " + v.prefixShare(), null);
        }
        positive(where + ".kv_blocks_scale", v.kvBlocksScale());
        positive(where + ".decode_speed", v.decodeSpeed());
        positive(where + ".prefill_speed", v.prefillSpeed());
        positive(where + ".scrape_interval_ms", v.scrapeIntervalMs());
        positive(where + ".input_cv", v.inputCv());
        if (v.kvLink() != null) {
            try {
                io.nous.sim.pd.KvTransfer.parse(v.kvLink());
            } catch (IllegalArgumentException e) {
                throw new MatrixException(where + ".kv_link: " + e.getMessage(), null);
            }
        }
        if (v.startupSeconds() != null && !(v.startupSeconds() >= 0 && v.startupSeconds() <= 3600)) {
            throw new MatrixException(where + ".startup_seconds must be between 0 and 3600, got " + v.startupSeconds(), null);
        }
        if (v.inputKind() != null && !java.util.Set.of("lognormal", "gaussian", "constant").contains(v.inputKind())) {
            throw new MatrixException(where + ".input_kind must be lognormal, gaussian or constant, got '" + v.inputKind() + "'", null);
        }
        try {
            // building one scenario proves every override is valid for the simulator
            variant.apply(sample.scenario(1, 60, router));
        } catch (RuntimeException e) {
            throw new MatrixException(where + " (" + v.name() + "): " + e.getMessage(), e);
        }
        return variant;
    }

    private static void positive(String where, Double v) {
        if (v != null && !(v > 0 && v < Double.POSITIVE_INFINITY)) {
            throw new MatrixException(where + " must be a positive number, got " + v, null);
        }
    }
}
