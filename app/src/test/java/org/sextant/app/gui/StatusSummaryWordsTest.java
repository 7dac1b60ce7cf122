package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.sextant.engine.data.DataSummary;

/** The status bar's line about the store: a store of intraday bars alone was called empty. */
class StatusSummaryWordsTest {
    private static final LocalDate FROM = LocalDate.of(1962, 1, 2), TO = LocalDate.of(2026, 1, 30);

    @Test
    void aStoreOfBarsAloneIsDescribedNotCalledEmpty() {
        assertEquals("1 symbol with bars only · 12,000 non-daily bars", WorkstationWindow.describe(new DataSummary(0, 0, null, null, 1, 12_000)));
        assertEquals("3 symbols with bars only · 36,000 non-daily bars", WorkstationWindow.describe(new DataSummary(0, 0, null, null, 3, 36_000)));
    }

    @Test
    void dailyPricesComeFirstAndBarsAfter() {
        assertEquals("38 symbols · 96,900 daily prices · 1962-01-02 to 2026-01-30",
                WorkstationWindow.describe(new DataSummary(38, 96_900, FROM, TO, 0, 0)));
        assertEquals("38 symbols · 96,900 daily prices · 1962-01-02 to 2026-01-30 · 1 more with bars only · 12,000 non-daily bars",
                WorkstationWindow.describe(new DataSummary(38, 96_900, FROM, TO, 1, 12_000)));
        assertEquals("38 symbols · 96,900 daily prices · 1962-01-02 to 2026-01-30 · 500 non-daily bars",
                WorkstationWindow.describe(new DataSummary(38, 96_900, FROM, TO, 0, 500)), "weekly bars of a symbol with daily prices");
        assertEquals("The store is empty: import a CSV or gather prices", WorkstationWindow.describe(new DataSummary(0, 0, null, null, 0, 0)));
    }
}
