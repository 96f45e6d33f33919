package io.nous.sim.pod;

import io.nous.sim.cost.CostModel;
import io.nous.sim.cost.CostProfile;
import io.nous.sim.cost.StepBatch;
import io.nous.sim.request.Request;
import java.util.ArrayList;
import java.util.List;

/** Drives one pod step by step without the cluster, checking its invariants after every step. */
final class PodHarness implements PodListener {
    final VllmPod pod;
    final List<Request> finished = new ArrayList<>();
    final List<StepBatch> batches = new ArrayList<>();
    long now;
    int maxRunning;

    /** A cost model where every step takes 1 ms, so time counts steps. */
    static final CostModel UNIT = new CostModel() {
        @Override
        public double stepMicros(StepBatch b) {
            return 1000;
        }

        @Override
        public CostProfile profile() {
            return null;
        }
    };

    PodHarness(PodConfig config) {
        this(config, UNIT);
    }

    PodHarness(PodConfig config, CostModel cost) {
        CostModel recording = new CostModel() {
            @Override
            public double stepMicros(StepBatch b) {
                StepBatch copy = new StepBatch();
                copy.prefillTokens = b.prefillTokens;
                copy.prefillSeqs = b.prefillSeqs;
                copy.prefillAttentionWork = b.prefillAttentionWork;
                copy.prefillsCompleting = b.prefillsCompleting;
                copy.decodeSeqs = b.decodeSeqs;
                copy.decodeContextTokens = b.decodeContextTokens;
                batches.add(copy);
                return cost.stepMicros(b);
            }

            @Override
            public CostProfile profile() {
                return null;
            }
        };
        pod = new VllmPod(0, config, recording, this);
    }

    static Request request(int id, int in, int out) {
        return new Request(id, 0, 0, 0, in, out, 0, 0.5);
    }

    void submit(Request r) {
        r.dispatchUs = now;
        pod.enqueue(r);
    }

    /** Runs steps until the pod is idle; returns the number of steps. */
    int runToIdle(int maxSteps) {
        int n = 0;
        while (pod.hasWork()) {
            if (n++ >= maxSteps) {
                throw new AssertionError("pod did not finish in " + maxSteps + " steps");
            }
            long d = pod.startStep(now);
            maxRunning = Math.max(maxRunning, pod.runningCount());
            if (pod.usedBlocks() > pod.kvBlocks()) {
                throw new AssertionError("KV over capacity during step: " + pod.usedBlocks());
            }
            now += d;
            pod.endStep(now);
            pod.checkInvariants();
        }
        return n;
    }

    @Override
    public void onFirstToken(Request r, long nowUs) {
    }

    @Override
    public void onFinished(Request r, long nowUs) {
        finished.add(r);
    }
}
