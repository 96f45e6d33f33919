package io.nous.codegen.isolate;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Lines of a byte stream as bytes, without decoding them: a worker's reply is a line of a megabyte
 * or more (a run's samples in Base64), which the JSON parser reads fastest as UTF-8 bytes, so it
 * never becomes characters on the way. A line ends at {@code \n} (a {@code \r} before it is dropped),
 * and the last line may lack its end.
 */
final class ByteLines {
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int position;
    private int limit;
    private byte[] line = new byte[1 << 12];

    ByteLines(InputStream in) {
        this.in = in;
    }

    /** The next line, or null at the end of the stream. */
    byte[] next() throws IOException {
        int length = 0;
        boolean read = false;
        while (true) {
            if (position == limit) {
                int n = in.read(buffer, 0, buffer.length);
                if (n <= 0) {
                    return read ? Arrays.copyOf(line, length) : null;
                }
                position = 0;
                limit = n;
            }
            read = true;
            int end = position;
            while (end < limit && buffer[end] != '\n') {
                end++;
            }
            int take = end - position;
            if (length + take > line.length) {
                line = Arrays.copyOf(line, Math.max(2 * line.length, length + take));
            }
            System.arraycopy(buffer, position, line, length, take);
            length += take;
            if (end < limit) {
                position = end + 1;
                if (length > 0 && line[length - 1] == '\r') {
                    length--;
                }
                return Arrays.copyOf(line, length);
            }
            position = limit;
        }
    }
}
