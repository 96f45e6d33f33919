package io.nous.sim.workload.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.nous.sim.engine.RandomStreams;
import io.nous.sim.request.Request;
import io.nous.sim.request.RequestSource;
import io.nous.sim.workload.ClientSpec;
import io.nous.sim.workload.Workload;
import io.nous.sim.workload.WorkloadException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkloadSpecReaderTest {
    @TempDir
    Path dir;

    static final String SPEC = """
            version: "2"
            seed: 42
            aggregate_rate: 20
            num_requests: 4000
            clients:
              - id: ide
                tenant_id: team-a
                slo_class: critical
                rate_fraction: 0.25
                arrival: {process: gamma, cv: 2.0}
                input_distribution: {type: gaussian, params: {mean: 1000, std_dev: 200, min: 16, max: 4096}}
                output_distribution: {type: exponential, params: {mean: 150}}
              - id: batch
                slo_class: batch
                rate_fraction: 0.75
                streaming: true
                arrival: {process: weibull, cv: 1.5}
                input_distribution: {type: lognormal, params: {mu: 6.0, sigma: 0.4}}
                output_distribution: {type: empirical, params: {"100": 0.5, "300": 0.5}}
            """;

    private Path write(String text) throws Exception {
        Path f = dir.resolve("spec.yaml");
        Files.writeString(f, text);
        return f;
    }

    @Test
    void aSpecBecomesClientsWithLlmdPrioritiesAndItsRate() throws Exception {
        WorkloadSpec s = WorkloadSpecReader.read(write(SPEC));
        assertThat(s.aggregateRate()).isEqualTo(20);
        assertThat(s.durationSeconds()).isEqualTo(200);
        Workload w = s.workload();
        assertThat(w.classes()).extracting(c -> c.name() + "/" + c.priority()).containsExactly("critical/4", "batch/-1");
        assertThat(w.classes().get(0).share()).isCloseTo(0.25, within(1e-12));
        assertThat(w.clients()).hasSize(2);
    }

    @Test
    void clientsGenerateTheirOwnRatesAndLengths() throws Exception {
        Workload w = WorkloadSpecReader.read(write(SPEC)).workload();
        RequestSource src = new RequestSource(w, 20, new RandomStreams(3), 2_000_000_000L, 40_960);
        List<Request> all = new ArrayList<>();
        for (Request r; (r = src.next()) != null; ) {
            all.add(r);
        }
        double critical = all.stream().filter(r -> r.priority == 4).count();
        // num_requests caps what is sent; they arrive at the aggregate rate
        assertThat(all).hasSize(4000);
        assertThat(all.size() / (all.get(all.size() - 1).arrivalUs / 1e6)).isCloseTo(20, within(1.0));
        assertThat(critical / all.size()).isCloseTo(0.25, within(0.02));
        double ideIn = all.stream().filter(r -> r.priority == 4).mapToInt(r -> r.inputTokens).average().orElseThrow();
        double batchOut = all.stream().filter(r -> r.priority == -1).mapToInt(r -> r.outputTokens).average().orElseThrow();
        assertThat(ideIn).isCloseTo(1000, within(20.0));
        assertThat(batchOut).isCloseTo(200, within(5.0));
        assertThat(all.stream().filter(r -> r.priority == -1).allMatch(r -> r.outputTokens == 100 || r.outputTokens == 300)).isTrue();
        for (int i = 1; i < all.size(); i++) {
            assertThat(all.get(i).arrivalUs).isGreaterThanOrEqualTo(all.get(i - 1).arrivalUs);
        }
    }

    @Test
    void twoClassMappingGivesThePresetsBands() throws Exception {
        Workload w = WorkloadSpecReader.read(write("priority_map: two-class\n" + SPEC)).workload();
        assertThat(w.classes()).extracting(c -> c.name() + "/" + c.priority()).containsExactly("critical/0", "sheddable/-1");
    }

    @Test
    void prefixGroupsClosedLoopsAndTimeoutsAreRead() throws Exception {
        String spec = SPEC.replace("streaming: true", "prefix_group: sys")
                .replace("rate_fraction: 0.25\n", "concurrency: 16\n    think_time_us: 2000000\n    prefix_group: sys\n"
                        + "    prefix_length: 320\n    timeout: 0\n");
        Workload w = WorkloadSpecReader.read(write(spec)).workload();
        ClientSpec ide = w.clients().get(0);
        ClientSpec batch = w.clients().get(1);
        assertThat(ide.closedLoop()).isTrue();
        assertThat(ide.concurrency()).isEqualTo(16);
        assertThat(ide.thinkTimeUs()).isEqualTo(2_000_000);
        assertThat(ide.timeoutUs()).isZero();
        assertThat(ide.prefixGroup()).isEqualTo(batch.prefixGroup()).isZero();
        assertThat(ide.prefixTokens()).isEqualTo(320);
        // a group's length is the first one a client of the group gives, for every client of the group
        assertThat(batch.prefixTokens()).isEqualTo(320);
        String noLength = spec.replace("                prefix_length: 320\n".substring(12), "");
        assertThat(WorkloadSpecReader.read(write(noLength)).workload().clients().get(1).prefixTokens())
                .as("BLIS's default prefix length").isEqualTo(50);
        assertThat(w.sharesPrefixes()).isTrue();
        assertThat(w.requestLimit()).isEqualTo(4000);
        String sessions = SPEC.replace("rate_fraction: 0.25\n", "concurrency: 2\n");
        assertThat(WorkloadSpecReader.read(write(sessions)).workload().clients().get(0).timeoutUs())
                .as("closed-loop users give up after BLIS's default 300 s").isEqualTo(300_000_000L);
    }

    @Test
    void cohortsExpandIntoMembersAndLifecycleWindowsSayWhenAClientSends() throws Exception {
        String spec = SPEC + """
                cohorts:
                  - id: fleet
                    population: 4
                    slo_class: batch
                    rate_fraction: 0.4
                    prefix_group: sys
                    prefix_sharing: per_member
                    arrival: {process: poisson}
                    input_distribution: {type: constant, params: {value: 100}}
                    output_distribution: {type: constant, params: {value: 10}}
                    spike: {start_time_us: 60000000, duration_us: 60000000}
                """;
        Workload w = WorkloadSpecReader.read(write(spec)).workload();
        List<ClientSpec> fleet = w.clients().stream().filter(c -> c.id().startsWith("fleet-")).toList();
        assertThat(fleet).extracting(ClientSpec::id).containsExactly("fleet-0", "fleet-1", "fleet-2", "fleet-3");
        assertThat(fleet).extracting(ClientSpec::prefixGroup).doesNotHaveDuplicates();
        assertThat(fleet.get(0).rateFraction()).isEqualTo(0.1);
        RequestSource src = new RequestSource(w, 20, new RandomStreams(3), 200_000_000L, 40_960);
        List<Request> spiked = new ArrayList<>();
        for (Request r; (r = src.next()) != null; ) {
            if (r.inputTokens == 150 && r.outputTokens == 10) { // the cohort: 100 tokens behind its 50-token prefix, 10 out
                spiked.add(r);
            }
        }
        // 0.4 of the 1.4 the clients ask for, of 20 QPS: 5.7/s, sent only inside [60 s, 120 s)
        assertThat(spiked).allSatisfy(r -> assertThat(r.arrivalUs).isBetween(60_000_000L, 120_000_000L - 1));
        assertThat(spiked.size()).isBetween(250, 450);
    }

    @Test
    void mistakesNameTheirKey() throws Exception {
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("aggregate_rate: 20", "aggregate_rat: 20"))))
                .isInstanceOf(WorkloadException.class).hasMessageContaining("unknown key 'aggregate_rat'");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("aggregate_rate: 20\n", ""))))
                .hasMessageContaining("aggregate_rate is required");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("rate_fraction: 0.25", "rate_fraction: -1"))))
                .hasMessageContaining("clients[0].rate_fraction must be a positive number");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("type: exponential", "type: zipf"))))
                .hasMessageContaining("clients[0].output_distribution.type must be");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("std_dev: 200, ", ""))))
                .hasMessageContaining("clients[0].input_distribution.params.std_dev is required");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("cv: 1.5", "cv: 50"))))
                .hasMessageContaining("clients[1].arrival").hasMessageContaining("weibull arrivals need cv in [0.01, 10.4]");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("slo_class: batch", "slo_class: gold"))))
                .hasMessageContaining("clients[1].slo_class must be");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC + "cohorts:\n  - {id: c, population: 2, rate_fraction: 0.1, model: x}\n")))
                .hasMessageContaining("cohorts[0].model is a BLIS feature Nous does not simulate");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("streaming: true",
                "lifecycle: {windows: [{start_us: 0, end_us: 5, trace_rate: 3}]}"))))
                .hasMessageContaining("clients[1].lifecycle.windows[0].trace_rate is a BLIS feature Nous does not simulate");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("streaming: true",
                "lifecycle: {windows: [{start_us: 9, end_us: 5}]}"))))
                .hasMessageContaining("clients[1].lifecycle.windows[0]: an active window needs 0 <= start_us < end_us");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("streaming: true", "network: {rtt_ms: 5}"))))
                .hasMessageContaining("clients[1].network is a BLIS feature Nous does not simulate (network round trips");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("streaming: true", "prefix_length: 100"))))
                .hasMessageContaining("clients[1].prefix_length needs a prefix_group");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("streaming: true", "concurrency: 4"))))
                .hasMessageContaining("clients[1]: concurrency and rate_fraction are mutually exclusive");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("streaming: true", "think_time_us: 5"))))
                .hasMessageContaining("clients[1].think_time_us applies to concurrency (closed-loop) clients only");
        assertThatThrownBy(() -> WorkloadSpecReader.read(write(SPEC.replace("streaming: true", "timeout: -3"))))
                .hasMessageContaining("clients[1].timeout must be a whole number");
        assertThatThrownBy(() -> WorkloadSpecReader.read(dir.resolve("none.yaml"))).hasMessageContaining("no such workload spec");
    }
}
