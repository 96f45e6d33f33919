package io.nous.sim.cost;

import java.util.Map;

/** One accelerator's datasheet numbers, as used by the roofline model. */
public record HardwareSpec(
        double peakTflopsBf16,
        double hbmTbPerS,
        double memoryGb,
        double interconnectGbPerS,
        Map<String, String> sources) {

    void validate(String name) {
        Checks.positive("hardware." + name + ".peak_tflops_bf16", peakTflopsBf16);
        Checks.positive("hardware." + name + ".hbm_tb_per_s", hbmTbPerS);
        Checks.positive("hardware." + name + ".memory_gb", memoryGb);
        Checks.positive("hardware." + name + ".interconnect_gb_per_s", interconnectGbPerS);
    }
}
