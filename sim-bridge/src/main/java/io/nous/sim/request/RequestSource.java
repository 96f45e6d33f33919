package io.nous.sim.request;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.Workload;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates a workload's requests in arrival order, lazily. Every property of a request is drawn
 * from its own seeded stream and every stream is consumed exactly once per request, so the sequence
 * depends only on (workload, qps, seed) and never on the policy under test.
 */
public final class RequestSource {
    private final List<RequestClass> classes;
    private final double[] cumulativeShare;
    private final int tenantsPerClass;
    private final ArrivalProcess.GapSampler gaps;
    private final LengthDistribution.Sampler inputs;
    private final LengthDistribution.Sampler outputs;
    private final SplittableRandom classStream;
    private final SplittableRandom tenantStream;
    private final SplittableRandom admissionStream;
    private final long endUs;
    private final int maxModelLen;

    private double nextArrivalSeconds;
    private int nextId;

    /**
     * @param endUs       no request arrives at or after this time
     * @param maxModelLen prompt + output never exceed this (the engine's context limit)
     */
    public RequestSource(Workload w, double qps, RandomStreams streams, long endUs, int maxModelLen) {
        if (!(qps > 0) || Double.isInfinite(qps)) {
            throw new IllegalArgumentException("qps must be a positive number, got " + qps);
        }
        this.classes = w.classes();
        this.cumulativeShare = new double[classes.size()];
        double acc = 0;
        for (int i = 0; i < classes.size(); i++) {
            acc += classes.get(i).share();
            cumulativeShare[i] = acc;
        }
        this.tenantsPerClass = w.tenantsPerClass();
        this.gaps = w.arrival().sampler(qps, streams.generator("arrivals"));
        this.inputs = w.input().sampler(streams.generator("input-lengths"));
        this.outputs = w.output().sampler(streams.generator("output-lengths"));
        this.classStream = streams.stream("classes");
        this.tenantStream = streams.stream("tenants");
        this.admissionStream = streams.stream("admission");
        this.endUs = endUs;
        this.maxModelLen = maxModelLen;
        this.nextArrivalSeconds = gaps.next();
    }

    /** The next request, or {@code null} when arrivals have ended. */
    public Request next() {
        long t = Math.round(nextArrivalSeconds * 1e6);
        if (t >= endUs) {
            return null;
        }
        nextArrivalSeconds += gaps.next();
        double c = classStream.nextDouble() * cumulativeShare[cumulativeShare.length - 1];
        int cls = 0;
        while (cls < cumulativeShare.length - 1 && c >= cumulativeShare[cls]) {
            cls++;
        }
        int tenant = tenantStream.nextInt(tenantsPerClass);
        int in = Math.min(inputs.next(), maxModelLen - 1);
        int out = Math.min(outputs.next(), maxModelLen - in);
        double u = admissionStream.nextDouble();
        return new Request(nextId++, cls, classes.get(cls).priority(), tenant, in, out, t, u);
    }
}
