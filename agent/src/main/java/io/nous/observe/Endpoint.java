package io.nous.observe;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An OpenAI-compatible endpoint (vLLM, or the llm-d router in front of it): where requests go, what
 * their bodies and headers are, and what each streamed event means. Priority travels as the
 * router reads it — the InferenceObjective named in {@value #OBJECTIVE_HEADER} — and the flow
 * within a band as {@value #FAIRNESS_HEADER}.
 */
public final class Endpoint {
    /** Names the InferenceObjective whose priority the router gives the request. */
    public static final String OBJECTIVE_HEADER = "x-llm-d-inference-objective";
    /** The fairness flow of the request within its priority band. */
    public static final String FAIRNESS_HEADER = "x-llm-d-inference-fairness-id";
    /** Why the router refused a request (429/503). */
    public static final String DROP_REASON_HEADER = "x-llm-d-request-dropped-reason";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Which OpenAI API the requests use. */
    public enum Api {
        CHAT("/chat/completions"), COMPLETIONS("/completions");

        final String path;

        Api(String path) {
            this.path = path;
        }

        public String id() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final URI base;
    private final String model;
    private final Api api;
    private final Map<String, String> objectives;
    private final List<String[]> extraHeaders;
    private final boolean ignoreEos;
    private final PromptSynthesizer prompts;

    /**
     * @param url          the server's base URL, with or without {@code /v1}
     * @param objectives   class name → InferenceObjective name (a class not listed uses its own name)
     * @param extraHeaders more headers for every request (e.g. authorization), as name/value pairs
     * @param ignoreEos    ask the server (vLLM's extension) to generate exactly {@code max_tokens}
     */
    public Endpoint(String url, String model, Api api, Map<String, String> objectives, List<String[]> extraHeaders,
                    boolean ignoreEos, PromptSynthesizer prompts) {
        this.base = baseUri(url);
        this.model = model;
        this.api = api;
        this.objectives = Map.copyOf(objectives);
        this.extraHeaders = List.copyOf(extraHeaders);
        this.ignoreEos = ignoreEos;
        this.prompts = prompts;
        if (api == Api.CHAT && prompts.mode() == PromptSynthesizer.Mode.TOKEN_IDS) {
            throw new IllegalArgumentException("token-id prompts need the completions API");
        }
    }

    static URI baseUri(String url) {
        URI u;
        try {
            u = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new EndpointError("--url " + url + " is not a URL: " + e.getReason());
        }
        if (u.getScheme() == null || !(u.getScheme().equals("http") || u.getScheme().equals("https")) || u.getHost() == null) {
            throw new EndpointError("--url must be an http:// or https:// URL with a host, got '" + url + "'");
        }
        String path = u.getPath() == null ? "" : u.getPath().replaceAll("/+$", "");
        if (!path.endsWith("/v1")) {
            path = path + "/v1";
        }
        return u.resolve(path);
    }

    public String url() {
        return base.toString();
    }

    public String model() {
        return model;
    }

    public Api api() {
        return api;
    }

    /** The InferenceObjective a class's requests name. */
    public String objectiveOf(String className) {
        return objectives.getOrDefault(className, className);
    }

    /** The request for one planned request; its body carries the synthesized prompt. */
    public HttpRequest.Builder request(PlannedRequest p, Duration timeout) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + api.path)).timeout(timeout)
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
                .header(OBJECTIVE_HEADER, objectiveOf(p.className())).header(FAIRNESS_HEADER, p.fairnessId());
        for (String[] h : extraHeaders) {
            b.header(h[0], h[1]);
        }
        return b;
    }

    /** The JSON body of one request. */
    public byte[] body(PlannedRequest p) {
        ObjectNode o = JSON.createObjectNode();
        o.put("model", model);
        if (api == Api.CHAT) {
            ArrayNode messages = o.putArray("messages");
            messages.addObject().put("role", "user").put("content", prompts.text(p.id(), p.inputTokens(), p.content()));
        } else if (prompts.mode() == PromptSynthesizer.Mode.TOKEN_IDS) {
            ArrayNode ids = o.putArray("prompt");
            for (int id : prompts.tokenIds(p.id(), p.inputTokens(), p.content())) {
                ids.add(id);
            }
        } else {
            o.put("prompt", prompts.text(p.id(), p.inputTokens(), p.content()));
        }
        o.put("max_tokens", p.outputTokens());
        o.put("stream", true);
        o.putObject("stream_options").put("include_usage", true);
        if (ignoreEos) {
            o.put("ignore_eos", true);
        }
        try {
            return JSON.writeValueAsBytes(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * What one streamed event says.
     *
     * @param cachedTokens the usage's {@code prompt_tokens_details.cached_tokens}, or -1 when not reported
     */
    public record Event(boolean done, int tokens, int promptTokens, int completionTokens, String error, int cachedTokens, String impossible) {
        public Event(boolean done, int tokens, int promptTokens, int completionTokens, String error) {
            this(done, tokens, promptTokens, completionTokens, error, -1, null);
        }
    }

    /** Counts a usage report may hold: whole numbers up to this many tokens (far past any model's context). */
    static final long MAX_USAGE_TOKENS = 10_000_000;

    /** A usage count: -1 when absent, else the whole number it holds; {@code why[0]} says what is impossible about it. */
    private static int count(JsonNode n, String name, String[] why) {
        if (n.isMissingNode() || n.isNull()) {
            return -1;
        }
        if (!n.isIntegralNumber() || n.asLong() < 0 || n.asLong() > MAX_USAGE_TOKENS) {
            why[0] = why[0] != null ? why[0] : name + " is " + abbreviate(n.toString()) + ", not a whole number from 0 to " + MAX_USAGE_TOKENS;
            return -1;
        }
        return n.asInt();
    }

    /**
     * Reads one event's data: {@code [DONE]}, a chunk with output text (one token), a usage chunk,
     * or an error object. Anything else is not the OpenAI protocol: an {@link EndpointError}.
     */
    public Event parse(String data) {
        if (data.equals("[DONE]")) {
            return new Event(true, 0, -1, -1, null);
        }
        JsonNode n;
        try {
            n = JSON.readTree(data);
        } catch (JsonProcessingException e) {
            throw new EndpointError("malformed server-sent event from " + base + ": data is not JSON: " + abbreviate(data));
        }
        if (n == null || !n.isObject()) {
            throw new EndpointError("malformed server-sent event from " + base + ": data is not a JSON object: " + abbreviate(data));
        }
        if (n.has("error")) {
            JsonNode e = n.get("error");
            return new Event(false, 0, -1, -1, e.isObject() ? e.path("message").asText(e.toString()) : e.asText());
        }
        if (!n.has("choices")) {
            throw new EndpointError("malformed server-sent event from " + base + ": no 'choices' in " + abbreviate(data));
        }
        String[] why = {null};
        if (!n.get("choices").isArray()) {
            why[0] = "'choices' is " + n.get("choices").getNodeType().name().toLowerCase(java.util.Locale.ROOT) + ", not a list";
        }
        int tokens = 0;
        for (JsonNode c : n.get("choices")) {
            String text = api == Api.CHAT
                    ? firstNonEmpty(c.path("delta").path("content").asText(""), c.path("delta").path("reasoning_content").asText(""))
                    : c.path("text").asText("");
            if (!text.isEmpty()) {
                tokens++;
            }
        }
        // a usage the server could not have measured (negative, fractional, astronomically large) marks the request failed with
        // the reason, so that compare and calibrate never fit it
        JsonNode usage = n.path("usage");
        int prompt = usage.isObject() ? count(usage.path("prompt_tokens"), "usage.prompt_tokens", why) : -1;
        int completion = usage.isObject() ? count(usage.path("completion_tokens"), "usage.completion_tokens", why) : -1;
        int cached = usage.isObject() ? count(usage.path("prompt_tokens_details").path("cached_tokens"),
                "usage.prompt_tokens_details.cached_tokens", why) : -1;
        if (why[0] == null && cached > 0 && prompt >= 0 && cached > prompt) {
            why[0] = "usage says " + cached + " cached tokens of a " + prompt + "-token prompt";
        }
        return new Event(false, tokens, prompt, completion, null, cached, why[0]);
    }

    private static String firstNonEmpty(String a, String b) {
        return a.isEmpty() ? b : a;
    }

    /** The message of an error response body (OpenAI's {@code error.message}, or {@code message}), else the body itself, abbreviated. */
    static String errorMessage(String body) {
        try {
            JsonNode n = JSON.readTree(body);
            if (n != null && n.has("error")) {
                JsonNode e = n.get("error");
                return abbreviate(e.isObject() ? e.path("message").asText(e.toString()) : e.asText());
            }
            if (n != null && n.has("message")) {
                return abbreviate(n.get("message").asText());
            }
        } catch (JsonProcessingException notJson) {
            // the raw body says it
        }
        return body.isBlank() ? "(empty body)" : abbreviate(body);
    }

    static String abbreviate(String s) {
        String t = s.replaceAll("\\s+", " ").trim();
        return t.length() > 120 ? t.substring(0, 117) + "..." : t;
    }

    /** The most a model list may hold: a real one is a few hundred bytes per model. */
    static final int MAX_MODELS_BYTES = 1 << 20;

    /**
     * Checks, before any load, that the endpoint answers and serves the model: {@code GET /v1/models}.
     * A server that has no model list (404) is given the benefit of the doubt.
     */
    public void probe(HttpClient client, Duration timeout) {
        HttpResponse<BoundedBody.Bytes> r;
        BoundedBody[] reading = new BoundedBody[1];
        java.util.concurrent.CompletableFuture<HttpResponse<BoundedBody.Bytes>> call = client.sendAsync(
                HttpRequest.newBuilder(URI.create(base + "/models")).timeout(timeout).GET().build(),
                BoundedBody.handler(MAX_MODELS_BYTES, b -> reading[0] = b));
        try {
            // the request timeout covers the headers; the whole answer, body included, must come within it too
            r = call.get(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            if (reading[0] != null) {
                reading[0].cut();
            }
            call.cancel(true);
            throw new EndpointError(base + "/models did not finish its answer within " + timeout.toSeconds() + " s");
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof ConnectException) {
                throw new EndpointError("cannot reach " + base + ": connection refused (is the server running?)");
            }
            if (c instanceof HttpTimeoutException) {
                throw new EndpointError("cannot reach " + base + ": no answer within " + timeout.toSeconds() + " s");
            }
            String why = c == null || c.getMessage() == null ? (c == null ? "unknown failure" : c.getClass().getSimpleName()) : c.getMessage();
            throw new EndpointError("cannot reach " + base + ": " + why);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EndpointError("interrupted while checking " + base);
        }
        if (r.body().cut()) {
            throw new EndpointError(base + "/models answered more than " + MAX_MODELS_BYTES / 1024 + " KiB; a model list is a few hundred bytes");
        }
        if (r.statusCode() == 404) {
            return;
        }
        if (r.statusCode() != 200) {
            throw new EndpointError(base + "/models answered HTTP " + r.statusCode() + ": " + abbreviate(r.body().text()));
        }
        List<String> served = new ArrayList<>();
        try {
            for (JsonNode m : JSON.readTree(r.body().text()).path("data")) {
                served.add(m.path("id").asText());
            }
        } catch (JsonProcessingException e) {
            throw new EndpointError(base + "/models did not answer JSON: " + abbreviate(r.body().text()));
        }
        if (!served.isEmpty() && !served.contains(model)) {
            throw new EndpointError("model '" + model + "' is not served by " + base + " (it serves: " + String.join(", ", served) + ")");
        }
    }
}
