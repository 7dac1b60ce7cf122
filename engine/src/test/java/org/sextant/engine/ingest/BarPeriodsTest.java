package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.sextant.engine.ingest.SampleUniverseTest.number;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.temporal.IsoFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * Weekly and monthly bars made from the shipped MSFT daily OHLCV (timeSeries::MSFT, GPL >= 2; sample/MSFT.OHLCV.csv), each
 * dated its period's last trading day at midnight: one per period imports, a holiday week's Thursday included; two in one
 * period were stored and read as one bar.
 */
class BarPeriodsTest {
    @TempDir Path tmp;

    /** The sample's daily rows: date and the rest of the line (open, high, low, close, volume). */
    static Map<LocalDate, String> daily() throws Exception {
        Map<LocalDate, String> out = new LinkedHashMap<>();
        try (InputStream in = SampleUniverse.class.getResourceAsStream("/sample/MSFT.OHLCV.csv")) {
            String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 1; i < lines.length; i++) {
                String line = lines[i].trim();
                if (!line.isEmpty()) out.put(LocalDate.parse(line.substring(1, 11)), line.substring(line.indexOf(',') + 1));
            }
        }
        return out;
    }

    /** One bar per period ({@code key} of a date): the open of its first day, high, low, the close of its last, the volume summed, dated the last day. */
    static List<String> bars(Function<LocalDate, Object> key) throws Exception {
        Map<Object, List<Map.Entry<LocalDate, String>>> periods = new LinkedHashMap<>();
        for (Map.Entry<LocalDate, String> e : daily().entrySet()) periods.computeIfAbsent(key.apply(e.getKey()), k -> new ArrayList<>()).add(e);
        List<String> out = new ArrayList<>();
        for (List<Map.Entry<LocalDate, String>> days : periods.values()) {
            double high = 0, low = Double.MAX_VALUE, volume = 0;
            for (Map.Entry<LocalDate, String> d : days) {
                String[] v = d.getValue().split(",");
                high = Math.max(high, Double.parseDouble(v[1]));
                low = Math.min(low, Double.parseDouble(v[2]));
                volume += Double.parseDouble(v[4]);
            }
            String[] first = days.get(0).getValue().split(","), last = days.get(days.size() - 1).getValue().split(",");
            out.add(days.get(days.size() - 1).getKey() + " 00:00:00," + first[0] + "," + high + "," + low + "," + last[3] + "," + (long) volume);
        }
        return out;
    }

    private Path file(String name, List<String> rows) throws Exception {
        return Files.writeString(tmp.resolve(name), "Date,Open,High,Low,Close,Volume\n" + String.join("\n", rows) + "\n");
    }

    @Test
    void weeklyBarsOnePerIsoWeekImportAndTwoInOneWeekAreRefused() throws Exception {
        List<String> weeks = bars(d -> d.get(IsoFields.WEEK_BASED_YEAR) * 100 + d.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
        // Good Friday 2001-04-13: that week's bar is Thursday's
        assertEquals(true, weeks.stream().anyMatch(w -> w.startsWith("2001-04-12 ")), "the sample's holiday week");
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            List<String> twice = new ArrayList<>(weeks);
            int k = twice.indexOf(twice.stream().filter(w -> w.startsWith("2001-01-12 ")).findFirst().orElseThrow());
            twice.add(k, "2001-01-08 00:00:00,48.9375,49.75,46.6875,48.9375,39908800"); // that week's Monday, as a bar of its own
            Path two = file("MSFTW.csv", twice);
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(two)));
            assertEquals(two + " line " + (k + 2) + " and line " + (k + 3) + ": two 1w bars of MSFTW in one week (the ISO week from Monday 2001-01-08), "
                    + "at 2001-01-08 and 2001-01-12; read at 1w they would be one bar", e.getMessage());
            assertEquals("keep one bar per week (delete the extra line, or re-export the bars with one per week, a holiday week's on any weekday), "
                    + "or import bars of a finer interval in a file of their own", e.fix());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            // the preview says it before anything is written, in the import's words
            assertEquals(List.of(e.getMessage().substring(two.toString().length() + 1) + ": the import refuses the file; " + e.fix()), ImportPreview.of(two).notes());

            Path once = file("MSFTW.csv", weeks);
            assertEquals(List.of(), ImportPreview.of(once).notes());
            assertEquals("1w", ImportPreview.of(once).interval());
            ImportReport r = new PriceImporter(store).importFiles(List.of(once));
            assertEquals("1w", r.files().get(0).interval());
            assertEquals(weeks.size(), number(store, "SELECT count(*) FROM bars WHERE symbol = 'MSFTW' AND interval = '1w'"));
        }
    }

    @Test
    void monthlyBarsOnePerMonthImportAndAMidMonthOneBesideMonthEndsIsRefused() throws Exception {
        List<String> months = bars(d -> d.getYear() * 100 + d.getMonthValue());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            List<String> mixed = new ArrayList<>(months);
            int k = mixed.indexOf(mixed.stream().filter(m -> m.startsWith("2001-03-30 ")).findFirst().orElseThrow());
            mixed.add(k, "2001-03-15 00:00:00,56.5,57.25,54,55.5,40000000"); // a mid-month date among month-ends
            Path mid = file("MSFTM.csv", mixed);
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(mid)));
            assertEquals(mid + " line " + (k + 2) + " and line " + (k + 3) + ": two 1mo bars of MSFTM in one month (2001-03), "
                    + "at 2001-03-15 and 2001-03-30; read at 1mo they would be one bar", e.getMessage());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            assertEquals(List.of(e.getMessage().substring(mid.toString().length() + 1) + ": the import refuses the file; " + e.fix()), ImportPreview.of(mid).notes());

            ImportReport r = new PriceImporter(store).importFiles(List.of(file("MSFTM.csv", months)));
            assertEquals("1mo", r.files().get(0).interval());
            assertEquals(months.size(), number(store, "SELECT count(*) FROM bars WHERE symbol = 'MSFTM' AND interval = '1mo'"));
        }
    }

    /**
     * Weekly and monthly bars of a Tokyo file: periods are counted in UTC, as every read at 1w or 1mo groups the stored
     * bars (by their UTC date). Monday 00:30 bars (Sunday 15:30 UTC) and month-end bars at midnight read back one per
     * period; a holiday week's Tuesday bar (Monday in UTC, the week of the next Sunday-in-UTC bar) and bars of each month's
     * first trading day at midnight (Jan 4 is Jan 3 UTC, Feb 1 is Jan 31 UTC) would be read as one bar, and are refused.
     */
    @Test
    void weeksAndMonthsAreCountedInUtcAsReadsCountThem() throws Exception {
        java.time.ZoneId tokyo = java.time.ZoneId.of("Asia/Tokyo");
        List<String> rows = new ArrayList<>();
        java.time.LocalDateTime monday = java.time.LocalDateTime.of(2024, 1, 8, 0, 30);
        for (int i = 0; i < 20; i++) rows.add(monday.plusWeeks(i).toString().replace('T', ' ') + ":00,10,30,9," + (10 + i) + ",1000");
        List<String> monthEnds = new ArrayList<>(), firstDays = new ArrayList<>();
        int[] first = {4, 1, 1, 1, 1, 3, 1, 1, 2, 1, 1, 2}; // 2024's first trading days in Tokyo
        for (int m = 1; m <= 12; m++) {
            LocalDate end = java.time.YearMonth.of(2024, m).atEndOfMonth();
            monthEnds.add(end + " 00:00:00,10,40,9," + (20 + m) + ",1000");
            firstDays.add(LocalDate.of(2024, m, first[m - 1]) + " 00:00:00,10,40,9," + (20 + m) + ",1000");
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"))) {
            Path weekly = file("JPW.csv", rows), monthly = file("JPM.csv", monthEnds);
            assertEquals(List.of(), ImportPreview.of(weekly, tokyo).notes());
            assertEquals(List.of(), ImportPreview.of(monthly, tokyo).notes());
            ImportReport r = new PriceImporter(store, PriceRules.defaults(), tokyo).importFiles(List.of(weekly, monthly));
            assertEquals("1w", r.files().get(0).interval());
            assertEquals("1mo", r.files().get(1).interval());
            org.sextant.engine.data.BarReader reader = new org.sextant.engine.data.BarReader(store);
            List<Double> weeks = reader.read("JPW", org.sextant.engine.data.BarInterval.W1, null, null).bars().stream().map(b -> b.close()).toList();
            assertEquals(java.util.stream.IntStream.range(0, 20).mapToObj(i -> 10.0 + i).toList(), weeks, "one bar per week, each its own close");
            List<Double> months = reader.read("JPM", org.sextant.engine.data.BarInterval.MO1, null, null).bars().stream().map(b -> b.close()).toList();
            assertEquals(java.util.stream.IntStream.rangeClosed(1, 12).mapToObj(m -> 20.0 + m).toList(), months, "one bar per month, each its own close");

            List<String> holiday = new ArrayList<>(rows);
            holiday.set(1, "2024-01-16 00:30:00,10,30,9,11,1000"); // Coming of Age Day, Monday 2024-01-15: that week's bar on Tuesday
            Path tuesday = file("JPX.csv", holiday);
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults(), tokyo).importFiles(List.of(tuesday)));
            assertEquals(tuesday + " line 3 and line 4: two 1w bars of JPX in one week (the ISO week from Monday 2024-01-15, in UTC as reads count it), "
                    + "at 2024-01-16 00:30 Asia/Tokyo and 2024-01-22 00:30 Asia/Tokyo; read at 1w they would be one bar", e.getMessage());
            assertEquals(List.of(e.getMessage().substring(tuesday.toString().length() + 1) + ": the import refuses the file; " + e.fix()), ImportPreview.of(tuesday, tokyo).notes());

            Path starts = file("JPS.csv", firstDays);
            SextantException m = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults(), tokyo).importFiles(List.of(starts)));
            assertEquals(starts + " line 2 and line 3: two 1mo bars of JPS in one month (2024-01, in UTC as reads count it), "
                    + "at 2024-01-04 and 2024-02-01; read at 1mo they would be one bar", m.getMessage());
            assertEquals(List.of(m.getMessage().substring(starts.toString().length() + 1) + ": the import refuses the file; " + m.fix()), ImportPreview.of(starts, tokyo).notes());
            assertEquals(0, number(store, "SELECT count(*) FROM bars WHERE symbol IN ('JPX', 'JPS')"));
        }
    }
}
