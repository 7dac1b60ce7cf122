package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.SampleUniverseTest.number;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Files of dates only whose dates are a week or a month apart (the shipped MSFT daily sample made weekly and monthly,
 * as BarPeriodsTest does, written without a time): bars at 1w or 1mo, never daily prices; the daily sample stays daily.
 */
class DateSpacingTest {
    @TempDir Path tmp;

    /** The periods' bars with their dates only ("2001-01-12,..."). */
    private static List<String> dated(List<String> bars) {
        return bars.stream().map(b -> b.replace(" 00:00:00", "")).toList();
    }

    private Path file(String name, String header, List<String> rows) throws Exception {
        return Files.writeString(tmp.resolve(name), header + "\n" + String.join("\n", rows) + "\n");
    }

    @Test
    void weeklyDatesImportAsWeeklyBarsAndTwoInOneWeekAreRefused() throws Exception {
        List<String> weeks = dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)));
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            Path once = file("MSFTW.csv", "Date,Open,High,Low,Close,Volume", weeks);
            ImportPreview p = ImportPreview.of(once);
            assertEquals("bars", p.layout());
            assertEquals("1w", p.interval());
            assertEquals(List.of(), p.notes());
            ImportReport r = new PriceImporter(store).importFiles(List.of(once));
            assertEquals("1w", r.files().get(0).interval());
            assertEquals(weeks.size(), number(store, "SELECT count(*) FROM bars WHERE symbol = 'MSFTW' AND interval = '1w'"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE symbol = 'MSFTW'"));
            assertEquals(0, number(store, "SELECT count(*) FROM bars WHERE CAST(ts AS TIME) <> TIME '00:00'"), "each date its bar's time, midnight UTC");

            // Stooq's weekly bulk file (<PER> W, dates as 20010112, <TIME> 000000): the same bars
            List<String> stooq = weeks.stream().map(w -> {
                String[] v = w.split(",");
                return "MSFT.US,W," + v[0].replace("-", "") + ",000000," + v[1] + "," + v[2] + "," + v[3] + "," + v[4] + "," + v[5] + ",0";
            }).toList();
            Path txt = file("msft.us.txt", "<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>", stooq);
            assertEquals("1w", ImportPreview.of(txt).interval());
            assertEquals("1w", new PriceImporter(store).importFiles(List.of(txt)).files().get(0).interval());
            assertEquals(weeks.size(), number(store, "SELECT count(*) FROM bars WHERE symbol = 'MSFT.US' AND interval = '1w'"));

            List<String> twice = new ArrayList<>(weeks);
            int k = twice.indexOf(twice.stream().filter(w -> w.startsWith("2001-01-12,")).findFirst().orElseThrow());
            twice.add(k, "2001-01-08,48.9375,49.75,46.6875,48.9375,39908800"); // that week's Monday, as a bar of its own
            // a symbol with two dates in one ISO week is daily, however far apart its other dates: the file imports as it did before weekly files were told apart
            Path two = file("MSFTX.csv", "Date,Open,High,Low,Close,Volume", twice);
            assertEquals("1d", ImportPreview.of(two).interval());
            assertEquals("1d", new PriceImporter(store).importFiles(List.of(two)).files().get(0).interval());
            assertEquals(twice.size(), number(store, "SELECT count(*) FROM prices WHERE symbol = 'MSFTX'"));
            assertEquals(0, number(store, "SELECT count(*) FROM bars WHERE symbol = 'MSFTX'"));
        }
    }

    @Test
    void monthlyDatesOfTwoSymbolsImportAsMonthlyBarsBesideADailyFile() throws Exception {
        List<String> months = dated(BarPeriodsTest.bars(d -> d.getYear() * 100 + d.getMonthValue()));
        List<String> rows = new ArrayList<>();
        for (String m : months) {
            String[] v = m.split(",");
            rows.add("AAA," + v[0] + "," + v[4]);
            rows.add("BBB," + v[0] + "," + (Double.parseDouble(v[4]) * 2));
        }
        Path monthly = file("monthly.csv", "symbol,date,close", rows);
        Path daily = tmp.resolve("MSFT.csv");
        try (var in = SampleUniverse.class.getResourceAsStream("/sample/MSFT.OHLCV.csv")) {
            Files.copy(in, daily);
        }
        assertEquals("1mo", ImportPreview.of(monthly).interval());
        assertEquals("1d", ImportPreview.of(daily).interval());
        assertEquals(List.of(), ImportPreview.of(daily).notes());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(daily, monthly));
            assertEquals("1mo", r.files().get(1).interval());
            assertEquals(2L * months.size(), number(store, "SELECT count(*) FROM bars WHERE interval = '1mo'"));
            assertEquals(BarPeriodsTest.daily().size(), number(store, "SELECT count(*) FROM prices WHERE symbol = 'MSFT'"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE symbol <> 'MSFT'"));
        }
        // the fast path (a daily file alone) is unchanged
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("y.duckdb"), tmp.resolve("staging2"))) {
            new PriceImporter(store).importFiles(List.of(daily));
            assertEquals(BarPeriodsTest.daily().size(), number(store, "SELECT count(*) FROM prices"));
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
        }
    }

    /** Dates of {@code n} rows from {@code from}, stepping by the days of {@code steps} in turn. */
    private static List<java.time.LocalDate> stepping(java.time.LocalDate from, int n, int... steps) {
        List<java.time.LocalDate> out = new ArrayList<>();
        for (java.time.LocalDate d = from; out.size() < n; d = d.plusDays(steps[(out.size() - 1) % steps.length])) out.add(d);
        return out;
    }

    /**
     * A daily file whose dates are few or far apart: a short update, a gap, an illiquid symbol, one illiquid symbol beside
     * a liquid one, and one weekly symbol beside a liquid one; the last three noted, as their medians look weekly.
     */
    @Test
    void shortAndSparseDailyFilesStayDaily() throws Exception {
        List<java.time.LocalDate> illiquid = stepping(java.time.LocalDate.of(2024, 1, 1), 30, 3, 8, 10); // Mon, Thu, Fri of the next week, Mon two weeks on: median 8 days
        List<java.time.LocalDate> weekly = stepping(java.time.LocalDate.of(2024, 1, 5), 12, 7); // Fridays, one a week
        List<String> two = List.of("2023-12-22,10", "2024-01-02,11"), gap = List.of("2024-01-02,10", "2024-01-03,11", "2024-01-16,12");
        List<String> sparse = illiquid.stream().map(d -> d + ",10").toList();
        List<String> long1 = new ArrayList<>(), long2 = new ArrayList<>();
        BarPeriodsTest.daily().entrySet().stream().limit(200).forEach(e -> {
            long1.add("LIQUID," + e.getKey() + "," + e.getValue().split(",")[3]);
            long2.add("LIQUID2," + e.getKey() + "," + e.getValue().split(",")[3]);
        });
        for (java.time.LocalDate d : illiquid) long1.add("ILLIQ," + d + ",5");
        for (java.time.LocalDate d : weekly) long2.add("THIN," + d + ",5"); // a symbol trading once a week, in a daily file
        List<Path> files = List.of(file("UPD.csv", "Date,Close", two), file("GAP.csv", "Date,Close", gap), file("SPARSE.csv", "Date,Close", sparse),
                file("many.csv", "symbol,date,close", long1), file("thin.csv", "symbol,date,close", long2));
        long rows = two.size() + gap.size() + sparse.size() + long1.size() + long2.size();
        for (Path f : files) assertEquals("1d", ImportPreview.of(f).interval(), f.getFileName().toString());
        // ILLIQ's median step is 8 days, but a third of its dates share a week with the one before: daily, yet the reads warn of
        // a median weekly step (PeriodicDates), so the import says so; THIN is weekly beside a daily symbol
        String every8 = " are a median 8 days apart (weekly), but 10 of its 30 dates share an ISO week with the date before them (first 2024-01-01 and 2024-01-04): "
                + "it imports as daily prices, which a backtest annualises with 252 bars a year; to import it as 1w bars, keep one date per week "
                + "(remove the extra dates, or keep the last date of the week) and import again, "
                + "then delete these daily prices (delete_prices with interval 1d), which would stay beside the bars";
        List<List<String>> notes = List.of(List.of(), List.of(), List.of("the dates of the symbol 'SPARSE'" + every8), List.of("the dates of the symbol 'ILLIQ'" + every8),
                List.of("the dates of the symbol 'THIN' are a median 7 days apart (weekly), but the file also holds daily prices of 'LIQUID2': it imports as daily prices, "
                        + "which a backtest annualises with 252 bars a year; to import it as 1w bars, import its rows in a file of their own, or leave 'LIQUID2' out of the file"));
        for (int i = 0; i < files.size(); i++) assertEquals(notes.get(i), ImportPreview.of(files.get(i)).notes(), files.get(i).getFileName().toString());
        for (int i = 0; i < files.size(); i++) {
            Path f = files.get(i);
            try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve(f.getFileName() + ".duckdb"), tmp.resolve(f.getFileName() + "-staging"))) {
                ImportReport r = new PriceImporter(store).importFiles(List.of(f));
                assertEquals("1d", r.files().get(0).interval(), f.getFileName().toString());
                assertEquals(notes.get(i), r.files().get(0).notes(), f.getFileName().toString());
                assertEquals(0, number(store, "SELECT count(*) FROM bars"), f.getFileName().toString());
                rows -= number(store, "SELECT count(*) FROM prices");
            }
        }
        assertEquals(0, rows, "every row a daily price");
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("all.duckdb"), tmp.resolve("all-staging"))) {
            new PriceImporter(store).importFiles(files); // the careful path, all in one batch
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            assertEquals(two.size() + gap.size() + sparse.size() + long1.size() + long2.size(), number(store, "SELECT count(*) FROM prices"));
        }
    }

    /** The weekly sample with one more row: the Friday after the holiday-shifted Thursday of Good Friday's week. */
    private static List<String> weeksWithAStrayFriday() throws Exception {
        List<String> weeks = new ArrayList<>(dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR))));
        int k = weeks.indexOf(weeks.stream().filter(w -> w.startsWith("2001-04-12,")).findFirst().orElseThrow());
        weeks.add(k + 1, "2001-04-13,67.5,68,66.5,67.75,30000000");
        return weeks;
    }

    /** The note of the symbol 'MSFTS' of {@link #weeksWithAStrayFriday}'s {@code dates} dates. */
    private static String strayNote(int dates) {
        return "the dates of the symbol 'MSFTS' are a median 7 days apart (weekly), but 1 of its " + dates
                + " dates shares an ISO week with the date before it (first 2001-04-12 and 2001-04-13): it imports as daily prices, "
                + "which a backtest annualises with 252 bars a year; to import it as 1w bars, keep one date per week "
                + "(remove the extra date, or keep the last date of the week) and import again, "
                + "then delete these daily prices (delete_prices with interval 1d), which would stay beside the bars";
    }

    @Test
    void aWeeklyFileWithAStrayDateImportsAsDailyAndSaysSo() throws Exception {
        List<String> weeks = weeksWithAStrayFriday();
        Path stray = file("MSFTS.csv", "Date,Open,High,Low,Close,Volume", weeks);
        String note = strayNote(weeks.size());
        ImportPreview p = ImportPreview.of(stray);
        assertEquals("1d", p.interval());
        assertEquals(List.of(note), p.notes());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(stray)); // the fast path
            assertEquals("1d", r.files().get(0).interval());
            assertEquals(List.of(note), r.files().get(0).notes());
            assertEquals(List.of(note), ImportNotes.of(r));
            assertEquals(weeks.size(), number(store, "SELECT count(*) FROM prices WHERE symbol = 'MSFTS'"));
        }
        // the careful path (beside a weekly file, which imports as bars) says it too
        Path weekly = file("MSFTW.csv", "Date,Open,High,Low,Close,Volume", dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR))));
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("y.duckdb"), tmp.resolve("staging2"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(weekly, stray));
            ImportReport.ImportedFile daily = r.files().stream().filter(f -> f.file().equals(stray.toString())).findFirst().orElseThrow();
            assertEquals("1d", daily.interval());
            assertEquals(List.of(note), daily.notes());
            assertEquals(List.of(note), ImportNotes.of(r));
        }
    }

    @Test
    void aMonthlyFileWithAStrayDateImportsAsDailyAndSaysSo() throws Exception {
        List<String> months = new ArrayList<>(dated(BarPeriodsTest.bars(d -> d.getYear() * 100 + d.getMonthValue())));
        int k = months.indexOf(months.stream().filter(m -> m.startsWith("2001-03-30,")).findFirst().orElseThrow());
        months.add(k, "2001-03-15,55,56,54,55.5,20000000"); // mid-month, before that month's end
        Path stray = file("MSFTM.csv", "Date,Open,High,Low,Close,Volume", months);
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(stray));
            assertEquals("1d", r.files().get(0).interval());
            List<String> notes = r.files().get(0).notes();
            assertEquals(1, notes.size(), notes.toString());
            assertEquals(notes, ImportPreview.of(stray).notes());
            String note = notes.get(0);
            assertTrue(note.startsWith("the dates of the symbol 'MSFTM' are a median "), note);
            assertTrue(note.contains(" days apart (monthly), but 1 of its " + months.size() + " dates shares a calendar month or an ISO week with the date before it "
                    + "(first 2001-03-15 and 2001-03-30): it imports as daily prices, which a backtest annualises with 252 bars a year; "
                    + "to import it as 1mo bars, keep one date per month (remove the extra date, or keep the last date of the month) and import again, "
                    + "then delete these daily prices (delete_prices with interval 1d), which would stay beside the bars"), note);
        }
    }

    @Test
    void aWideWeeklyFileImportsAsWeeklyBarsOfEachColumn() throws Exception {
        List<String> weeks = dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)));
        List<String> wideRows = new ArrayList<>();
        for (int i = 0; i < weeks.size(); i++) {
            String[] v = weeks.get(i).split(",");
            // CCC has no price some weeks: an empty cell, NA, or NaN (a day without a price, as in a daily wide file)
            String ccc = i % 10 == 3 ? "" : i % 10 == 5 ? "NA" : i % 10 == 7 ? "NaN" : v[2];
            wideRows.add(v[0] + "," + v[4] + "," + v[1] + "," + ccc);
        }
        long cccWeeks = wideRows.stream().filter(r -> !r.endsWith(",") && !r.endsWith(",NA") && !r.endsWith(",NaN")).count();
        Path wide = file("wide.csv", "date,AAA,BBB,CCC", wideRows);
        ImportPreview p = ImportPreview.of(wide);
        assertEquals("bars", p.layout());
        assertEquals("1w", p.interval());
        assertEquals("one column per symbol", p.symbolSource());
        assertEquals(List.of(), p.notes());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(wide));
            assertEquals(1, r.files().size());
            assertEquals("1w", r.files().get(0).interval());
            assertEquals("bars", r.files().get(0).layout());
            assertEquals(List.of("AAA", "BBB", "CCC"), r.files().get(0).symbols());
            assertEquals(2L * weeks.size() + cccWeeks, r.files().get(0).rows());
            assertEquals(weeks.size(), number(store, "SELECT count(*) FROM bars WHERE symbol = 'AAA' AND interval = '1w'"));
            assertEquals(weeks.size(), number(store, "SELECT count(*) FROM bars WHERE symbol = 'BBB' AND interval = '1w'"));
            assertEquals(cccWeeks, number(store, "SELECT count(*) FROM bars WHERE symbol = 'CCC' AND interval = '1w'"));
            String[] last = weeks.get(weeks.size() - 1).split(",");
            assertEquals(Math.round(Double.parseDouble(last[4]) * 1e4), number(store, "SELECT round(close * 1e4) FROM bars WHERE symbol = 'AAA' AND ts = TIMESTAMP '" + last[0] + " 00:00:00'"));
            assertEquals(Math.round(Double.parseDouble(last[1]) * 1e4), number(store, "SELECT round(close * 1e4) FROM bars WHERE symbol = 'BBB' AND ts = TIMESTAMP '" + last[0] + " 00:00:00'"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices"));
        }
        // monthly columns likewise
        List<String> months = dated(BarPeriodsTest.bars(d -> d.getYear() * 100 + d.getMonthValue()));
        Path monthly = file("widem.csv", "date,AAA,BBB", months.stream().map(m -> m.split(",")[0] + "," + m.split(",")[4] + "," + m.split(",")[1]).toList());
        assertEquals("1mo", ImportPreview.of(monthly).interval());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("y.duckdb"), tmp.resolve("staging2"))) {
            assertEquals("1mo", new PriceImporter(store).importFiles(List.of(monthly)).files().get(0).interval());
            assertEquals(2L * months.size(), number(store, "SELECT count(*) FROM bars WHERE interval = '1mo'"));
        }
    }

    /** A wide file's symbols are its columns' names: its own name, spaces and all, is no symbol, weekly and monthly as daily. */
    @Test
    void aWideWeeklyOrMonthlyFileOfAnyNameImports() throws Exception {
        List<String> weeks = dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)));
        List<String> months = dated(BarPeriodsTest.bars(d -> d.getYear() * 100 + d.getMonthValue()));
        for (String interval : List.of("1w", "1mo")) {
            List<String> periods = interval.equals("1w") ? weeks : months;
            Path wide = file("my " + interval + " prices.csv", "date,AAA,BBB", periods.stream().map(p -> p.split(",")[0] + "," + p.split(",")[4] + "," + p.split(",")[1]).toList());
            assertEquals(interval, ImportPreview.of(wide).interval());
            try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve(interval + ".duckdb"), tmp.resolve(interval + "-staging"))) {
                ImportReport r = new PriceImporter(store).importFiles(List.of(wide));
                assertEquals(interval, r.files().get(0).interval());
                assertEquals(List.of("AAA", "BBB"), r.files().get(0).symbols());
                assertEquals(2L * periods.size(), number(store, "SELECT count(*) FROM bars WHERE interval = '" + interval + "'"));
            }
        }
    }

    /**
     * Twelve weekly symbols and one with a stray date, long and wide: the whole file imports as daily prices, and the notes
     * say which symbol made it so and name the weekly ones it took along (ten, then a count); beside a daily symbol, which
     * makes the file daily anyway, the stray symbol's note and one for each weekly symbol (ten notes, then a count).
     */
    @Test
    void aStraySymbolMakesTheWholeFileDailyAndTheNotesNameTheWeeklyOnes() throws Exception {
        // thirty weeks each: the preview's 500 rows read every symbol
        List<String> weeks = dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR))).subList(0, 30);
        List<String> stray = weeksWithAStrayFriday();
        List<String> weekly = new ArrayList<>();
        for (int i = 1; i <= 12; i++) weekly.add(String.format("W%02d", i));
        List<String> longRows = new ArrayList<>();
        for (String s : weekly) for (String w : weeks) longRows.add(s + "," + w.split(",")[0] + "," + w.split(",")[4]);
        for (String w : stray) longRows.add("MSFTS," + w.split(",")[0] + "," + w.split(",")[4]);
        List<String> wideRows = new ArrayList<>();
        for (String w : stray) {
            String[] v = w.split(",");
            wideRows.add(v[0] + ("," + (weeks.contains(w) ? v[4] : "")).repeat(12) + "," + v[4]);
        }
        List<String> expected = List.of(strayNote(stray.size()), "the whole file imports as daily prices because of the symbol 'MSFTS' (above): "
                + "its symbols 'W01', 'W02', 'W03', 'W04', 'W05', 'W06', 'W07', 'W08', 'W09', 'W10' and 2 more, whose dates are weekly, "
                + "import as daily prices with it; fix the dates above and import again to import the file as bars, "
                + "then delete the daily prices stored now (delete_prices with interval 1d, symbol by symbol)");
        Path longFile = file("weeklong.csv", "symbol,date,close", longRows);
        Path wideFile = file("weekwide.csv", "date," + String.join(",", weekly) + ",MSFTS", wideRows);
        int k = 0;
        for (Path f : List.of(longFile, wideFile)) {
            String name = f.getFileName().toString();
            assertEquals("1d", ImportPreview.of(f).interval(), name);
            assertEquals(expected, ImportPreview.of(f).notes(), name);
            try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve(k + ".duckdb"), tmp.resolve(k++ + "-staging"))) {
                ImportReport r = new PriceImporter(store).importFiles(List.of(f)); // the fast path
                assertEquals("1d", r.files().get(0).interval(), name);
                assertEquals(expected, r.files().get(0).notes(), name);
                assertEquals(12L * weeks.size() + stray.size(), number(store, "SELECT count(*) FROM prices"), name);
            }
        }
        // the careful path (beside a weekly file, which imports as bars) says it too
        Path msftw = file("MSFTW.csv", "Date,Open,High,Low,Close,Volume", dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR))));
        for (Path f : List.of(longFile, wideFile)) {
            try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve(k + ".duckdb"), tmp.resolve(k++ + "-staging"))) {
                ImportReport r = new PriceImporter(store).importFiles(List.of(msftw, f));
                ImportReport.ImportedFile daily = r.files().stream().filter(i -> i.file().equals(f.toString())).findFirst().orElseThrow();
                assertEquals("1d", daily.interval());
                assertEquals(expected, daily.notes(), f.getFileName().toString());
            }
        }
        // a daily symbol makes the file daily whatever the stray date: its note, then the weekly symbols' (ten notes in all, then a count)
        List<String> withDaily = new ArrayList<>(longRows);
        BarPeriodsTest.daily().entrySet().stream().limit(100).forEach(e -> withDaily.add("DAILY," + e.getKey() + "," + e.getValue().split(",")[3]));
        Path mixed = file("mixed.csv", "symbol,date,close", withDaily);
        List<String> besideDaily = new ArrayList<>(List.of(strayNote(stray.size())));
        for (String w : weekly.subList(0, 9)) {
            besideDaily.add("the dates of the symbol '" + w + "' are a median 7 days apart (weekly), but the file also holds daily prices of 'DAILY': it imports as daily prices, "
                    + "which a backtest annualises with 252 bars a year; to import it as 1w bars, import its rows in a file of their own");
        }
        besideDaily.add("3 more symbols whose dates are weekly or monthly import as daily prices because the file also holds daily prices of 'DAILY'; "
                + "to import them as bars, import their rows in a file of their own");
        assertEquals(besideDaily, ImportPreview.of(mixed).notes());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("mixed.duckdb"), tmp.resolve("mixed-staging"))) {
            assertEquals(besideDaily, new PriceImporter(store).importFiles(List.of(mixed)).files().get(0).notes());
        }
    }
}
