package io.nous.codegen.isolate;

import static org.assertj.core.api.Assertions.assertThat;

import io.nous.sim.metrics.RequestSamples;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Per-request samples cross the worker protocol bit for bit, as text and as UTF-8 bytes. */
class WorkerProtocolTest {
    @Test
    void everyFloatBitPatternSurvivesTheReply() {
        Random r = new Random(3);
        float[] ttft = new float[1000];
        float[] e2e = new float[1000];
        float[] itl = new float[1000];
        for (int i = 0; i < ttft.length; i++) {
            ttft[i] = Float.intBitsToFloat(r.nextInt());
            e2e[i] = r.nextFloat() * 1e5f;
            itl[i] = i % 7 == 0 ? -0.0f : r.nextFloat();
        }
        // special values at fixed places: NaNs with payloads, infinities, subnormals, zeros
        float[] special = {Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffa00000), Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, 0.0f, -0.0f, Float.MAX_VALUE};
        System.arraycopy(special, 0, ttft, 0, special.length);
        int[] tenants = new int[ttft.length];
        for (int i = 0; i < tenants.length; i++) {
            tenants[i] = i % 3 == 0 ? Integer.MAX_VALUE - i : i % 17;
        }
        Map<String, RequestSamples> samples = new LinkedHashMap<>();
        samples.put("critical", RequestSamples.of(ttft, e2e, itl, tenants));
        samples.put("empty", RequestSamples.of(new float[0], new float[0], new float[0]));
        String json = WorkerProtocol.toJson(WorkerProtocol.simulated(7, null, samples));
        for (WorkerProtocol.Reply back : new WorkerProtocol.Reply[] {WorkerProtocol.fromJson(json, WorkerProtocol.Reply.class),
            WorkerProtocol.fromJson(json.getBytes(StandardCharsets.UTF_8), WorkerProtocol.Reply.class)}) {
            assertThat(back.id()).isEqualTo(7);
            Map<String, RequestSamples> decoded = back.decodedSamples();
            assertThat(decoded.keySet()).containsExactly("critical", "empty");
            assertThat(bits(decoded.get("critical").ttftMs())).isEqualTo(bits(ttft));
            assertThat(bits(decoded.get("critical").e2eMs())).isEqualTo(bits(e2e));
            assertThat(bits(decoded.get("critical").itlMs())).isEqualTo(bits(itl));
            assertThat(decoded.get("critical").tenants()).isEqualTo(tenants);
            assertThat(decoded.get("empty").size()).isZero();
        }
    }

    private static int[] bits(float[] xs) {
        int[] out = new int[xs.length];
        for (int i = 0; i < xs.length; i++) {
            out[i] = Float.floatToRawIntBits(xs[i]);
        }
        return out;
    }
}
