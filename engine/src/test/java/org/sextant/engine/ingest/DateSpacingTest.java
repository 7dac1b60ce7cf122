package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.sextant.engine.ingest.SampleUniverseTest.number;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

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
        try (Store store = Store.open(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
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
        try (Store store = Store.open(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(daily, monthly));
            assertEquals("1mo", r.files().get(1).interval());
            assertEquals(2L * months.size(), number(store, "SELECT count(*) FROM bars WHERE interval = '1mo'"));
            assertEquals(BarPeriodsTest.daily().size(), number(store, "SELECT count(*) FROM prices WHERE symbol = 'MSFT'"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE symbol <> 'MSFT'"));
        }
        // the fast path (a daily file alone) is unchanged
        try (Store store = Store.open(tmp.resolve("y.duckdb"), tmp.resolve("staging2"))) {
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

    /** A daily file whose dates are few or far apart: a short update, a gap, an illiquid symbol, and one illiquid symbol beside a liquid one. */
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
        for (Path f : files) {
            try (Store store = Store.open(tmp.resolve(f.getFileName() + ".duckdb"), tmp.resolve(f.getFileName() + "-staging"))) {
                assertEquals("1d", new PriceImporter(store).importFiles(List.of(f)).files().get(0).interval(), f.getFileName().toString());
                assertEquals(0, number(store, "SELECT count(*) FROM bars"), f.getFileName().toString());
                rows -= number(store, "SELECT count(*) FROM prices");
            }
        }
        assertEquals(0, rows, "every row a daily price");
        try (Store store = Store.open(tmp.resolve("all.duckdb"), tmp.resolve("all-staging"))) {
            new PriceImporter(store).importFiles(files); // the careful path, all in one batch
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            assertEquals(two.size() + gap.size() + sparse.size() + long1.size() + long2.size(), number(store, "SELECT count(*) FROM prices"));
        }
    }

    @Test
    void aWideWeeklyFileIsRefusedNamingTheSpacing() throws Exception {
        List<String> weeks = dated(BarPeriodsTest.bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR)));
        List<String> wideRows = weeks.stream().map(w -> w.split(",")[0] + "," + w.split(",")[4] + "," + w.split(",")[1]).toList();
        Path wide = file("wide.csv", "date,AAA,BBB", wideRows);
        try (Store store = Store.open(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            SextantException w = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(wide)));
            assertEquals(wide + ": the dates of the symbol 'AAA' are a median 7 days apart (weekly or monthly prices, not daily); weekly and monthly prices import as 1w or 1mo bars, "
                    + "which are not read from a wide file (one column per symbol)", w.getMessage());
            assertEquals(List.of(w.getMessage().substring(wide.toString().length() + 2) + ": the import refuses the file; " + w.fix()), ImportPreview.of(wide).notes());
            assertEquals(0, number(store, "SELECT count(*) FROM prices") + number(store, "SELECT count(*) FROM bars"));
        }
    }
}
