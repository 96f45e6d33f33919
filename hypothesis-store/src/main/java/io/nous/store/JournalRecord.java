package io.nous.store;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One journal line: its sequence number (1, 2, ...), its type (hypothesis, evaluation, ...), the
 * wall-clock time it was written (the only non-deterministic field), and its body.
 */
public record JournalRecord(long seq, String type, String timestamp, ObjectNode body) {
}
