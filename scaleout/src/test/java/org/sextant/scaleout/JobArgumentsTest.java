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
        Path p = dir.resolve("long-prices");
        if (Files.exists(p)) return p;
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            s.execute("COPY (SELECT sym AS symbol, DATE '1970-01-01' + CAST(i AS INTEGER) AS date, 100.0 + i % 7 AS open, 101.0 + i % 7 AS high, 99.0 + i % 7 AS low, "
                    + "100.0 + i % 7 AS close, 100.0 + i % 7 AS adj_close, 1000.0 AS volume FROM (VALUES ('AA', 400), ('KO', 400), ('LONG', 18000)) v(sym, n), "
                    + "range(18000) t(i) WHERE i < n) TO '" + p + "' (FORMAT parquet, PARTITION_BY (symbol))");
        }
        return p;
    }

    @Test
    void anEveryOverTheOriginBoundIsRefusedFromTheCountsNamingTheSymbolAndTheFix() throws Exception {
        // LONG: 18,000 closes, the last 40% evaluated from close 10,800: every close is 7,200 origins; every 8 is 900
        Run r = run("forecast-backtest", "--in", longHistory().toString(), "--dry-run", "--every", "1", "--master", "local[1]");
        assertRefused(r, "--every", "pass --every 8 (closes between origins) or more");
        assertTrue(r.err().startsWith("error: --every 1 makes 7200 forecast origins for LONG (18000 closes"), r.err());
        // decided from the footers before Spark starts; with a date range, from the session's count of closes
        ForecastBacktestArguments every1 = new ForecastBacktestArguments(null, null, "1", null, null, null, null);
        assertEquals(List.of(new OriginBound.Count("AA", 400, 0), new OriginBound.Count("KO", 400, 0), new OriginBound.Count("LONG", 18000, 0)),
                OriginBound.footerCounts(longHistory(), every1));
        assertEquals(null, OriginBound.footerCounts(longHistory(), new ForecastBacktestArguments(null, null, "1", null, java.time.LocalDate.of(1970, 1, 1), null, null)));
        Run counted = run("forecast-backtest", "--in", longHistory().toString(), "--dry-run", "--every", "1", "--from", "1970-01-01", "--master", "local[1]");
        assertEquals(r.err(), counted.err());
        assertEquals(7200, OriginBound.everyN(1, 18000, 10800));
        assertEquals(900, OriginBound.everyN(8, 18000, 10800));
        assertEquals(1029, OriginBound.everyN(7, 18000, 10800));
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
        assertFalse(Files.exists(dir.resolve("o6")) || Files.exists(dir.resolve("o7")) || Files.exists(dir.resolve("o8")));
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
