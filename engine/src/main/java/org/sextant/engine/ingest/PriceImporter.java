package org.sextant.engine.ingest;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;

/** Imports CSV (layout auto-detected) and Parquet price files in one transaction. */
public final class PriceImporter {
    /** An import job stopped by the app's end: its one transaction never committed. */
    public static final org.sextant.engine.jobs.IfInterrupted IF_INTERRUPTED =
            new org.sextant.engine.jobs.IfInterrupted("an import writes all or nothing, so nothing of it was written");
    private final Store store;
    private final PriceRules rules;
    private final java.time.ZoneId zone;
    private final Stage stage;
    private final StagedFile.Endings judge;

    /** Stages a user's file for DuckDB ({@link StagedFile#of}), its line endings judged by {@code endings}; a test counts the copies through it. */
    interface Stage {
        StagedFile of(Path source, Path stagingDir, String file, StagedFile.Endings endings);
    }

    public PriceImporter(Store store) {
        this(store, PriceRules.defaults());
    }

    public PriceImporter(Store store, PriceRules rules) {
        this(store, rules, null);
    }

    /** @param zone where bar files' times written without a zone were taken (null: UTC) */
    public PriceImporter(Store store, PriceRules rules, java.time.ZoneId zone) {
        this(store, rules, zone, StagedFile::of);
    }

    PriceImporter(Store store, PriceRules rules, java.time.ZoneId zone, Stage stage) {
        this(store, rules, zone, stage, LineEndings::mixed);
    }

    /** @param judge tells a CSV whose lines end in more than one way, reading the whole file ({@link LineEndings#mixed}); a test counts its reads */
    PriceImporter(Store store, PriceRules rules, java.time.ZoneId zone, Stage stage, StagedFile.Endings judge) {
        this.stage = stage;
        this.judge = judge;
        this.store = store;
        this.rules = rules;
        this.zone = zone;
    }

    /**
     * Imports all {@code files} or nothing: the first bad row of any file fails the whole import
     * with an error naming the file, line and column. Rows already stored are replaced. Run as a
     * job, a cancel stops it between files, between reading, checking and merging, and just before
     * the commit, rolled back ({@link Cancellation#check}).
     */
    public ImportReport importFiles(List<Path> files) {
        return importFiles(files, ImportTurn.WAITING);
    }

    /** As above, taking the store's writer and telling the symbols it writes before its commit as {@code turn} says. */
    public ImportReport importFiles(List<Path> files, ImportTurn turn) {
        if (files == null || files.isEmpty()) {
            throw SextantException.invalid("paths", "no file to import", "name one or more CSV or Parquet files");
        }
        for (Path p : files) {
            ImportPreview.requireFile(p);
        }
        Attempt asWritten = new Attempt(StagedFile.Endings.AS_WRITTEN);
        try {
            return importFiles(files, turn, asWritten);
        } catch (SextantException e) {
            // DuckDB's reader refuses a CSV whose lines end in more than one way: only now is a read of each file spent to tell
            // such a file, and the import (rolled back) runs again reading it from a copy with LF endings, as it did judging first;
            // a failure that is not a refusal of the input (memory, disk, the store) is not the reader's and costs no such read
            if (asWritten.told || e.reason() != org.sextant.contract.FailReason.INVALID_INPUT
                    || asWritten.staged.stream().noneMatch(p -> judge.mixed(p) != null)) throw e;
            return importFiles(files, turn, new Attempt(judge));
        }
    }

    /**
     * One run of an import: its CSVs staged with their line endings judged by {@code endings}; which it staged, and whether it
     * got as far as telling {@code beforeCommit} (then a failure is not the reader's, and the import does not run again).
     */
    private final class Attempt {
        final StagedFile.Endings endings;
        final java.util.Set<Path> staged = new java.util.LinkedHashSet<>();
        boolean told;

        Attempt(StagedFile.Endings endings) {
            this.endings = endings;
        }

        /** The fast path's staging; the careful path's goes through the seam ({@link #stage}). */
        StagedFile direct(Path source, Path stagingDir, String file, StagedFile.Endings endings) {
            return StagedFile.of(remember(source), stagingDir, file, endings);
        }

        StagedFile careful(Path source) {
            return stage.of(remember(source), store.stagingDir(), source.toString(), endings);
        }

        private Path remember(Path source) {
            if (!BarFile.isParquet(source)) staged.add(source);
            return source;
        }

        void tell(ImportTurn turn, List<String> symbols) {
            told = true;
            turn.beforeCommit().accept(symbols);
        }
    }

