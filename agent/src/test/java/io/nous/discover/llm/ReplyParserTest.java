package io.nous.discover.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The reply parser: what it accepts, how it reads replies that depart from the format, and what it sends back as wrong. */
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
    void readsTheThreeReplyStylesModelsWriteMostBesideTheFormat() throws Exception {
        String java = "public final class P implements io.nous.sim.spi.UsageLimitPolicy {\n"
                + "    public void computeLimit(double s, int[] p, double[] c) {\n        // open every band\n    }\n}";
        // a placeholder in "source", the Java in a fence after the object (whose braces the fence's braces must not confuse)
        ReplyParser.Parsed placeholder = ReplyParser.parse("{\"hypothesis\": \"h\", \"mechanism\": \"m\", " + PREDICTIONS
                + ", \"source\": \"see the Java below\"}\n\n```java\n" + java + "\n```\n");
        assertThat(placeholder.source()).isEqualTo(java);
        assertThat(placeholder.notes()).anyMatch(n -> n.contains("placeholder (\"see the Java below\")"));
        // raw line breaks inside the JSON string that holds the Java
        ReplyParser.Parsed rawNewlines = ReplyParser.parse("{\"hypothesis\": \"h\", \"mechanism\": \"m\", " + PREDICTIONS
                + ", \"source\": \"" + java + "\"}");
        assertThat(rawNewlines.source()).isEqualTo(java);
        assertThat(rawNewlines.notes()).anyMatch(n -> n.contains("read leniently"));
        // comments and a trailing comma
        ReplyParser.Parsed commented = ReplyParser.parse("{\n  // the idea\n  \"hypothesis\": \"h\",\n  \"mechanism\": \"m\", /* why */\n  "
                + PREDICTIONS + ",\n  \"source\": \"" + SOURCE + "\",\n}");
        assertThat(commented.hypothesis()).isEqualTo("h");
        assertThat(commented.source()).isEqualTo(SOURCE);
    }

    @Test
    void aReplyThatIsMerelyWrongIsNotCalledCutOff() {
        assertThatThrownBy(() -> ReplyParser.parse("{\"hypothesis\": \"h\" \"mechanism\": \"m\"}"))
                .hasMessageContaining("line 1, column").hasMessageNotContaining("cut off").hasMessageNotContaining("Source:");
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

    @Test
    void aReplyThatKeepsToTheFormatHasNoNotes() throws Exception {
        assertThat(ReplyParser.parse(reply("")).notes()).isEmpty();
        assertThat(ReplyParser.parse("```json\n" + reply("") + "\n```").notes()).isEmpty();
    }

    @Test
    void readsTheJavaUnderANearMissKeyAndInsideAFenceWithNotes() throws Exception {
        // the reply a plausible endpoint wrote: the class under "code", fenced inside the string
        String fenced = "```java\n" + SOURCE + "\n```";
        ReplyParser.Parsed p = ReplyParser.parse(reply("").replace("\"source\": \"" + SOURCE + "\"",
                "\"code\": " + com.fasterxml.jackson.databind.node.TextNode.valueOf(fenced)));
        assertThat(p.source()).isEqualTo(SOURCE);
        assertThat(p.notes()).containsExactly("the Java of the reply was read from \"code\"; the format asks for \"source\"",
                "the Java in \"code\" of the reply was inside a Markdown fence; the fence was removed");
        // a key that only differs in case, and an arm under "java"
        ReplyParser.Parsed arm = ReplyParser.parse(reply(", \"arms\": [{\"role\": \"control\", \"purpose\": \"x\", \"java\": \"" + SOURCE + "\"}]")
                .replace("\"source\"", "\"Source\""));
        assertThat(arm.arms()).singleElement().satisfies(a -> assertThat(a.source()).isEqualTo(SOURCE));
        assertThat(arm.notes()).anySatisfy(n -> assertThat(n).contains("\"Source\"")).anySatisfy(n -> assertThat(n).contains("control arm")
                .contains("\"java\""));
    }

    @Test
    void readsTheObjectAfterProseAndTheJavaFromAFenceBesideIt() throws Exception {
        String noSource = reply("").replace(", \"source\": \"" + SOURCE + "\"", "");
        ReplyParser.Parsed p = ReplyParser.parse("Here is my proposal.\n\n```json\n" + noSource + "\n```\n\nAnd the policy:\n\n```java\n" + SOURCE
                + "\n```\n");
        assertThat(p.source()).isEqualTo(SOURCE);
        assertThat(p.notes()).containsExactly("the JSON object was read from a fenced block among other text",
                "the Java was read from a ```java fence beside the JSON object, not from \"source\"");
        ReplyParser.Parsed prose = ReplyParser.parse("Sure! " + reply("") + " Let me know.");
        assertThat(prose.source()).isEqualTo(SOURCE);
        assertThat(prose.notes()).singleElement().asString().contains("between prose");
        // a near-miss key that holds no Java is still no Java
        assertThatThrownBy(() -> ReplyParser.parse(noSource.substring(0, noSource.length() - 1) + ", \"code\": \"see below\"}")).hasMessageContaining("no Java source");
    }
}
