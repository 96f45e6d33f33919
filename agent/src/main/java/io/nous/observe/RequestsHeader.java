package io.nous.observe;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The first line of a requests file: where the requests came from and what arrivals they follow, so
 * that {@code nous compare} and {@code nous calibrate --observed} can rebuild the same scenario.
 *
 * @param format          {@value #FORMAT}
 * @param source          {@code observed} (a real endpoint) or {@code simulated}
 * @param workload        the workload (or trace) name
 * @param qps             the arrival rate
 * @param seed            the seed of the arrival streams
 * @param durationSeconds seconds of arrivals
 * @param warmupSeconds   the unmeasured start of the window in summaries
 * @param classes         the traffic classes, in the workload's order
 * @param url             the endpoint measured (observed only)
 * @param model           the model asked for (observed only)
 * @param api             {@code chat} or {@code completions} (observed only)
 * @param profile         the cost profile (simulated only)
 * @param policy          the usage-limit policy (simulated only)
 * @param interrupted     true when the run was stopped before its end
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestsHeader(
        @JsonProperty("format") String format,
        @JsonProperty("source") String source,
        @JsonProperty("workload") String workload,
        @JsonProperty("qps") double qps,
        @JsonProperty("seed") long seed,
        @JsonProperty("duration_seconds") double durationSeconds,
        @JsonProperty("warmup_seconds") double warmupSeconds,
        @JsonProperty("classes") List<ClassInfo> classes,
        @JsonProperty("url") String url,
        @JsonProperty("model") String model,
        @JsonProperty("api") String api,
        @JsonProperty("profile") String profile,
        @JsonProperty("policy") String policy,
        @JsonProperty("interrupted") Boolean interrupted) {

    public static final String FORMAT = "nous-requests/1";

    /** One traffic class and how its requests told the router their priority. */
    public record ClassInfo(@JsonProperty("name") String name, @JsonProperty("priority") int priority,
                            @JsonProperty("objective") String objective) {
    }

    public RequestsHeader interrupted(boolean stopped) {
        return new RequestsHeader(format, source, workload, qps, seed, durationSeconds, warmupSeconds, classes, url, model, api,
                profile, policy, stopped ? Boolean.TRUE : null);
    }
}
