package org.sextant.scaleout;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.home.SextantHome;
import picocli.CommandLine;

/**
 * The checks `sextant-spark` makes before Spark starts (attack pass 6, F1, F9, F10, F14): each
 * refused command exits 2 with one line naming the option and the fix, and deletes nothing. Without
 * the checks these commands start Spark, whose overwrite deletes the --out folder.
 */
class JobArgumentsTest {
    @TempDir static Path dir;
    static Path prices;

    /** A real export layout (symbol=AA, symbol=KO of Parquet), written with DuckDB as `export-prices` writes it. */
    @BeforeAll
    static void export() throws Exception {
        prices = dir.resolve("prices");
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT sym AS symbol, DATE '2020-01-01' + CAST(i AS INTEGER) AS date, 100.0 + i AS open, 101.0 + i AS high, 99.0 + i AS low, 100.0 + i AS close, "
                    + "100.0 + i AS adj_close, 1000.0 AS volume FROM range(400) t(i), (VALUES ('AA'), ('KO')) v(sym)) TO '" + prices
                    + "' (FORMAT parquet, PARTITION_BY (symbol))");
        }
    }

    record Run(int exitCode, String err) {}

    static Run run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cl = SparkMain.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int rc = cl.execute(args);
        return new Run(rc, err.toString());
    }

    static Run backtest(String in, String out, String... more) {
        List<String> a = new ArrayList<>(List.of("forecast-backtest", "--in", in, "--out", out, "--every", "60", "--horizon", "5", "--master", "local[1]"));
        a.addAll(List.of(more));
        return run(a.toArray(String[]::new));
    }

    static void assertRefused(Run r, String option, String fix) {
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("error: " + option + " "), r.err());
        assertTrue(r.err().contains(fix), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    static final String OUT_FIX = "choose a new folder, or delete the old job output yourself";
    static final String IN_FIX = "export the prices with `bin/sextant export-prices DIR` and pass DIR as --in";

    @Test
    void aUsersFolderIsRefusedAndKept() throws Exception {
        Path precious = Files.createDirectories(dir.resolve("precious"));
        Files.writeString(precious.resolve("thesis.txt"), "my thesis");
        Run r = backtest(prices.toString(), precious.toString(), "--symbols", "AA");
        assertRefused(r, "--out", OUT_FIX);
        assertTrue(r.err().contains("thesis.txt") && r.err().contains("nothing was deleted"), r.err());
        assertRefused(backtest(prices.toString(), "file://" + precious), "--out", OUT_FIX);
        assertRefused(backtest("file:" + prices, "file:" + precious), "--out", OUT_FIX);
        assertEquals("my thesis", Files.readString(precious.resolve("thesis.txt")));
    }

    @Test
    void aSextantHomeAndAnyFolderInsideItAreRefusedAndKept() throws Exception {
        SextantHome home = new SextantHome(dir.resolve("home")).ensureLayout();
        Files.writeString(home.database(), "the store");
        Files.writeString(home.settingsJson(), "{}");
        assertRefused(backtest(prices.toString(), home.root().toString()), "--out", OUT_FIX);
        Run inside = backtest(prices.toString(), home.root().resolve("results").toString());
        assertRefused(inside, "--out", OUT_FIX);
        assertTrue(inside.err().contains("inside the Sextant home"), inside.err());
        assertEquals("the store", Files.readString(home.database()));
        assertTrue(Files.exists(home.settingsJson()) && Files.isDirectory(home.runDir()));
        assertFalse(Files.exists(home.root().resolve("results")));
    }

    @Test
    void theInputIsNeverTheOutputNorInsideOrAroundIt() throws Exception {
        long parts;
        try (var w = Files.walk(prices)) { parts = w.count(); }
        Run same = backtest(prices.toString(), prices + "/.");
        assertRefused(same, "--out", OUT_FIX);
        assertTrue(same.err().contains("is the input --in"), same.err());
        assertRefused(backtest(prices.toString(), prices.resolve("out").toString()), "--out", OUT_FIX);
        assertRefused(backtest(prices.toString(), dir.toString()), "--out", OUT_FIX);
        try (var w = Files.walk(prices)) { assertEquals(parts, w.count(), "the export is untouched"); }
        assertFalse(Files.exists(prices.resolve("out")));
    }

    @Test
    void anEmptyFolderOrAnEarlierJobOutputMayBeReplaced() throws Exception {
        Path earlier = Files.createDirectories(dir.resolve("earlier"));
        for (String f : List.of("_SUCCESS", "._SUCCESS.crc", "part-00000-1b2c-c000.snappy.parquet", ".part-00000-1b2c-c000.snappy.parquet.crc")) {
            Files.writeString(earlier.resolve(f), "x");
        }
        assertDoesNotThrow(() -> JobFolders.checkOutput(earlier.toString(), prices.toString()));
        assertDoesNotThrow(() -> JobFolders.checkOutput(Files.createDirectories(dir.resolve("empty")).toString(), prices.toString()));
        assertDoesNotThrow(() -> JobFolders.checkOutput(dir.resolve("new/out").toString(), prices.toString()));
        Files.createDirectories(earlier.resolve("notes"));
        assertRefused(backtest(prices.toString(), earlier.toString()), "--out", OUT_FIX);
    }

    /** The local disk under a scheme of its own, as a cluster file system is reached: hdfs://, s3a://. */
    public static final class ClusterFs extends org.apache.hadoop.fs.RawLocalFileSystem {
        @Override
        public java.net.URI getUri() { return java.net.URI.create("cluster:///"); }
    }

    @Test
    void aClusterOutputIsListedWithTheSessionsFileSystemBeforeTheJobWrites() throws Exception {
        org.apache.hadoop.conf.Configuration hadoop = new org.apache.hadoop.conf.Configuration(false);
        hadoop.set("fs.cluster.impl", ClusterFs.class.getName());
        hadoop.setBoolean("fs.cluster.impl.disable.cache", true);
        Path precious = Files.createDirectories(dir.resolve("cluster-precious"));
        Files.writeString(precious.resolve("thesis.txt"), "my thesis");
        var refused = org.junit.jupiter.api.Assertions.assertThrows(org.sextant.engine.SextantException.class,
                () -> JobFolders.checkClusterOutput(hadoop, "cluster://" + precious, "cluster://" + prices));
        assertEquals("out", refused.field());
        assertTrue(refused.getMessage().contains("thesis.txt") && refused.fix().equals(OUT_FIX), refused.getMessage());
        assertThrows(() -> JobFolders.checkClusterOutput(hadoop, "cluster://" + prices.resolve("symbol=AA"), "cluster://" + prices), "is inside the input");
        assertDoesNotThrow(() -> JobFolders.checkClusterOutput(hadoop, "cluster://" + dir.resolve("cluster-new"), "cluster://" + prices));
    }

    private static void assertThrows(org.junit.jupiter.api.function.Executable check, String says) {
        var e = org.junit.jupiter.api.Assertions.assertThrows(org.sextant.engine.SextantException.class, check);
        assertTrue(e.getMessage().contains(says), e.getMessage());
    }

    @Test
    void aMissingOrForeignInputIsOneLineNamingInWithoutTheFilesBytes() throws Exception {
        assertRefused(backtest(dir.resolve("nonexistent").toString(), dir.resolve("o1").toString()), "--in", IN_FIX);

        Path evil = Files.createDirectories(dir.resolve("evil/symbol=EVIL"));
        Files.writeString(evil.resolve("part-0.parquet"), "root:x:0:0:root:/root:/bin/bash\n");
        Run r = backtest(dir.resolve("evil").toString(), dir.resolve("o2").toString());
        assertRefused(r, "--in", IN_FIX);
        assertTrue(r.err().contains("holds symbol=EVIL/part-0.parquet, which is not a Parquet file"), r.err());
        assertFalse(r.err().contains("bash") || r.err().contains("97, 115"), r.err());

        Path linked = Files.createDirectories(dir.resolve("linked/symbol=AA"));
        try (var s = Files.list(prices.resolve("symbol=AA"))) {
            Files.createSymbolicLink(linked.resolve("part-0.parquet"), s.findFirst().orElseThrow());
        }
        Run link = backtest(dir.resolve("linked").toString(), dir.resolve("o3").toString());
        assertRefused(link, "--in", IN_FIX);
        assertTrue(link.err().contains("symbolic link"), link.err());
        assertFalse(Files.exists(dir.resolve("o1")) || Files.exists(dir.resolve("o2")) || Files.exists(dir.resolve("o3")));
    }

    @Test
    void aSymbolTheInputDoesNotHoldIsRefusedNotDropped() {
        Run r = backtest(prices.toString(), dir.resolve("o4").toString(), "--symbols", "NOPE,AA");
        assertRefused(r, "--symbols", "export-prices");
        assertTrue(r.err().contains("--symbols NOPE: not in --in"), r.err());
        Run scan = run("forecast-scan", "--in", prices.toString(), "--out", dir.resolve("o5").toString(), "--symbols", "aa,nope");
        assertRefused(scan, "--symbols", "export-prices");
    }

    @Test
    void aSymbolAClusterInputDoesNotHoldIsRefusedOnceTheSessionReadsIt() {
        System.setProperty("spark.hadoop.fs.cluster.impl", ClusterFs.class.getName()); // the session reaches cluster:// as it would hdfs://
        // a session another test class left running is reused by the job: give it the file system too
        if (org.apache.spark.sql.SparkSession.getDefaultSession().isDefined()) {
            org.apache.spark.sql.SparkSession.getDefaultSession().get().sparkContext().hadoopConfiguration().set("fs.cluster.impl", ClusterFs.class.getName());
        }
        try {
            Run r = backtest("cluster://" + prices, "cluster://" + dir.resolve("o9"), "--symbols", "NOPE,AA,ZZZ");
            assertRefused(r, "--symbols", "export-prices");
            assertTrue(r.err().contains("--symbols NOPE,ZZZ: not in --in cluster://" + prices + " (it holds 2 symbols, e.g. AA, KO)"), r.err());
            assertFalse(Files.exists(dir.resolve("o9")), "nothing written");
        } finally {
            System.clearProperty("spark.hadoop.fs.cluster.impl");
        }
    }

    /** AA and KO of 400 closes, LONG of 18,000 daily closes: the median symbol is a short one, LONG is over the origin bound. */
    static Path longHistory() throws Exception {
        return exported("long-prices", "SELECT sym AS symbol, DATE '1970-01-01' + CAST(i AS INTEGER) AS date, 100.0 + i % 7 AS open, 101.0 + i % 7 AS high, "
                + "99.0 + i % 7 AS low, 100.0 + i % 7 AS close, 100.0 + i % 7 AS adj_close, 1000.0 AS volume FROM (VALUES ('AA', 400), ('KO', 400), ('LONG', 18000)) v(sym, n), "
                + "range(18000) t(i) WHERE i < n", "");
    }

    /** The rows of {@code query} in the export's layout (Parquet partitioned by symbol, written with DuckDB), once per test run. */
    static Path exported(String name, String query, String options) throws Exception {
        Path p = dir.resolve(name);
        if (Files.exists(p)) return p;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (" + query + ") TO '" + p + "' (FORMAT parquet, PARTITION_BY (symbol)" + options + ")");
        }
        return p;
    }

    @Test
    void anEveryOverTheOriginBoundIsRefusedFromTheCountsNamingTheSymbolAndTheFix() throws Exception {
        // LONG: 18,000 closes, the last 40% evaluated from close 10,800: every close is 7,200 origins; every 8 is 900
        Run r = run("forecast-backtest", "--in", longHistory().toString(), "--dry-run", "--every", "1", "--master", "local[1]");
        assertRefused(r, "--every", "pass --every 8 (closes between origins) or more");
        assertTrue(r.err().startsWith("error: --every 1 makes 7200 forecast origins for LONG (18000 closes"), r.err());
        // decided from the export's dates before Spark starts, with a date range too
        ForecastBacktestArguments every1 = new ForecastBacktestArguments(null, null, "1", null, null, null, null);
        assertEquals(List.of(new OriginBound.Origins("AA", 400, 240, 160), new OriginBound.Origins("KO", 400, 240, 160), new OriginBound.Origins("LONG", 18000, 10800, 7200)),
                OriginBound.local(longHistory(), every1));
        int started = SparkMain.STARTED.get();
        Run counted = run("forecast-backtest", "--in", longHistory().toString(), "--dry-run", "--every", "1", "--from", "1900-01-01", "--master", "local[1]");
        assertEquals(r.err(), counted.err());
        assertEquals(started, SparkMain.STARTED.get(), "refused before Spark started");
        assertEquals(7200, OriginBound.everyN(1, 18000, 10800));
        assertEquals(900, OriginBound.everyN(8, 18000, 10800));
        assertEquals(1029, OriginBound.everyN(7, 18000, 10800));
        // the smallest spacing that fits 10,000,000 closes (4,000,000 origins), found without trying every N below it
        assertEquals("pass --every 4000 (closes between origins) or more, or monthly (the default)",
                OriginBound.refusal(every1, "BIG", 10_000_000, 4_000_000, 1, 6_000_000).fix());
    }

    /**
     * OLD: a close every 10 days from 1800 to 2051 (monthly origins over its last 40% exceed the bound), every fifth close
     * null, every eleventh date twice, 50 rows without a date, in row groups of 2,048; AA: 400 daily closes from 2020.
     */
    static Path centuries() throws Exception {
        return exported("old-prices", "SELECT 'OLD' AS symbol, DATE '1800-01-01' + CAST(10 * i AS INTEGER) AS date, CASE WHEN i % 5 = 3 THEN NULL ELSE 100.0 + i % 7 END AS close, "
                + "1000.0 AS volume FROM range(9200) t(i) UNION ALL SELECT 'OLD', DATE '1800-01-01' + CAST(10 * i AS INTEGER), 101.0, 1000.0 FROM range(9200) t(i) WHERE i % 11 = 0 "
                + "UNION ALL SELECT 'OLD', NULL, 102.0, 1000.0 FROM range(50) t(i) UNION ALL SELECT 'AA', DATE '2020-01-01' + CAST(i AS INTEGER), 100.0 + i, 1000.0 FROM range(400) t(i)",
                ", ROW_GROUP_SIZE 2048");
    }

    /** OLD's dates as its series holds them (written above): rows with a date and a close, oldest first, the duplicates kept. */
    static List<java.time.LocalDate> oldDates(java.time.LocalDate from, java.time.LocalDate to) {
        List<java.time.LocalDate> d = new ArrayList<>();
        for (int i = 0; i < 9200; i++) {
            java.time.LocalDate date = java.time.LocalDate.of(1800, 1, 1).plusDays(10L * i);
            if (from != null && date.isBefore(from) || to != null && date.isAfter(to)) continue;
            if (i % 5 != 3) d.add(date);
            if (i % 11 == 0) d.add(date);
        }
        return d;
    }

    @Test
    void originsBeforeSparkAreTheEnginesOnTheSeriesDatesForEveryRuleAndDateRange() throws Exception {
        java.time.LocalDate y1900 = java.time.LocalDate.of(1900, 1, 1), y2000 = java.time.LocalDate.of(2000, 6, 30), oos = java.time.LocalDate.of(1990, 3, 15);
        for (String every : List.of("monthly", "weekly", "1", "7")) {
            for (java.time.LocalDate[] range : new java.time.LocalDate[][] {{null, null, null}, {y1900, null, null}, {y1900, y2000, null}, {null, y2000, oos}}) {
                ForecastBacktestArguments a = new ForecastBacktestArguments(null, null, every, List.of("OLD"), range[0], range[1], range[2]);
                List<java.time.LocalDate> dates = oldDates(range[0], range[1]);
                int first = org.sextant.engine.forecast.ForecastBacktestRun.firstOrigin(dates, null, range[2]);
                var expected = new OriginBound.Origins("OLD", dates.size(), first, org.sextant.engine.forecast.OriginRule.parse(every).origins(dates, first).length);
                assertEquals(List.of(expected), OriginBound.local(centuries(), a), every + " " + java.util.Arrays.toString(range));
            }
        }
        // --oos-start after a symbol's last close: no origins (the job's error row), not a refusal
        assertEquals(List.of(), OriginBound.local(centuries(), new ForecastBacktestArguments(null, null, "1", List.of("AA"), null, null, java.time.LocalDate.of(2030, 1, 1))));
        // a date the files do not hold as a Parquet DATE: what Spark reads of it decides, in the session
        Path text = exported("text-dates", "SELECT 'AA' AS symbol, CAST(DATE '2020-01-01' + CAST(i AS INTEGER) AS VARCHAR) AS date, 100.0 AS close FROM range(10) t(i)", "");
        assertEquals(null, OriginBound.local(text, new ForecastBacktestArguments(null, null, "1", null, null, null, null)));
        assertFalse(OriginBound.beforeSpark(text, new ForecastBacktestArguments(null, null, "1", null, null, null, null)));
    }

    @Test
    void monthlyOriginsOverTheBoundAreRefusedBeforeSparkAsTheSessionRefusesThem() throws Exception {
        int started = SparkMain.STARTED.get();
        Run r = run("forecast-backtest", "--in", centuries().toString(), "--dry-run", "--master", "local[1]");
        assertRefused(r, "--every", "(closes between origins) or more, or a later --from)");
        assertTrue(r.err().startsWith("error: --every monthly (the default) makes ") && r.err().contains(" forecast origins for OLD ("), r.err());
        assertEquals(started, SparkMain.STARTED.get(), "refused before Spark started");
        // the same job on a cluster path is refused in the session's per-symbol pass, with the same numbers
        System.setProperty("spark.hadoop.fs.cluster.impl", ClusterFs.class.getName());
        if (org.apache.spark.sql.SparkSession.getDefaultSession().isDefined()) {
            org.apache.spark.sql.SparkSession.getDefaultSession().get().sparkContext().hadoopConfiguration().set("fs.cluster.impl", ClusterFs.class.getName());
        }
        try {
            Run cluster = run("forecast-backtest", "--in", "cluster://" + centuries(), "--dry-run", "--master", "local[1]");
            assertEquals(r.err(), cluster.err());
            assertEquals(started + 1, SparkMain.STARTED.get());
        } finally {
            System.clearProperty("spark.hadoop.fs.cluster.impl");
        }
    }

    @Test
    void aRealRunOverTheBoundIsRefusedBeforeSparkNotWrittenAsAnErrorRow() throws Exception {
        int started = SparkMain.STARTED.get();
        Path out = dir.resolve("o10");
        Run r = run("forecast-backtest", "--in", longHistory().toString(), "--out", out.toString(), "--every", "1", "--model", "naive", "--horizon", "5", "--master", "local[1]");
        assertRefused(r, "--every", "pass --every 8 (closes between origins) or more");
        assertTrue(r.err().startsWith("error: --every 1 makes 7200 forecast origins for LONG (18000 closes") && r.err().contains("nothing was computed"), r.err());
        Run monthly = run("forecast-backtest", "--in", centuries().toString(), "--out", out.toString(), "--model", "naive", "--master", "local[1]");
        assertRefused(monthly, "--every", "or a later --from");
        assertEquals(started, SparkMain.STARTED.get(), "refused before Spark started");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void aRealRunOnAClusterPathOverTheBoundWritesNothingAndSaysWhatALocalRunSays() throws Exception {
        Path out = dir.resolve("o11");
        Run local = run("forecast-backtest", "--in", longHistory().toString(), "--out", out.toString(), "--every", "1", "--model", "naive", "--horizon", "5", "--master", "local[1]");
        Run localMonthly = run("forecast-backtest", "--in", centuries().toString(), "--out", out.toString(), "--model", "naive", "--master", "local[1]");
        System.setProperty("spark.hadoop.fs.cluster.impl", ClusterFs.class.getName()); // the files cannot be read before Spark: the session checks
        if (org.apache.spark.sql.SparkSession.getDefaultSession().isDefined()) {
            org.apache.spark.sql.SparkSession.getDefaultSession().get().sparkContext().hadoopConfiguration().set("fs.cluster.impl", ClusterFs.class.getName());
        }
        try {
            int started = SparkMain.STARTED.get();
            Run every1 = run("forecast-backtest", "--in", "cluster://" + longHistory(), "--out", "cluster://" + out, "--every", "1", "--model", "naive", "--horizon", "5", "--master", "local[1]");
            assertEquals(local.err(), every1.err()); // was exit 0 with LONG an error row among computed ones
            Run monthly = run("forecast-backtest", "--in", "cluster://" + centuries(), "--out", "cluster://" + out, "--model", "naive", "--master", "local[1]");
            assertEquals(localMonthly.err(), monthly.err());
            assertEquals(started + 2, SparkMain.STARTED.get(), "decided in the session");
            assertFalse(Files.exists(out), "nothing written");
        } finally {
            System.clearProperty("spark.hadoop.fs.cluster.impl");
        }
    }

    @Test
    void aJobWhoseDatesLeaveNoSymbolAForecastOriginIsRefusedBeforeSparkNamingTheDates() throws Exception {
        // attack pass 10, L4: the dry run started Spark and failed after a minute with "no forecast origin fits in the series"
        int started = SparkMain.STARTED.get();
        Run r = run("forecast-backtest", "--in", prices.toString(), "--dry-run", "--from", "2021-02-03", "--master", "local[1]");
        assertEquals(2, r.exitCode(), r.err());
        assertEquals("error: no symbol has enough closes from --from 2021-02-03 for a forecast origin of model theta (AA 1 close, KO 1 close); nothing was computed"
                + " (fix: pass an earlier --from, or --symbols with longer histories there)\n", r.err());
        Path out = dir.resolve("o12");
        Run real = run("forecast-backtest", "--in", prices.toString(), "--out", out.toString(), "--from", "2021-02-03", "--master", "local[1]");
        assertEquals(r.err(), real.err());
        assertEquals(started, SparkMain.STARTED.get(), "refused before Spark started");
        assertFalse(Files.exists(out), "nothing written");
        // on a cluster path the session decides the same
        System.setProperty("spark.hadoop.fs.cluster.impl", ClusterFs.class.getName());
        if (org.apache.spark.sql.SparkSession.getDefaultSession().isDefined()) {
            org.apache.spark.sql.SparkSession.getDefaultSession().get().sparkContext().hadoopConfiguration().set("fs.cluster.impl", ClusterFs.class.getName());
        }
        try {
            assertEquals(r.err(), run("forecast-backtest", "--in", "cluster://" + prices, "--dry-run", "--from", "2021-02-03", "--master", "local[1]").err());
        } finally {
            System.clearProperty("spark.hadoop.fs.cluster.impl");
        }
    }

    @Test
    void aDryRunNamesTheSymbolsThatWouldBeErrorRowsAndMeasuresOneThatRuns() throws Exception {
        Path mixed = exported("mixed-prices", "SELECT sym AS symbol, DATE '2020-01-01' + CAST(i AS INTEGER) AS date, 100.0 + i % 7 AS close FROM "
                + "(VALUES ('AA', 400), ('SHORT', 3), ('TINY', 2)) v(sym, n), range(400) t(i) WHERE i < n", "");
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream was = System.out;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        Run r;
        try {
            r = run("forecast-backtest", "--in", mixed.toString(), "--dry-run", "--every", "20", "--master", "local[1]");
        } finally {
            System.setOut(was);
        }
        assertEquals(0, r.exitCode(), r.err()); // the median history is SHORT's: it was measured and failed the dry run
        String text = printed.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(text.contains("too few closes for a forecast origin, written as error rows: 2 (SHORT (3 closes), TINY (2 closes))"), text);
    }

    @Test
    void weeklyOriginsOverTheBoundAreRefusedByTheSymbolsDates() throws Exception {
        Run r = run("forecast-backtest", "--in", longHistory().toString(), "--dry-run", "--every", "weekly", "--master", "local[1]");
        assertRefused(r, "--every", "or monthly (the default)");
        assertTrue(r.err().startsWith("error: --every weekly makes ") && r.err().contains(" forecast origins for LONG (18000 closes"), r.err());
    }

    @Test
    void aSweepSpecThatDoesNotComposeIsRefusedNamingItsField() throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, """
                {"version": 1, "nodes": {"c": {"type": "close"}}}""");
        Run r = sweep(bad, "o6");
        assertEquals(2, r.exitCode(), r.err());
        assertTrue(r.err().startsWith("error: --spec " + bad + ": ") && r.err().contains("nodes.c.type"), r.err());

        Path notJson = dir.resolve("shadow");
        Files.writeString(notJson, "root:$6$secret:19000:0:99999:7:::\n");
        Run n = sweep(notJson, "o7");
        assertEquals(2, n.exitCode(), n.err());
        assertTrue(n.err().contains("spec: not valid JSON"), n.err());
        assertFalse(n.err().contains("secret"), n.err());

        Path huge = dir.resolve("huge.json");
        Files.writeString(huge, StrategySweepJobTest.SPEC.replace("[2, 3, 5, 9, 14]", "{\"from\": 2, \"to\": 2001, \"step\": 1}")
                .replace("\"cost_bps\": 5", "\"cost_bps\": {\"from\": 0, \"to\": 999, \"step\": 1}")); // 18,000,000 configurations
        Run h = sweep(huge, "o8");
        assertEquals(2, h.exitCode(), h.err());
        assertTrue(h.err().contains("1000000"), h.err());
        assertFalse(h.err().contains("Exception"), h.err());
        // a node copied and not renamed would sweep another graph than the file's author wrote
        Path twice = dir.resolve("twice.json");
        Files.writeString(twice, StrategySweepJobTest.SPEC.replace("""
                  "dip":""", """
                  "rsi": {"type": "rsi", "inputs": {"series": "close"}, "params": {"length": [7]}},
                  "dip":"""));
        Run t = sweep(twice, "o9");
        assertEquals(2, t.exitCode(), t.err());
        assertTrue(t.err().contains("spec: nodes.rsi is given twice (line 4)"), t.err());
        assertFalse(Files.exists(dir.resolve("o6")) || Files.exists(dir.resolve("o7")) || Files.exists(dir.resolve("o8")) || Files.exists(dir.resolve("o9")));
    }

    /** A spec saved in Latin-1 ran with U+FFFD in place of the byte; refused as the desktop's `sextant backtest` refuses it. */
    @Test
    void aSweepSpecThatIsNotUtf8IsRefusedNamingTheFileTheByteAndTheFixQuotingNothing() throws Exception {
        Path latin1 = Files.write(dir.resolve("spec.json"), StrategySweepJobTest.SPEC.replace("rsi dip", "Gen\u00e8ve secret dip")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        int started = SparkMain.STARTED.get();
        Run r = sweep(latin1, "o10");
        assertRefused(r, "--spec", "(fix: save spec.json as UTF-8 (in an editor: Save As, encoding UTF-8), then run the command again)");
        assertTrue(r.err().startsWith("error: --spec " + latin1 + " is not UTF-8 text (byte 28 of " + Files.size(latin1) + " is not a UTF-8 character)"), r.err());
        assertFalse(r.err().contains("secret") || r.err().contains("Gen"), r.err());
        assertEquals(started, SparkMain.STARTED.get(), "refused before Spark started");
        assertFalse(Files.exists(dir.resolve("o10")));
    }

    private static Run sweep(Path spec, String out) {
        return run("strategy-sweep", "--in", prices.toString(), "--out", dir.resolve(out).toString(), "--spec", spec.toString(),
                "--symbols", "AA,KO", "--master", "local[1]");
    }

    @Test
    void helpFormatsEveryDescription() {
        PrintStream saved = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true));
        try {
            CommandLine cl = SparkMain.commandLine();
            cl.getUsageMessage();
            for (CommandLine sub : cl.getSubcommands().values()) sub.getUsageMessage();
        } finally {
            System.setErr(saved);
        }
        assertFalse(captured.toString().contains("WARN"), captured.toString());
    }
}
