package io.nous.observe.fake;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An OpenAI-compatible server on a real socket that streams completions as a model server would,
 * without a model: tokens paced by a {@link FakeEngine}, framed as server-sent events over HTTP/1.1
 * chunked encoding, with keep-alive. A {@link Cue} per request makes it fail on purpose (router
 * drops with their reason header, error statuses, a reset mid-stream, slow headers, a non-streaming
 * answer, malformed events, events split across reads). For tests of {@code nous observe} and for
 * trying observe, compare and calibrate without a GPU ({@code nous fake-server}).
 */
public final class FakeOpenAiServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] CRLF = {'\r', '\n'};

    /** What the server knows of a request when it picks its cue. */
    public record Received(int index, String path, Map<String, String> headers, int promptTokens, int maxTokens) {
    }

    private final ServerSocket socket;
    private final String model;
    private final FakeEngine engine;
    private final Function<Received, Cue> cues;
    private final ExecutorService connections = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fake-server-connection");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger received = new AtomicInteger();
    private final java.util.Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;
    private volatile boolean closed;
    private volatile Cue.Kind modelsMisbehaviour;

    /**
     * @param port 0 for any free port
     * @param cues what to do with each request (by arrival order at the server, headers, lengths)
     */
    public FakeOpenAiServer(int port, String model, FakeEngine.Costs costs, Function<Received, Cue> cues) throws IOException {
        this.socket = new ServerSocket();
        this.socket.setReuseAddress(true);
        this.socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1024);
        this.model = model;
        this.engine = new FakeEngine(costs);
        this.cues = cues;
        this.acceptor = new Thread(this::accept, "fake-server-accept");
        this.acceptor.setDaemon(true);
        this.acceptor.start();
    }

    /**
     * Makes {@code GET /v1/models} misbehave: {@link Cue.Kind#ENDLESS_LINE} answers a body that never
     * ends, as fast as the client reads; {@link Cue.Kind#ENDLESS_STREAM} drips one byte at a time, forever.
     */
    public FakeOpenAiServer misbehaveOnModels(Cue.Kind how) {
        this.modelsMisbehaviour = how;
        return this;
    }

    /** The base URL, e.g. {@code http://127.0.0.1:41234}. */
    public String url() {
        return "http://" + socket.getInetAddress().getHostAddress() + ":" + socket.getLocalPort();
    }

    public int port() {
        return socket.getLocalPort();
    }

    /** Completion requests received so far. */
    public int received() {
        return received.get();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket s = socket.accept();
                s.setTcpNoDelay(true);
                connections.execute(() -> serve(s));
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    /** Serves one connection's requests until the client closes it. */
    private void serve(Socket s) {
        open.add(s);
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            while (!closed) {
                Request r = Request.read(in);
                if (r == null) {
                    return;
                }
                if (!handle(r, s, out)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the client went away
        } finally {
            open.remove(s);
        }
    }

    /** Answers one request; false when the connection must not be reused. */
    private boolean handle(Request r, Socket s, OutputStream out) throws IOException {
        if (r.method.equals("GET") && r.path.equals("/v1/models")) {
            Cue.Kind how = modelsMisbehaviour;
            if (how != null) {
                endlessBody(out, 200, "application/json", how == Cue.Kind.ENDLESS_STREAM);
                return false;
            }
            ObjectNode o = JSON.createObjectNode().put("object", "list");
            o.putArray("data").addObject().put("id", model).put("object", "model").put("owned_by", "nous-fake");
            respond(out, 200, "application/json", JSON.writeValueAsBytes(o), Map.of());
            return true;
        }
        boolean chat = r.path.equals("/v1/chat/completions");
        if (!r.method.equals("POST") || !(chat || r.path.equals("/v1/completions"))) {
            respond(out, 404, "application/json", error("Not Found: " + r.method + " " + r.path), Map.of());
            return true;
        }
        JsonNode body;
        try {
            body = JSON.readTree(r.body);
        } catch (IOException e) {
            respond(out, 400, "application/json", error("request body is not JSON"), Map.of());
            return true;
        }
        if (body == null || !model.equals(body.path("model").asText())) {
            respond(out, 404, "application/json", error("The model `" + (body == null ? "" : body.path("model").asText()) + "` does not exist."), Map.of());
            return true;
        }
        List<String> promptTokens = promptTokens(body, chat);
        int prompt = Math.max(1, promptTokens.size());
        int maxTokens = Math.max(1, body.path("max_tokens").asInt(16));
        Cue cue = cues.apply(new Received(received.getAndIncrement(), r.path, r.headers, prompt, maxTokens));
        switch (cue.kind()) {
            case REJECT -> {
                Map<String, String> h = cue.reason() == null ? Map.of() : Map.of("x-llm-d-request-dropped-reason", cue.reason());
                respond(out, cue.status(), "application/json", error("request dropped: " + cue.reason()), h);
                return true;
            }
            case ERROR -> {
                respond(out, cue.status(), "application/json", error("internal failure on cue"), Map.of());
                return true;
            }
            case ENDLESS_BODY -> {
                endlessBody(out, cue.status(), "text/html", false);
                return false;
            }
            case SLOW_HEADERS -> sleep(cue.delayMs());
            default -> { }
        }
        boolean stream = body.path("stream").asBoolean(false) && cue.kind() != Cue.Kind.NOT_STREAMING;
        BlockingQueue<long[]> tokens = new ArrayBlockingQueue<>(maxTokens + 1);
        int[] cached = {0};
        engine.submit(prompt, engine.cachesPrefixes() ? promptBlocks(promptTokens) : null, maxTokens, new FakeEngine.Sink() {
            @Override
            public void token(int n, boolean last, long dueNanos) {
                tokens.add(new long[] {n, last ? 1 : 0, dueNanos});
            }

            @Override
            public void cached(int tokens) {
                cached[0] = tokens;
            }
        });
        String id = "cmpl-" + r.hashCode();
        if (!stream) {
            int n = 0;
            while (true) {
                long[] t = take(tokens);
                n = (int) t[0];
                if (t[1] == 1) {
                    break;
                }
            }
            ObjectNode o = JSON.createObjectNode().put("id", id).put("object", chat ? "chat.completion" : "text_completion").put("model", model);
            ObjectNode c = o.putArray("choices").addObject().put("index", 0).put("finish_reason", "length");
            if (chat) {
                c.putObject("message").put("role", "assistant").put("content", " tok".repeat(n));
            } else {
                c.put("text", " tok".repeat(n));
            }
            usage(o, prompt, n, engine.cachesPrefixes() ? cached[0] : -1);
            respond(out, 200, "application/json", JSON.writeValueAsBytes(o), Map.of());
            return true;
        }
        out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\nCache-Control: no-cache\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
        boolean split = cue.kind() == Cue.Kind.SPLIT;
        if (cue.kind() == Cue.Kind.SILENT_STREAM) {
            event(out, oneToken(id, chat), false);
            while (!closed) {
                sleep(20); // nothing more, until the server closes
            }
            return false;
        }
        if (cue.kind() == Cue.Kind.ENDLESS_LINE || cue.kind() == Cue.Kind.ENDLESS_STREAM) {
            misbehave(out, cue.kind(), id, chat);
            return false;
        }
        if (chat) {
            ObjectNode first = chunk(id, true);
            first.withArray("choices").addObject().put("index", 0).putObject("delta").put("role", "assistant").put("content", "");
            event(out, JSON.writeValueAsString(first), split);
        }
        while (true) {
            long[] t = take(tokens);
            if (cue.kind() == Cue.Kind.RESET && t[0] > cue.tokens()) {
                s.setSoLinger(true, 0);
                s.close(); // RST: the client sees a reset mid-stream
                return false;
            }
            if (cue.kind() == Cue.Kind.MALFORMED && t[0] == 2) {
                event(out, "{not json", split);
            }
            ObjectNode o = chunk(id, chat);
            ObjectNode c = o.withArray("choices").addObject().put("index", 0);
            String word = t[0] == 1 ? "Hello" : " tok";
            if (chat) {
                c.putObject("delta").put("content", word);
            } else {
                c.put("text", word);
            }
            if (t[1] == 1) {
                c.put("finish_reason", "length");
            } else {
                c.putNull("finish_reason");
            }
            event(out, JSON.writeValueAsString(o), split);
            if (t[1] == 1) {
                ObjectNode u = chunk(id, chat);
                u.putArray("choices");
                usage(u, prompt, (int) t[0], engine.cachesPrefixes() ? cached[0] : -1);
                event(out, JSON.writeValueAsString(u), split);
                break;
            }
        }
        event(out, "[DONE]", split);
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return true;
    }

    private static long[] take(BlockingQueue<long[]> q) throws IOException {
        try {
            return q.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    private ObjectNode chunk(String id, boolean chat) {
        return JSON.createObjectNode().put("id", id).put("object", chat ? "chat.completion.chunk" : "text_completion")
                .put("created", 0).put("model", model);
    }

    /** The usage object; with a prefix cache, {@code prompt_tokens_details.cached_tokens} as vLLM reports it. */
    private static void usage(ObjectNode o, int prompt, int completion, int cachedTokens) {
        ObjectNode u = o.putObject("usage").put("prompt_tokens", prompt).put("completion_tokens", completion)
                .put("total_tokens", prompt + completion);
        if (cachedTokens >= 0) {
            u.putObject("prompt_tokens_details").put("cached_tokens", cachedTokens);
        }
    }

    /**
     * The names of the prompt's full 16-token blocks: each chains its tokens onto the previous block's
     * name, so equal names mean equal prefixes.
     */
    private static long[] promptBlocks(List<String> tokens) {
        long[] blocks = new long[tokens.size() / FakeEngine.BLOCK_TOKENS];
        long h = 0x2545F4914F6CDD1DL;
        for (int i = 0; i < blocks.length * FakeEngine.BLOCK_TOKENS; i++) {
            h = (h ^ tokens.get(i).hashCode()) * 0x100000001B3L;
            if ((i + 1) % FakeEngine.BLOCK_TOKENS == 0) {
                blocks[i / FakeEngine.BLOCK_TOKENS] = h;
            }
        }
        return blocks;
    }

    private static void addWords(List<String> out, String s) {
        String t = s.trim();
        if (!t.isEmpty()) {
            out.addAll(Arrays.asList(t.split("\\s+")));
        }
    }

    /** The prompt's tokens as this server counts them: words of text, or ids. */
    private static List<String> promptTokens(JsonNode body, boolean chat) {
        List<String> tokens = new ArrayList<>();
        if (chat) {
            for (JsonNode m : body.path("messages")) {
                addWords(tokens, m.path("content").asText(""));
            }
        } else if (body.path("prompt").isArray()) {
            for (JsonNode id : body.path("prompt")) {
                tokens.add(id.asText());
            }
        } else {
            addWords(tokens, body.path("prompt").asText(""));
        }
        return tokens;
    }

    /** A response whose body never ends: as fast as the client reads, or one byte every 50 ms. */
    private void endlessBody(OutputStream out, int status, String type, boolean drip) throws IOException {
        out.write(("HTTP/1.1 " + status + " Misbehaving\r\nContent-Type: " + type + "\r\nTransfer-Encoding: chunked\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        byte[] more = (drip ? "x" : "x".repeat(64 * 1024)).getBytes(StandardCharsets.US_ASCII);
        while (!closed) {
            httpChunk(out, more, 0, more.length);
            out.flush();
            if (drip) {
                sleep(50);
            }
        }
    }

    /** A server that never ends its line, or its stream: it writes until the client goes away (the write fails). */
    private void misbehave(OutputStream out, Cue.Kind kind, String id, boolean chat) throws IOException {
        if (kind == Cue.Kind.ENDLESS_LINE) {
            byte[] start = "data: {\"choices\": [{\"text\": \"".getBytes(StandardCharsets.US_ASCII);
            httpChunk(out, start, 0, start.length);
            byte[] more = "x".repeat(64 * 1024).getBytes(StandardCharsets.US_ASCII);
            while (!closed) {
                httpChunk(out, more, 0, more.length);
                out.flush();
            }
            return;
        }
        while (!closed) {
            event(out, oneToken(id, chat), false);
            sleep(5);
        }
    }

    /** One streamed token's event data, not the last. */
    private String oneToken(String id, boolean chat) throws IOException {
        ObjectNode o = chunk(id, chat);
        ObjectNode c = o.withArray("choices").addObject().put("index", 0);
        if (chat) {
            c.putObject("delta").put("content", " tok");
        } else {
            c.put("text", " tok");
        }
        c.putNull("finish_reason");
        return JSON.writeValueAsString(o);
    }

    /** One SSE event as one HTTP chunk, or as two chunks written 1 ms apart when split. */
    private static void event(OutputStream out, String data, boolean split) throws IOException {
        byte[] e = ("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8);
        if (!split) {
            httpChunk(out, e, 0, e.length);
            out.flush();
            return;
        }
        int half = Math.max(1, e.length / 2);
        httpChunk(out, e, 0, half);
        out.flush();
        sleep(1);
        httpChunk(out, e, half, e.length - half);
        out.flush();
    }

    private static void httpChunk(OutputStream out, byte[] b, int off, int len) throws IOException {
        out.write(Integer.toHexString(len).getBytes(StandardCharsets.US_ASCII));
        out.write(CRLF);
        out.write(b, off, len);
        out.write(CRLF);
    }

    private static byte[] error(String message) throws IOException {
        ObjectNode o = JSON.createObjectNode();
        o.putObject("error").put("message", message).put("type", "invalid_request_error");
        return JSON.writeValueAsBytes(o);
    }

    private static void respond(OutputStream out, int status, String type, byte[] body, Map<String, String> headers) throws IOException {
        StringBuilder h = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(status == 200 ? "OK" : "Status").append("\r\n");
        h.append("Content-Type: ").append(type).append("\r\nContent-Length: ").append(body.length).append("\r\n");
        headers.forEach((k, v) -> h.append(k).append(": ").append(v).append("\r\n"));
        h.append("\r\n");
        out.write(h.toString().getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        engine.close();
        for (Socket s : open) {
            try {
                s.close(); // a connection thread blocked reading a kept-alive connection wakes up
            } catch (IOException ignored) {
                // closing anyway
            }
        }
        connections.shutdownNow();
        try {
            connections.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A parsed HTTP/1.1 request: method, path, lower-case headers, body (Content-Length only). */
    private record Request(String method, String path, Map<String, String> headers, byte[] body) {
        static Request read(InputStream in) throws IOException {
            String line = line(in);
            if (line == null) {
                return null;
            }
            String[] parts = line.split(" ");
            if (parts.length < 3) {
                throw new IOException("bad request line: " + line);
            }
            Map<String, String> headers = new LinkedHashMap<>();
            String h;
            while ((h = line(in)) != null && !h.isEmpty()) {
                int c = h.indexOf(':');
                if (c > 0) {
                    headers.put(h.substring(0, c).trim().toLowerCase(Locale.ROOT), h.substring(c + 1).trim());
                }
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            byte[] body = in.readNBytes(length);
            if (body.length < length) {
                return null;
            }
            return new Request(parts[0], parts[1], headers, body);
        }

        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream(128);
            int c;
            while ((c = in.read()) >= 0) {
                if (c == '\n') {
                    byte[] bytes = b.toByteArray();
                    int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                    return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
                }
                b.write(c);
            }
            return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
        }
    }

}
