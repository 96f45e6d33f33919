package io.nous.sim.request;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.workload.Workload;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An open-loop arrival stream drawn once and played back as fresh {@link Request}s. With common random
 * numbers the baseline and every candidate of a (workload, rate, seed, duration) see the same arrivals,
 * and variants that change the cluster (batch limits, step speed, scrapes) see them too; drawing them
 * again for each simulation was a tenth of an evaluation's time. A tape holds what the client sent
 * (times, lengths, class, tenant, admission draw, prompt content, deadline) in flat arrays, read only,
 * so one tape serves any number of simulations on any number of threads. Only workloads whose arrivals
 * do not depend on the cluster qualify: no clients (closed-loop users and sessions wait for their
 * previous request), no trace; and a stream too long to keep (a 20,000 s run) is drawn as it is used.
 *
 * <p>{@link #shared} keeps recent tapes in a process-wide cache bounded by the requests it holds, so an
 * evaluation's matrix (a few hundred thousand requests) stays resident and a long-running process
 * never grows without bound.
 */
public final class ArrivalTape {
    /** Requests the shared cache holds at most, all tapes together (about 48 bytes each). */
    static final int CACHE_REQUESTS = 2_000_000;

    private static final Map<Key, ArrivalTape> CACHE = new LinkedHashMap<>(16, 0.75f, true);
    private static long cachedRequests;

    private final int[] id;
    private final int[] classIndex;
    private final int[] priority;
    private final int[] tenant;
    private final int[] inputTokens;
    private final int[] outputTokens;
    private final long[] arrivalUs;
    private final double[] admissionDraw;
    private final long[] deadlineUs;
    /** Null when no request carries content. */
    private final PromptContent[] content;
    /** The requests' SLO headers (ms, -1: none); null when none carries one. */
    private final long[] sloTtftMs;

    /** What determines a stream: everything {@link RequestSource} reads. */
    private record Key(Workload workload, double qps, long seed, long endUs, int maxModelLen) {
    }

    private ArrivalTape(RequestSource source) {
        int n = 0;
        int cap = 1024;
        int[] ids = new int[cap];
        int[] classes = new int[cap];
        int[] priorities = new int[cap];
        int[] tenants = new int[cap];
        int[] inputs = new int[cap];
        int[] outputs = new int[cap];
        long[] arrivals = new long[cap];
        double[] draws = new double[cap];
        long[] deadlines = new long[cap];
        PromptContent[] contents = null;
        long[] slos = null;
        Request q;
        while ((q = source.next()) != null) {
            if (q.user != -1 || q.session != -1) {
                throw new IllegalStateException("an open-loop stream produced a request of a user or session: " + q);
            }
            if (n == cap) {
                cap *= 2;
                ids = Arrays.copyOf(ids, cap);
                classes = Arrays.copyOf(classes, cap);
                priorities = Arrays.copyOf(priorities, cap);
                tenants = Arrays.copyOf(tenants, cap);
                inputs = Arrays.copyOf(inputs, cap);
                outputs = Arrays.copyOf(outputs, cap);
                arrivals = Arrays.copyOf(arrivals, cap);
                draws = Arrays.copyOf(draws, cap);
                deadlines = Arrays.copyOf(deadlines, cap);
                if (contents != null) {
                    contents = Arrays.copyOf(contents, cap);
                }
                if (slos != null) {
                    slos = Arrays.copyOf(slos, cap);
                }
            }
            ids[n] = q.id;
            classes[n] = q.classIndex;
            priorities[n] = q.priority;
            tenants[n] = q.tenant;
            inputs[n] = q.inputTokens;
            outputs[n] = q.outputTokens;
            arrivals[n] = q.arrivalUs;
            draws[n] = q.admissionDraw;
            deadlines[n] = q.deadlineUs;
            if (q.content != null) {
                if (contents == null) {
                    contents = new PromptContent[cap];
                }
                contents[n] = q.content;
            }
            if (q.sloTtftMs >= 0 && slos == null) {
                slos = new long[cap];
                Arrays.fill(slos, 0, n, -1);
            }
            if (slos != null) {
                slos[n] = q.sloTtftMs;
            }
            n++;
        }
        id = Arrays.copyOf(ids, n);
        classIndex = Arrays.copyOf(classes, n);
        priority = Arrays.copyOf(priorities, n);
        tenant = Arrays.copyOf(tenants, n);
        inputTokens = Arrays.copyOf(inputs, n);
        outputTokens = Arrays.copyOf(outputs, n);
        arrivalUs = Arrays.copyOf(arrivals, n);
        admissionDraw = Arrays.copyOf(draws, n);
        deadlineUs = Arrays.copyOf(deadlines, n);
        content = contents == null ? null : Arrays.copyOf(contents, n);
        sloTtftMs = slos == null ? null : Arrays.copyOf(slos, n);
    }

    /**
     * Whether {@code w}'s arrivals at {@code qps} over {@code seconds} can be taped: they depend on the
     * rate and seed alone, and are few enough to keep (a tenth of the cache, by the mean rate).
     */
    public static boolean tapeable(Workload w, double qps, double seconds) {
        return w.clients().isEmpty() && qps * seconds <= CACHE_REQUESTS / 10.0;
    }

    /**
     * The arrivals of {@code w} at {@code qps} from the seed's streams, up to {@code endUs}: the tape from
     * the shared cache, drawn now if it is not there.
     */
    public static Arrivals shared(Workload w, double qps, long seed, long endUs, int maxModelLen) {
        if (!w.clients().isEmpty()) {
            throw new IllegalArgumentException("workload " + w.name() + " has clients; its arrivals depend on the cluster");
        }
        Key key = new Key(w, qps, seed, endUs, maxModelLen);
        ArrivalTape tape;
        synchronized (CACHE) {
            tape = CACHE.get(key);
        }
        if (tape == null) {
            // drawn outside the lock; two threads drawing the same tape draw the same requests
            tape = new ArrivalTape(new RequestSource(w, qps, new RandomStreams(seed), endUs, maxModelLen));
            synchronized (CACHE) {
                ArrivalTape raced = CACHE.putIfAbsent(key, tape);
                if (raced != null) {
                    tape = raced;
                } else {
                    cachedRequests += tape.size();
                    var eldest = CACHE.entrySet().iterator();
                    while (cachedRequests > CACHE_REQUESTS && CACHE.size() > 1) {
                        ArrivalTape old = eldest.next().getValue();
                        eldest.remove();
                        cachedRequests -= old.size();
                    }
                }
            }
        }
        return tape.play();
    }

    /** Requests on the tape. */
    public int size() {
        return id.length;
    }

    /** A fresh playback: new {@link Request}s in arrival order, as the stream first gave them. */
    public Arrivals play() {
        return new Arrivals() {
            private int next;

            @Override
            public Request next() {
                if (next == id.length) {
                    return null;
                }
                int i = next++;
                Request r = new Request(id[i], classIndex[i], priority[i], tenant[i], inputTokens[i], outputTokens[i], arrivalUs[i],
                        admissionDraw[i], content == null ? null : content[i]);
                r.deadlineUs = deadlineUs[i];
                if (sloTtftMs != null) {
                    r.sloTtftMs = sloTtftMs[i];
                }
                return r;
            }
        };
    }

    @Override
    public String toString() {
        return "ArrivalTape(" + size() + " requests)";
    }
}
