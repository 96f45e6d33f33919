package io.nous.evaluator.study;

/** A study file that cannot be used, with a message naming the file and the field at fault. */
public final class StudyException extends RuntimeException {
    public StudyException(String message, Throwable cause) {
        super(message, cause);
    }
}
