package io.nous.sim.workload;

import java.util.List;

/**
 * One client of a multi-client workload (a BLIS workload spec): its own arrival stream carrying
 * {@code rateFraction} of the total rate, its traffic class, its fairness flow (tenant), and its
 * own length distributions; optionally a shared prompt prefix, a closed loop and a deadline.
 *
 * @param prefixGroup  index of the shared prefix its prompts start with, or -1: none (BLIS {@code prefix_group})
 * @param prefixTokens tokens of that prefix, put in front of each sampled prompt (BLIS {@code prefix_length})
 * @param concurrency  closed loop: this many users, each sending its next request when its previous one
 *                     ends (BLIS {@code concurrency}); 0: open loop at {@code rateFraction} of the rate
 * @param thinkTimeUs  closed loop: a user's pause between a response and its next request (BLIS {@code think_time_us})
 * @param timeoutUs    the client gives up on a request this long after sending it (BLIS {@code timeout}); 0: never
 * @param session      each arrival starts a multi-turn session (BLIS {@code reasoning.multi_turn}), or null
 * @param windows      when it sends (BLIS {@code lifecycle.windows}; cohorts' diurnal, spike and drain
 *                     patterns); empty: always
 * @param tenants      its requests come from this many tenants, {@code tenant .. tenant + tenants - 1}, one drawn
 *                     per request from the client's seeded stream in the order it sends; with a prefix group,
 *                     each tenant has its own shared prefix ({@code prefixGroup + t}); 1: all its own tenant's
 * @param hotTenantShare the share of its requests from its first tenant, the rest spread evenly over the
 *                     others (a skewed mix: one hot tenant); 0: every tenant alike
 * @param sloTtftMs    the TTFT objective its requests carry in the {@code x-llm-d-slo-ttft-ms} header, which
 *                     the router's {@code slo-deadline} ordering reads (ms); -1: no header
 */
public record ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival,
                         LengthDistribution input, LengthDistribution output, int prefixGroup, int prefixTokens,
                         int concurrency, long thinkTimeUs, long timeoutUs, SessionSpec session, List<ActiveWindow> windows,
                         int tenants, double hotTenantShare, long sloTtftMs) {

    /** A client whose requests carry no SLO header. */
    public ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival, LengthDistribution input,
                      LengthDistribution output, int prefixGroup, int prefixTokens, int concurrency, long thinkTimeUs, long timeoutUs,
                      SessionSpec session, List<ActiveWindow> windows, int tenants, double hotTenantShare) {
        this(id, classIndex, tenant, rateFraction, arrival, input, output, prefixGroup, prefixTokens, concurrency, thinkTimeUs, timeoutUs,
                session, windows, tenants, hotTenantShare, -1);
    }

    /** A client whose requests come from its tenants uniformly. */
    public ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival, LengthDistribution input,
                      LengthDistribution output, int prefixGroup, int prefixTokens, int concurrency, long thinkTimeUs, long timeoutUs,
                      SessionSpec session, List<ActiveWindow> windows, int tenants) {
        this(id, classIndex, tenant, rateFraction, arrival, input, output, prefixGroup, prefixTokens, concurrency, thinkTimeUs, timeoutUs,
                session, windows, tenants, 0);
    }

    /** A client of one tenant. */
    public ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival, LengthDistribution input,
                      LengthDistribution output, int prefixGroup, int prefixTokens, int concurrency, long thinkTimeUs, long timeoutUs,
                      SessionSpec session, List<ActiveWindow> windows) {
        this(id, classIndex, tenant, rateFraction, arrival, input, output, prefixGroup, prefixTokens, concurrency, thinkTimeUs, timeoutUs,
                session, windows, 1);
    }

    /** An open-loop client with no shared prefix and no deadline. */
    public ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival,
                      LengthDistribution input, LengthDistribution output) {
        this(id, classIndex, tenant, rateFraction, arrival, input, output, -1, 0, 0, 0, 0, null, List.of());
    }

    /** A client without sessions. */
    public ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival, LengthDistribution input,
                      LengthDistribution output, int prefixGroup, int prefixTokens, int concurrency, long thinkTimeUs, long timeoutUs) {
        this(id, classIndex, tenant, rateFraction, arrival, input, output, prefixGroup, prefixTokens, concurrency, thinkTimeUs, timeoutUs,
                null, List.of());
    }

    /** A client without lifecycle windows. */
    public ClientSpec(String id, int classIndex, int tenant, double rateFraction, ArrivalProcess arrival, LengthDistribution input,
                      LengthDistribution output, int prefixGroup, int prefixTokens, int concurrency, long thinkTimeUs, long timeoutUs,
                      SessionSpec session) {
        this(id, classIndex, tenant, rateFraction, arrival, input, output, prefixGroup, prefixTokens, concurrency, thinkTimeUs, timeoutUs,
                session, List.of());
    }

    public ClientSpec {
        if (concurrency < 0 || thinkTimeUs < 0 || timeoutUs < 0 || prefixTokens < 0) {
            throw new WorkloadException("client '" + id + "': concurrency, think time, timeout and prefix length must be >= 0");
        }
        windows = windows == null ? List.of() : List.copyOf(windows);
        if (sloTtftMs < -1) {
            throw new WorkloadException("client '" + id + "': slo_ttft_ms must be >= 0, got " + sloTtftMs);
        }
        if (tenants < 1) {
            throw new WorkloadException("client '" + id + "': tenants must be >= 1, got " + tenants);
        }
        if (!(hotTenantShare >= 0 && hotTenantShare < 1) || hotTenantShare > 0 && tenants < 2) {
            throw new WorkloadException("client '" + id + "': hot_tenant_share must be in [0, 1) and needs at least 2 tenants, got "
                    + hotTenantShare + " of " + tenants);
        }
        if (!windows.isEmpty() && concurrency > 0) {
            throw new WorkloadException("client '" + id + "': lifecycle windows apply to arrival streams, not to concurrency users");
        }
        if (session != null && concurrency > 0) {
            throw new WorkloadException("client '" + id + "': concurrency clients and multi-turn sessions cannot be mixed (as in BLIS)");
        }
    }

    /** Whether its users wait for each response before sending again (and are not an arrival stream). */
    public boolean closedLoop() {
        return concurrency > 0;
    }

    /** Whether it sends at {@code us}: inside one of its windows, or it has none. */
    public boolean activeAt(long us) {
        if (windows.isEmpty()) {
            return true;
        }
        for (ActiveWindow w : windows) {
            if (w.contains(us)) {
                return true;
            }
        }
        return false;
    }

    /** When its last window ends, or {@link Long#MAX_VALUE} without windows. */
    public long lastActiveUs() {
        return windows.stream().mapToLong(ActiveWindow::endUs).max().orElse(Long.MAX_VALUE);
    }

    /** Whether its arrivals start multi-turn sessions. */
    public boolean sessions() {
        return session != null;
    }

    /** The same client with another arrival process. */
    public ClientSpec withArrival(ArrivalProcess a) {
        return new ClientSpec(id, classIndex, tenant, rateFraction, a, input, output, prefixGroup, prefixTokens, concurrency,
                thinkTimeUs, timeoutUs, session, windows, tenants, hotTenantShare, sloTtftMs);
    }

    /** The same client carrying another share of the rate. */
    public ClientSpec withRateFraction(double f) {
        return new ClientSpec(id, classIndex, tenant, f, arrival, input, output, prefixGroup, prefixTokens, concurrency,
                thinkTimeUs, timeoutUs, session, windows, tenants, hotTenantShare, sloTtftMs);
    }
}
