package io.nous.sim;

import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadCatalog;
import java.util.ArrayList;
import java.util.List;

/**
 * The load points of the published soft-reflective-ceiling study (docs/domain.md): code-generation at
 * 4/10/16 QPS, interactive-chat at 20/40/60/80 and reasoning at 0.2/0.7, each on 2 pods. These are
 * the "standard scenarios" that benchmarks and the default evaluation matrix start from.
 */
public final class StudyGrid {
    /** The workloads of the study, in the order the brief lists them. */
    public static final List<String> WORKLOADS = List.of("code-generation", "interactive-chat", "reasoning");

    private StudyGrid() {
    }

    /** One (workload, QPS) point of the grid. */
    public record Point(Workload workload, double qps) {
        public String label() {
            return workload.name() + "@" + (qps == Math.rint(qps) ? String.valueOf((long) qps) : String.valueOf(qps));
        }
    }

    public static List<Point> points() {
        WorkloadCatalog catalog = WorkloadCatalog.builtin();
        List<Point> out = new ArrayList<>();
        for (String name : WORKLOADS) {
            Workload w = catalog.workload(name);
            for (double q : w.qpsPoints()) {
                out.add(new Point(w, q));
            }
        }
        return out;
    }
}
