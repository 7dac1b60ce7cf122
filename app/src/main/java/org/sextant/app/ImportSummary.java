package org.sextant.app;

import java.util.List;
import org.sextant.engine.Json;
import org.sextant.engine.ingest.ImportNotes;
import org.sextant.engine.ingest.ImportReport;

/** Prints an import report for people. */
final class ImportSummary {
    private ImportSummary() {}

    static String render(ImportReport r) {
        StringBuilder sb = new StringBuilder();
        for (ImportReport.ImportedFile f : r.files()) {
            String skipped = f.skipped() > 0 ? ", " + f.skipped() + " lines without prices skipped" : "";
            sb.append(String.format("%s: %s layout, %d rows%s, symbols %s%n", orEmpty(f.file()), orEmpty(f.layout()), f.rows(), skipped, jsonList(f.symbols())));
        }
        sb.append(String.format("imported: %d new rows, %d updated; symbols %s%n", r.rowsInserted(), r.rowsUpdated(), jsonList(r.symbols())));
        for (String note : ImportNotes.of(r)) sb.append("note: ").append(note).append(System.lineSeparator());
        return sb.toString();
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** Symbols as a JSON array, ["AA","IBM"], the spelling the docs show. */
    private static String jsonList(List<String> symbols) {
        return Json.MAPPER.valueToTree(symbols).toString();
    }
}
