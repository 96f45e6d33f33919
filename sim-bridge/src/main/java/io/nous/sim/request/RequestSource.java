package io.nous.sim.request;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.workload.ArrivalProcess;
import io.nous.sim.workload.ClientSpec;
import io.nous.sim.workload.LengthDistribution;
import io.nous.sim.workload.RequestClass;
import io.nous.sim.workload.Workload;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates a workload's requests in arrival order, lazily. Every property of a request is drawn
 * from its own seeded stream and every stream is consumed exactly once per request, so the sequence
 * depends only on (workload, qps, seed) and never on the policy under test. A multi-client workload
 * runs one arrival stream per client (each with its own streams) and merges them by time.
 */
public final class RequestSource implements Arrivals {
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
    private final Client[] clients;

    /** One client's stream in a multi-client workload. */
    private static final class Client {
        final int classIndex;
        final int tenantBase;
        final ArrivalProcess.GapSampler gaps;
        final LengthDistribution.Sampler inputs;
        final LengthDistribution.Sampler outputs;
        double next;

        Client(ClientSpec c, int tenantBase, double qps, RandomStreams streams) {
            this.classIndex = c.classIndex();
            this.tenantBase = tenantBase;
            this.gaps = c.arrival().sampler(qps * c.rateFraction(), streams.generator("arrivals/" + c.id()));
            this.inputs = c.input().sampler(streams.generator("input-lengths/" + c.id()));
            this.outputs = c.output().sampler(streams.generator("output-lengths/" + c.id()));
            this.next = gaps.next();
        }
    }

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
        if (w.clients().isEmpty()) {
            this.clients = null;
        } else {
            double totalFraction = w.clients().stream().mapToDouble(ClientSpec::rateFraction).sum();
            this.clients = new Client[w.clients().size()];
            for (int i = 0; i < clients.length; i++) {
                ClientSpec c = w.clients().get(i);
                clients[i] = new Client(new ClientSpec(c.id(), c.classIndex(), c.tenant(), c.rateFraction() / totalFraction,
                        c.arrival(), c.input(), c.output()), c.tenant(), qps, streams);
            }
        }
    }

    /** The next request, or {@code null} when arrivals have ended. */
    @Override
    public Request next() {
        if (clients != null) {
            return nextFromClients();
        }
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

    private Request nextFromClients() {
        Client c = clients[0];
        for (Client x : clients) {
            if (x.next < c.next) {
                c = x;
            }
        }
        long t = Math.round(c.next * 1e6);
        if (t >= endUs) {
            return null;
        }
        c.next += c.gaps.next();
        int in = Math.min(c.inputs.next(), maxModelLen - 1);
        int out = Math.min(c.outputs.next(), maxModelLen - in);
        double u = admissionStream.nextDouble();
        return new Request(nextId++, c.classIndex, classes.get(c.classIndex).priority(), c.tenantBase, in, out, t, u);
    }
}
