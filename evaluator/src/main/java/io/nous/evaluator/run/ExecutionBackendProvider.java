package io.nous.evaluator.run;

import io.nous.codegen.isolate.WorkerPool;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * A kind of {@link ExecutionBackend} that lives in its own module and is found on the class path
 * ({@link ServiceLoader}), so that the everyday command line does not carry a cluster engine.
 */
public interface ExecutionBackendProvider {

    /** What {@code --executor} calls it, e.g. {@code spark}. */
    String name();

    /** A backend on the cluster the settings name; a setting it cannot use is an {@link IllegalArgumentException}. */
    ExecutionBackend open(Settings settings);

    /**
     * What opening a backend needs.
     *
     * @param master   where the cluster is ({@code local[2]}, {@code spark://host:7077}, {@code k8s://...})
     * @param conf     the engine's own settings ({@code --conf k=v}), in the order given
     * @param workers  the worker JVMs each executor runs untrusted candidates in (heap, time limit; the
     *                 count is the executor's cores)
     * @param progress where to report tasks done / total, or null for silence
     */
    record Settings(String master, Map<String, String> conf, WorkerPool.Options workers, PrintStream progress) {
    }

    /** The provider called {@code name} on the class path, if there is one. */
    static Optional<ExecutionBackendProvider> find(String name) {
        return ServiceLoader.load(ExecutionBackendProvider.class).stream().map(ServiceLoader.Provider::get)
                .filter(p -> p.name().equals(name)).findFirst();
    }

    /** The names of the providers on the class path. */
    static List<String> available() {
        return ServiceLoader.load(ExecutionBackendProvider.class).stream().map(ServiceLoader.Provider::get)
                .map(ExecutionBackendProvider::name).sorted().toList();
    }
}
