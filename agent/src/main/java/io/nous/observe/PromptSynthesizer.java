package io.nous.observe;

import io.nous.sim.request.PromptContent;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Prompts of a requested length in tokens, without a tokenizer. Words are drawn from common English
 * words that BPE tokenizers of current models (Llama, Qwen, Mistral) keep as one token with their
 * leading space, so {@code n} words come to about {@code n} tokens (a chat template adds its own few);
 * the server's own count is recorded beside the requested one. Token-id prompts (completions API
 * only) are exact. Every prompt is drawn from its request's own seeded stream: the same run sends
 * the same prompts, and different requests share no prefix a server could cache, unless the workload
 * says what they share: then each token is drawn from its content's name, so prompts that share
 * content (a tenant's system prompt, a prefix group) share their text word for word.
 */
public final class PromptSynthesizer {
    private static final String[] WORDS = ("the of and to in is that for it as was with be by on not he this are or his from at "
            + "which but have an they you were her she there one all we their has been if more when will would who so no time "
            + "only new some could these two may first then do any like my now over such our man me even most made after also did "
            + "many before must through back years where much your way well down should because each just those people how too "
            + "little state good very make world still own see men work long get here between both life being under never day same "
            + "another know while last might us great old year off come since against go came right used take three states "
            + "himself few house use during without again place around however home small found thought went say part once "
            + "general high upon school every don does got united left number course war until always away something fact though "
            + "water less public put think almost hand enough far took head yet government system better set told nothing night "
            + "end why called didn eyes find going look asked later knew point next city business give group toward young let "
            + "room president side social given present order national possible rather second per face among form important "
            + "often things looked early white case john become large big need four within felt along children saw best church "
            + "ever least power development light thing seemed family interest want members mind country area others done turned "
            + "although open god service problem certain kind different thus began door help sense means whole matter perhaps "
            + "itself york times law human line above name example action company hands local show whether five history gave "
            + "today either act feet across taken past quite anything seen having death week experience").split(" ");

    /** How prompts are made. */
    public enum Mode {
        /** Words, about one token each (chat and completions). */
        WORDS,
        /** A list of token ids, exactly the requested length (completions API only). */
        TOKEN_IDS
    }

    private final Mode mode;
    private final long seed;
    private final List<String> lines;

    /**
     * @param lines prompts from a file, one per line, or null to draw words; a line is cut or
     *              repeated to the requested number of words
     */
    public PromptSynthesizer(Mode mode, long seed, List<String> lines) {
        this.mode = mode;
        this.seed = seed;
        this.lines = lines == null || lines.isEmpty() ? null : List.copyOf(lines);
    }

    public Mode mode() {
        return mode;
    }

    /** The prompt of request {@code id} with about {@code tokens} tokens, as text (WORDS mode). */
    public String text(int id, int tokens) {
        return text(id, tokens, null);
    }

    /** The prompt of request {@code id}, its words named by {@code content} (null: a prompt of its own). */
    public String text(int id, int tokens, PromptContent content) {
        if (content != null && lines == null) {
            StringBuilder b = new StringBuilder(tokens * 6);
            for (int i = 0; i < tokens; i++) {
                if (i > 0) {
                    b.append(' ');
                }
                b.append(WORDS[(int) Math.floorMod(content.tokenName(i) ^ seed, (long) WORDS.length)]);
            }
            return b.toString();
        }
        StringBuilder b = new StringBuilder(tokens * 6);
        if (lines != null) {
            String[] words = lines.get(Math.floorMod(id, lines.size())).trim().split("\\s+");
            for (int i = 0; i < tokens; i++) {
                if (i > 0) {
                    b.append(' ');
                }
                b.append(words[i % words.length]);
            }
            return b.toString();
        }
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + id);
        for (int i = 0; i < tokens; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(WORDS[r.nextInt(WORDS.length)]);
        }
        return b.toString();
    }

    /**
     * The prompt of request {@code id} as {@code tokens} token ids (TOKEN_IDS mode), drawn from ids
     * 1,000–20,000: ordinary vocabulary in every current tokenizer, clear of special tokens.
     */
    public int[] tokenIds(int id, int tokens) {
        return tokenIds(id, tokens, null);
    }

    /** The prompt of request {@code id} as token ids, named by {@code content} (null: a prompt of its own). */
    public int[] tokenIds(int id, int tokens, PromptContent content) {
        if (content != null) {
            int[] ids = new int[tokens];
            for (int i = 0; i < tokens; i++) {
                ids[i] = 1000 + (int) Math.floorMod(content.tokenName(i) ^ seed, 19_000L);
            }
            return ids;
        }
        SplittableRandom r = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + id);
        int[] ids = new int[tokens];
        for (int i = 0; i < tokens; i++) {
            ids[i] = 1000 + r.nextInt(19_000);
        }
        return ids;
    }
}
