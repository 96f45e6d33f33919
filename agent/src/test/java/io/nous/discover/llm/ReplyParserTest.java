package io.nous.discover.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The strict reply parser: what it accepts, and what it sends back to the model as wrong. */
class ReplyParserTest {
    private static final String SOURCE = "class P implements io.nous.sim.spi.UsageLimitPolicy { public void computeLimit(double s, int[] p, double[] c) {} }";
    private static final String PREDICTIONS = "\"predictions\": [{\"regime\": \"near\", \"direction\": \"decrease\", \"magnitude\": -0.4}]";

    private static String reply(String extra) {
        return "{\"hypothesis\": \"h\", \"mechanism\": \"m\", " + PREDICTIONS + ", \"source\": \"" + SOURCE + "\"" + extra + "}";
    }

    @Test
    void acceptsOneObjectInACodeFenceWithArms() throws Exception {
        ReplyParser.Parsed p = ReplyParser.parse("```json\n" + reply(", \"arms\": [{\"role\": \"control\", \"purpose\": \"x\", \"source\": \""
                + SOURCE + "\"}]") + "\n```");
        assertThat(p.source()).contains("computeLimit");
        assertThat(p.predictions()).singleElement().satisfies(x -> assertThat(x.magnitude()).isEqualTo(-0.4));
        assertThat(p.arms()).singleElement().satisfies(a -> assertThat(a.role()).isEqualTo("control"));
    }

    @Test
    void saysWhatIsWrongWithAnUnusableReply() {
        assertThatThrownBy(() -> ReplyParser.parse("")).hasMessageContaining("empty");
        assertThatThrownBy(() -> ReplyParser.parse(reply("").substring(0, 60))).hasMessageContaining("cut off");
        assertThatThrownBy(() -> ReplyParser.parse("[1, 2]")).hasMessageContaining("one JSON object");
        assertThatThrownBy(() -> ReplyParser.parse(reply("").replace(SOURCE, "class P {}"))).hasMessageContaining("no Java source");
        assertThatThrownBy(() -> ReplyParser.parse(reply("").replace("\"near\"", "\"over\""))).hasMessageContaining("regime");
        assertThatThrownBy(() -> ReplyParser.parse(reply("").replace("decrease", "down"))).hasMessageContaining("direction");
        assertThatThrownBy(() -> ReplyParser.parse(reply(", \"arms\": [{\"role\": \"main\", \"source\": \"" + SOURCE + "\"}]")))
                .hasMessageContaining("arm role");
        String arm = "{\"role\": \"ablation\", \"purpose\": \"x\", \"source\": \"" + SOURCE + "\"}";
        assertThatThrownBy(() -> ReplyParser.parse(reply(", \"arms\": [" + arm + "," + arm + "," + arm + "]")))
                .hasMessageContaining("at most 2 arms");
    }
}