    private ImportReport importFiles(List<Path> files, ImportTurn turn, Attempt attempt) {
        boolean anyBars = false;
        for (Path p : files) anyBars |= isBarFile(p); // every file's first lines, so a line too long is refused before any file is read whole
        if (anyBars) return importWithBars(files, turn, attempt);
        try {
            long t = System.nanoTime();
            ImportReport report = store.inTransaction(turn.writer(), c -> {
                ImportReport r = DirectImport.run(c, store.stagingDir(), files, rules, attempt::direct, attempt.endings);
                ImportBatch.trace(t, "fast path before commit");
                store.changesOnly(r.symbols()); // what is kept of the other symbols (the listing's rows, their intervals) stays
                attempt.tell(turn, r.symbols());
                Cancellation.check(); // the last point where a cancel still leaves the store as it was
                return r;
            });
            ImportBatch.trace(t, "fast path with commit");
            return report;
        } catch (DirectImport.Fallback careful) {
            // rolled back; the careful path finds and names the problem (or imports what the fast path could not)
        }
        return importWithBars(files, turn, attempt);
    }

    /**
     * Whether a CSV's rows carry a time of day (Parquet is told apart inside the transaction, where DuckDB can read it). A file whose
     * first lines are not UTF-8 (Windows-1252, UTF-16) is not known to be one here: the fast path probes its UTF-8 copy once staged.
     * A first line past the longest a CSV may have refuses the import here, before the store's writer is taken or the file is
     * copied and scanned whole (a 50 GB file of one line was read to its end): its UTF-8 copy is no shorter. So is a header of
     * more columns than any import reads ({@link Layout#requireColumnsWithinBound}), a Parquet file's read from its footer: it held the writer for 30 s.
     */
    private static boolean isBarFile(Path p) {
        try {
            if (BarFile.isParquet(p)) {
                // its footer's columns, as a CSV's header is counted: a file of 150,000 columns is refused before the writer is taken
                List<String> columns = ParquetColumns.namesBeforeImport(p);
                if (columns != null) Layout.requireColumnsWithinBound(columns, p.toString(), 1);
                return true;
            }
            return BarFile.probe(null, p, p.toString(), null, null, false) != null; // its first lines only
        } catch (CsvHead.LineTooLong | Layout.TooManyColumns e) {
            throw e;
        } catch (SextantException e) {
            return !(e.getCause() instanceof java.nio.charset.CharacterCodingException); // a bar file with a bad header: the bar path names the problem
        } catch (java.sql.SQLException e) {
            return true;
        }
    }

    /**
     * The careful path: daily and bar files together, in one transaction, daily files through {@link ImportBatch}, bar files
     * (and files of dates a week or a month apart) into bars.
     */
    private ImportReport importWithBars(List<Path> files, ImportTurn turn, Attempt attempt) {
        return store.inTransaction(turn.writer(), c -> {
            ImportBatch daily = new ImportBatch(c, store.stagingDir(), rules);
            BarImport bars = new BarImport(c, rules);
            boolean anyDaily = false;
            for (Path p : files) {
                Cancellation.check();
                // staged once: a file on another disk is copied once, for the probe and the read
                try (StagedFile staged = attempt.careful(p)) {
                    BarFile bar = BarFile.probe(c, p, p.toString(), staged);
                    if (bar != null && bar.daysAtMidnight(c, staged)) {
                        daily.addDays(p, bar, "file:" + p.getFileName(), staged);
                        anyDaily = true;
                    } else if (bar != null) {
                        bars.add(p, bar.inZone(zone), "file:" + p.getFileName(), staged);
                    } else {
                        daily.add(p, p.toString(), "file:" + p.getFileName(), staged);
                        BarFile periodic = daily.takeBackIfPeriodic(); // weekly or monthly dates: bars at that interval
                        if (periodic != null) bars.add(p, periodic, "file:" + p.getFileName(), staged);
                        else anyDaily = true;
                    }
                }
            }
            List<ImportReport.ImportedFile> reported = new java.util.ArrayList<>();
            long[] counts = new long[2];
            long described = 0;
            java.util.Set<String> symbols = new java.util.TreeSet<>();
            if (anyDaily) {
                ImportReport d = daily.commit();
                reported.addAll(d.files());
                counts[0] += d.rowsInserted();
                counts[1] += d.rowsUpdated();
                symbols.addAll(d.symbols());
                described = d.described();
            }
            if (!bars.isEmpty()) {
                for (ImportReport.ImportedFile f : bars.commit(counts)) {
                    reported.add(f);
                    symbols.addAll(f.symbols());
                }
            }
            // new early closes (bars of 1987) may change any symbol's reads of that year; else only the files' symbols changed
            if (!bars.addedEarlyCloses()) store.changesOnly(symbols);
            attempt.tell(turn, List.copyOf(symbols));
            Cancellation.check(); // the last point where a cancel still leaves the store as it was
            return new ImportReport(List.copyOf(reported), counts[0], counts[1], List.copyOf(symbols), described);
        });
    }
}
