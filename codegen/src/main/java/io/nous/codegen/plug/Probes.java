package io.nous.codegen.plug;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** What the plug points' probe grids share: the digest their fingerprints are taken with. */
final class Probes {
    private Probes() {
    }

    /** A fresh SHA-256 digest (every Java runtime has one). */
    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
