package io.nous.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Plain decimals only, and every double reads back to the same bits. */
class PlainJsonTest {
    private final ObjectMapper json = PlainJson.mapper();

    @Test
    void numbersArePlainDecimals() throws Exception {
        ObjectNode o = json.createObjectNode();
        o.put("small", -9.859001200166163E-4);
        o.put("big", 1.5e20);
        o.put("decimal", new BigDecimal("6E+2"));
        o.put("float", 1.0e-5f);
        o.put("nan", Double.NaN);
        String text = json.writeValueAsString(o);
        assertThat(text).isEqualTo("{\"small\":-0.0009859001200166163,\"big\":150000000000000000000.0,\"decimal\":600,"
                + "\"float\":0.00001,\"nan\":\"NaN\"}");
    }

    @Test
    void everyDoubleRoundTripsExactly() throws Exception {
        SplittableRandom rng = new SplittableRandom(42);
        for (int i = 0; i < 20_000; i++) {
            double v = switch (i % 4) {
                case 0 -> rng.nextDouble();
                case 1 -> (rng.nextDouble() - 0.5) * Math.pow(10, rng.nextInt(-12, 12));
                case 2 -> Double.longBitsToDouble(rng.nextLong()) ;
                default -> rng.nextInt(-1000, 1000) / 8.0;
            };
            if (!Double.isFinite(v) || Math.abs(v) > 1e30 || (v != 0 && Math.abs(v) < 1e-30)) {
                continue;
            }
            String text = json.writeValueAsString(json.createObjectNode().put("v", v));
            assertThat(text).doesNotContain("E");
            double back = json.readTree(text).get("v").asDouble();
            assertThat(Double.doubleToRawLongBits(back)).as(text).isEqualTo(Double.doubleToRawLongBits(v));
        }
        assertThat(json.writeValueAsString(json.createObjectNode().put("z", -0.0))).isEqualTo("{\"z\":-0.0}");
    }
}
