package io.nous.sim.routing;

/**
 * {@code utilization-filter} (llm-d-router v0.10.0,
 * pkg/epp/framework/plugins/scheduling/filter/utilization/filter.go): keeps endpoints whose every
 * condition holds ({@code metric <= maxValue}, over {@code active-requests} from the in-flight
 * producer, or scraped {@code running-requests}, {@code waiting-queue}, {@code kv-cache-utilization});
 * when none is kept and {@code fallbackOnEmpty} is set, keeps all.
 */
final class UtilizationFilter implements Filter {
    enum Metric {
        ACTIVE_REQUESTS("active-requests"), RUNNING_REQUESTS("running-requests"), WAITING_QUEUE("waiting-queue"),
        KV_CACHE_UTILIZATION("kv-cache-utilization");

        final String id;

        Metric(String id) {
            this.id = id;
        }
    }

    record Condition(Metric metric, double maxValue) {
    }

    private final Condition[] conditions;
    private final boolean fallbackOnEmpty;

    UtilizationFilter(java.util.List<Condition> conditions, boolean fallbackOnEmpty) {
        this.conditions = conditions.toArray(new Condition[0]);
        this.fallbackOnEmpty = fallbackOnEmpty;
    }

    @Override
    public int filter(SchedulingContext c, int[] endpoints, int n) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (satisfiesAll(c, endpoints[i])) {
                endpoints[k++] = endpoints[i];
            }
        }
        // with none kept nothing was overwritten, so falling back keeps the candidates as they came
        return k == 0 && fallbackOnEmpty ? n : k;
    }

    private boolean satisfiesAll(SchedulingContext c, int p) {
        for (Condition cond : conditions) {
            double v = switch (cond.metric()) {
                case ACTIVE_REQUESTS -> c.inFlight.requests(p);
                case RUNNING_REQUESTS -> c.snapshots[p].running();
                case WAITING_QUEUE -> c.snapshots[p].waiting();
                case KV_CACHE_UTILIZATION -> c.snapshots[p].kvUsage();
            };
            if (v > cond.maxValue()) {
                return false;
            }
        }
        return true;
    }
}
