package io.nous.codegen.isolate;

import io.nous.sim.epp.DecisionTrace;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The baseline decisions a worker has been sent, by key, least recently used first out once they hold
 * more than their byte bound: a trace crosses to a worker once, not with every candidate held to it.
 * A trace sent along is checked against its key before it is kept.
 */
final class DecisionTraces {
    private final long maxBytes;
    private final LinkedHashMap<String, DecisionTrace> byKey = new LinkedHashMap<>(64, 0.75f, true);
    private long bytes;

    DecisionTraces(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /**
     * The trace of {@code key}: from {@code sent} when it comes along (then kept), else the one kept
     * earlier, or null when there is none. Throws {@link IllegalArgumentException} when the bytes are not
     * a trace or not the one the key names.
     */
    synchronized DecisionTrace get(String key, byte[] sent) {
        if (sent == null) {
            return byKey.get(key);
        }
        DecisionTrace t = DecisionTrace.fromBytes(sent);
        if (!t.key().equals(key)) {
            throw new IllegalArgumentException("decision trace: the bytes sent are not trace " + key);
        }
        DecisionTrace old = byKey.put(key, t);
        if (old != null) {
            bytes -= old.byteSize();
        }
        bytes += t.byteSize();
        for (Iterator<Map.Entry<String, DecisionTrace>> it = byKey.entrySet().iterator(); bytes > maxBytes && it.hasNext(); ) {
            Map.Entry<String, DecisionTrace> eldest = it.next();
            if (eldest.getValue() != t) {
                bytes -= eldest.getValue().byteSize();
                it.remove();
            }
        }
        return t;
    }

    /** Traces kept now. */
    synchronized int size() {
        return byKey.size();
    }
}
