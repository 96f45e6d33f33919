package io.nous.spark;

import io.nous.evaluator.run.ExecutionBackend;
import io.nous.evaluator.run.ExecutionBackendProvider;

/** {@code --executor spark}: a {@link SparkBackend} on the master and settings given. */
public final class SparkBackendProvider implements ExecutionBackendProvider {

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public ExecutionBackend open(Settings s) {
        return new SparkBackend(SparkBackend.conf(s.master(), s.conf()), s.workers(), s.progress());
    }
}
