package io.nous.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Small scenario matrices for tests of the loop's mechanics (journal, resume, replay, stop reasons,
 * proposers): every split and regime kind the loop handles, a second simulator variant so that
 * racing and per-variant verdicts run, but a tenth of the built-in matrices' simulations. Tests of
 * what the built-in matrices themselves decide use those.
 */
final class TestMatrices {
    private TestMatrices() {
    }

    /** Usage-limit policies: three search points (under and near), one validation, one test. */
    static Path flowControl(Path dir) throws IOException {
        return write(dir, "small-flow-control.yaml", """
                name: small-flow-control
                seeds: 2
                duration_seconds: 60
                variants:
                  - {name: nominal}
                  - {name: decode-slow, decode_speed: 0.85}
                scenarios:
                  - {workload: code-generation, qps: 4, split: search, regime: under}
                  - {workload: code-generation, qps: 16, split: search, regime: near}
                  - {workload: interactive-chat, qps: 60, split: search, regime: near}
                  - {workload: code-generation, qps: 16, arrival_cv: 2, split: validation, regime: near}
                  - {workload: interactive-chat, qps: 50, arrival_cv: 2, split: test, regime: near}
                """);
    }

    /** Orderings: mixed-slo under, over and bursty capacity on today's router, one point per split beyond search. */
    static Path ordering(Path dir) throws IOException {
        return write(dir, "small-ordering.yaml", """
                name: small-ordering
                seeds: 2
                duration_seconds: 90
                router_version: v0.10
                variants:
                  - {name: nominal}
                  - {name: decode-slow, decode_speed: 0.85}
                scenarios:
                  - {workload: mixed-slo, qps: 7, split: search, regime: under}
                  - {workload: mixed-slo, qps: 15, split: search, regime: over}
                  - {workload: mixed-slo, qps: 14, split: validation, regime: over}
                  - {workload: mixed-slo, qps: 13, arrival_cv: 2, split: test, regime: near}
                """);
    }

    /** Eviction: reasoning under and over capacity and blindspot over it on today's router, one point per split beyond search. */
    static Path eviction(Path dir) throws IOException {
        return write(dir, "small-eviction.yaml", """
                name: small-eviction
                seeds: 2
                duration_seconds: 240
                router_version: v0.10
                variants:
                  - {name: nominal}
                scenarios:
                  - {workload: reasoning, qps: 0.2, split: search, regime: under}
                  - {workload: reasoning, qps: 0.7, split: search, regime: over}
                  - {workload: blindspot, qps: 5, split: validation, regime: over}
                  - {workload: reasoning, qps: 0.6, arrival_cv: 2, split: test, regime: over}
                """);
    }

    /** Fairness: the noisy neighbour under and over capacity and with bursts on today's router, one point per split beyond search. */
    static Path fairness(Path dir) throws IOException {
        return write(dir, "small-fairness.yaml", """
                name: small-fairness
                seeds: 2
                duration_seconds: 120
                router_version: v0.10
                variants:
                  - {name: nominal}
                scenarios:
                  - {workload: noisy-neighbour, qps: 7, split: search, regime: under}
                  - {workload: noisy-neighbour, qps: 16, split: search, regime: over}
                  - {workload: noisy-neighbour, qps: 14, split: validation, regime: over}
                  - {workload: noisy-neighbour, qps: 13, arrival_cv: 2, split: test, regime: near}
                """);
    }

    /** Autoscaled pools under a daily cycle compressed into ten minutes, start-ups of two minutes and all. */
    static Path autoscaling(Path dir) throws IOException {
        return write(dir, "small-autoscaling.yaml", """
                name: small-autoscaling
                seeds: 2
                duration_seconds: 600
                router_version: v0.10
                variants:
                  - {name: nominal}
                scenarios:
                  - {workload: interactive-chat, qps: 40, diurnal: 0.6, pods: 2, max_pods: 6, split: search, regime: under}
                  - {workload: code-generation, qps: 14, diurnal: 0.6, pods: 2, max_pods: 6, split: search, regime: over}
                  - {workload: interactive-chat, qps: 60, diurnal: 0.6, pods: 2, max_pods: 6, split: validation, regime: near}
                  - {workload: code-generation, qps: 10, diurnal: 0.6, arrival_cv: 2, pods: 2, max_pods: 6, split: test, regime: near}
                """);
    }

