package io.nous.observe;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Flow;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop load generator: sends each planned request at its scheduled time whatever the
 * server is doing (a slow server does not slow the arrivals, unlike a closed loop of clients),
 * streams every response and records when each token arrived. A request's send time is when the
 * generator hands it to the HTTP client, so the send lag (actual minus scheduled) is the
 * generator's own timing error; when the client began writing the body, after any connection
 * set-up, is recorded beside it.
 */
public final class LoadGenerator {
    /**
     * @param requestTimeout longest wait for a response to start
     * @param maxConcurrency most requests in flight; a request beyond it waits for a slot (and the
     *                       wait shows as send lag); 0 for no limit
     * @param tokenTimes     record every token's arrival time, not only the first and last
     * @param warmUpConnections connections opened before the first send, and tiny completions sent
     *                       over them twice, so the first requests neither pay for connecting nor run
     *                       cold code (0: no warm-up)
     */
    public record Settings(Duration requestTimeout, int maxConcurrency, boolean tokenTimes, int warmUpConnections) {
    }

    /** What a run measured. */
    public record Result(List<ObservedRequest> requests, boolean interrupted, String fatal, int waitedForSlot) {
    }

    /** Told after every send and every finish (from the generator's threads). */
    public interface Progress {
        void update(int sent, int finished);
    }

    /** Scheduler wake-up margin: park until this close to a send, then spin. */
    private static final long SPIN_NANOS = 200_000;

