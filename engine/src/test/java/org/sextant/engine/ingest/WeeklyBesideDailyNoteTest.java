package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.sextant.engine.ingest.SampleUniverseTest.number;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * A weekly or monthly symbol that imports as daily prices because of the other symbols of its file (attack 13, M2): a
 * daily symbol beside it, long or wide, or a sparse column of a wide weekly file. Each such symbol gets a note saying why
 * and the fix, in the preview and the import's report alike, and a truly daily symbol (holidays, a 3-month hole) none.
 */
class WeeklyBesideDailyNoteTest {
    @TempDir Path tmp;

    /** The MSFT sample's trading days (NYSE holidays and the 9/11 closure) less a 3-month hole. */
    private static List<LocalDate> dailyWithAHole() throws Exception {
        return BarPeriodsTest.daily().keySet().stream().filter(d -> d.isBefore(LocalDate.of(2001, 1, 2)) || d.isAfter(LocalDate.of(2001, 3, 31))).toList();
    }

    /** The Fridays of the sample's year. */
    private static List<LocalDate> fridays() {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(2000, 9, 29); d.isBefore(LocalDate.of(2001, 9, 28)); d = d.plusWeeks(1)) out.add(d);
        return out;
    }

    /** The last Friday of each of {@code months} months from January 2000. */
    private static List<LocalDate> monthEnds(int months) {
        List<LocalDate> out = new ArrayList<>();
        for (int i = 0; i < months; i++) out.add(LocalDate.of(2000, 1, 1).plusMonths(i).with(TemporalAdjusters.lastInMonth(DayOfWeek.FRIDAY)));
        return out;
    }

    private Path file(String name, String header, List<String> rows) throws Exception {
        return Files.writeString(tmp.resolve(name), header + "\n" + String.join("\n", rows) + "\n");
    }

    /** A long file of these symbols' dates, row by row in date order (so the preview's rows hold each symbol), a close of 10 each. */
    private Path longFile(String name, Map<String, List<LocalDate>> symbols) throws Exception {
        TreeMap<String, String> rows = new TreeMap<>();
        symbols.forEach((s, dates) -> dates.forEach(d -> rows.put(d + s, s + "," + d + ",10")));
        return file(name, "symbol,date,close", List.copyOf(rows.values()));
    }

    /** A wide file of these columns, a row per date any of them has, an empty cell where a column has none. */
    private Path wideFile(String name, Map<String, List<LocalDate>> columns) throws Exception {
        TreeMap<LocalDate, StringBuilder> rows = new TreeMap<>();
        columns.values().forEach(dates -> dates.forEach(d -> rows.put(d, new StringBuilder(d.toString()))));
        rows.forEach((d, row) -> columns.values().forEach(dates -> row.append(',').append(dates.contains(d) ? "10" : "")));
        return file(name, "date," + String.join(",", columns.keySet()), rows.values().stream().map(StringBuilder::toString).toList());
    }

    private List<String> notes(Path f, long rows) throws Exception {
        return notes(tmp, f, rows);
    }

    /** The notes of {@code f} in the preview and in an import into a fresh store in {@code tmp}, the same, each row a daily price. */
    static List<String> notes(Path tmp, Path f, long rows) throws Exception {
        List<String> preview = ImportPreview.of(f).notes();
        assertEquals("1d", ImportPreview.of(f).interval(), f.toString());
        Path fresh = java.nio.file.Files.createTempDirectory(tmp, "notes"); // a store of its own each time: a second import would note the rows it replaces
        try (Store store = SampleStoreCopy.openOrEmpty(fresh.resolve(f.getFileName() + ".duckdb"), fresh.resolve(f.getFileName() + "-staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(f));
            assertEquals("1d", r.files().get(0).interval());
            assertEquals(preview, r.files().get(0).notes(), "the preview says what the import says");
            assertEquals(rows, number(store, "SELECT count(*) FROM prices"));
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            return preview;
        }
    }

    private static String fixTail(String interval) {
        return ": it imports as daily prices, which a backtest annualises with 252 bars a year; to import it as " + interval + " bars, ";
    }

    @Test
    void aWeeklySymbolBesideADailyOneInALongFileIsNoted() throws Exception {
        List<LocalDate> days = dailyWithAHole(), weeks = fridays();
        Path mixed = longFile("MIXLONG.csv", Map.of("DAYX", days, "WEEKX", weeks));
        assertEquals(List.of("the dates of the symbol 'WEEKX' are a median 7 days apart (weekly), but the file also holds daily prices of 'DAYX'" + fixTail("1w")
                + "import its rows in a file of their own, or leave 'DAYX' out of the file"), notes(mixed, days.size() + weeks.size()));
        // the daily symbol alone, holidays, 9/11 and a 3-month hole and all: no note
        assertEquals(List.of(), notes(longFile("DAYX.csv", Map.of("DAYX", days)), days.size()));
        // beside a weekly file (the careful path) the same
        Path weekly = longFile("W.csv", Map.of("WEEKY", weeks));
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("both.duckdb"), tmp.resolve("both-staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(weekly, mixed));
            ImportReport.ImportedFile w = r.files().stream().filter(f -> f.file().equals(weekly.toString())).findFirst().orElseThrow();
            ImportReport.ImportedFile m = r.files().stream().filter(f -> f.file().equals(mixed.toString())).findFirst().orElseThrow();
            assertEquals("1w", w.interval());
            assertEquals(List.of(), w.notes());
            assertEquals(1, m.notes().size());
            assertEquals(notes(mixed, days.size() + weeks.size()), m.notes());
        }
    }

    @Test
    void aWeeklyAndAMonthlyColumnBesideADailyOneAreNotedByColumn() throws Exception {
        List<LocalDate> days = dailyWithAHole(), weeks = fridays(), months = monthEnds(24);
        Path wide = wideFile("WIDEMIX.csv", new java.util.LinkedHashMap<>(Map.of("DAYC", days, "MXA", weeks, "MOB", months)));
        String daily = "the daily column 'DAYC'";
        assertEquals(List.of("the dates of the symbol 'MOB' are a median 28 days apart (monthly), but the file also holds " + daily + fixTail("1mo")
                        + "import its column 'MOB' in a file of its own (the date column and 'MOB'), or leave 'DAYC' out of the file",
                "the dates of the symbol 'MXA' are a median 7 days apart (weekly), but the file also holds " + daily + fixTail("1w")
                        + "import its column 'MXA' in a file of its own (the date column and 'MXA'), or leave 'DAYC' out of the file"),
                notes(wide, days.size() + weeks.size() + months.size()));
    }

    @Test
    void aSparseColumnOfAWideWeeklyFileNamesItAndNotesTheWeeklyOne() throws Exception {
        List<LocalDate> weeks = fridays(), thirds = new ArrayList<>();
        for (int i = 0; i < weeks.size(); i += 3) thirds.add(weeks.get(i)); // a price two weeks in three missing (NaN, empty)
        Path wide = wideFile("WEDGE8.csv", new java.util.LinkedHashMap<>(Map.of("EJ", weeks, "EK", thirds)));
        // EK itself, 21 days apart, no bar interval holds (SpacedDatesNoteTest): named as the reads will name it
        List<String> expected = List.of("the dates of the symbol 'EK' are a median 21 days apart (far wider than trading days): it imports as daily prices, whose "
                + "forecasts step day by day and whose backtests annualise with 252 bars a year; Sextant has no bar interval for prices a median 21 days apart "
                + "(1w and 1mo bars would count 52 or 12 a year, not 17), so read the answers per step: a forecast's step spans about 21 days whatever date it names, "
                + "and a backtest's annual figures count 252 steps a year (divide its Sharpe ratio and volatility by about 3.8; its CAGR is the growth of 252 steps)",
                "the dates of the symbol 'EJ' are a median 7 days apart (weekly), but the file also holds the sparse column 'EK' (its prices a median 21 days apart)"
                + fixTail("1w") + "import its column 'EJ' in a file of its own (the date column and 'EJ'), or leave 'EK' out of the file");
        assertEquals(expected, notes(wide, weeks.size() + thirds.size()));
        // beside a weekly file (the careful path) the same
        Path weekly = longFile("W.csv", Map.of("WEEKY", weeks));
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("both.duckdb"), tmp.resolve("both-staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(weekly, wide));
            assertEquals(expected, r.files().stream().filter(f -> f.file().equals(wide.toString())).findFirst().orElseThrow().notes());
        }
    }

    /** Thirteen weekly symbols and two daily ones: ten named, then a count; each one the reads would warn of (PeriodicDates). */
    @Test
    void theNotesNameTenSymbolsThenCountTheRest() throws Exception {
        Map<String, List<LocalDate>> symbols = new TreeMap<>();
        symbols.put("DAILY", dailyWithAHole());
        symbols.put("DAILY2", dailyWithAHole());
        for (int i = 1; i <= 13; i++) symbols.put(String.format("W%02d", i), fridays().subList(0, 30)); // the preview's 500 rows read every symbol
        long rows = symbols.values().stream().mapToLong(List::size).sum();
        List<String> notes = notes(longFile("MANY.csv", symbols), rows);
        assertEquals(11, notes.size(), notes.toString());
        for (int i = 1; i <= 10; i++) {
            assertEquals(String.format("the dates of the symbol 'W%02d' are a median 7 days apart (weekly), but the file also holds daily prices of 'DAILY' and 1 more symbol "
                    + "not weekly or monthly", i) + fixTail("1w") + "import its rows in a file of their own", notes.get(i - 1));
        }
        assertEquals("3 more symbols whose dates are weekly or monthly import as daily prices because the file also holds daily prices of 'DAILY' and 1 more symbol "
                + "not weekly or monthly; to import them as bars, import their rows in a file of their own", notes.get(10));
        long warned = symbols.values().stream().filter(d -> PeriodicDates.of(d) != null).count();
        assertEquals(13, warned, "the symbols the notes name and count are those the reads warn of");
    }
}
