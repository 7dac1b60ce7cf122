package org.sextant.engine.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.function.Consumer;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;
import org.sextant.engine.store.StoreCensus;

/**
 * Gives a new home the store a first start leaves (migrated, the sample universe loaded and checked), or a store
 * migrated and empty, copied from one made once per test JVM: the first start's import and its checks take about
 * 3 s of CPU, the 16 migrations of an empty store about 0.25 s, a copy of the closed file some milliseconds, and
 * hundreds of tests open a store. Tests of the first start or of migrations themselves open an empty file.
 */
public final class SampleStoreCopy {
    private SampleStoreCopy() {}

    private static final Template SAMPLE = new Template("sextant-sample-store-", made -> Sextant.open(made).close());
    private static final Template EMPTY = new Template("sextant-empty-store-", made -> Store.open(made.database(), made.stagingDir()).close());

    /** Copies the first-start store (and its census) into {@code home}, which must not have a store yet. */
    public static SextantHome into(SextantHome home) {
        SAMPLE.copyTo(home.ensureLayout().database());
        return home;
    }

    /** Opens a store at {@code file}, which must not exist yet, holding what a first start loads (the sample universe). */
    public static Store openSample(Path file, Path stagingDir) {
        SAMPLE.copyTo(file);
        return Store.open(file, stagingDir);
    }

    /** Opens the store at {@code file} as {@link Store#open} does; a new one is a copy of a store it made: migrated, no data. */
    public static Store openOrEmpty(Path file, Path stagingDir) {
        return Store.open(emptyIfNew(file), stagingDir);
    }

    /** Puts the migrated empty store at {@code file} unless a store is there; for opens with other settings. */
    public static Path emptyIfNew(Path file) {
        if (!Files.exists(file)) EMPTY.copyTo(file);
        return file;
    }

    /** A store made once by {@code make} on a temporary home, then copied (closed, so the file alone holds it). */
    private static final class Template {
        private final String prefix;
        private final Consumer<SextantHome> make;
        private SextantHome made;

        Template(String prefix, Consumer<SextantHome> make) {
            this.prefix = prefix;
            this.make = make;
        }

        void copyTo(Path database) {
            Path from = made().database();
            if (Files.exists(database)) throw new IllegalStateException(database + " exists: a copy would replace it");
            try {
                Files.createDirectories(database.toAbsolutePath().getParent());
                Files.copy(from, database, StandardCopyOption.COPY_ATTRIBUTES);
                Files.copy(StoreCensus.fileFor(from), StoreCensus.fileFor(database), StandardCopyOption.COPY_ATTRIBUTES);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot copy the template store to " + database, e);
            }
        }

        private synchronized SextantHome made() {
            if (made != null) return made;
            try {
                SextantHome home = new SextantHome(Files.createTempDirectory(prefix)).ensureLayout();
                make.accept(home); // closing checkpoints: the file alone holds everything, no WAL beside it
                if (Files.exists(home.database().resolveSibling(home.database().getFileName() + ".wal"))) {
                    throw new IllegalStateException("the closed template store left a WAL");
                }
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(home.root())));
                made = home;
                return home;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot make the template store", e);
            }
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
