package io.nous.sim.pd;

import java.util.List;
import java.util.Locale;

/**
 * The link a prompt's KV cache crosses from its prefill pod to its decode pod, and how long that takes:
 * {@code latency + bytes / bandwidth × (1 − overlap)}, with bytes = prompt tokens × the model's KV
 * bytes per token (the whole prompt moves, cached or not: llm-d-inference-sim charges its transfer on
 * the full prompt too, {@code pkg/llm-d-inference-sim/latencies.go}).
 *
 * <p>The link is a deployment fact Nous cannot know, so it is a declared variant, not a constant:
 * {@code rdma} (the default) is one 400 Gb/s NIC per GPU, as in a DGX H100 (8 ConnectX-7 at 400 Gb/s,
 * NVIDIA DGX H100 user guide), each GPU moving its tensor-parallel shard: 50 GB/s per GPU. That is
 * close to llm-d-inference-sim's suggested 3 µs per token for an 8B model (128 KiB a token: 44 GB/s,
 * its {@code docs/latency-profiles.md}). {@code nvlink} is prefill and decode on one node (NVLink 4:
 * 450 GB/s per direction per H100 SXM). {@code tcp} is one 100 GbE port per pod, shared by its GPUs
 * (12.5 GB/s). The fixed latency (1 ms: connection reuse, NIXL's notification and the sidecar's hop)
 * is a declared unknown too.
 *
 * <p>{@code overlap} is how much of the transfer hides behind the prefill: vLLM's NixlConnector pulls
 * after the prefill finished (0, the default); a layer-wise push could hide most of it (up to 1).
 *
 * @param name        how reports name it
 * @param gbPerSecond bandwidth in GB/s (10^9 bytes)
 * @param perGpu      whether each of a pod's GPUs has that bandwidth (its own NIC or NVLink), or the pod shares it
 * @param latencyUs   fixed cost of one transfer (µs)
 * @param overlap     fraction of the byte time hidden behind the prefill, in [0, 1]
 */
public record KvTransfer(String name, double gbPerSecond, boolean perGpu, long latencyUs, double overlap) {
    public static final KvTransfer RDMA = new KvTransfer("rdma", 50, true, 1_000, 0);
    public static final KvTransfer NVLINK = new KvTransfer("nvlink", 450, true, 1_000, 0);
    public static final KvTransfer TCP = new KvTransfer("tcp", 12.5, false, 1_000, 0);
    public static final List<KvTransfer> VARIANTS = List.of(RDMA, NVLINK, TCP);

    public KvTransfer {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a KV link needs a name");
        }
        if (!(gbPerSecond > 0) || Double.isInfinite(gbPerSecond)) {
            throw new IllegalArgumentException("KV link bandwidth must be a positive number of GB/s, got " + gbPerSecond);
        }
        if (latencyUs < 0) {
            throw new IllegalArgumentException("KV link latency must be >= 0, got " + latencyUs + " µs");
        }
        if (!(overlap >= 0 && overlap <= 1)) {
            throw new IllegalArgumentException("KV transfer overlap must be in [0, 1], got " + overlap);
        }
    }

    /**
     * A variant by name, optionally with settings: {@code rdma}, {@code tcp:gbps=25},
     * {@code rdma:latency_ms=2,overlap=0.5}.
     */
    public static KvTransfer parse(String spec) {
        String s = spec.strip();
        int colon = s.indexOf(':');
        String name = colon < 0 ? s : s.substring(0, colon);
        KvTransfer base = VARIANTS.stream().filter(v -> v.name.equals(name)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "unknown KV link '" + name + "' (known: " + String.join(", ", VARIANTS.stream().map(KvTransfer::name).toList()) + ")"));
        if (colon < 0) {
            return base;
        }
        double gbps = base.gbPerSecond;
        long latency = base.latencyUs;
        double overlap = base.overlap;
        for (String kv : s.substring(colon + 1).split(",")) {
            int eq = kv.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("KV link setting '" + kv + "' is not key=value (keys: gbps, latency_ms, overlap)");
            }
            String key = kv.substring(0, eq).strip();
            double v;
            try {
                v = Double.parseDouble(kv.substring(eq + 1).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("KV link setting " + key + " needs a number, got '" + kv.substring(eq + 1).strip() + "'");
            }
            switch (key) {
                case "gbps" -> gbps = v;
                case "latency_ms" -> {
                    if (!(v >= 0) || v > 60_000) {
                        throw new IllegalArgumentException("KV link latency_ms must be in [0, 60000], got " + v);
                    }
                    latency = Math.round(v * 1000);
                }
                case "overlap" -> overlap = v;
                default -> throw new IllegalArgumentException("unknown KV link setting '" + key + "' (keys: gbps, latency_ms, overlap)");
            }
        }
        return new KvTransfer(s, gbps, base.perGpu, latency, overlap);
    }

    /** Microseconds to move {@code tokens} tokens' KV ({@code kvBytesPerToken} each) to a pod of {@code gpus} GPUs. */
    public long micros(int tokens, double kvBytesPerToken, int gpus) {
        double bytesPerUs = gbPerSecond * 1e3 * (perGpu ? gpus : 1);
        return latencyUs + Math.round(tokens * kvBytesPerToken / bytesPerUs * (1 - overlap));
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%.4g GB/s%s, %.3g ms, overlap %.2g)", name, gbPerSecond, perGpu ? " per GPU" : "",
                latencyUs / 1e3, overlap);
    }
}
