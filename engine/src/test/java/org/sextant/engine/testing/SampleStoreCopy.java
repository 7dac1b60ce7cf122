package org.sextant.engine.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.StoreCensus;

/**
 * Gives a new home the store a first start leaves (migrated, the sample universe loaded and checked), copied from
 * one made once per test JVM: the first start's import and its checks take about a second, a copy of the closed
 * 4 MB file some milliseconds, and hundreds of tests open a home. Tests of the first start itself use an empty home.
 */
public final class SampleStoreCopy {
    private SampleStoreCopy() {}

    private static SextantHome template;

    /** Copies the first-start store (and its census) into {@code home}, which must not have a store yet. */
    public static SextantHome into(SextantHome home) {
        SextantHome from = template();
        if (Files.exists(home.database())) throw new IllegalStateException(home.database() + " exists: a copy would replace it");
        try {
            home.ensureLayout();
            Files.copy(from.database(), home.database(), StandardCopyOption.COPY_ATTRIBUTES);
            Files.copy(StoreCensus.fileFor(from.database()), StoreCensus.fileFor(home.database()), StandardCopyOption.COPY_ATTRIBUTES);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the sample store into " + home.root(), e);
        }
        return home;
    }

    private static synchronized SextantHome template() {
        if (template != null) return template;
        try {
            SextantHome made = new SextantHome(Files.createTempDirectory("sextant-sample-store-")).ensureLayout();
            Sextant.open(made).close(); // closing checkpoints: the file alone holds everything, no WAL beside it
            if (Files.exists(made.database().resolveSibling(made.database().getFileName() + ".wal"))) {
                throw new IllegalStateException("the closed sample store left a WAL");
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(made.root())));
            template = made;
            return made;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make the sample store", e);
        }
    }

    private static void delete(Path root) {
        try (var files = Files.walk(root)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        } catch (IOException | UncheckedIOException e) {
            // a temp folder left behind
        }
    }
}
