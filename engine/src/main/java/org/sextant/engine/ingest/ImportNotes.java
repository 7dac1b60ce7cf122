package org.sextant.engine.ingest;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a person should read after an import, one sentence a line: each file's notes (a symbol whose
 * dates look weekly or monthly, imported as daily prices), each bar symbol's notes
 * (changed stored bars, bars repeating stored ones at another time-zone offset, its bars outside the session and where
 * they fall), then its gaps; then how many symbols the files named. The window shows the first few, the command line
 * prints them all. The bars outside the session are told once, by the symbol's note (a count beside it said it twice).
 */
public final class ImportNotes {
    private ImportNotes() {}

    public static List<String> of(ImportReport report) {
        List<String> lines = new ArrayList<>();
        List<String> counts = new ArrayList<>();
        for (ImportReport.ImportedFile f : report.files()) {
            lines.addAll(f.notes());
            for (ImportReport.BarCheck b : f.bars()) {
                lines.addAll(b.notes());
                if (b.gaps() > 0) {
                    counts.add(String.format(Locale.ROOT, "%s %s: %,d gap%s inside trading days (the largest %,d minutes, after %s)",
                            b.symbol(), b.interval(), b.gaps(), b.gaps() == 1 ? "" : "s", b.largestGapMinutes(), b.largestGapAfter()));
                }
            }
        }
        lines.addAll(counts);
        if (report.described() > 0) {
            lines.add(report.described() + (report.described() == 1 ? " symbol" : " symbols")
                    + " named from the files' name, currency or exchange columns (an empty cell kept what was stored)");
        }
        return lines;
    }
}
