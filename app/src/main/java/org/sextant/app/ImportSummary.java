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
            String skipped = f.skipped() > 0 ? ", " + count(f.skipped(), "line") + " without prices skipped" : "";
            sb.append(String.format("%s: %s layout, %s%s, symbols %s%n", orEmpty(f.file()), orEmpty(f.layout()), count(f.rows(), "row"), skipped, jsonList(f.symbols()) + f.moreSymbols()));
        }
        sb.append(String.format("imported: %s, %d updated; symbols %s%n", count(r.rowsInserted(), "new row"), r.rowsUpdated(), jsonList(r.symbols()) + r.moreSymbols()));
        for (String note : ImportNotes.of(r)) sb.append("note: ").append(note).append(System.lineSeparator());
        return sb.toString();
    }

    /** "1 row", "2 rows", "0 rows". */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String orEmpty(String s) {
        return s == null ? "" : s;
    }

    /** Symbols as a JSON array, ["AA","IBM"], the spelling the docs show. */
    private static String jsonList(List<String> symbols) {
        return Json.MAPPER.valueToTree(symbols).toString();
    }
}