    private final Endpoint endpoint;
    private final HttpClient client;
    private final Settings settings;
    private final Map<Integer, Exchange> inFlight = new ConcurrentHashMap<>();
    private final java.util.concurrent.ScheduledExecutorService watchdog = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "observe-deadlines");
        t.setDaemon(true);
        return t;
    });
    private final ConcurrentLinkedQueue<ObservedRequest> finished = new ConcurrentLinkedQueue<>();
    private final AtomicInteger sent = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private volatile boolean stopping;
    private volatile String fatal;
    private volatile Thread runner;
    private long t0;

    public LoadGenerator(Endpoint endpoint, HttpClient client, Settings settings) {
        this.endpoint = endpoint;
        this.client = client;
        this.settings = settings;
    }

    /** Stops sending, as Ctrl-C does: requests still running are recorded as interrupted. */
    public void stop() {
        stopping = true;
        Thread t = runner;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** Sends the plan (in scheduled order) and waits for every response, or until stopped. */
    public Result run(List<PlannedRequest> plan, Progress progress) {
        runner = Thread.currentThread();
        Semaphore slots = settings.maxConcurrency() > 0 ? new Semaphore(settings.maxConcurrency()) : null;
        int waited = 0;
        warmUp(settings.warmUpConnections(), plan.isEmpty() ? null : plan.get(0));
        t0 = System.nanoTime() + 20_000_000; // a moment to build the first request
        byte[] body = plan.isEmpty() ? null : endpoint.body(plan.get(0));
        for (int i = 0; i < plan.size() && !stopping; i++) {
            PlannedRequest p = plan.get(i);
            HttpRequest.Builder builder = endpoint.request(p, settings.requestTimeout());
            Exchange ex = new Exchange(p);
            HttpRequest request = builder.POST(new TimedPublisher(body, ex)).build();
            body = i + 1 < plan.size() ? endpoint.body(plan.get(i + 1)) : null;
            sleepUntil(t0 + p.scheduledUs() * 1000);
            if (stopping) {
                break;
            }
            if (slots != null && !slots.tryAcquire()) {
                waited++;
                try {
                    while (!stopping && !slots.tryAcquire(10, TimeUnit.MILLISECONDS)) {
                        // wait for a slot, and keep an eye on a stop
                    }
                } catch (InterruptedException e) {
                    stopping = true;
                }
                if (stopping) {
                    break;
                }
            }
            ex.dispatchNanos = System.nanoTime();
            inFlight.put(p.id(), ex);
            if (settings.requestTimeout() != null) {
                // a response that goes silent after its headers sends no more bytes to check a deadline on: the watchdog cuts it
                watchdog.schedule(() -> expire(ex), settings.requestTimeout().toNanos(), TimeUnit.NANOSECONDS);
            }
            sent.incrementAndGet();
            client.sendAsync(request, info -> ex.subscriber(info)).whenComplete((r, failure) -> {
                finish(ex, failure);
                if (slots != null) {
                    slots.release();
                }
                progress.update(sent.get(), done.get());
            });
            progress.update(sent.get(), done.get());
        }
        // the drain: what is still streaming gets the request timeout from now, whatever the server does (a stream that
        // never ends, or a connection that goes silent after its headers), then it is recorded as timed out
        long timeout = settings.requestTimeout() == null ? 0 : settings.requestTimeout().toNanos();
        long drainUntil = timeout > 0 ? System.nanoTime() + timeout : Long.MAX_VALUE;
        while (!stopping && !inFlight.isEmpty() && System.nanoTime() - drainUntil < 0) {
            LockSupport.parkNanos(5_000_000);
        }
        boolean drained = !stopping && !inFlight.isEmpty();
        boolean interrupted = stopping && fatal == null;
        for (Exchange ex : new ArrayList<>(inFlight.values())) {
            if (drained) {
                ex.failStream("timeout", System.nanoTime());
            } else {
                ex.markInterrupted();
            }
            finish(ex, null);
        }
        watchdog.shutdownNow();
        List<ObservedRequest> out = new ArrayList<>(finished);
        out.sort((a, b) -> Integer.compare(a.id(), b.id()));
        runner = null;
        return new Result(out, interrupted, fatal, waited);
    }

    /** How much of an answer that is not a stream (a refusal, an error page) is read: its message is at the start. */
    static final int REJECTION_BYTES = 64 * 1024;

    /** The fairness id of warm-up requests, so that a server or a router log can tell them apart. */
    public static final String WARM_UP_FAIRNESS_ID = "nous-warm-up";

    /**
     * Before the clock starts: opens {@code n} connections at once ({@code GET /v1/models}), then sends
     * {@code n} tiny completions (8 prompt tokens, 2 output tokens) twice through the very code the
     * run uses, so that neither connecting nor code the JIT compiler has not reached yet makes the
     * first real requests late. Their results are not recorded; an endpoint that cannot be measured
     * fails here, before the run.
     */
    private void warmUp(int n, PlannedRequest shape) {
        if (n <= 0 || shape == null) {
            return;
        }
        List<CompletableFuture<?>> calls = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            calls.add(client.sendAsync(HttpRequest.newBuilder(java.net.URI.create(endpoint.url() + "/models"))
                    .timeout(Duration.ofSeconds(10)).GET().build(), BoundedBody.handler(REJECTION_BYTES, b -> { })));
        }
        await(calls);
        for (int round = 0; round < 2 && !stopping; round++) {
            calls.clear();
            for (int i = 0; i < n; i++) {
                PlannedRequest w = new PlannedRequest(-1 - i, shape.className(), shape.priority(), WARM_UP_FAIRNESS_ID, 0, 8, 2);
                Exchange ex = new Exchange(w);
                ex.dispatchNanos = System.nanoTime();
                calls.add(client.sendAsync(endpoint.request(w, settings.requestTimeout()).POST(new TimedPublisher(endpoint.body(w), ex)).build(),
                        ex::subscriber));
            }
            await(calls);
        }
        LockSupport.parkNanos(200_000_000); // let the compiler finish what the warm-up queued
    }

    private static void await(List<CompletableFuture<?>> calls) {
        try {
            CompletableFuture.allOf(calls.toArray(new CompletableFuture<?>[0])).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            // warming is best effort: the run itself reports what fails
        }
    }

    private void sleepUntil(long deadline) {
        for (;;) {
            long left = deadline - System.nanoTime();
            if (left <= 0 || stopping) {
                return;
            }
            if (left > SPIN_NANOS) {
                LockSupport.parkNanos(left - SPIN_NANOS);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** At its request timeout: a request still streaming (or reading an error page) fails as a timeout and its connection is dropped. */
    private void expire(Exchange ex) {
        Runnable stop = ex.stopReading;
        if (stop != null && inFlight.containsKey(ex.plan.id())) {
            ex.failStream("timeout", System.nanoTime());
            stop.run();
        }
    }

    private void finish(Exchange ex, Throwable failure) {
        ObservedRequest r = ex.close(failure);
        if (r != null) {
            inFlight.remove(r.id());
            finished.add(r);
            done.incrementAndGet();
        }
    }

    private void fatal(String message) {
        if (fatal == null) {
            fatal = message;
        }
        stop();
    }

    private long us(long nanos) {
        return nanos < 0 ? -1 : Math.max(0, (nanos - t0) / 1000);
    }

    /** One request in flight: what has been seen of it so far. */
    private final class Exchange {
        final PlannedRequest plan;
        volatile long dispatchNanos = -1;
        /** Stops reading the response body (drops the connection); null until a response has begun. */
        volatile Runnable stopReading;
        volatile long sentNanos = -1;
        long firstNanos = -1;
        long endNanos = -1;
        int status;
        String dropReason;
        String error;
        int tokens;
        int promptTokens = -1;
        int completionTokens = -1;
        int cachedTokens = -1;
        boolean sawDone;
        long[] times;
        int timeCount;
        private boolean closed;

        Exchange(PlannedRequest plan) {
            this.plan = plan;
            this.times = settings.tokenTimes() ? new long[Math.max(1, Math.min(plan.outputTokens(), 4096))] : null;
        }

        HttpResponse.BodySubscriber<Void> subscriber(HttpResponse.ResponseInfo info) {
            synchronized (this) {
                status = info.statusCode();
                dropReason = info.headers().firstValue(Endpoint.DROP_REASON_HEADER).orElse(null);
            }
            Optional<String> type = info.headers().firstValue("content-type");
            if (info.statusCode() == 200 && type.map(t -> t.toLowerCase(java.util.Locale.ROOT).startsWith("text/event-stream")).orElse(false)) {
                long timeout = settings.requestTimeout() == null ? 0 : settings.requestTimeout().toNanos();
                Stream stream = new Stream(this, timeout > 0 && dispatchNanos >= 0 ? dispatchNanos + timeout : Long.MIN_VALUE);
                stopReading = stream::cancel;
                return stream;
            }
            // an answer that is not a stream is read only as far as its error message: a body past the bound is cut
            BoundedBody page = new BoundedBody(REJECTION_BYTES);
            stopReading = page::cut;
            return HttpResponse.BodySubscribers.mapping(page, bytes -> {
                rejected(info.statusCode(), type.orElse("none"), bytes.text());
                return null;
            });
        }

        private synchronized void rejected(int code, String type, String body) {
            endNanos = System.nanoTime();
            String message = Endpoint.errorMessage(body);
            if (code == 200) {
                error = "not-streaming";
                fatal(endpoint.url() + " did not stream the response (Content-Type " + type
                        + "); observe needs a server that streams server-sent events (stream: true)");
            } else if (dropReason != null) {
                error = null; // a router drop: counted by its reason
            } else if (code == 400 || code == 401 || code == 403 || code == 404 || code == 422) {
                error = "http-" + code;
                fatal(endpoint.url() + " refused the request with HTTP " + code + ": " + message);
            } else {
                error = "http-" + code;
            }
        }

        synchronized void onEvent(String data, long now) {
            if (closed) {
                return;
            }
            Endpoint.Event e;
            try {
                e = endpoint.parse(data);
            } catch (EndpointError bad) {
                error = "malformed-sse";
                endNanos = now;
                fatal(bad.getMessage());
                return;
            }
            if (e.done()) {
                sawDone = true;
                endNanos = now;
                return;
            }
            if (e.error() != null) {
                error = "stream-error: " + Endpoint.abbreviate(e.error());
                return;
            }
            String impossible = e.impossible() != null ? e.impossible() : e.completionTokens() > plan.outputTokens()
                    ? "usage.completion_tokens is " + e.completionTokens() + ", more than the " + plan.outputTokens() + " max_tokens asked for"
                    : null;
            if (impossible != null) {
                if (error == null) {
                    error = "impossible-usage: " + impossible;
                }
                return;
            }
            if (e.tokens() > 0) {
                if (firstNanos < 0) {
                    firstNanos = now;
                }
                tokens += e.tokens();
                if (times != null) {
                    if (timeCount == times.length) {
                        times = Arrays.copyOf(times, times.length * 2);
                    }
                    times[timeCount++] = now;
                }
            }
            if (e.promptTokens() >= 0) {
                promptTokens = e.promptTokens();
            }
            if (e.completionTokens() >= 0) {
                completionTokens = e.completionTokens();
            }
            if (e.cachedTokens() >= 0) {
                cachedTokens = e.cachedTokens();
            }
        }

        /** The stream broke a bound or ran past its deadline: the request failed with {@code why}. */
        synchronized void failStream(String why, long now) {
            if (!closed && error == null) {
                error = why;
            }
            if (endNanos < 0) {
                endNanos = now;
            }
            sawDone = true; // what ends the record is the failure, not a missing [DONE]
        }

        synchronized void onStreamEnd(Throwable failure, boolean midEvent) {
            long now = System.nanoTime();
            if (failure != null) {
                if (error == null) {
                    error = classify(failure);
                }
            } else if (!sawDone && error == null) {
                error = midEvent ? "truncated" : "no-done";
            }
            if (endNanos < 0) {
                endNanos = now;
            }
        }

        synchronized void markInterrupted() {
            if (!closed && error == null) {
                error = ObservedRequest.INTERRUPTED;
            }
        }

        /** The finished record, once; null if already closed. */
        synchronized ObservedRequest close(Throwable failure) {
            if (closed) {
                return null;
            }
            closed = true;
            if (failure != null && error == null) {
                error = classify(failure);
            }
            if (endNanos < 0 && error != null && !error.equals(ObservedRequest.INTERRUPTED)) {
                endNanos = System.nanoTime();
            }
            long[] tokenTimes = null;
            if (times != null) {
                tokenTimes = new long[timeCount];
                for (int i = 0; i < timeCount; i++) {
                    tokenTimes[i] = us(times[i]);
                }
            }
            int out = completionTokens >= 0 ? completionTokens : tokens;
            return new ObservedRequest(plan.id(), plan.className(), plan.priority(), plan.fairnessId(), plan.scheduledUs(), us(dispatchNanos), us(sentNanos),
                    us(firstNanos), us(endNanos), plan.inputTokens(), plan.outputTokens(), promptTokens, out, status, dropReason, error,
                    tokenTimes, cachedTokens >= 0 ? cachedTokens : null, ObservedRequest.PromptSpans.of(plan.content()));
        }
    }

    private static String classify(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && (c instanceof java.util.concurrent.CompletionException || c.getCause() instanceof IOException)) {
            c = c.getCause();
        }
        if (c instanceof HttpTimeoutException) {
            return "timeout";
        }
        if (c instanceof ConnectException) {
            return "connect";
        }
        if (c instanceof java.util.concurrent.CancellationException) {
            return ObservedRequest.INTERRUPTED;
        }
        if (c instanceof IOException) {
            return "reset";
        }
        return "client-error: " + c.getClass().getSimpleName();
    }

    /** Streams a response's events into its exchange, stamping each read with its arrival time. */
    private static final class Stream implements HttpResponse.BodySubscriber<Void> {
        private final Exchange ex;
        private final CompletableFuture<Void> body = new CompletableFuture<>();
        private final SseParser parser;
        private volatile Flow.Subscription subscription;
        private long now;

        /** When the stream must have ended (the request's timeout from its dispatch), or MIN_VALUE for never. */
        private final long deadlineNanos;

        Stream(Exchange ex, long deadlineNanos) {
            this.ex = ex;
            this.deadlineNanos = deadlineNanos;
            this.parser = new SseParser(data -> ex.onEvent(data, now));
        }

        @Override
        public CompletionStage<Void> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            s.request(1);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            now = System.nanoTime();
            try {
                for (ByteBuffer b : items) {
                    parser.feed(b);
                }
            } catch (SseParser.Oversized e) {
                // a stream that breaks a bound is failed and cancelled, never buffered on
                ex.failStream("oversized-event", now);
                cancel();
                return;
            }
            if (deadlineNanos != Long.MIN_VALUE && now - deadlineNanos > 0) {
                // the client's --request-timeout covers the headers; a stream that runs on past it is cut here
                ex.failStream("timeout", now);
                cancel();
                return;
            }
            subscription.request(1);
        }

        /** Stops reading: the connection is dropped and the body completes with what was recorded. */
        private void cancel() {
            Flow.Subscription s = subscription;
            if (s != null) {
                s.cancel();
            }
            body.complete(null);
        }

        @Override
        public void onError(Throwable t) {
            ex.onStreamEnd(t, parser.midEvent());
            body.complete(null);
        }

        @Override
        public void onComplete() {
            ex.onStreamEnd(null, parser.midEvent());
            body.complete(null);
        }
    }

    /** The request body, noting when the client starts to write it: the request's actual send time. */
    private static final class TimedPublisher implements HttpRequest.BodyPublisher {
        private final HttpRequest.BodyPublisher bytes;
        private final Exchange ex;

        TimedPublisher(byte[] body, Exchange ex) {
            this.bytes = HttpRequest.BodyPublishers.ofByteArray(body);
            this.ex = ex;
        }

        @Override
        public long contentLength() {
            return bytes.contentLength();
        }

        @Override
        public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            if (ex.sentNanos < 0) {
                ex.sentNanos = System.nanoTime();
            }
            bytes.subscribe(subscriber);
        }
    }
}
