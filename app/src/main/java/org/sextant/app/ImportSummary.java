package org.sextant.app;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Json;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.ingest.ImportNotes;
import org.sextant.engine.ingest.ImportReport;

/** Prints an import report for people. */
final class ImportSummary {
    /** Symbols named per session line; a file of thousands says how many more. */
    static final int SYMBOLS_PER_SESSION = 5;

    private ImportSummary() {}

    static String render(ImportReport r) {
        StringBuilder sb = new StringBuilder();
        for (ImportReport.ImportedFile f : r.files()) {
            String skipped = f.skipped() > 0 ? ", " + count(f.skipped(), "line") + " without prices skipped" : "";
            sb.append(String.format("%s: %s layout, %s%s, symbols %s%n", orEmpty(f.file()), orEmpty(f.layout()), count(f.rows(), "row"), skipped, jsonList(f.symbols()) + f.moreSymbols()));
            if (f.times() != null) barFile(sb, f);
        }
        sb.append(String.format("imported: %s, %d updated; symbols %s%n", count(r.rowsInserted(), "new row"), r.rowsUpdated(), jsonList(r.symbols()) + r.moreSymbols()));
        for (String note : ImportNotes.of(r)) sb.append("note: ").append(note).append(System.lineSeparator());
        return sb.toString();
    }

    /**
     * A bar file's interval, how its times were read and the session each symbol got: a file of Berlin times without a zone
     * was read as UTC and given the 24x5 fx session without a word, and every intraday statistic followed from both.
     */
    private static void barFile(StringBuilder sb, ImportReport.ImportedFile f) {
        String n = System.lineSeparator();
        sb.append("  interval ").append(f.interval()).append("; times ").append(f.times());
        if (f.times().endsWith("(read as UTC)")) {
            sb.append(": the file gives no zone; if they are local times, delete these bars (sextant delete-prices SYMBOL --interval ")
                    .append(f.interval()).append(") and import again with --timezone, e.g. --timezone Europe/Berlin");
        }
        sb.append(n);
        Map<String, List<String>> bySession = new LinkedHashMap<>();
        for (ImportReport.BarCheck b : f.bars()) bySession.computeIfAbsent(b.session(), s -> new ArrayList<>()).add(b.symbol());
        for (Map.Entry<String, List<String>> e : bySession.entrySet()) {
            List<String> symbols = e.getValue();
            String more = symbols.size() > SYMBOLS_PER_SESSION ? " and " + (symbols.size() - SYMBOLS_PER_SESSION) + " more" : "";
            sb.append("  session ").append(e.getKey()).append(" (").append(TradingSession.of(e.getKey()).hours()).append(") for ")
                    .append(String.join(", ", symbols.subList(0, Math.min(symbols.size(), SYMBOLS_PER_SESSION)))).append(more)
                    .append("; change it with: sextant session SYMBOL ").append(TradingSession.labels()).append(n);
        }
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
