package io.nous.observe;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read within a bound: the first {@code limit} bytes are kept, and a body that runs
 * past them, or that a caller's deadline gives up on ({@link #cut()}), is cancelled — the connection
 * dropped — rather than read on. What a misbehaving peer sends can then neither grow memory nor keep
 * a run waiting.
 */
public final class BoundedBody implements HttpResponse.BodySubscriber<BoundedBody.Bytes> {
    /** What was read: the kept bytes, and whether the body was cut short (too long, or given up on). */
    public record Bytes(byte[] bytes, boolean cut) {
        public String text() {
            return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private final int limit;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final CompletableFuture<Bytes> body = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;
    private volatile boolean cutRequested;

    public BoundedBody(int limit) {
        this.limit = limit;
    }

    /** A handler that reads every body within {@code limit} bytes, and hands each subscriber to {@code created}. */
    public static HttpResponse.BodyHandler<Bytes> handler(int limit, java.util.function.Consumer<BoundedBody> created) {
        return info -> {
            BoundedBody b = new BoundedBody(limit);
            created.accept(b);
            return b;
        };
    }

    @Override
    public CompletionStage<Bytes> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (cutRequested) {
            cut();
            return;
        }
        s.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        synchronized (kept) {
            for (ByteBuffer b : items) {
                int take = Math.min(b.remaining(), limit - kept.size());
                byte[] chunk = new byte[take];
                b.get(chunk);
                kept.write(chunk, 0, take);
                if (b.hasRemaining()) {
                    cut();
                    return;
                }
            }
        }
        if (!body.isDone()) {
            subscription.request(1);
        }
    }

    /** Stops reading now: the connection is dropped and the body completes with what was kept, marked cut. */
    public void cut() {
        cutRequested = true;
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
            complete(true);
        }
    }

    private void complete(boolean cut) {
        synchronized (kept) {
            body.complete(new Bytes(kept.toByteArray(), cut));
        }
    }

    @Override
    public void onError(Throwable t) {
        body.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        complete(false);
    }
}
