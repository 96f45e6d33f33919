package io.nous.evaluator.scenario;

import io.nous.sim.MetricsConfig;
import io.nous.sim.Scenario;
import io.nous.sim.cost.CostCatalog;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.pod.PodConfig;
import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.SharedPrefix;
import io.nous.sim.workload.Workload;
import java.util.Map;

/**
 * One way the simulated deployment might differ from the nominal one, for a fact nobody can pin
 * down (the study's {@code max_num_seqs}, how fast decode really runs, how slow scrapes get under
 * load, how the engine's metrics are timed). A matrix with variants simulates every scenario under
 * every variant with the same arrivals, so a candidate is judged on whether its gain holds across
 * what is unknown rather than on one guess. Null fields keep the nominal value.
 *
 * @param name                      short id, e.g. {@code max-num-seqs-256}
 * @param maxNumSeqs                vLLM {@code max_num_seqs} per pod
 * @param maxNumBatchedTokens       vLLM {@code max_num_batched_tokens} per pod
 * @param kvBlocksScale             KV-cache size as a multiple of the profile's
 * @param decodeSpeed               multiplies the profile's decode runtime efficiency (1.15 = decode 15 % faster)
 * @param prefillSpeed              multiplies the profile's prefill runtime efficiency
 * @param profile                   another built-in cost profile
 * @param metricTiming              {@code step} or {@code live}
 * @param scrapeIntervalMs          data-layer refresh interval
 * @param scrapeLatencyMs           fixed fetch time
 * @param scrapeLatencyPerRequestMs extra fetch time per running request
 * @param inflightCredit            the utilization detector credits what a scrape cannot show yet (PR #2066)
 * @param clientTimeoutSeconds      clients give up on a request this long after sending it
 * @param durationSeconds           seconds of arrivals (the run length), with the usual 20 % warm-up
 * @param prefixShare               the first share of every prompt is text its tenant's prompts share
 * @param loadScale                 by workload name, multiplies the scenario's rate: load points placed
 *                                  per variant, so that a point keeps its share of capacity where the
 *                                  variant changes capacity (a workload not named keeps its rate)
 * @param promptBytesPerToken       bytes of prompt text per engine token, as the router's prefix
 *                                  producer turns its character estimate into blocks (a declared unknown)
 * @param inputCv                   the prompt-length distribution's coefficient of variation, its mean and bounds
 *                                  kept (the studies give means only: the spread is a declared unknown)
 * @param inputKind                 the prompt-length distribution's family ({@code lognormal}, {@code gaussian} or {@code constant}),
 *                                  its mean, spread and bounds kept
 * @param startupSeconds            an autoscaled pool's median pod start-up (image, weights, warm-up), a declared unknown
 *                                  that measured deployments put between about 30 s and 10 minutes; no effect on a fixed pool
 * @param kvLink                    a disaggregated pool's KV link ({@code rdma}, {@code nvlink}, {@code tcp}, with settings);
 *                                  no effect on an aggregated pool
 */
