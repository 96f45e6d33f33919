package io.nous.store.journal;

/**
 * What a hypothesis expects in one regime: the direction of the objective's change versus the
 * baseline ({@code decrease}, {@code none}, {@code increase}) and its rough magnitude (a relative
 * change, e.g. -0.6 for 60% lower).
 */
public record Prediction(String regime, String direction, double magnitude) {
}
