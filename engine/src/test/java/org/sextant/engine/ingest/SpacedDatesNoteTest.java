package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files of quarterly, yearly or biweekly dates, or dates spaced past trading days with no name (attack 14, M1), have no
 * bar interval: they import as daily prices as before, and the preview and the import's report name each such symbol by
 * the reads' rule (PeriodicDates), with the per-step reading, 10 at most, then a count.
 */
class SpacedDatesNoteTest {
    @TempDir Path tmp;

    private static List<LocalDate> quarterEnds(LocalDate first, int n) {
        List<LocalDate> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add(first.plusDays(1).plusMonths(3L * i).minusDays(1));
        return out;
    }

    /** A long file of these symbols' dates, row by row in date order, a close of 10 each. */
    private Path longFile(String name, Map<String, List<LocalDate>> symbols) throws Exception {
        TreeMap<String, String> rows = new TreeMap<>();
        symbols.forEach((s, dates) -> dates.forEach(d -> rows.put(d + s, s + "," + d + ",10")));
        return Files.writeString(tmp.resolve(name), "symbol,date,close\n" + String.join("\n", rows.values()) + "\n");
    }

    private List<String> notes(Path f, long rows) throws Exception {
        return WeeklyBesideDailyNoteTest.notes(tmp, f, rows);
    }

    @Test
    void aQuarterlyFileImportsAsDailyPricesAndSaysHowToReadThem() throws Exception {
        List<LocalDate> quarters = quarterEnds(LocalDate.of(1980, 3, 31), 40);
        StringBuilder csv = new StringBuilder("Date,Close\n");
        quarters.forEach(d -> csv.append(d).append(",10\n"));
        assertEquals(List.of("the dates of the symbol 'QTRX' are a median 92 days apart (quarterly): it imports as daily prices, whose forecasts step day by day "
                        + "and whose backtests annualise with 252 bars a year; Sextant has no bar interval for quarterly prices (1w and 1mo bars would count "
                        + "52 or 12 a year, not 4), so read the answers per quarter: a forecast's step is a quarter whatever date it names, and a backtest's annual "
                        + "figures count 252 quarters a year (divide its Sharpe ratio and volatility by about 8.0; its CAGR is the growth of 252 quarters)"),
                notes(Files.writeString(tmp.resolve("QTRX.csv"), csv), quarters.size()));
    }

    /** Twelve quarterly and yearly symbols beside a daily one: ten named, then a count; each one the reads would warn of. */
    @Test
    void theNotesNameTenSymbolsThenCountTheRest() throws Exception {
        Map<String, List<LocalDate>> symbols = new TreeMap<>();
        List<LocalDate> days = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2000, 1, 3); days.size() < 60; d = d.plusDays(1)) if (d.getDayOfWeek().getValue() <= 5) days.add(d);
        symbols.put("DAILY", days);
        for (int i = 1; i <= 6; i++) symbols.put(String.format("Q%02d", i), quarterEnds(LocalDate.of(1990, 3, 31), 12));
        for (int i = 1; i <= 6; i++) {
            List<LocalDate> years = new ArrayList<>();
            for (int y = 1990; y < 2000; y++) years.add(LocalDate.of(y, 12, 31));
            symbols.put(String.format("Y%02d", i), years);
        }
        List<String> notes = notes(longFile("MANYQ.csv", symbols), symbols.values().stream().mapToLong(List::size).sum());
        assertEquals(11, notes.size(), notes.toString());
        for (int i = 0; i < 10; i++) {
            String s = i < 6 ? String.format("Q%02d", i + 1) : String.format("Y%02d", i - 5);
            assertTrue(notes.get(i).startsWith("the dates of the symbol '" + s + "' are a median " + (i < 6 ? "92 days apart (quarterly)" : "365 days apart (yearly)")
                    + ": it imports as daily prices"), notes.get(i));
        }
        assertEquals("2 more symbols' dates are a median more than 4 days apart, not weekly or monthly, as above: they import as daily prices", notes.get(10));
        long warned = symbols.values().stream().filter(d -> PeriodicDates.of(d) != null).count();
        assertEquals(12, warned, "the symbols the notes name and count are those the reads warn of");
    }
}
