package org.sextant.app.gui;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.engine.Sextant;
import org.sextant.engine.ingest.KeptDeletions;

/**
 * The Data view's Kept deletions without a screen: the CSVs delete_prices kept in SEXTANT_HOME/data/deleted,
 * newest first, with the folder's count and size, and Remove file… of one of them (a person's action: no agent
 * tool removes a kept file). Restore is the Data view's import ({@link DataViewModel#restore}), which reports here.
 */
public final class KeptDeletionsModel {
    /** Files the table lists, the newest; the title still counts and sizes them all. */
    static final int SHOWN = 500;
    private static final DateTimeFormatter AT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneOffset.UTC);

    private final Sextant engine;
    private final EngineCalls calls;
    private final EngineCalls.Latest listings = new EngineCalls.Latest();
    private final ObservableList<KeptDeletions.Kept> files = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<KeptDeletions.Listing> listing = new ReadOnlyObjectWrapper<>(this, "listing");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    final ReadOnlyStringWrapper notes = new ReadOnlyStringWrapper(this, "notes", "");
    final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error");

    KeptDeletionsModel(Sextant engine, EngineCalls calls) {
        this.engine = engine;
        this.calls = calls;
    }

    /** Lists data/deleted again (after a deletion, an import, a removal; names and sizes only). */
    public CompletableFuture<KeptDeletions.Listing> refresh() {
        return calls.run(listings, () -> engine.listDeletedPrices(SHOWN), l -> {
            listing.set(l);
            files.setAll(l.files());
            summary.set(summary(l));
        }, error::set, "list the kept deletions");
    }

    /** Deletes {@code kept}'s file (only inside data/deleted; the engine refuses any other path) and lists the folder again. */
    public CompletableFuture<Long> remove(KeptDeletions.Kept kept) {
        error.set(null);
        notes.set("");
        return calls.run(() -> engine.removeDeletedPricesFile(kept.file()), bytes -> {
            message.set("Removed " + kept.file() + " (" + size(bytes) + ")");
            refresh();
        }, e -> { }, "remove the file").exceptionally(e -> {
            message.set("");
            error.set(DataViewModel.explain(e));
            refresh(); // a file gone meanwhile leaves the list
            return null;
        });
    }

    /** "3 files · 12.4 KB", and "· the newest 500 listed" past {@link #SHOWN}; "none" when the folder is empty. */
    static String summary(KeptDeletions.Listing l) {
        if (l.count() == 0) return "none";
        return String.format(Locale.ROOT, "%,d file%s · %s%s", l.count(), l.count() == 1 ? "" : "s", size(l.totalBytes()),
                l.truncated() ? " · the newest " + l.files().size() + " listed" : "");
    }

    /** Bytes as a person reads them: "512 B", "12.4 KB", "3.0 MB", "1.2 GB" (1 KB = 1,024 bytes). */
    static String size(long bytes) {
        if (bytes < 1024) return bytes + " B";
        String[] units = {"KB", "MB", "GB", "TB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** When a kept file's rows were deleted, in UTC as its name holds it ("2026-03-01 10:15:00"). */
    static String when(KeptDeletions.Kept k) {
        return AT.format(k.deletedAt());
    }

    /** What a removal's confirmation says of {@code k}: the file, its size and whose rows it holds. */
    static String describe(KeptDeletions.Kept k) {
        String whose = "deleted_prices".equals(k.kind()) ? "the " + (k.interval().equals("1d") ? "daily prices" : k.interval() + " bars") + " of " + k.symbol()
                + " deleted " + when(k) + " UTC" : "not a file delete_prices named";
        return k.file() + " (" + size(k.bytes()) + "): " + whose;
    }

    // duplicates: plain accessors for the view and tests
    public ObservableList<KeptDeletions.Kept> files() { return files; }
    public ReadOnlyObjectProperty<KeptDeletions.Listing> listingProperty() { return listing.getReadOnlyProperty(); }
    public ReadOnlyStringProperty summaryProperty() { return summary.getReadOnlyProperty(); }
    public ReadOnlyStringProperty messageProperty() { return message.getReadOnlyProperty(); }
    public ReadOnlyStringProperty notesProperty() { return notes.getReadOnlyProperty(); }
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }
}
