package io.nous.discover.llm;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.ModelNotFoundException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.nous.discover.Problems;
import io.nous.discover.Proposal;
import io.nous.discover.ProposalContext;
import io.nous.discover.ProposalUnavailable;
import io.nous.discover.Proposer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Proposes through any OpenAI-compatible chat endpoint with LangChain4j. Each proposal is one
 * conversation: the prompt (see {@link Prompts}); retries with exponential backoff on 429, 5xx and
 * timeouts; and, when the reply is not usable JSON or has no code, up to {@link #REPLY_REPAIRS}
 * follow-ups saying what was wrong. Every call is recorded in the {@link ExchangeLog}. When the model
 * keeps failing the iteration yields no proposal (journaled, not fatal); when the token budget is
 * spent the run stops cleanly.
 */
public final class LlmProposer implements Proposer {
    static final int REPLY_REPAIRS = 2;

    private final LlmSettings settings;
    private final ExchangeLog log;
    private LlmSettings.ReplyFormat format;
    private ChatModel model;

    public LlmProposer(LlmSettings settings, ExchangeLog log) {
        this.settings = settings;
        this.log = log;
        this.format = settings.replyFormat();
        this.model = model(settings, format);
    }

    /** The {@code response_format} this proposer asks for now (weaker than configured once the endpoint refused one). */
    public LlmSettings.ReplyFormat replyFormat() {
        return format;
    }

    private static ChatModel model(LlmSettings settings, LlmSettings.ReplyFormat format) {
        OpenAiChatModel.OpenAiChatModelBuilder b = OpenAiChatModel.builder()
                .baseUrl(settings.baseUrl())
                .apiKey(settings.apiKey() == null || settings.apiKey().isBlank() ? "no-key" : settings.apiKey())
                .modelName(settings.model())
                .temperature(settings.temperature())
                .maxTokens(settings.maxTokens())
                .timeout(settings.timeout())
                .maxRetries(0); // retries are ours: counted, journaled and deterministic in tests
        switch (format) {
            case JSON_OBJECT -> b.responseFormat("json_object");
            case JSON_SCHEMA -> b.responseFormat(ReplySchema.responseFormat()).strictJsonSchema(true)
                    .supportedCapabilities(dev.langchain4j.model.chat.Capability.RESPONSE_FORMAT_JSON_SCHEMA);
            case TEXT -> { }
            default -> throw new IllegalStateException(format.name());
        }
        return b.build();
    }

    @Override
    public String name() {
        return "llm";
    }

    @Override
    public Proposal propose(ProposalContext ctx) {
        List<ChatMessage> messages = new ArrayList<>(List.of(SystemMessage.from(Prompts.system()), UserMessage.from(Prompts.user(ctx))));
        String lastProblem = null;
        for (int repair = 0; repair <= REPLY_REPAIRS; repair++) {
            checkBudget();
            String reply = call(messages, ctx, repair);
            try {
                ReplyParser.Parsed p = ReplyParser.parse(reply, Problems.byId(ctx.problem()).entryMethods());
                return new Proposal(p.hypothesis(), p.mechanism(), p.predictions(), p.source(), ctx.incumbent() == null ? List.of()
                        : List.of(ctx.incumbent().candidateId()), "llm", p.arms(), p.notes());
            } catch (ReplyParser.BadReply bad) {
                lastProblem = bad.getMessage();
                messages.add(AiMessage.from(reply == null ? "" : reply));
                messages.add(UserMessage.from("That reply cannot be used: " + bad.getMessage()
                        + ". Answer again with exactly one JSON object in the format given."));
            }
        }
        throw new ProposalUnavailable("the model gave no usable reply after " + (REPLY_REPAIRS + 1) + " tries: " + lastProblem,
                ProposalUnavailable.Kind.FAILED);
    }

    private void checkBudget() {
        long spent = log.tokensIn() + log.tokensOut();
        if (settings.maxTokensTotal() > 0 && spent >= settings.maxTokensTotal()) {
            throw new ProposalUnavailable("the token budget of " + settings.maxTokensTotal() + " is spent (" + spent + " used)",
                    ProposalUnavailable.Kind.BUDGET_SPENT);
        }
    }

    /** One request, retried on 429, 5xx and timeouts; every attempt is recorded. */
    private String call(List<ChatMessage> messages, ProposalContext ctx, int repair) {
        String hash = hash(messages);
        long wait = settings.backoff().toMillis();
        RuntimeException last = null;
        for (int attempt = 1; attempt <= settings.maxAttempts(); attempt++) {
            long t0 = System.nanoTime();
            List<Exchange.Message> request = messages.stream()
                    .map(m -> new Exchange.Message(m.type().name().toLowerCase(java.util.Locale.ROOT), text(m))).toList();
            try {
                ChatResponse r = model.chat(messages);
                var usage = r.tokenUsage();
                log.record(new Exchange(ctx.iteration(), ctx.attempt(), repair, attempt, settings.model(), Prompts.VERSION, hash, request,
                        (System.nanoTime() - t0) / 1_000_000, r.aiMessage().text(),
                        usage == null ? null : usage.inputTokenCount() == null ? Integer.valueOf(0) : usage.inputTokenCount(),
                        usage == null ? null : usage.outputTokenCount() == null ? Integer.valueOf(0) : usage.outputTokenCount(),
                        String.valueOf(r.finishReason()), null));
                return r.aiMessage().text();
            } catch (RuntimeException e) {
                log.record(new Exchange(ctx.iteration(), ctx.attempt(), repair, attempt, settings.model(), Prompts.VERSION, hash, request,
                        (System.nanoTime() - t0) / 1_000_000, null, null, null, null, e.getClass().getSimpleName() + ": " + describe(e)));
                if (format != LlmSettings.ReplyFormat.TEXT && refusesFormat(e)) {
                    // a server without structured output says so in a 400; ask it for the next weaker format instead
                    format = format.weaker();
                    model = model(settings, format);
                    attempt--;
                    continue;
                }
                if (unusable(e)) {
                    throw new ProposalUnavailable("the model endpoint " + settings.baseUrl() + " cannot be used: " + describe(e),
                            ProposalUnavailable.Kind.ENDPOINT_UNUSABLE);
                }
                if (!retriable(e)) {
                    throw new ProposalUnavailable("the model endpoint refused the request: " + describe(e), ProposalUnavailable.Kind.FAILED);
                }
                last = e;
                if (attempt < settings.maxAttempts()) {
                    sleep(wait);
                    wait *= 2;
                }
            }
        }
        if (unreachable(last)) {
            throw new ProposalUnavailable("cannot reach the model endpoint " + settings.baseUrl() + " (" + settings.maxAttempts()
                    + " attempts): " + describe(last), ProposalUnavailable.Kind.ENDPOINT_UNUSABLE);
        }
        throw new ProposalUnavailable("the model endpoint kept failing (" + settings.maxAttempts() + " attempts): " + describe(last),
                ProposalUnavailable.Kind.FAILED);
    }

    /** A 400 that names the response format: the endpoint does not support the one asked for. */
    private static boolean refusesFormat(RuntimeException e) {
        String m = String.valueOf(describe(e)).toLowerCase(java.util.Locale.ROOT);
        return e instanceof dev.langchain4j.exception.InvalidRequestException && (m.contains("response_format") || m.contains("json_schema")
                || m.contains("response format"));
    }

    /** Credentials refused or no such model: retrying cannot help, and neither can the next iteration. */
    private static boolean unusable(RuntimeException e) {
        return e instanceof AuthenticationException || e instanceof ModelNotFoundException || e instanceof UnresolvedModelServerException;
    }

    /** Rate limits, server errors, timeouts and refused connections may pass; a bad request will not. */
    private static boolean retriable(RuntimeException e) {
        return e instanceof RateLimitException || e instanceof InternalServerException || e instanceof TimeoutException
                || unreachable(e) || rootCause(e) instanceof java.net.SocketTimeoutException;
    }

    private static boolean unreachable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.net.ConnectException || t instanceof java.net.UnknownHostException
                    || t instanceof java.net.NoRouteToHostException || t instanceof java.nio.channels.ClosedChannelException
                    && String.valueOf(t.getMessage()).contains("ConnectException")) {
                return true;
            }
        }
        return false;
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    /** The most specific message in the cause chain, on one line. */
    private static String describe(Throwable e) {
        if (unreachable(e)) {
            for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (t instanceof java.net.UnknownHostException) {
                    return "unknown host " + firstLine(t.getMessage());
                }
            }
            return "connection refused";
        }
        Throwable root = rootCause(e);
        String msg = firstLine(root.getMessage());
        String what = root == e ? "" : root.getClass().getSimpleName();
        if (msg.isEmpty()) {
            msg = firstLine(e.getMessage());
        }
        return what.isEmpty() ? msg : msg.isEmpty() ? what : what + ": " + msg;
    }

    private static String text(ChatMessage m) {
        if (m instanceof SystemMessage s) {
            return s.text();
        }
        if (m instanceof UserMessage u) {
            return u.singleText();
        }
        if (m instanceof AiMessage a) {
            return a.text();
        }
        return m.toString();
    }

    private static String hash(List<ChatMessage> messages) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            for (ChatMessage m : messages) {
                d.update(text(m).getBytes(StandardCharsets.UTF_8));
                d.update((byte) 0);
            }
            return HexFormat.of().formatHex(d.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProposalUnavailable("interrupted while waiting to retry", ProposalUnavailable.Kind.FAILED);
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
