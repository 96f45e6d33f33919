package io.nous.cli;

import java.io.File;
import java.net.URISyntaxException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/** The git commit Nous runs from (read with JGit from the checkout its classes live in), for provenance. */
final class NousBuild {
    private NousBuild() {
    }

    /** The HEAD commit of the Nous checkout, or "unknown" when Nous does not run from one. */
    static String commit() {
        try {
            File here = new File(NousBuild.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            FileRepositoryBuilder b = new FileRepositoryBuilder().findGitDir(here);
            if (b.getGitDir() == null) {
                return "unknown";
            }
            try (Repository repo = b.build()) {
                ObjectId head = repo.resolve("HEAD");
                return head == null ? "unknown" : head.name();
            }
        } catch (java.io.IOException | URISyntaxException | RuntimeException e) {
            return "unknown";
        }
    }
}
