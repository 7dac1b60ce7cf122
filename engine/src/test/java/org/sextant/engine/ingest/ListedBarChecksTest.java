package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An import answer lists at most {@link ImportReport#MAX_LISTED_SYMBOLS} symbols' bar checks (a bar file of 300,000 symbols
 * answered one check each), keeping those with something to check, however late in the file, in the file's order.
 */
class ListedBarChecksTest {
    private static ImportReport.BarCheck check(int i, long gaps) {
        return new ImportReport.BarCheck(String.format("Z%05d", i), "30m", "fx", 10, "2024-03-04 09:30", "2024-03-04 14:00",
                0, 0, gaps, gaps > 0 ? 90 : 0, gaps > 0 ? "2024-03-04 10:00" : null, 0, 0, null, List.of());
    }

    @Test
    void aBarFileOfManySymbolsListsAThousandChecksKeepingThoseToCheck() {
        List<ImportReport.BarCheck> checks = new ArrayList<>();
        List<String> symbols = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            checks.add(check(i, i == 1400 ? 2 : 0));
            symbols.add(checks.get(i).symbol());
        }
        ImportReport.ImportedFile file = new ImportReport.ImportedFile("bars.csv", "bars", 15_000, symbols, "30m", "UTC", checks);
        ImportReport listed = new ImportReport(List.of(file), 15_000, 0, symbols, symbols.size(), 0).listed();

        List<ImportReport.BarCheck> shown = listed.files().get(0).bars();
        assertEquals(ImportReport.MAX_LISTED_SYMBOLS, shown.size());
        assertTrue(shown.contains(checks.get(1400)), "the one check with gaps, past the first thousand, is listed");
        assertEquals(checks.subList(0, 999), shown.subList(0, 999), "then the first ones, in the file's order");
        assertEquals(1500, listed.files().get(0).symbolsCount());
    }
}