    /** Pools split into prefill and decode pods, prefill-heavy and decode-heavy, for the P/D decider search. */
    static Path pd(Path dir) throws IOException {
        return write(dir, "small-pd.yaml", """
                name: small-pd
                seeds: 2
                duration_seconds: 120
                router_version: v0.10
                variants:
                  - {name: nominal}
                scenarios:
                  - {workload: code-completion, qps: 5, pods: 4, prefill_pods: 2, split: search, regime: under}
                  - {workload: code-completion, qps: 9, pods: 4, prefill_pods: 2, split: search, regime: near}
                  - {workload: interactive-chat, qps: 60, pods: 4, prefill_pods: 2, split: validation, regime: near}
                  - {workload: code-generation, qps: 12, arrival_cv: 2, pods: 4, prefill_pods: 2, split: test, regime: near}
                """);
    }

    /**
     * The same points on the study's router (v0.9: no queue TTL, no per-band request limit), where
     * soft-reflective-ceiling wins at once given two simulated minutes: for tests that need a winner.
     */
    static Path studyRouter(Path dir) throws IOException {
        return write(dir, "small-study-router.yaml", Files.readString(flowControl(dir)).replace("name: small-flow-control\n",
                "name: small-study-router\nrouter_version: v0.9\n"));
    }

    /** Admitters on the admission presets, with held-out splits that run their own seeds. */
    static Path admission(Path dir) throws IOException {
        return write(dir, "small-admission.yaml", """
                name: small-admission
                seeds: 1
                split_seeds: {validation: 3, test: 2}
                duration_seconds: 60
                scenarios:
                  - {workload: balanced, qps: 18, split: search, regime: under}
                  - {workload: code-completion, qps: 48, split: search, regime: over}
                  - {workload: chatbot, qps: 4.6, split: validation, regime: near}
                  - {workload: blindspot, qps: 4.6, split: test, regime: near}
                """);
    }

    /**
     * Admitters where shedding pays on every split that decides a promotion (search and validation
     * both past capacity): for objectives that only an overloaded pool can improve (goodput,
     * ms-saved-per-shed).
     */
    static Path admissionOverload(Path dir) throws IOException {
        return write(dir, "small-admission-overload.yaml", """
                name: small-admission-overload
                seeds: 1
                split_seeds: {validation: 2, test: 2}
                duration_seconds: 60
                scenarios:
                  - {workload: balanced, qps: 18, split: search, regime: under}
                  - {workload: code-completion, qps: 48, split: search, regime: over}
                  - {workload: code-completion, qps: 44, split: validation, regime: over}
                  - {workload: blindspot, qps: 4.6, split: test, regime: near}
                """);
    }

    /** Pairs: the soft-reflective grid's points and the admission presets side by side. */
    static Path joint(Path dir) throws IOException {
        return write(dir, "small-joint.yaml", """
                name: small-joint
                seeds: 1
                duration_seconds: 60
                scenarios:
                  - {workload: code-generation, qps: 16, split: search, regime: near}
                  - {workload: code-completion, qps: 20, split: search, regime: near}
                  - {workload: balanced, qps: 46, split: search, regime: over}
                  - {workload: chatbot, qps: 4.6, split: validation, regime: near}
                  - {workload: code-generation, qps: 13, arrival_cv: 2, split: test, regime: near}
                """);
    }

    /** Routing scorers on the lab's engine: its two workloads to search, a skewed shape to validate, a short one to test. */
    static Path routing(Path dir) throws IOException {
        return write(dir, "small-routing.yaml", """
                name: small-routing
                promote_when: all
                variants:
                  - {name: bytes-4, prompt_bytes_per_token: 4}
                  - {name: bytes-6, prompt_bytes_per_token: 6}
                seeds: 1
                split_seeds: {validation: 1, test: 1}
                duration_seconds: 600
                scenarios:
                  - {workload: lab-16-tenants, qps: 1, pods: 8, engine_args: lab-inference-sim, split: search, regime: near}
                  - {workload: lab-hot-tenant, qps: 1, pods: 8, engine_args: lab-inference-sim, split: search, regime: near}
                  - {workload: lab-hot-80, qps: 1, pods: 8, engine_args: lab-inference-sim, split: validation, regime: near}
                  - {workload: lab-hot-95, qps: 1, pods: 8, engine_args: lab-inference-sim, split: test, regime: near}
                """);
    }

    private static Path write(Path dir, String name, String yaml) throws IOException {
        Path p = dir.resolve(name);
        if (!Files.exists(p)) {
            Files.createDirectories(dir);
            Files.writeString(p, yaml);
        }
        return p;
    }
}
