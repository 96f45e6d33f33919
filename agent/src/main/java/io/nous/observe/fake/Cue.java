package io.nous.observe.fake;

/**
 * What the fake server does with one request: serve it, or fail it in one of the ways real
 * servers and routers fail.
 *
 * @param kind   the behaviour
 * @param status the HTTP status for {@link Kind#REJECT} and {@link Kind#ERROR}
 * @param reason the router's drop reason header for {@link Kind#REJECT} (null: none)
 * @param tokens for {@link Kind#RESET}: tokens streamed before the connection is reset
 * @param delayMs for {@link Kind#SLOW_HEADERS}: wait before the response starts
 */
public record Cue(Kind kind, int status, String reason, int tokens, long delayMs) {

    /** The behaviours. */
    public enum Kind {
        /** Stream normally, one HTTP chunk per event. */
        SERVE,
        /** Stream normally, but every event split across two HTTP chunks written apart. */
        SPLIT,
        /** Answer with a status and the router's drop-reason header, as the llm-d router does. */
        REJECT,
        /** Answer with an error status and an OpenAI error body. */
        ERROR,
        /** Stream some tokens, then reset the connection (TCP RST). */
        RESET,
        /** Hold the response headers back, then stream normally. */
        SLOW_HEADERS,
        /** Answer 200 with a plain JSON completion, ignoring {@code stream: true}. */
        NOT_STREAMING,
        /** Stream an event whose data is not JSON. */
        MALFORMED,
        /** Start a {@code data:} line and never end it, until the client goes away. */
        ENDLESS_LINE,
        /** Stream valid tokens without end, until the client goes away. */
        ENDLESS_STREAM,
        /** Answer an error status whose body never ends, until the client goes away. */
        ENDLESS_BODY,
        /** Start the stream (headers and one token), then send nothing more, until the client goes away. */
        SILENT_STREAM
    }

    public static final Cue SERVE = new Cue(Kind.SERVE, 200, null, 0, 0);

    public static Cue split() {
        return new Cue(Kind.SPLIT, 200, null, 0, 0);
    }

    public static Cue reject(int status, String reason) {
        return new Cue(Kind.REJECT, status, reason, 0, 0);
    }

    public static Cue error(int status) {
        return new Cue(Kind.ERROR, status, null, 0, 0);
    }

    public static Cue resetAfter(int tokens) {
        return new Cue(Kind.RESET, 200, null, tokens, 0);
    }

    public static Cue slowHeaders(long delayMs) {
        return new Cue(Kind.SLOW_HEADERS, 200, null, 0, delayMs);
    }

    public static Cue notStreaming() {
        return new Cue(Kind.NOT_STREAMING, 200, null, 0, 0);
    }

    public static Cue malformed() {
        return new Cue(Kind.MALFORMED, 200, null, 0, 0);
    }

    public static Cue endlessLine() {
        return new Cue(Kind.ENDLESS_LINE, 200, null, 0, 0);
    }

    public static Cue endlessStream() {
        return new Cue(Kind.ENDLESS_STREAM, 200, null, 0, 0);
    }

    public static Cue endlessBody(int status) {
        return new Cue(Kind.ENDLESS_BODY, status, null, 0, 0);
    }

    public static Cue silentStream() {
        return new Cue(Kind.SILENT_STREAM, 200, null, 0, 0);
    }
}
