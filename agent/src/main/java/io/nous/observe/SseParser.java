package io.nous.observe;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * An incremental parser of Server-Sent Events (the WHATWG event-stream format OpenAI-compatible
 * servers stream completions in). Bytes arrive in whatever pieces the network delivers — a line, an
 * event or a UTF-8 character may be split across reads — and every complete event's data is handed
 * on as soon as its terminating blank line arrives. Lines end with LF, CRLF or CR; {@code data:}
 * lines of one event are joined with LF; comments ({@code :...}) and other fields are skipped.
 */
public final class SseParser {
    /** The longest line a stream may send: an OpenAI chunk is a few hundred bytes; a line past this is no event. */
    public static final int MAX_LINE_BYTES = 1 << 20;
    /** The most data one event may carry (its data lines joined). */
    public static final int MAX_EVENT_CHARS = 4 << 20;

    /** A stream that broke a bound: it is refused, never buffered on. */
    public static final class Oversized extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Oversized(String message) {
            super(message);
        }
    }

    private final Consumer<String> onData;
    private byte[] line = new byte[256];
    private int lineLength;
    private boolean afterCr;
    private final StringBuilder data = new StringBuilder();
    private boolean hasData;
    private long lines;

    /** @param onData receives each event's data, in order */
    public SseParser(Consumer<String> onData) {
        this.onData = onData;
    }

    /** Feeds the next bytes of the stream; {@link Oversized} when a line or an event breaks its bound. */
    public void feed(ByteBuffer bytes) {
        while (bytes.hasRemaining()) {
            byte b = bytes.get();
            if (afterCr) {
                afterCr = false;
                if (b == '\n') {
                    continue; // the LF of a CRLF whose CR ended the line
                }
            }
            if (b == '\n' || b == '\r') {
                afterCr = b == '\r';
                endLine();
            } else {
                if (lineLength == MAX_LINE_BYTES) {
                    throw new Oversized("a server-sent event line longer than " + MAX_LINE_BYTES + " bytes");
                }
                if (lineLength == line.length) {
                    line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, line.length * 2));
                }
                line[lineLength++] = b;
            }
        }
    }

    /** Feeds a whole array (for tests and simple callers). */
    public void feed(byte[] bytes) {
        feed(ByteBuffer.wrap(bytes));
    }

    /** True when the stream so far ended in the middle of a line or an event (a truncated stream). */
    public boolean midEvent() {
        return lineLength > 0 || hasData;
    }

    /** Lines seen so far. */
    public long lines() {
        return lines;
    }

    private void endLine() {
        lines++;
        if (lineLength == 0) {
            if (hasData) {
                String d = data.toString();
                data.setLength(0);
                hasData = false;
                onData.accept(d);
            }
            return;
        }
        String s = new String(line, 0, lineLength, StandardCharsets.UTF_8);
        lineLength = 0;
        if (s.charAt(0) == ':') {
            return; // a comment, e.g. a keep-alive
        }
        int colon = s.indexOf(':');
        String field = colon < 0 ? s : s.substring(0, colon);
        if (!field.equals("data")) {
            return; // event, id, retry: nothing an OpenAI stream needs
        }
        String value = colon < 0 ? "" : s.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        if (data.length() + value.length() + 1 > MAX_EVENT_CHARS) {
            throw new Oversized("a server-sent event with more than " + MAX_EVENT_CHARS + " characters of data");
        }
        if (hasData) {
            data.append('\n');
        }
        data.append(value);
        hasData = true;
    }
}
