package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.engine.ingest.SampleUniverseTest.number;
import static org.sextant.engine.ingest.SampleUniverseTest.text;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/** Bar files (rows with a time of day): every time format, the interval detected, duplicates, gaps and order reported, all or nothing. */
class BarImportTest {
    @TempDir Path tmp;

    private Store open() {
        return SampleStoreCopy.openOrEmpty(tmp.resolve("x.duckdb"), tmp.resolve("staging"));
    }

    private Path file(String name, String text) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void everyTimeFormatGivesTheSameUtcBars() throws Exception {
        try (Store store = open()) {
            PriceImporter importer = new PriceImporter(store);
            importer.importFiles(List.of(
                    file("ISO.csv", "datetime,open,high,low,close,volume\n2020-01-02T13:30:00Z,1,2,0.5,1.5,10\n2020-01-02T15:30:00+01:00,1.5,2,1,1.6,20\n"),
                    file("NAIVE.csv", "timestamp,close\n2020-01-02 13:30:00,1.5\n2020-01-02 13:35:00,1.6\n"),
                    file("EPOCHS.csv", "time,close\n1577971800,1.5\n1577972100,1.6\n"),
                    file("EPOCHMS.csv", "timestamp,close\n1577971800000,1.5\n1577972700000,1.6\n"),
                    file("SPLIT.csv", "Date,Time,Open,High,Low,Close,Volume\n2020-01-02,13:30:00,1,2,0.5,1.5,10\n2020-01-02,13:31:00,1,2,0.5,1.6,10\n"),
                    file("EURUSD.csv", "2020.01.02,13:30,1.1,1.2,1.0,1.15,100\n2020.01.02,14:30,1.15,1.2,1.1,1.16,90\n"),
                    file("DUKA.csv", "Gmt time,Open,High,Low,Close,Volume\n02.01.2020 13:30:00.000,1,2,0.5,1.5,10\n02.01.2020 17:30:00.000,1,2,0.5,1.6,10\n")));
            assertEquals("ISO 1h|NAIVE 5m|EPOCHS 5m|EPOCHMS 15m|SPLIT 1m|EURUSD 1h|DUKA 4h", text(store,
                    "SELECT string_agg(symbol || ' ' || interval, '|' ORDER BY CASE symbol WHEN 'ISO' THEN 0 WHEN 'NAIVE' THEN 1 WHEN 'EPOCHS' THEN 2 "
                            + "WHEN 'EPOCHMS' THEN 3 WHEN 'SPLIT' THEN 4 WHEN 'EURUSD' THEN 5 ELSE 6 END) FROM (SELECT DISTINCT symbol, interval FROM bars)"));
            // each file's first bar is 2020-01-02 13:30 UTC, however it was written
            assertEquals(7, number(store, "SELECT count(DISTINCT symbol) FROM bars WHERE ts = TIMESTAMP '2020-01-02 13:30:00'"));
            assertEquals(1.15, number(store, "SELECT close FROM bars WHERE symbol = 'EURUSD' AND ts = TIMESTAMP '2020-01-02 13:30:00'"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices"), "bar files do not touch daily prices");
        }
    }

    @Test
    void naiveTimesAreReadInTheNamedZoneAndStoredInUtc() throws Exception {
        try (Store store = open()) {
            ImportReport r = new PriceImporter(store, PriceRules.defaults(), java.time.ZoneId.of("America/New_York")).importFiles(List.of(
                    file("NAIVE.csv", "timestamp,close\n2020-01-02 08:30:00,1.5\n2020-01-02 08:35:00,1.6\n"),
                    file("SPLIT.csv", "Date,Time,Close\n2020-01-02,08:30:00,1.5\n2020-01-02,08:31:00,1.6\n"),
                    file("ZONED.csv", "datetime,close\n2020-01-02T13:30:00Z,1.5\n2020-01-02T14:30:00Z,1.6\n")));
            // 08:30 New York (EST) is 13:30 UTC; a time written with its zone keeps it
            assertEquals(3, number(store, "SELECT count(DISTINCT symbol) FROM bars WHERE ts = TIMESTAMP '2020-01-02 13:30:00'"));
            assertEquals("iso in timestamp (read as America/New_York time, stored in UTC)", r.files().get(0).times());
            assertEquals("iso_zoned in datetime", r.files().get(2).times());
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("y.duckdb"), tmp.resolve("staging-y"))) {
            new PriceImporter(store).importFiles(List.of(tmp.resolve("NAIVE.csv")));
            assertEquals(1.5, number(store, "SELECT close FROM bars WHERE ts = TIMESTAMP '2020-01-02 08:30:00'"), "without a zone: UTC, as before");
        }
        assertEquals("timezone", assertThrows(SextantException.class, () -> IngestService.zone("Mars/Olympus")).field());
    }

    /** R's export of local times alone ("datetime_zurich"): its column is the time column, read in the zone --timezone names, not the name's. */
    @Test
    void aTimeColumnNamedDatetimeWithASuffixIsTheTimeColumn() throws Exception {
        try (Store store = open()) {
            ImportReport r = new PriceImporter(store, PriceRules.defaults(), java.time.ZoneId.of("Europe/Zurich")).importFiles(List.of(
                    file("CHFZRH.csv", "datetime_zurich,chfzrh\n1997-03-03 09:00:00,1.4795\n1997-03-03 09:30:00,1.48\n"),
                    file("TSNY.csv", "Timestamp_NY,close\n1997-03-03 09:00:00,2\n1997-03-03 09:30:00,3\n")));
            // 09:00 Zurich (CET) is 08:00 UTC: the zone is the import's, never guessed from "ny"
            assertEquals(2, number(store, "SELECT count(*) FROM bars WHERE ts = TIMESTAMP '1997-03-03 08:00:00'"));
            assertEquals("iso in datetime_zurich (read as Europe/Zurich time, stored in UTC)", r.files().get(0).times());
            assertTrue(r.files().get(0).notes().contains("times read from column datetime_zurich (its zone is the one the import names "
                    + "or the times carry, never read from the column's name)"), r.files().get(0).notes().toString());
            assertTrue(r.files().get(1).notes().stream().anyMatch(n -> n.contains("column Timestamp_NY")), r.files().get(1).notes().toString());
        }
    }

    /** --timezone +05:00 (an offset, not a region): naive times read at that offset, as a region's would be. */
    @Test
    void naiveTimesAreReadAtANamedOffset() throws Exception {
        try (Store store = open()) {
            Path naive = file("OFFSET.csv", "timestamp,close\n2020-01-02 18:30:00,1.5\n2020-01-02 18:35:00,1.6\n");
            ImportReport r = new PriceImporter(store, PriceRules.defaults(), IngestService.zone("+05:00")).importFiles(List.of(naive));
            assertEquals(1.5, number(store, "SELECT close FROM bars WHERE ts = TIMESTAMP '2020-01-02 13:30:00'"), "18:30 at +05:00 is 13:30 UTC");
            assertEquals("iso in timestamp (read as +05:00 time, stored in UTC)", r.files().get(0).times());
            new PriceImporter(store, PriceRules.defaults(), IngestService.zone("UTC-03:30")).importFiles(List.of(file("WEST.csv",
                    "timestamp,close\n2020-01-02 10:00:00,2.5\n2020-01-02 10:05:00,2.6\n")));
            assertEquals(2.5, number(store, "SELECT close FROM bars WHERE symbol = 'WEST' AND ts = TIMESTAMP '2020-01-02 13:30:00'"));
        }
    }

    @Test
    void parquetWithATimestampColumnIsABarFile() throws Exception {
        Path parquet = tmp.resolve("BTCUSD.parquet");
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); java.sql.Statement s = c.createStatement()) {
            s.execute("COPY (SELECT timezone('UTC', TIMESTAMP '2020-01-04 13:30:00') + INTERVAL (i * 15) MINUTE AS timestamp, 100.0 + i AS close, 5.0 AS volume "
                    + "FROM range(4) t(i)) TO '" + parquet + "' (FORMAT parquet)");
        }
        try (Store store = open()) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(parquet));
            assertEquals("15m", r.files().get(0).interval());
            assertEquals("continuous", r.files().get(0).bars().get(0).session(), "a Saturday bar: trades every day");
            assertEquals(103, number(store, "SELECT close FROM bars WHERE symbol = 'BTCUSD' AND ts = TIMESTAMP '2020-01-04 14:15:00'"));
        }
    }

    /** pandas' to_parquet of a DatetimeIndex of days (timestamp_ns at 00:00), the same as timestamptz, and "2020-01-02 00:00:00" in a CSV: daily prices. */
    @Test
    void datesWrittenAsMidnightTimesImportAsDailyPrices() throws Exception {
        Path pandas = tmp.resolve("PANDAS.parquet");
        Path zoned = tmp.resolve("ZONED.parquet");
        String days = " AS \"Date\", 10.0 + i AS \"Open\", 11.0 + i AS \"High\", 9.0 + i AS \"Low\", 10.5 + i AS \"Close\", 1000 AS \"Volume\" FROM range(5) t(i)";
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); java.sql.Statement s = c.createStatement()) {
            s.execute("COPY (SELECT CAST(TIMESTAMP '2020-01-02 00:00:00' + INTERVAL (i) DAY AS TIMESTAMP_NS)" + days + ") TO '" + pandas + "' (FORMAT parquet)");
            s.execute("COPY (SELECT timezone('UTC', TIMESTAMP '2020-01-02 00:00:00' + INTERVAL (i) DAY)" + days + ") TO '" + zoned + "' (FORMAT parquet)");
            try (java.sql.ResultSet r = s.executeQuery("SELECT type FROM parquet_schema('" + pandas + "') WHERE name = 'Date'")) {
                assertTrue(r.next());
            }
        }
        Path csv = file("CSVDAYS.csv", "Date,Open,High,Low,Close,Volume\n2020-01-02 00:00:00,10,11,9,10.5,1000\n"
                + "2020-01-03 00:00:00,11,12,10,11.5,1000\n2020-01-06 00:00:00,12,13,11,12.5,1000\n");
        Path one = file("VALUE.csv", "datetime,usdchf\n2020-01-02T00:00:00Z,0.97\n2020-01-03T00:00:00Z,0.98\n");
        try (Store store = open()) {
            // a zone for naive times does not move a date: midnight as written is that day
            ImportReport r = new PriceImporter(store, PriceRules.defaults(), java.time.ZoneId.of("America/New_York")).importFiles(List.of(pandas, zoned, csv, one));
            assertEquals(0, number(store, "SELECT count(*) FROM bars"), "days are no bars");
            assertEquals(5 + 5 + 3 + 2, number(store, "SELECT count(*) FROM prices"));
            assertEquals(11.5, number(store, "SELECT close FROM prices WHERE symbol = 'PANDAS' AND date = DATE '2020-01-03'"));
            assertEquals(11.5, number(store, "SELECT close FROM prices WHERE symbol = 'ZONED' AND date = DATE '2020-01-03'"));
            assertEquals(12.5, number(store, "SELECT close FROM prices WHERE symbol = 'CSVDAYS' AND date = DATE '2020-01-06'"));
            assertEquals(0.98, number(store, "SELECT close FROM prices WHERE symbol = 'USDCHF' AND date = DATE '2020-01-03'"));
            // the daily report: layout by header, interval 1d, no times
            assertEquals("stooq 1d null|stooq 1d null|stooq 1d null|wide 1d null", String.join("|", r.files().stream().map(f -> f.layout() + " " + f.interval() + " " + f.times()).toList()));
            assertEquals(List.of("CSVDAYS", "PANDAS", "USDCHF", "ZONED"), r.symbols());
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("y.duckdb"), tmp.resolve("staging-y"))) {
            // the daily checks: a repeated day is refused naming both lines
            Path twice = file("TWICE.csv", "Date,Close\n2020-01-02 00:00:00,1\n2020-01-03 00:00:00,2\n2020-01-03 00:00:00,3\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(twice)));
            assertEquals(twice + " line 4: TWICE on 2020-01-03 appears twice in this import (also at " + twice + " line 3)", e.getMessage());
            assertEquals(0, number(store, "SELECT count(*) FROM prices"));
        }
    }

    /** MetaTrader history lines (no header) at {@code times} on each day of {@code days}, prices rising by 0.001 a bar. */
    private static String metaTrader(String[] days, String... times) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (String day : days) {
            for (String time : times) {
                double open = 1.1 + i++ / 1000.0;
                b.append(String.format(java.util.Locale.ROOT, "%s,%s,%.4f,%.4f,%.4f,%.4f,%d%n", day, time, open, open + 0.003, open - 0.002, open + 0.001, 50000 + i));
            }
        }
        return b.toString();
    }

    /** Thursday 2 to Tuesday 14 January 2020, trading days only (two weekends skipped). */
    private static final String[] WEEKDAYS = {"2020.01.02", "2020.01.03", "2020.01.06", "2020.01.07", "2020.01.08", "2020.01.09", "2020.01.10", "2020.01.13", "2020.01.14"};

    /**
     * A MetaTrader D1 history export (no header, every time 00:00, weekends skipped) is daily prices, as the same
     * file with a header is: symbol from the file name, every price and the volume kept; H1 and M30 exports stay bars.
     */
    @Test
    void aHeaderlessMetaTraderDailyExportImportsAsDailyPrices() throws Exception {
        Path d1 = file("EURUSD.csv", metaTrader(WEEKDAYS, "00:00"));
        Path headed = file("HEADED.csv", "Date,Time,Open,High,Low,Close,Volume\n" + metaTrader(WEEKDAYS, "00:00"));
        Path h1 = file("GBPUSD.csv", metaTrader(new String[] {"2020.01.03", "2020.01.06"}, "21:00", "22:00", "23:00"));
        Path m30 = file("USDJPY.csv", metaTrader(new String[] {"2020.01.03", "2020.01.06"}, "00:00", "00:30", "01:00"));
        try (Store store = open()) {
            // a broker's server time zone does not move a date
            ImportReport r = new PriceImporter(store, PriceRules.defaults(), java.time.ZoneId.of("Europe/Athens")).importFiles(List.of(d1, headed, h1, m30));
            String athens = "date_time in date + time (read as Europe/Athens time, stored in UTC)";
            assertEquals(9, number(store, "SELECT count(*) FROM prices WHERE symbol = 'EURUSD'"));
            assertEquals("2020-01-02|2020-01-14", text(store, "SELECT min(date) || '|' || max(date) FROM prices WHERE symbol = 'EURUSD'"));
            // Monday 6 January, the third line: open 1.102, high 1.105, low 1.100, close 1.103, volume 50003
            assertEquals("1.102|1.105|1.1|1.103|50003.0", text(store, "SELECT open || '|' || high || '|' || low || '|' || close || '|' || volume "
                    + "FROM prices WHERE symbol = 'EURUSD' AND date = DATE '2020-01-06'"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE symbol = 'EURUSD' AND date = DATE '2020-01-04'"), "no row for a weekend day");
            assertEquals(0, number(store, "SELECT count(*) FROM (SELECT date, open, high, low, close, volume FROM prices WHERE symbol = 'EURUSD' "
                    + "EXCEPT SELECT date, open, high, low, close, volume FROM prices WHERE symbol = 'HEADED')"), "the same rows as the file with a header");
            assertEquals(0, number(store, "SELECT count(*) FROM bars WHERE symbol IN ('EURUSD', 'HEADED')"), "days are no bars");
            assertEquals("EURUSD stooq 1d null 9|HEADED stooq 1d null 9|GBPUSD bars 1h " + athens + " 6|USDJPY bars 30m " + athens + " 6", String.join("|", r.files().stream()
                    .map(f -> f.symbols().get(0) + " " + f.layout() + " " + f.interval() + " " + f.times() + " " + f.rows()).toList()));
            assertEquals("GBPUSD 1h 6|USDJPY 30m 6", text(store, "SELECT string_agg(symbol || ' ' || interval || ' ' || n, '|' ORDER BY symbol) "
                    + "FROM (SELECT symbol, interval, count(*) AS n FROM bars GROUP BY ALL)"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices WHERE symbol IN ('GBPUSD', 'USDJPY')"), "intraday exports stay bars");
        }
        // the preview says what the import will do: daily prices by the implied header, or bars
        ImportPreview days = ImportPreview.of(d1, java.time.ZoneId.of("Europe/Athens"));
        assertEquals("stooq 1d dates written as midnight times in date the file name false 9", days.layout() + " " + days.interval() + " " + days.dateFormat()
                + " " + days.symbolSource() + " " + days.zoneApplies() + " " + days.rows().size());
        assertEquals(List.of("date", "time", "open", "high", "low", "close", "volume"), days.header());
        assertEquals(List.of("2020.01.02", "00:00", "1.1000", "1.1030", "1.0980", "1.1010", "50001"), days.rows().get(0), "the first line is a row");
        assertEquals("bars 1h", ImportPreview.of(h1).layout() + " " + ImportPreview.of(h1).interval());
        assertEquals("bars 30m", ImportPreview.of(m30).layout() + " " + ImportPreview.of(m30).interval());
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("y.duckdb"), tmp.resolve("staging-y"))) {
            // the daily checks name the file's own lines: no header line to count
            Path twice = file("TWICE.csv", "2020.01.03,00:00,1,2,0.5,1.5,10\n2020.01.02,00:00,1,2,0.5,1.5,10\n2020.01.03,00:00,1,2,0.5,1.6,10\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(twice)));
            assertEquals(twice + " line 3: TWICE on 2020-01-03 appears twice in this import (also at " + twice + " line 1)", e.getMessage());
            Path bad = file("BAD.csv", "2020.01.02,00:00,1,2,0.5,1.5,10\n2020.01.03,00:00,1,2,0.5,x,10\n");
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(bad)));
            assertEquals(bad + " line 2, column close: 'x' is not a number", e.getMessage());
            assertEquals(0, number(store, "SELECT count(*) FROM prices"));
        }
    }

    /** Times one day apart that are not midnight stay refused, naming the column and showing the first time off midnight. */
    @Test
    void dailyBarsWithATimeOfDayAreRefusedNamingTheColumnAndATime() throws Exception {
        try (Store store = open()) {
            Path evening = file("EVENING.csv", "Date,Close\n2020-01-02 00:00:00,1\n2020-01-03 00:00:00,2\n2020-01-06 16:00:00,3\n2020-01-07 16:00:00,4\n2020-01-08 16:00:00,5\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(evening)));
            assertEquals(evening + " line 4, column Date: '2020-01-06 16:00:00' is a time of day, but the bars of EVENING are one day apart: daily prices carry a date only",
                    e.getMessage());
            assertEquals("Date", e.field());
            assertTrue(e.fix().contains("every time as midnight (2020-01-02 00:00:00), which import as daily prices"), e.fix());
            // weekly bars at midnight stay weekly bars
            new PriceImporter(store).importFiles(List.of(file("WEEKLY.csv", "Date,Close\n2020-01-06 00:00:00,1\n2020-01-13 00:00:00,2\n2020-01-20 00:00:00,3\n")));
            assertEquals("1w", text(store, "SELECT DISTINCT interval FROM bars WHERE symbol = 'WEEKLY'"));
            assertEquals(0, number(store, "SELECT count(*) FROM prices"));
        }
    }

    @Test
    void duplicatesGapsAndOrderAreReported() throws Exception {
        try (Store store = open()) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(file("GBPUSD.csv", "datetime,close\n"
                    + "2020-01-06T10:00:00Z,1.30\n2020-01-06T10:05:00Z,1.31\n2020-01-06T10:05:00Z,1.31\n"
                    + "2020-01-06T10:20:00Z,1.32\n2020-01-06T10:10:00Z,1.33\n2020-01-06T10:25:00Z,1.34\n2020-01-06T10:30:00Z,1.35\n")));
            ImportReport.BarCheck check = r.files().get(0).bars().get(0);
            assertEquals("5m", r.files().get(0).interval());
            assertEquals(1, check.duplicates());
            assertEquals(1, check.outOfOrder());
            assertEquals(1, check.gaps(), "10:10 -> 10:20 misses 10:15");
            assertEquals(5, check.largestGapMinutes());
            assertEquals("2020-01-06T10:10Z", check.largestGapAfter());
            assertEquals(6, check.rows());
            assertEquals(6, r.rowsInserted());
            assertTrue(r.files().get(0).times().startsWith("iso_zoned in datetime"));
        }
    }

    @Test
    void conflictingDuplicatesAndBadCellsChangeNothing() throws Exception {
        try (Store store = open()) {
            Path daily = file("AAA.csv", "Date,Close\n2020-01-02,10\n2020-01-03,11\n");
            Path conflict = file("EURCHF.csv", "datetime,close\n2020-01-06T10:00:00Z,1.1\n2020-01-06T10:05:00Z,1.2\n2020-01-06T10:05:00Z,1.3\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(daily, conflict)));
            assertTrue(e.getMessage().contains("line 3 and") && e.getMessage().contains("line 4: two different bars of EURCHF"), e.getMessage());
            String secret = "sk_live_0123456789abcdefghijklmnop";
            Path bad = file("EURJPY.csv", "datetime,close\n2020-01-06T10:00:00Z,1.1\n" + secret + ",1.2\n");
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(daily, bad)));
            assertTrue(e.getMessage().contains("line 3, column datetime"), e.getMessage());
            assertFalse(e.getMessage().contains(secret), "an error never echoes a long cell");
            Path notNumber = file("EURGBP.csv", "datetime,close\n2020-01-06T10:00:00Z,1.1\n2020-01-06T10:05:00Z,1.2x\n");
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(notNumber)));
            assertTrue(e.getMessage().contains("line 3, column close: not a number"), e.getMessage());
            assertEquals(0, number(store, "SELECT count(*) FROM prices") + number(store, "SELECT count(*) FROM bars"));
            new PriceImporter(store).importFiles(List.of(daily, file("EURCHF.csv", "datetime,close\n2020-01-06T10:00:00Z,1.1\n2020-01-06T10:05:00Z,1.2\n")));
            assertEquals(2, number(store, "SELECT count(*) FROM prices"));
            assertEquals(2, number(store, "SELECT count(*) FROM bars"));
        }
    }

    @Test
    void thePreviewShowsHowTimesReadAndTheInterval() throws Exception {
        ImportPreview mt = ImportPreview.of(file("EURUSD.csv", "2020.01.02,13:30,1.1,1.2,1.0,1.15,100\n2020.01.02,14:30,1.15,1.2,1.1,1.16,90\n"
                + "2020.01.02,15:30,1.15,1.2,1.1,1.16,90\n"));
        assertEquals("bars", mt.layout());
        assertEquals("1h", mt.interval());
        assertEquals("date_time in date + time (read as UTC)", mt.times());
        assertEquals(List.of("date", "time", "open", "high", "low", "close", "volume"), mt.header());
        assertEquals(3, mt.rows().size());
        ImportPreview iso = ImportPreview.of(file("USDCHF.csv", "datetime_utc,datetime_zurich,usdchf\n\"1996-03-31T22:00:00Z\",\"1996-04-01 00:00:00\",1.193\n"
                + "\"1996-03-31T22:30:00Z\",\"1996-04-01 00:30:00\",1.1941\n"));
        assertEquals("30m", iso.interval());
        assertEquals("iso_zoned in datetime_utc", iso.times());
        assertEquals("the value column's name (USDCHF)", iso.symbolSource());
        ImportPreview daily = ImportPreview.of(file("AAA.csv", "Date,Close\n2020-01-02,10\n"));
        assertEquals("1d", daily.interval());
        assertEquals(null, daily.times());
    }

    /** Previewed in the zone the import will use, a file's times read as the import reads them, and its clock changes are named before importing. */
    @Test
    void thePreviewReadsTimesInTheImportsZoneAndNamesItsClockChanges() throws Exception {
        java.time.ZoneId ny = java.time.ZoneId.of("America/New_York");
        Path fall = file("FALL.csv", "timestamp,close\n2020-11-01 00:00:00,1\n2020-11-01 01:00:00,2\n2020-11-01 01:00:00,3\n2020-11-01 02:00:00,4\n");
        ImportPreview p = ImportPreview.of(fall, ny);
        assertEquals("iso in timestamp (read as America/New_York time, stored in UTC)", p.times());
        assertTrue(p.zoneApplies(), "times without a zone: the import's zone decides");
        assertEquals("1h", p.interval());
        assertEquals(List.of("line 3: 2020-11-01 01:00:00 happens twice in America/New_York (clocks went back from 02:00 to 01:00 on 2020-11-01): "
                + "of two rows at this time the one the file lists as the earlier bar is read as -04:00, the other as -05:00 (a lone row as -04:00)"), p.notes(),
                "one note for the repeated hour, however many rows it holds");
        assertEquals("1h", ImportPreview.of(file("NEWEST.csv", "timestamp,close\n2020-11-02 03:00:00,4\n2020-11-02 02:00:00,3\n2020-11-02 01:00:00,2\n"), ny).interval(),
                "a file listed newest first steps by the same interval (it was not told)");
        Path gap = file("GAP.csv", "Date,Time,Close\n2021-03-14,00:30,1\n2021-03-14,01:30,2\n2021-03-14,02:30,3\n2021-03-14,03:30,4\n");
        assertEquals(List.of("line 4: 2021-03-14 02:30:00 does not exist in America/New_York (clocks went forward from 02:00 to 03:00 on 2021-03-14): "
                + "the import refuses it; write the times in UTC or with their offset, or choose a fixed offset such as -05:00"), ImportPreview.of(gap, ny).notes());
        ImportPreview utc = ImportPreview.of(gap);
        assertEquals(List.of(), utc.notes(), "UTC has no clock changes");
        assertEquals("date_time in Date + Time (read as UTC)", utc.times());
        assertEquals(List.of(), ImportPreview.of(gap, java.time.ZoneId.of("-05:00")).notes(), "a fixed offset has none either");
        assertFalse(ImportPreview.of(file("Z.csv", "datetime_utc,close\n2020-01-02T13:30:00Z,1\n2020-01-02T14:00:00Z,2\n"), ny).zoneApplies(),
                "times with their zone read the same in any zone");
        assertFalse(ImportPreview.of(file("AAA.csv", "Date,Close\n2020-01-02,10\n"), ny).zoneApplies(), "a daily file has no times of day");
        // dates written as midnight times import as daily prices (BarFile.daysAtMidnight): the preview says so, not "bars"
        ImportPreview days = ImportPreview.of(file("DAYS.csv", "Date,Open,High,Low,Close,Volume\n2020-01-02 00:00:00,1,2,0.5,1.5,10\n"
                + "2020-01-03 00:00:00,1,2,0.5,1.6,10\n2020-01-06 00:00:00,1,2,0.5,1.7,10\n"), ny);
        assertEquals("stooq", days.layout());
        assertEquals("1d", days.interval());
        assertEquals("dates written as midnight times in Date", days.dateFormat());
        assertFalse(days.zoneApplies(), "a date is no time to place in a zone");
    }

    /** The night clocks go back, 01:00 New York happens twice: in file order EDT (-04:00) then EST (-05:00), 25 hourly bars. */
    @Test
    void theRepeatedHourOfAFallBackNightTakesTheEarlierOffsetThenTheLater() throws Exception {
        StringBuilder csv = new StringBuilder("timestamp,close\n");
        int[] hours = {0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23};
        for (int i = 0; i < hours.length; i++) csv.append(String.format("2020-11-01 %02d:00:00,%d%n", hours[i], 100 + i));
        try (Store store = open()) {
            new PriceImporter(store, PriceRules.defaults(), java.time.ZoneId.of("America/New_York")).importFiles(List.of(file("FALL.csv", csv.toString())));
            assertEquals(25, number(store, "SELECT count(DISTINCT ts) FROM bars WHERE interval = '1h'"));
            assertEquals("2020-11-01 04:00:00|2020-11-02 04:00:00|1", text(store, "SELECT min(ts) || '|' || max(ts) || '|' || count(DISTINCT date_diff('hour', lag, ts)) "
                    + "FROM (SELECT ts, lag(ts) OVER (ORDER BY ts) AS lag FROM bars) WHERE lag IS NOT NULL OR ts = (SELECT min(ts) FROM bars)"));
            assertEquals(101, number(store, "SELECT close FROM bars WHERE ts = TIMESTAMP '2020-11-01 05:00:00'"), "the first 01:00 is EDT");
            assertEquals(102, number(store, "SELECT close FROM bars WHERE ts = TIMESTAMP '2020-11-01 06:00:00'"), "the second 01:00 is EST");
            assertEquals(0, number(store, "SELECT count(*) FROM (SELECT close < lag(close) OVER (ORDER BY ts) AS back FROM bars) WHERE back"), "UTC order is file order");
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("z.duckdb"), tmp.resolve("staging-z"))) {
            // the same night listed newest first (as many providers write): its first 01:00 row is the later one
            String[] lines = csv.toString().split("\n");
            StringBuilder reversed = new StringBuilder(lines[0]).append('\n');
            for (int i = lines.length - 1; i > 0; i--) reversed.append(lines[i]).append('\n');
            new PriceImporter(store, PriceRules.defaults(), java.time.ZoneId.of("America/New_York")).importFiles(List.of(file("DESC.csv", reversed.toString())));
            assertEquals(25, number(store, "SELECT count(DISTINCT ts) FROM bars WHERE interval = '1h'"));
            assertEquals(101, number(store, "SELECT close FROM bars WHERE ts = TIMESTAMP '2020-11-01 05:00:00'"), "EDT's 01:00, listed second");
            assertEquals(102, number(store, "SELECT close FROM bars WHERE ts = TIMESTAMP '2020-11-01 06:00:00'"), "EST's 01:00, listed first");
        }
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve("y.duckdb"), tmp.resolve("staging-y"))) {
            // one row in the repeated hour cannot be told apart: it takes the earlier offset, as java.time does
            new PriceImporter(store, PriceRules.defaults(), java.time.ZoneId.of("America/New_York")).importFiles(List.of(file("ONCE.csv",
                    "timestamp,close\n2020-11-01 00:30:00,1\n2020-11-01 01:30:00,2\n2020-11-01 02:30:00,3\n2020-11-01 03:30:00,4\n")));
            assertEquals(2, number(store, "SELECT close FROM bars WHERE ts = TIMESTAMP '2020-11-01 05:30:00'"));
        }
    }

    /** A third row at a repeated time, or a time inside the hour skipped in spring, is refused by line and column with the fix. */
    @Test
    void aTimeThatDaylightSavingMakesAmbiguousOrImpossibleIsRefused() throws Exception {
        java.time.ZoneId ny = java.time.ZoneId.of("America/New_York");
        try (Store store = open()) {
            Path thrice = file("THRICE.csv", "timestamp,close\n2020-11-01 00:00:00,1\n2020-11-01 01:00:00,2\n2020-11-01 01:00:00,3\n2020-11-01 01:00:00,4\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults(), ny).importFiles(List.of(thrice)));
            assertEquals("timestamp", e.field());
            assertTrue(e.getMessage().startsWith(thrice + " line 5, column timestamp: 2020-11-01 01:00:00 is the third row of THRICE at this time, which happens twice: "
                    + "on 2020-11-01 clocks in America/New_York went back from 02:00 to 01:00 (the DST change)"), e.getMessage());
            assertTrue(e.fix().contains("UTC") && e.fix().contains("2020-11-01 01:00:00-05:00"), e.fix());
            Path gap = file("GAP.csv", "Date,Time,Close\n2021-03-14,00:30,1\n2021-03-14,01:30,2\n2021-03-14,02:30,3\n2021-03-14,03:30,4\n");
            e = assertThrows(SextantException.class, () -> new PriceImporter(store, PriceRules.defaults(), ny).importFiles(List.of(gap)));
            assertEquals("Date", e.field());
            assertEquals(gap + " line 4, column Date + Time: 2021-03-14 02:30:00 does not exist: it falls in the DST gap of America/New_York on 2021-03-14 "
                    + "(clocks went forward from 02:00 to 03:00)", e.getMessage());
            assertTrue(e.fix().contains("UTC") && e.fix().contains("-04:00"), e.fix());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
        }
    }

    @Test
    void anIntervalTheStoreDoesNotHoldIsRefused() throws Exception {
        try (Store store = open()) {
            Path odd = file("ODD.csv", "datetime,close\n2020-01-06T10:00:00Z,1.1\n2020-01-06T10:07:00Z,1.2\n2020-01-06T10:14:00Z,1.2\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(odd)));
            assertTrue(e.getMessage().contains("most often 7 minutes apart"), e.getMessage());
        }
    }

    /** Steps below a minute were read as whole minutes (date_diff truncates): 100 bars one second apart were stored as 1m. */
    @Test
    void barsLessThanAMinuteApartAreRefusedNamingTheStep() throws Exception {
        try (Store store = open()) {
            StringBuilder seconds = new StringBuilder("timestamp,close\n");
            for (int i = 0; i < 100; i++) seconds.append(java.time.LocalDateTime.of(2024, 1, 2, 15, 0).plusSeconds(i)).append("Z,").append(5 + i).append('\n');
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file("SECONDS.csv", seconds.toString()))));
            assertEquals("paths", e.field());
            assertTrue(e.getMessage().contains("SECONDS.csv: the bars of SECONDS are most often 1 second apart; the store holds bars of 1 minute or longer"), e.getMessage());
            assertTrue(e.fix().contains("1-minute"), e.fix());
            Path oneShort = file("JITTER.csv", "datetime,close\n2024-01-02T15:00:00Z,1\n2024-01-02T15:01:00Z,2\n2024-01-02T15:01:30Z,3\n2024-01-02T15:02:00Z,4\n2024-01-02T15:03:00Z,5\n");
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(oneShort)));
            assertTrue(e.getMessage().contains("JITTER.csv line 3 and line 4: two bars of JITTER 30 seconds apart"), e.getMessage());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
        }
    }

    /** The preview showed no interval and no word for bars a second apart, which the import refuses: it says the import's refusal, naming the lines. */
    @Test
    void thePreviewSaysTheRefusalOfBarsLessThanAMinuteApart() throws Exception {
        StringBuilder seconds = new StringBuilder("timestamp,close\n");
        for (int i = 0; i < 100; i++) seconds.append(java.time.LocalDateTime.of(2024, 1, 2, 15, 0).plusSeconds(i)).append("Z,").append(5 + i).append('\n');
        ImportPreview p = ImportPreview.of(file("SECONDS.csv", seconds.toString()));
        assertEquals(null, p.interval());
        assertEquals(List.of("lines 2..101: the bars of SECONDS are most often 1 second apart; the store holds bars of 1 minute or longer: the import refuses the file; "
                + BarSteps.BELOW_A_MINUTE_FIX), p.notes());
        Path oneShort = file("JITTER.csv", "symbol,datetime,close\nJIT,2024-01-02T15:00:00Z,1\nJIT,2024-01-02T15:01:00Z,2\nJIT,2024-01-02T15:01:30Z,3\n"
                + "JIT,2024-01-02T15:02:30Z,4\nJIT,2024-01-02T15:03:30Z,5\n");
        p = ImportPreview.of(oneShort);
        assertEquals("1m", p.interval());
        assertEquals(List.of("line 3 and line 4: two bars of JIT 30 seconds apart; the store holds bars of 1 minute or longer: the import refuses the file; "
                + BarSteps.BELOW_A_MINUTE_FIX), p.notes());
        try (Store store = open()) {
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(oneShort)));
            assertTrue(e.getMessage().contains(oneShort + " line 3 and line 4: two bars of JIT 30 seconds apart; the store holds bars of 1 minute or longer"), e.getMessage());
        }
    }

    /** 30 bars a minute apart then 40 an hour apart were all stored as 1h, without a word. */
    @Test
    void barsAtTwoIntervalsAreRefusedCountingTheSteps() throws Exception {
        try (Store store = open()) {
            StringBuilder mixed = new StringBuilder("timestamp,close\n");
            java.time.LocalDateTime t = java.time.LocalDateTime.of(2024, 1, 2, 15, 0);
            for (int i = 0; i < 30; i++) mixed.append(t.plusMinutes(i)).append("Z,").append(10 + i).append('\n');
            for (int i = 0; i < 40; i++) mixed.append(t.plusHours(1 + i)).append("Z,").append(40 + i).append('\n');
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file("MIXED.csv", mixed.toString()))));
            assertEquals("paths", e.field());
            assertTrue(e.getMessage().contains("MIXED.csv lines 2..32: the bars of MIXED are not one interval: 29 of 69 steps are 1 minute, 39 are 1 hour (1 other step shorter than 1h)"), e.getMessage());
            assertTrue(e.fix().contains("one file per interval"), e.fix());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            // hourly bars whose first bar of each day is a half hour (09:30, 10:00, 11:00, ...) stay hourly: a lone short step is no second interval
            StringBuilder hourly = new StringBuilder("timestamp,close\n");
            for (int d = 2; d <= 5; d++) {
                hourly.append("2024-01-0").append(d).append("T14:30:00Z,1\n");
                for (int h = 15; h <= 20; h++) hourly.append("2024-01-0").append(d).append('T').append(h).append(":00:00Z,1\n");
            }
            Path hours = file("HOURS.csv", hourly.toString());
            assertEquals(List.of(), ImportPreview.of(hours).notes(), "a day's first half-hour bar is no second grid in the preview either");
            ImportReport r = new PriceImporter(store).importFiles(List.of(hours));
            assertEquals("1h", r.files().get(0).interval());
        }
    }

    /** 30m bars where every 7th step was 45 minutes (:00/:30, then :15/:45) were stored as one 30m series "with 2 gaps". */
    @Test
    void barsThatShiftBetweenTwoPhasesOfTheGridAreRefusedNamingTheFirstLine() throws Exception {
        try (Store store = open()) {
            StringBuilder shifting = new StringBuilder("timestamp,close\n");
            java.time.LocalDateTime t = java.time.LocalDateTime.of(2024, 1, 2, 14, 0);
            for (int i = 0; i < 40; i++) {
                shifting.append(t).append("Z,").append(10 + i).append('\n');
                t = t.plusMinutes(i % 7 == 6 ? 45 : 30);
            }
            Path shift = file("SHIFT.csv", shifting.toString());
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(shift)));
            assertEquals("paths", e.field());
            String refusal = "line 9: the bar of SHIFT at 2024-01-02T17:45Z is off the 30m grid most of its bars are on "
                    + "(:00, :30 past each hour): 19 of 40 bars are off it; stored as one 30m series the two grids would mix";
            assertEquals(shift + " " + refusal, e.getMessage());
            assertTrue(e.fix().startsWith("align the bars to one grid") && e.fix().contains("split the file"), e.fix());
            assertEquals(List.of(refusal + ": the import refuses the file; " + e.fix()), ImportPreview.of(shift).notes(), "the preview warns in the same words");
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
            // one phase per file is fine: hourly bars at :30 around the clock, one missing; 4h bars moved an hour by a clock change
            StringBuilder halfPast = new StringBuilder("timestamp,close\n");
            for (int h = 0; h < 48; h++) if (h != 20) halfPast.append(java.time.LocalDateTime.of(2024, 1, 2, 0, 30).plusHours(h)).append("Z,").append(1 + h).append('\n');
            StringBuilder fourHours = new StringBuilder("timestamp,close\n");
            // New York's clocks went forward at 2024-03-10T07:00Z, between the 27th bar and the 28th
            for (int i = 0; i < 40; i++) fourHours.append(java.time.LocalDateTime.of(2024, 3, 5, 22, 0).plusHours(4 * i - (i >= 27 ? 1 : 0))).append("Z,").append(1 + i).append('\n');
            ImportReport r = new PriceImporter(store).importFiles(List.of(file("HALFPAST.csv", halfPast.toString()), file("FOURH.csv", fourHours.toString())));
            assertEquals("1h|4h", r.files().get(0).interval() + "|" + r.files().get(1).interval());
            ImportReport.BarCheck half = r.files().get(0).bars().get(0);
            assertEquals(1, half.gaps());
            assertEquals("2024-01-02T19:30Z", half.largestGapAfter(), "the gap note names a stored bar, not the start of a grid bucket");
            // more hours of HALFPAST on the hour, or two files of one import on two grids: the store would mix them
            Path onTheHour = file("HALFPAST.csv", "timestamp,close\n2024-01-05T10:00:00Z,1\n2024-01-05T11:00:00Z,2\n2024-01-05T12:00:00Z,3\n");
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(onTheHour)));
            assertEquals(onTheHour + ": the 1h bars of HALFPAST are on :00 past each hour, its stored 1h bars on :30 past each hour; "
                    + "stored as one 1h series the two grids would mix", e.getMessage());
            Path a = file("A.csv", "symbol,timestamp,close\nNEW,2024-01-05T10:00:00Z,1\nNEW,2024-01-05T10:05:00Z,2\n");
            Path b = file("B.csv", "symbol,timestamp,close\nNEW,2024-01-05T11:02:00Z,1\nNEW,2024-01-05T11:07:00Z,2\n");
            e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(a, b)));
            assertEquals(b + ": the 5m bars of NEW are on :02, :07, :12, :17, … past each hour, its bars in " + a + " on :00, :05, :10, :15, … past each hour; "
                    + "stored as one 5m series the two grids would mix", e.getMessage());
            assertEquals(47, number(store, "SELECT count(*) FROM bars WHERE symbol = 'HALFPAST'"), "nothing more stored");
        }
    }

    /** Bars before 1970 have negative epoch times: their phase is still the minutes past the hour (attacker pass 9). */
    @Test
    void barsAcross1970StayOnTheirGrid() throws Exception {
        try (Store store = open()) {
            StringBuilder across = new StringBuilder("timestamp,close\n");
            for (int h = 0; h < 48; h++) across.append(java.time.LocalDateTime.of(1969, 12, 31, 0, 30).plusHours(h)).append("Z,").append(1 + h).append('\n');
            StringBuilder old = new StringBuilder("timestamp,close\n");
            for (int i = 0; i < 20; i++) old.append(java.time.LocalDateTime.of(1969, 12, 1, 10, 15).plusMinutes(30L * i)).append("Z,").append(1 + i).append('\n');
            ImportReport r = new PriceImporter(store).importFiles(List.of(file("ACROSS.csv", across.toString()), file("OLD.csv", old.toString())));
            assertEquals("1h|30m", r.files().get(0).interval() + "|" + r.files().get(1).interval());
            // the same :15/:45 grid in 2024 is the stored grid of OLD
            StringBuilder later = new StringBuilder("timestamp,close\n");
            for (int i = 0; i < 20; i++) later.append(java.time.LocalDateTime.of(2024, 1, 2, 10, 15).plusMinutes(30L * i)).append("Z,").append(1 + i).append('\n');
            new PriceImporter(store).importFiles(List.of(file("OLD.csv", later.toString())));
            assertEquals(88, number(store, "SELECT count(*) FROM bars"));
        }
    }

    /** A day of 1-minute bars, two days of hourly ones, a day of 1-minute again: all were stored as 1m, the hourly steps read as gaps. */
    @Test
    void aRunOfCoarserBarsIsASecondIntervalNamingTheLines() throws Exception {
        try (Store store = open()) {
            StringBuilder mixed = new StringBuilder("timestamp,close\n");
            java.util.function.IntConsumer minutes = day -> {
                for (int m = 0; m < 390; m++) mixed.append(java.time.LocalDateTime.of(2024, 1, day, 14, 30).plusMinutes(m)).append("Z,1\n");
            };
            minutes.accept(2);
            for (int day = 3; day <= 4; day++) for (int h = 0; h < 7; h++) mixed.append(java.time.LocalDateTime.of(2024, 1, day, 14, 30).plusHours(h)).append("Z,1\n");
            minutes.accept(5);
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(file("MIXHOUR.csv", mixed.toString()))));
            assertEquals("paths", e.field());
            assertTrue(e.getMessage().contains("MIXHOUR.csv lines 392..405: the bars of MIXHOUR are not one interval: 12 of 793 steps are 1 hour, 778 are 1 minute; "
                    + "these lines hold 12 steps of 1 hour and none of 1 minute: stored as 1m bars they would read as gaps"), e.getMessage());
            assertTrue(e.fix().contains("one file per interval (the 1h bars apart from the 1m ones)"), e.fix());
            assertEquals(0, number(store, "SELECT count(*) FROM bars"));
        }
    }

    /** 1-minute bars with nights, a weekend, a holiday, missing minutes, an hour off and a few hourly after-hours bars: still 1m, the gaps reported. */
    @Test
    void ordinaryGapsInOneMinuteBarsStillImport() throws Exception {
        try (Store store = open()) {
            StringBuilder gappy = new StringBuilder("timestamp,close\n");
            for (int day : new int[] {4, 5, 8, 10, 11}) { // Jan 6-7 a weekend, Jan 9 a holiday
                java.time.LocalDateTime open = java.time.LocalDateTime.of(2024, 1, day, 14, 30);
                for (int m = 0; m < 390; m++) {
                    if (m % 37 == 5 || (day == 8 && m >= 120 && m < 180)) continue; // missing minutes; an hour without trades
                    gappy.append(open.plusMinutes(m)).append("Z,1\n");
                }
                // thin after-hours trading, a bar an hour
                for (int h = 0; h < 4; h++) gappy.append(open.plusMinutes(390 + 30 + 60 * h)).append("Z,1\n");
            }
            ImportReport r = new PriceImporter(store).importFiles(List.of(file("GAPPY.csv", gappy.toString())));
            assertEquals("1m", r.files().get(0).interval());
            assertTrue(r.files().get(0).bars().get(0).gaps() > 0, "the missing minutes are reported as gaps");
        }
    }

    /** An identical bar repeated at the end of a file is one duplicate, not also a row out of order. */
    @Test
    void aRepeatedLastBarIsADuplicateOnly() throws Exception {
        try (Store store = open()) {
            ImportReport r = new PriceImporter(store).importFiles(List.of(file("EURNOK.csv",
                    "datetime,close\n2020-01-06T10:00:00Z,1.1\n2020-01-06T10:05:00Z,1.2\n2020-01-06T10:10:00Z,1.3\n2020-01-06T10:00:00Z,1.1\n")));
            ImportReport.BarCheck check = r.files().get(0).bars().get(0);
            assertEquals(1, check.duplicates());
            assertEquals(0, check.outOfOrder());
        }
    }

    /** A re-import with closes 9..12 where about 1.725 was stored said only rows_updated: 4. */
    @Test
    void aReimportThatChangesStoredBarsSaysHowMuch() throws Exception {
        try (Store store = open()) {
            Path first = file("USDCHF.csv", "timestamp,close\n2001-03-29T22:00:00Z,1.7250\n2001-03-29T22:30:00Z,1.7255\n2001-03-29T23:00:00Z,1.7260\n2001-03-29T23:30:00Z,1.7253\n");
            ImportReport r = new PriceImporter(store).importFiles(List.of(first));
            assertEquals(0, r.files().get(0).bars().get(0).changed());
            assertEquals(List.of(), r.files().get(0).bars().get(0).notes());
            r = new PriceImporter(store).importFiles(List.of(first));
            assertEquals(0, r.files().get(0).bars().get(0).changed(), "the same bars again change nothing");
            assertEquals(4, r.rowsUpdated());
            assertEquals(List.of("all 4 stored bars of USDCHF 30m it replaces already held these very prices: counted as updated, nothing in them changed"),
                    r.files().get(0).bars().get(0).notes(), "and say so, as a daily file imported again does");
            r = new PriceImporter(store).importFiles(List.of(file("USDCHF.csv",
                    "timestamp,close\n2001-03-29T22:00:00Z,9.0\n2001-03-29T22:30:00Z,10.0\n2001-03-29T23:00:00Z,11.0\n2001-03-29T23:30:00Z,12.0\n")));
            ImportReport.BarCheck check = r.files().get(0).bars().get(0);
            assertEquals(4, r.rowsUpdated());
            assertEquals(4, check.changed());
            assertEquals(595.5, check.largestChangePct(), 0.05, "12.0 over 1.7253");
            assertEquals(List.of("4 stored bars of USDCHF changed; the largest close change at 2001-03-29T23:30Z: 1.7253 to 12.0 (595.5%); "
                    + "check that the file is the same instrument and unit"), check.notes());
            r = new PriceImporter(store).importFiles(List.of(file("USDCHF.csv", "timestamp,close\n2001-03-29T22:00:00Z,9.0\n2001-03-29T22:30:00Z,10.5\n")));
            assertEquals(List.of("1 stored bar of USDCHF changed; the largest close change at 2001-03-29T22:30Z: 10.0 to 10.5 (5.0%); "
                    + "check that the file is the same instrument and unit", "1 of the 2 stored bars of USDCHF 30m it replaces already held these very prices: "
                    + "counted as updated, nothing in them changed"), r.files().get(0).bars().get(0).notes());
        }
    }

    /** The same file imported at UTC-03:30 and then at Z was stored twice, interleaved, without a word. */
    @Test
    void theSameBarsAtAnotherOffsetAreNoted() throws Exception {
        try (Store store = open()) {
            Path dst = file("DSTGAP.csv", "Date,Time,Close\n2021-03-14,00:00:00,10\n2021-03-14,00:30:00,11\n2021-03-14,01:00:00,12\n2021-03-14,01:30:00,13\n"
                    + "2021-03-14,02:00:00,14\n2021-03-14,02:30:00,15\n2021-03-14,03:00:00,16\n2021-03-14,03:30:00,17\n");
            new PriceImporter(store, PriceRules.defaults(), IngestService.zone("UTC-03:30")).importFiles(List.of(dst));
            ImportReport r = new PriceImporter(store).importFiles(List.of(dst));
            List<String> notes = r.files().get(0).bars().get(0).notes();
            assertTrue(notes.contains("8 of 8 bars of DSTGAP have the closes of stored bars 3 hours 30 minutes later: the same bars imported before at another "
                    + "time-zone offset? Both are now stored; delete the wrong ones, or import with the timezone the file was written in"), notes.toString());
        }
    }

    /** Epoch nanoseconds read as "not a price file header (no date column …)" although timestamp is a time column. */
    @Test
    void epochNanosecondsAreSaidToBeNoSecondsOrMilliseconds() throws Exception {
        try (Store store = open()) {
            Path ns = file("EPOCHNS.csv", "timestamp,close\n1704207600000000000,5\n1704207660000000000,6\n");
            SextantException e = assertThrows(SextantException.class, () -> new PriceImporter(store).importFiles(List.of(ns)));
            assertEquals("timestamp", e.field());
            assertTrue(e.getMessage().endsWith("EPOCHNS.csv line 2, column timestamp: 1704207600000000000 is a number of 19 digits, not epoch seconds (10 digits) "
                    + "or milliseconds (13); micro- or nanoseconds are not read"), e.getMessage());
            assertTrue(e.fix().contains("milliseconds"), e.fix());
            // a Stooq-style date of 8 digits stays a daily file
            new PriceImporter(store).importFiles(List.of(file("DAYS.csv", "date,close\n20200102,5\n20200103,6\n")));
            assertEquals(2, number(store, "SELECT count(*) FROM prices"));
        }
    }
}