public record Variant(String name, Integer maxNumSeqs, Integer maxNumBatchedTokens, Double kvBlocksScale, Double decodeSpeed,
                      Double prefillSpeed, String profile, String metricTiming, Double scrapeIntervalMs, Double scrapeLatencyMs,
                      Double scrapeLatencyPerRequestMs, Boolean inflightCredit, Double clientTimeoutSeconds, Double durationSeconds,
                      Double prefixShare, Map<String, Double> loadScale, Double promptBytesPerToken, Double inputCv,
                      String inputKind, Double startupSeconds, String kvLink) {

    /** The deployment as the scenario describes it. */
    public static final Variant NOMINAL = new Variant("nominal", null, null, null, null, null, null, null, null, null, null);

    /** A variant of the pods, the profile and the data layer only. */
    public Variant(String name, Integer maxNumSeqs, Integer maxNumBatchedTokens, Double kvBlocksScale, Double decodeSpeed,
                   Double prefillSpeed, String profile, String metricTiming, Double scrapeIntervalMs, Double scrapeLatencyMs,
                   Double scrapeLatencyPerRequestMs) {
        this(name, maxNumSeqs, maxNumBatchedTokens, kvBlocksScale, decodeSpeed, prefillSpeed, profile, metricTiming, scrapeIntervalMs,
                scrapeLatencyMs, scrapeLatencyPerRequestMs, null, null, null, null, null, null, null, null, null, null);
    }

    /** A variant of the pods, the profile, the data layer, the clients and the run, with the workloads' own lengths. */
    public Variant(String name, Integer maxNumSeqs, Integer maxNumBatchedTokens, Double kvBlocksScale, Double decodeSpeed,
                   Double prefillSpeed, String profile, String metricTiming, Double scrapeIntervalMs, Double scrapeLatencyMs,
                   Double scrapeLatencyPerRequestMs, Boolean inflightCredit, Double clientTimeoutSeconds, Double durationSeconds,
                   Double prefixShare, Map<String, Double> loadScale, Double promptBytesPerToken) {
        this(name, maxNumSeqs, maxNumBatchedTokens, kvBlocksScale, decodeSpeed, prefillSpeed, profile, metricTiming, scrapeIntervalMs,
                scrapeLatencyMs, scrapeLatencyPerRequestMs, inflightCredit, clientTimeoutSeconds, durationSeconds, prefixShare, loadScale,
                promptBytesPerToken, null, null, null, null);
    }

    public boolean isNominal() {
        return maxNumSeqs == null && maxNumBatchedTokens == null && kvBlocksScale == null && decodeSpeed == null
                && prefillSpeed == null && profile == null && metricTiming == null && scrapeIntervalMs == null
                && scrapeLatencyMs == null && scrapeLatencyPerRequestMs == null && inflightCredit == null
                && clientTimeoutSeconds == null && durationSeconds == null && prefixShare == null && loadScale == null
                && promptBytesPerToken == null && inputCv == null && inputKind == null && startupSeconds == null && kvLink == null;
    }

    /** Whether this variant is about prompts the pods' prefix caches can reuse (meaningless without caching). */
    public boolean needsPrefixCaching() {
        return prefixShare != null && prefixShare > 0;
    }

    /** The scenario as this variant of the deployment would run it (same workload, load and seed). */
    public Scenario apply(Scenario s) {
        if (isNominal()) {
            return s;
        }
        Scenario.Builder b = s.toBuilder();
        CostProfile p = profile != null ? CostCatalog.builtin().profile(profile) : s.profile();
        if (decodeSpeed != null || prefillSpeed != null) {
            if (p.roofline() == null) {
                throw new IllegalArgumentException("variant " + name + ": decode_speed and prefill_speed need a roofline profile, not " + p.name());
            }
            CostProfile.Roofline r = p.roofline();
            if (decodeSpeed != null) {
                r = r.withDecodeSpeed(decodeSpeed);
            }
            if (prefillSpeed != null) {
                r = r.withPrefillSpeed(prefillSpeed);
            }
            p = p.withRoofline(r, p.name() + "~" + name);
        }
        int blocks = kvBlocksScale != null ? (int) Math.max(1, Math.round(p.kvBlocks() * kvBlocksScale)) : p.kvBlocks();
        if (blocks != p.kvBlocks()) {
            p = p.withKvBlocks(blocks, p.name().contains("~") ? p.name() : p.name() + "~" + name);
        }
        PodConfig pc = s.podConfig();
        b.profile(p).podConfig(new PodConfig(maxNumBatchedTokens != null ? maxNumBatchedTokens : pc.maxNumBatchedTokens(),
                maxNumSeqs != null ? maxNumSeqs : pc.maxNumSeqs(), blocks, p.blockSize(), pc.prefixCaching()));
        MetricsConfig m = s.metrics();
        if (metricTiming != null) {
            m = m.withTiming(MetricsConfig.Timing.byId(metricTiming));
        }
        if (scrapeIntervalMs != null) {
            m = m.withScrapeIntervalUs(Math.round(scrapeIntervalMs * 1000));
        }
        if (scrapeLatencyMs != null || scrapeLatencyPerRequestMs != null) {
            m = m.withScrapeLatency(scrapeLatencyMs != null ? Math.round(scrapeLatencyMs * 1000) : m.scrapeLatencyUs(),
                    scrapeLatencyPerRequestMs != null ? scrapeLatencyPerRequestMs * 1000 : m.scrapeLatencyPerRunningUs());
        }
        b.metrics(m);
        if (inflightCredit != null) {
            b.detector(s.detector().withInflightCredit(inflightCredit));
        }
        if (clientTimeoutSeconds != null || prefixShare != null || inputCv != null || inputKind != null) {
            Workload w = s.workload();
            if (inputCv != null || inputKind != null) {
                LengthDistribution in = w.input();
                w = w.withInput(new LengthDistribution(inputKind != null ? inputKind : in.kind(), in.mean(),
                        inputCv != null ? inputCv : in.cv(), in.min(), in.max(), in.empirical()));
            }
            if (clientTimeoutSeconds != null) {
                w = w.withTimeoutUs(Math.round(clientTimeoutSeconds * 1e6));
            }
            if (prefixShare != null) {
                w = w.withPrefix(prefixShare > 0 ? SharedPrefix.ofShare(prefixShare) : null);
            }
            b.workload(w);
        }
        if (durationSeconds != null) {
            b.durationSeconds(durationSeconds).warmupSeconds(0.2 * durationSeconds);
        }
        if (promptBytesPerToken != null) {
            b.promptBytesPerToken(promptBytesPerToken);
        }
        if (startupSeconds != null && s.autoscaling() != null) {
            io.nous.sim.pool.AutoscalingConfig a = s.autoscaling();
            b.autoscaling(new io.nous.sim.pool.AutoscalingConfig(a.minPods(), a.maxPods(), a.intervalUs(), Math.round(startupSeconds * 1e6),
                    a.startupSigma(), a.downStabilizationUs(), a.upStabilizationUs(), a.sloTtftMs(), a.gpusPerPod()));
        }
        if (kvLink != null && s.disaggregation() != null) {
            b.disaggregation(new io.nous.sim.pd.Disaggregation(s.disaggregation().prefillPods(), io.nous.sim.pd.KvTransfer.parse(kvLink)));
        }
        if (loadScale != null && loadScale.containsKey(s.workload().name())) {
            b.qps(s.qps() * loadScale.get(s.workload().name()));
        }
        return b.build();
    }

    /** One line saying what the variant changes. */
    public String describe() {
        if (isNominal()) {
            return "the scenario as given";
        }
        StringBuilder sb = new StringBuilder();
        append(sb, "max_num_seqs", maxNumSeqs);
        append(sb, "max_num_batched_tokens", maxNumBatchedTokens);
        append(sb, "kv_blocks x", kvBlocksScale);
        append(sb, "decode speed x", decodeSpeed);
        append(sb, "prefill speed x", prefillSpeed);
        append(sb, "profile", profile);
        append(sb, "metric timing", metricTiming);
        append(sb, "scrape interval ms", scrapeIntervalMs);
        append(sb, "scrape latency ms", scrapeLatencyMs);
        append(sb, "scrape latency per running request ms", scrapeLatencyPerRequestMs);
        append(sb, "in-flight credit", inflightCredit);
        append(sb, "client timeout s", clientTimeoutSeconds);
        append(sb, "duration s", durationSeconds);
        append(sb, "prefix share", prefixShare);
        append(sb, "load x", loadScale);
        append(sb, "prompt bytes per token", promptBytesPerToken);
        append(sb, "prompt length cv", inputCv);
        append(sb, "prompt length", inputKind);
        append(sb, "pod start-up s", startupSeconds);
        append(sb, "KV link", kvLink);
        return sb.toString();
    }

    private static void append(StringBuilder sb, String key, Object v) {
        if (v != null) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(key).append(' ').append(v);
        }
    }
}
