package org.sextant.app.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.engine.exchange.CsvWriter;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.home.AtomicFiles;
import org.sextant.engine.ingest.DeletedPrices;
import org.sextant.engine.ingest.ImportPreview;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.sql.SelectResult;

/**
 * State of the Data view without a screen: the files chosen for import with the preview of the
 * first (format, detected layout, first rows) or the engine's error (field and fix), the import
 * and provider-fetch jobs and what they did, the symbols table, and a read-only SQL console whose
 * result can be exported as CSV. Engine calls run off the ui thread; imports and fetches are
 * engine jobs, so they also appear (and can be cancelled) in the Jobs view.
 */
public final class DataViewModel implements AutoCloseable {
    private final Sextant engine;
    private final EngineCalls calls;
    private final AtomicBoolean closed = new AtomicBoolean();

    private final ObservableList<SymbolInfo> symbols = FXCollections.observableArrayList();
    private final ObservableList<Path> files = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<ImportPreview> preview = new ReadOnlyObjectWrapper<>(this, "preview");
    /** True once the preview refused the chosen file: importing it would only repeat the refusal. */
    private final javafx.beans.property.ReadOnlyBooleanWrapper refused = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "refused");
    private final ReadOnlyStringWrapper importError = new ReadOnlyStringWrapper(this, "importError");
    private final ReadOnlyStringWrapper importMessage = new ReadOnlyStringWrapper(this, "importMessage", "");
    /** What the last import found in the bars that a reader should check (changed stored bars, gaps…), one per line; empty when nothing. */
    private final ReadOnlyStringWrapper importNotes = new ReadOnlyStringWrapper(this, "importNotes", "");
    private final StringProperty gatherSymbols = new SimpleStringProperty(this, "gatherSymbols", "");
    /**
     * The zones the zone picker offers (any other may be typed): the European ones are those whose venue settles a tie of
     * venues' days (a December file fits London's and Euronext's alike: read in Paris it is Euronext's).
     */
    public static final List<String> OFFERED_ZONES = List.of("UTC", "America/New_York", "America/Chicago", "Europe/London",
            "Europe/Zurich", "Europe/Paris", "Europe/Amsterdam", "Europe/Brussels", "Europe/Lisbon", "Europe/Athens", "Asia/Tokyo");
    /** The zone bar times written without one are read in (a region or an offset; blank: UTC), for the preview and the import. */
    private final StringProperty timezone = new SimpleStringProperty(this, "timezone", "");
    private final StringProperty sql = new SimpleStringProperty(this, "sql",
            "SELECT symbol, count(*) AS rows, min(date) AS first, max(date) AS last FROM prices GROUP BY symbol ORDER BY symbol");
    private final ReadOnlyObjectWrapper<SelectResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyStringWrapper sqlError = new ReadOnlyStringWrapper(this, "sqlError");
    private final ReadOnlyStringWrapper sqlMessage = new ReadOnlyStringWrapper(this, "sqlMessage", "");
    /** What the last Delete prices… did (rows per interval, where they are kept), or why it deleted nothing. */
    private final ReadOnlyStringWrapper deleteMessage = new ReadOnlyStringWrapper(this, "deleteMessage", "");
    private final ReadOnlyStringWrapper deleteError = new ReadOnlyStringWrapper(this, "deleteError");
    private final KeptDeletionsModel kept;

    public DataViewModel(Sextant engine) {
        this(engine, null, Platform::runLater);
    }

    /** @param background engine calls (null: a daemon thread owned by this model); @param ui applies results */
    public DataViewModel(Sextant engine, Executor background, Executor ui) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.calls = new EngineCalls(background, ui, "sextant-gui-data");
        this.kept = new KeptDeletionsModel(engine, calls);
        engine.onDataChanged(() -> { // a deletion keeps files, an import may restore one
            if (closed.get()) return;
            refreshSymbols();
            kept.refresh();
        });
    }

    /**
     * Lists every stored symbol: those with daily prices and those with bars only (an intraday file's), each with its
     * stored intervals ({@link #intervals}), so Delete prices… reaches them all.
     */
    public CompletableFuture<List<SymbolInfo>> refreshSymbols() {
        return calls.run(() -> {
            List<SymbolInfo> all = new java.util.ArrayList<>(engine.listSymbols(null));
            all.addAll(engine.listBarsOnlySymbols(null));
            all.sort(java.util.Comparator.comparing(SymbolInfo::symbol));
            return new Listing(List.copyOf(all), Map.copyOf(engine.storedIntervals()));
        }, l -> {
            intervals = l.intervals(); // before the rows, whose cells read it
            symbols.setAll(l.symbols());
        }, importError::set, "list the symbols").thenApply(Listing::symbols);
    }

    private record Listing(List<SymbolInfo> symbols, Map<String, List<String>> intervals) {}

    /** The stored intervals of each listed symbol, finest first (daily prices are 1d), as of the last listing. */
    private volatile Map<String, List<String>> intervals = Map.of();

    /** {@code symbol}'s stored intervals as the symbols table shows them ("1d, 1w"; "30m" for bars only). */
    public String intervals(String symbol) {
        return String.join(", ", intervals.getOrDefault(symbol, List.of()));
    }

    /**
     * Chooses the files to import (from the dialog or a drop) and previews the first; a file the
     * importer would refuse for its header shows the refusal now, before anything is written.
     */
    public CompletableFuture<ImportPreview> choose(List<Path> chosen) {
        files.setAll(chosen);
        return previewChosen();
    }

    /**
     * Previews the first chosen file again, reading bar times without a zone in {@link #timezoneProperty()}
     * (the view calls it when the zone is changed); an unknown zone is refused here, naming the time zone.
     */
    public CompletableFuture<ImportPreview> previewChosen() {
        List<Path> chosen = List.copyOf(files);
        preview.set(null);
        refused.set(false);
        importError.set(null);
        importMessage.set("");
        importNotes.set("");
        if (chosen.isEmpty()) return CompletableFuture.completedFuture(null);
        Path first = chosen.get(0);
        String zone = timezone.get();
        return calls.run(() -> engine.previewImport(first, zone), p -> {
            preview.set(p);
            importMessage.set(chosen.size() == 1 ? "Ready to import " + first.getFileName()
                    : "Ready to import " + chosen.size() + " files (preview of the first)");
        }, e -> { }, "preview").exceptionally(e -> {
            refused.set(true);
            importError.set(explain(e));
            return null;
        });
    }

    /** Imports the chosen files as one job (all or nothing); completes with the job's final status. */
    public CompletableFuture<JobStatus> importChosen() {
        if (files.isEmpty()) {
            importError.set("Choose a CSV or Parquet file first (File > Import, or drop files here)");
            return CompletableFuture.completedFuture(null);
        }
        List<Path> chosen = List.copyOf(files);
        importError.set(null);
        importNotes.set("");
        importMessage.set("Importing " + chosen.size() + " file(s)…");
        String zone = timezone.get() == null || timezone.get().isBlank() ? null : timezone.get().trim();
        return followJob(() -> engine.startImport(chosen, zone), "import", importMessage, importError, importNotes);
    }

    /**
     * Imports {@code file}, a kept deletion, as Import would (one job, its usual answer, reported under Kept deletions):
     * the rows come back with their values; the file stays until Remove file….
     */
    public CompletableFuture<JobStatus> restore(org.sextant.engine.ingest.KeptDeletions.Kept file) {
        Path path = engine.home().root().resolve(file.file());
        kept.error.set(null);
        kept.notes.set("");
        kept.message.set("Restoring " + file.file() + "…");
        return followJob(() -> engine.startImport(List.of(path), null), "restore", kept.message, kept.error, kept.notes);
    }

    /** Fetches the symbols typed in {@link #gatherSymbolsProperty()} (comma or space separated) from the default provider. */
    public CompletableFuture<JobStatus> gather() {
        List<String> wanted = Arrays.stream(gatherSymbols.get().split("[,\\s]+")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        importError.set(null);
        importNotes.set("");
        importMessage.set("Fetching " + String.join(", ", wanted) + "…");
        return followJob(() -> engine.startGather(wanted, null), "fetch", importMessage, importError, importNotes);
    }

    /**
     * Starts a job and follows it by short status reads (EngineCalls.followJob), so the view's
     * other calls (a query in the console) are not held up by a long import; reports its outcome
     * in {@code message} (and {@code notes}) or {@code error}.
     */
    private CompletableFuture<JobStatus> followJob(java.util.function.Supplier<JobStatus> start, String what,
            ReadOnlyStringWrapper message, ReadOnlyStringWrapper error, ReadOnlyStringWrapper notes) {
        return calls.followJob(start, engine.jobs()::status, EngineCalls.JOB_POLL_MILLIS, s -> { }, done -> {
            if (done.state() == JobState.SUCCEEDED && done.result() instanceof ImportReport r) {
                message.set(String.format(Locale.ROOT, "%s done: %,d rows added, %,d updated for %s",
                        what.substring(0, 1).toUpperCase(Locale.ROOT) + what.substring(1), r.rowsInserted(), r.rowsUpdated(),
                        String.join(", ", r.symbols()) + r.moreSymbols()));
                notes.set(importNotes(r));
            } else if (done.state() == JobState.SUCCEEDED) {
                message.set(what + " done");
            } else {
                message.set("");
                error.set(what.substring(0, 1).toUpperCase(Locale.ROOT) + what.substring(1) + " "
                        + done.state().name().toLowerCase(Locale.ROOT) + (done.explained() == null ? "" : ": " + done.explained())
                        + ". Nothing was imported.");
            }
        }, progress -> { }, what).exceptionally(e -> {
            if (e instanceof java.util.concurrent.CancellationException) return null; // the view closed
            message.set("");
            error.set(explain(e));
            return null;
        });
    }

    /** Note lines shown after an import; beyond them one line says how many more there are. */
    static final int NOTE_LINES_SHOWN = 3;

    /**
     * What an import found that a reader should check, one line each, at most {@link #NOTE_LINES_SHOWN}
     * and then "and N more": first the engine's notes (stored bars changed, the same bars at another
     * time-zone offset, bars outside the session and where they fall), then per symbol its gaps inside trading days.
     */
    static String importNotes(ImportReport report) {
        List<String> lines = org.sextant.engine.ingest.ImportNotes.of(report);
        if (lines.size() <= NOTE_LINES_SHOWN + 1) return String.join("\n", lines);
        return String.join("\n", lines.subList(0, NOTE_LINES_SHOWN)) + "\nand " + (lines.size() - NOTE_LINES_SHOWN) + " more";
    }

    /** Counts {@code symbol}'s stored rows per interval, finest first, and hands them to {@code then} on the ui thread (none: says so). */
    public CompletableFuture<Map<String, Long>> countRows(String symbol, Consumer<Map<String, Long>> then) {
        deleteError.set(null);
        return calls.run(() -> engine.storedRows(symbol), rows -> {
            if (rows.isEmpty()) deleteError.set(symbol + " has no stored prices left");
            else then.accept(rows);
        }, e -> { }, "count the rows").exceptionally(e -> {
            deleteError.set(explain(e));
            return null;
        });
    }

    /**
     * Deletes {@code symbol}'s prices at {@code interval} (null: every interval) in one transaction, the rows kept in a
     * CSV that Import puts back; the symbols table follows through the engine's data listener.
     */
    public CompletableFuture<DeletedPrices> deletePrices(String symbol, String interval) {
        deleteError.set(null);
        deleteMessage.set("Deleting the prices of " + symbol + "…");
        return calls.run(() -> engine.deletePrices(symbol, interval), d -> deleteMessage.set(deleted(d)), e -> { }, "delete the prices").exceptionally(e -> {
            deleteMessage.set("");
            deleteError.set(explain(e));
            return null;
        });
    }

    /** "Deleted 101 daily rows of STRAYW; it still has 1w.", then where they are kept: what went, what is left, the way back. */
    static String deleted(DeletedPrices d) {
        List<String> parts = new java.util.ArrayList<>();
        for (DeletedPrices.Interval i : d.deleted()) {
            parts.add(String.format(Locale.ROOT, "%,d %s", i.rows(), i.interval().equals("1d") ? "daily rows" : i.interval() + " bars"));
        }
        List<String> kept = d.deleted().stream().map(i -> "data/deleted/" + Path.of(i.keptIn()).getFileName()).toList();
        return "Deleted " + String.join(" and ", parts) + " of " + d.symbol() + "; " + (d.remainingIntervals().isEmpty() ? "it is no longer in the store."
                : "it still has " + String.join(", ", d.remainingIntervals()) + ".") + "\nKept in " + String.join(", ", kept) + ": Import puts them back.";
    }

    /** Runs the console's query (one read-only SELECT, at most 5000 rows shown). */
    public CompletableFuture<SelectResult> runQuery() {
        String text = sql.get();
        sqlError.set(null);
        return calls.run(() -> engine.runSelect(text, null), r -> {
            result.set(r);
            sqlMessage.set(String.format(Locale.ROOT, "%,d row(s) in %d ms%s", r.rowCount(), r.elapsedMillis(),
                    r.truncated() ? " · only the first " + r.limit() + " shown (add your own LIMIT or narrow the query)" : ""));
        }, e -> { }, "run the query").exceptionally(e -> {
            result.set(null);
            sqlMessage.set("");
            sqlError.set(explain(e));
            return null;
        });
    }

    /** Writes the result on screen as CSV (header + rows), atomically: a reader sees the old file or the whole new one. */
    public CompletableFuture<Path> exportCsv(Path target) {
        SelectResult r = result.get();
        if (r == null) {
            sqlError.set("Run a query first: there is no result to export");
            return CompletableFuture.completedFuture(null);
        }
        return calls.run(() -> {
            try {
                AtomicFiles.write(target, CsvWriter.table(r.columns(), r.rows(), CsvWriter.CRLF));
                return target;
            } catch (IOException e) {
                throw SextantException.invalid("file", "cannot write " + target + ": " + e.getMessage(), "choose a folder you can write to");
            }
        }, p -> sqlMessage.set(String.format(Locale.ROOT, "Exported %,d row(s) to %s", r.rows().size(), p)), e -> { }, "export")
                .exceptionally(e -> {
                    sqlError.set(explain(e));
                    return null;
                });
    }

    /** The engine's refusal as a person reads it: what, the field at fault, and the fix. */
    static String explain(Throwable e) {
        Throwable c = e;
        while ((c instanceof CompletionException || c instanceof java.util.concurrent.ExecutionException) && c.getCause() != null) {
            c = c.getCause();
        }
        if (c instanceof SextantException se) {
            StringBuilder b = new StringBuilder(se.getMessage());
            if (se.field() != null) b.append("\nWhere: ").append(fieldWords(se.field()));
            if (se.fix() != null) b.append("\nFix: ").append(se.fix());
            return b.toString();
        }
        return c.getMessage() == null ? c.toString() : c.getMessage();
    }

    /** An engine field name in a person's words: "paths" is the chosen file, "args.run_id" the run id. */
    static String fieldWords(String field) {
        String last = field.substring(field.lastIndexOf('.') + 1);
        return switch (last) {
            case "paths", "path", "file", "files" -> "the chosen file";
            case "sql" -> "the query";
            case "timezone" -> "the time zone of the bar times";
            case "symbols", "symbol" -> "the symbols";
            case "provider" -> "the data provider (settings.json)";
            default -> "the " + last.replace('_', ' ');
        };
    }

    public ObservableList<SymbolInfo> symbols() { return symbols; }
    public javafx.beans.property.ReadOnlyBooleanProperty refusedProperty() { return refused.getReadOnlyProperty(); }
    // duplicates: plain accessors for the views and tests, alike by nature; nothing to share
    public ObservableList<Path> files() { return files; }
    public ReadOnlyObjectProperty<ImportPreview> previewProperty() { return preview.getReadOnlyProperty(); }
    public ReadOnlyStringProperty importErrorProperty() { return importError.getReadOnlyProperty(); }
    public ReadOnlyStringProperty importMessageProperty() { return importMessage.getReadOnlyProperty(); }
    public ReadOnlyStringProperty importNotesProperty() { return importNotes.getReadOnlyProperty(); }
    // duplicates: property accessors, the JavaFX pattern every ViewModel repeats
    public StringProperty gatherSymbolsProperty() { return gatherSymbols; }
    public StringProperty timezoneProperty() { return timezone; }
    public StringProperty sqlProperty() { return sql; }
    public ReadOnlyObjectProperty<SelectResult> resultProperty() { return result.getReadOnlyProperty(); }
    public ReadOnlyStringProperty sqlErrorProperty() { return sqlError.getReadOnlyProperty(); }
    public ReadOnlyStringProperty sqlMessageProperty() { return sqlMessage.getReadOnlyProperty(); }
    public ReadOnlyStringProperty deleteMessageProperty() { return deleteMessage.getReadOnlyProperty(); }
    public ReadOnlyStringProperty deleteErrorProperty() { return deleteError.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty busyProperty() { return calls.busyProperty(); }
    /** The kept deletions (data/deleted) the view lists, with Remove file…; {@link #restore} imports one. */
    public KeptDeletionsModel kept() { return kept; }

    @Override
    public void close() {
        closed.set(true);
        calls.close();
    }
}
