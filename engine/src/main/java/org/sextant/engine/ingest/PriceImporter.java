package org.sextant.engine.ingest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/** Imports CSV (layout auto-detected) and Parquet price files in one transaction. */
public final class PriceImporter {
    private final Store store;
    private final PriceRules rules;

    public PriceImporter(Store store) {
        this(store, PriceRules.defaults());
    }

    public PriceImporter(Store store, PriceRules rules) {
        this.store = store;
        this.rules = rules;
    }

    /**
     * Imports all {@code files} or nothing: the first bad row of any file fails the whole import
     * with an error naming the file, line and column. Rows already stored are replaced.
     */
    public ImportReport importFiles(List<Path> files) {
        if (files == null || files.isEmpty()) {
            throw SextantException.invalid("paths", "no file to import", "name one or more CSV or Parquet files");
        }
        for (Path p : files) {
            if (p == null || !Files.isRegularFile(p)) {
                throw SextantException.invalid("paths", p + ": no such file",
                        "give the path of an existing CSV or Parquet file (absolute, or relative to the working folder)");
            }
        }
        try {
            long t = System.nanoTime();
            ImportReport report = store.inTransaction(c -> {
                ImportReport r = DirectImport.run(c, store.stagingDir(), files, rules);
                ImportBatch.trace(t, "fast path before commit");
                return r;
            });
            ImportBatch.trace(t, "fast path with commit");
            return report;
        } catch (DirectImport.Fallback careful) {
            // rolled back; the careful path finds and names the problem (or imports what the fast path could not)
        }
        return store.inTransaction(c -> {
            ImportBatch batch = new ImportBatch(c, store.stagingDir(), rules);
            for (Path p : files) {
                batch.add(p, p.toString(), "file:" + p.getFileName());
            }
            return batch.commit();
        });
    }
}
