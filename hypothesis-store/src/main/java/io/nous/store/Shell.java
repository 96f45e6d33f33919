package io.nous.store;

/** Words for the commands Nous prints as hints, so that a user can paste them into a POSIX shell. */
public final class Shell {
    private Shell() {
    }

    /** {@code word} as is when the shell reads it literally, otherwise in single quotes. */
    public static String quote(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_@%+=:,./-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
