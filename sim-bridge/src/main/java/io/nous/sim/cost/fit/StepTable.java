package io.nous.sim.cost.fit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads measured engine steps from CSV: a header naming {@code prefill_tokens}, {@code decode_seqs}
 * (or {@code decode_tokens}) and {@code step_us} (or {@code step_ms}), optionally
 * {@code context_tokens} and {@code prefill_context_tokens}. Other columns are ignored.
 *
 * <p>{@code context_tokens} is the KV read of the step. When {@code prefill_context_tokens} is
 * present it is the prefill's prior context and {@code context_tokens} minus it is the decodes'
 * read; without it, {@code context_tokens} belongs to the decodes when the step has any, and to the
 * prefill's prior context otherwise (the convention of Nous's own step measurements). Every
 * malformed row is reported with its line number.
 */
public final class StepTable {
    private StepTable() {
    }

    /** The steps, and whether the file had context columns at all. */
    public record Steps(List<MeasuredStep> rows, boolean hasContext, boolean hasPrefillContext) {
    }

    public static Steps read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new FitException("no such file: " + file);
        } catch (IOException e) {
            throw new FitException("cannot read " + file + ": " + e.getMessage());
        }
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new FitException(file + " is empty");
        }
        String head = lines.get(0).replace("\uFEFF", "").trim().toLowerCase(Locale.ROOT);
        List<String> header = Arrays.asList(head.split("\\s*,\\s*"));
        int pre = header.indexOf("prefill_tokens");
        int dec = header.indexOf("decode_seqs") >= 0 ? header.indexOf("decode_seqs") : header.indexOf("decode_tokens");
        int us = header.indexOf("step_us");
        int ms = header.indexOf("step_ms");
        int ctx = header.indexOf("context_tokens");
        int pctx = header.indexOf("prefill_context_tokens");
        if (pre < 0 || dec < 0 || (us < 0 && ms < 0)) {
            throw new FitException(file + " line 1: the header must name prefill_tokens, decode_seqs and step_us (or step_ms); got "
                    + String.join(",", header));
        }
        List<MeasuredStep> rows = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int lineNo = i + 1;
            String[] f = l.split("\\s*,\\s*", -1);
            if (f.length != header.size()) {
                errors.add(file + " line " + lineNo + ": expected " + header.size() + " columns, got " + f.length);
                continue;
            }
            try {
                int p = count(f[pre], "prefill_tokens");
                int d = count(f[dec], header.get(dec));
                long c = ctx >= 0 ? count(f[ctx], "context_tokens") : 0;
                long pc = pctx >= 0 ? count(f[pctx], "prefill_context_tokens") : 0;
                double t = us >= 0 ? number(f[us], "step_us") : 1000 * number(f[ms], "step_ms");
                if (!(t > 0)) {
                    throw new IllegalArgumentException((us >= 0 ? "step_us" : "step_ms") + " must be positive");
                }
                if (p == 0 && d == 0) {
                    throw new IllegalArgumentException("a step with no prefill tokens and no decodes did nothing");
                }
                long decodeCtx;
                long prefillCtx;
                if (pctx >= 0) {
                    if (pc > c) {
                        throw new IllegalArgumentException("prefill_context_tokens exceeds context_tokens");
                    }
                    prefillCtx = pc;
                    decodeCtx = c - pc;
                } else if (d > 0) {
                    decodeCtx = c;
                    prefillCtx = 0;
                } else {
                    decodeCtx = 0;
                    prefillCtx = c;
                }
                if (d == 0 && decodeCtx > 0) {
                    throw new IllegalArgumentException("decode context without decoding sequences");
                }
                rows.add(new MeasuredStep(p, d, decodeCtx, prefillCtx, t, lineNo));
            } catch (IllegalArgumentException e) {
                errors.add(file + " line " + lineNo + ": " + e.getMessage());
            }
        }
        if (!errors.isEmpty()) {
            throw new FitException(errors.size() + " malformed row" + (errors.size() == 1 ? "" : "s") + ":\n  "
                    + String.join("\n  ", errors.subList(0, Math.min(20, errors.size())))
                    + (errors.size() > 20 ? "\n  ... and " + (errors.size() - 20) + " more" : ""));
        }
        return new Steps(List.copyOf(rows), ctx >= 0, pctx >= 0);
    }

    private static int count(String s, String column) {
        double v = number(s, column);
        if (v < 0 || v != Math.rint(v) || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(column + " must be a whole number >= 0, got '" + s + "'");
        }
        return (int) v;
    }

    private static double number(String s, String column) {
        try {
            double v = Double.parseDouble(s);
            if (!Double.isFinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(column + " is not a number: '" + s + "'");
        }
    }
}
