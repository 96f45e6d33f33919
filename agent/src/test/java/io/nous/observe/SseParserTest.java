package io.nous.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseParserTest {

    private static List<String> parse(byte[] stream, int... cuts) {
        List<String> events = new ArrayList<>();
        SseParser p = new SseParser(events::add);
        int from = 0;
        for (int cut : cuts) {
            p.feed(ByteBuffer.wrap(stream, from, cut - from));
            from = cut;
        }
        p.feed(ByteBuffer.wrap(stream, from, stream.length - from));
        return events;
    }

    @Test
    void eventsComeOutWhateverTheReadsAreSplit() {
        String text = "data: {\"choices\":[{\"delta\":{\"content\":\"héllo ✓\"}}]}\r\n\r\n: keep-alive\n\nevent: x\nid: 3\ndata: a\ndata: b\n\n"
                + "data:[DONE]\r\r";
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        List<String> whole = parse(b);
        assertThat(whole).containsExactly("{\"choices\":[{\"delta\":{\"content\":\"héllo ✓\"}}]}", "a\nb", "[DONE]");
        for (int i = 1; i < b.length; i++) { // one split at every byte, inside CRLFs and UTF-8 characters too
            assertThat(parse(b, i)).as("split at %d", i).isEqualTo(whole);
        }
        for (int i = 1; i < b.length - 1; i++) {
            assertThat(parse(b, i, i + 1)).as("splits at %d and %d", i, i + 1).isEqualTo(whole);
        }
    }

    @Test
    void aStreamCutInsideAnEventIsNoticed() {
        List<String> events = new ArrayList<>();
        SseParser p = new SseParser(events::add);
        p.feed("data: {\"a\":1}\n\ndata: {\"b\"".getBytes(StandardCharsets.UTF_8));
        assertThat(events).containsExactly("{\"a\":1}");
        assertThat(p.midEvent()).isTrue();
        p.feed(":2}\n\n".getBytes(StandardCharsets.UTF_8));
        assertThat(events).containsExactly("{\"a\":1}", "{\"b\":2}");
        assertThat(p.midEvent()).isFalse();
    }
}
