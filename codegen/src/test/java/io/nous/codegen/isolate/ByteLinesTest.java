package io.nous.codegen.isolate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Byte lines are the lines a reader of characters would find, whatever sizes the stream's reads come in. */
class ByteLinesTest {
    @Test
    void linesEndAtLineFeedsDropACarriageReturnAndTheLastMayLackItsEnd() throws IOException {
        assertThat(lines("a\nbc\r\n\n\u00e9t\u00e9 \u2713\nlast", 3)).containsExactly("a", "bc", "", "\u00e9t\u00e9 \u2713", "last");
        assertThat(lines("one\n", 1)).containsExactly("one");
        assertThat(lines("", 5)).isEmpty();
    }

    @Test
    void aLineLongerThanTheBufferComesWholeAcrossReadsOfAnySize() throws IOException {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 40; trial++) {
            StringBuilder text = new StringBuilder();
            List<String> expected = new ArrayList<>();
            int count = 1 + random.nextInt(6);
            for (int i = 0; i < count; i++) {
                int length = random.nextInt(4) == 0 ? 100_000 + random.nextInt(300_000) : random.nextInt(200);
                StringBuilder line = new StringBuilder(length);
                for (int c = 0; c < length; c++) {
                    line.append((char) ('!' + random.nextInt(90)));
                }
                expected.add(line.toString());
                text.append(line).append(random.nextBoolean() ? "\n" : "\r\n");
            }
            assertThat(lines(text.toString(), 1 + random.nextInt(100_000))).as("trial %d", trial).isEqualTo(expected);
        }
    }

    /** The lines of {@code text}, read from a stream that hands out at most {@code chunk} bytes a read. */
    private static List<String> lines(String text, int chunk) throws IOException {
        InputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
        ByteLines lines = new ByteLines(in);
        List<String> out = new ArrayList<>();
        for (byte[] l; (l = lines.next()) != null; ) {
            out.add(new String(l, StandardCharsets.UTF_8));
        }
        return out;
    }
}
