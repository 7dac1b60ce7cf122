package org.sextant.app;

import org.sextant.contract.FailReason;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * The CLI works the same whether the app holds the store or not: with no app it opens the store
 * itself; with an app running it goes through the app's local API (DuckDB has one writer).
 * Rows: timeSeries::MSFT (GPL>=2), 2000-09-27..29, in Yahoo's layout.
 */
class CliTest {
    private static final String YAHOO = """
            Date,Open,High,Low,Close,Adj Close,Volume
            2000-09-27,63.4375,63.5625,59.8125,60.625,60.625,53077800
            2000-09-28,60.8125,61.875,60.625,61.3125,61.3125,26180200
            2000-09-29,61.0,61.3125,58.625,60.3125,60.3125,37026800
            """;
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream out = console.out;
    private final ByteArrayOutputStream err = console.err;

    private String home() {
        return dir.resolve("home").toString();
    }

    /** The home a test's commands open holds the store a first start leaves (copied: the sample's checks take a second). */
    @org.junit.jupiter.api.BeforeEach
    void firstStarted() {
        org.sextant.engine.testing.SampleStoreCopy.into(new SextantHome(Path.of(home())));
    }

    @Test
    void everyCommandsHelpPrintsCleanly() {
        java.util.Set<String> commands = new picocli.CommandLine(new Main()).getSubcommands().keySet();
        assertTrue(commands.contains("forecast") && commands.size() > 10, commands.toString());
        for (String command : commands) {
            out.reset();
            err.reset();
            assertEquals(0, Main.run(command, "--help"), command);
            // a bare % in a description (\"the last 40%\") makes picocli warn on stderr and print the raw text
            assertTrue(err.toString().isEmpty(), command + " --help wrote to stderr: " + err);
            assertTrue(out.toString().startsWith("Usage: sextant " + command), out.toString());
        }
    }

    /**
     * `sextant --help` lists each command on one line, its summary one short sentence; its own help
     * goes on in whole paragraphs, which picocli wraps (a line broken by hand wraps raggedly and the list cuts it mid-sentence).
     */
    @Test
    void everyCommandsSummaryIsOneSentenceOnOneLine() {
        java.util.Map<String, picocli.CommandLine> commands = new picocli.CommandLine(new Main()).getSubcommands();
        assertEquals(0, Main.run("--help"));
        java.util.List<String> list = out.toString().lines().dropWhile(l -> !l.equals("Commands:")).skip(1).toList();
        assertEquals(commands.size(), list.size(), "one line a command: " + list);
        for (String line : list) assertTrue(line.matches("  [a-z-]+ +[A-Z][^.]*\\."), "one sentence that fits: " + line);
        for (java.util.Map.Entry<String, picocli.CommandLine> c : commands.entrySet()) {
            for (String paragraph : c.getValue().getCommandSpec().usageMessage().description()) {
                assertTrue(paragraph.endsWith("."), c.getKey() + "'s help has a paragraph broken by hand: " + paragraph);
            }
        }
    }

    @Test
    void aSymbolWithBarsOnlyIsForecastAtItsFinestBarsBesideADailyOne() {
        // a new home holds the sample data: USD/CHF in 30-minute bars only, IBM daily. The naive model: which bars are
        // forecast is the point here, and theta's calibration refits on the 62,000 bars took 11 s of CPU (40 s on a busy CI)
        assertEquals(0, Main.run("--home", home(), "forecast", "usdchf", "IBM", "--horizon", "5", "--model", "naive"), err.toString());
        String text = out.toString();
        assertTrue(text.contains("IBM naive (on log prices) from 2000-12-29 (last 84.690)"), text + " (the job starts at the week-aligned close)");
        assertTrue(text.contains("USDCHF naive (on log prices) at 30m from 2001-03-30T16:30-05:00 (last 1.7429) to "), text);
        assertTrue(text.contains(", 5 bars of the fx session, conformal bands"), text);
    }

    @Test
    void importsWithoutTheAppThenThroughTheRunningApp() throws Exception {
        Path csv = Files.writeString(dir.resolve("MSFTX.csv"), YAHOO);
        assertEquals(0, Main.run("--home", home(), "import", csv.toString()), err.toString());
        assertTrue(out.toString().contains("MSFTX"), out.toString());
        try (Sextant engine = Sextant.open(new SextantHome(Path.of(home())))) {
            assertEquals(3, engine.getClosePrice("MSFTX", null, null).size());
        }

        try (AppHost app = AppHost.start(new SextantHome(Path.of(home())), "headless")) {
            Path more = Files.writeString(dir.resolve("MSFTY.csv"), YAHOO);
            assertEquals(0, Main.run("--home", home(), "import", more.toString()), err.toString());
            assertTrue(app.lastApiCallMillis() > 0, "the CLI must go through the running app's API");
            assertEquals(3, app.engine().getClosePrice("MSFTY", null, null).size());

            out.reset();
            assertEquals(0, Main.run("--home", home(), "sql", "SELECT date, close FROM prices WHERE symbol = 'MSFTY' ORDER BY date"));
            assertEquals("date,close\n2000-09-27,60.625\n2000-09-28,61.3125\n2000-09-29,60.3125\n", out.toString());
        }
    }

    @Test
    void aBadFileFailsWithTheFixAndWritesNothing() throws Exception {
        Path good = Files.writeString(dir.resolve("GOOD.csv"), YAHOO);
        Path bad = Files.writeString(dir.resolve("BAD.csv"), YAHOO.replace("61.3125,61.3125", "61.3125,n/a"));
        assertEquals(1, Main.run("--home", home(), "import", good.toString(), bad.toString()));
        String msg = err.toString();
        assertTrue(msg.contains("BAD.csv") && msg.contains("fix"), msg);
        try (Sextant engine = Sextant.open(new SextantHome(Path.of(home())))) {
            assertTrue(engine.listSymbols("GOOD").isEmpty(), "one transaction: the good file must not be half imported");
        }
    }

    @Test
    void backtestAndAnaloguesPrintTheirVerdictsOnTheSampleData() {
        assertEquals(0, Main.run("--home", home(), "backtest", "../docs/examples/sma-cross.json", "--symbols", "AA,IBM"), err.toString());
        String bt = out.toString();
        assertTrue(bt.contains("configurations 30"), bt);
        assertTrue(bt.contains("DSR") && bt.contains("PBO") && bt.contains("run id"), bt);
        assertTrue(bt.contains("benchmark: AA, IBM held at 1/2 of equity each") && bt.contains("out of sample the strategy's Sharpe minus holding's: "), bt);
        // the DSR deflates by the session's trials: the session it was filed under and their count are said beside it
        assertTrue(bt.contains("filed under session default (30 trials so far; DSR deflates by them; --session NAME files a run under another)"), bt);
        java.util.regex.Matcher id = java.util.regex.Pattern.compile("run id (\\S+)").matcher(bt);
        assertTrue(id.find() && bt.contains("sextant report " + id.group(1)), bt);
        out.reset();
        assertEquals(0, Main.run("--home", home(), "report", id.group(1)), err.toString());
        assertTrue(out.toString().contains("reports") && out.toString().contains("run-" + id.group(1) + ".html"), out.toString());
        try {
            String html = java.nio.file.Files.readString(java.nio.file.Path.of(home(), "reports", "run-" + id.group(1) + ".html"));
            assertTrue(html.contains("Against holding the same symbols") && html.contains("buy-and-hold benchmark (dashed)"), "the report shows the benchmark");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals(2, Main.run("--home", home(), "report", id.group(1), "--path", "/etc/passwd.html"));
        assertTrue(err.toString().contains("path"), err.toString());
        // a split before the data names the option and the data's first date, not a count of bars
        err.reset();
        assertEquals(2, Main.run("--home", home(), "backtest", "../docs/examples/sma-cross.json", "--symbols", "AA,IBM", "--oos-start", "1980-01-01"));
        assertTrue(err.toString().startsWith("error: --oos-start 1980-01-01 is before the data's first date 1991-01-02"), err.toString());
        assertTrue(err.toString().contains("fix: give an --oos-start inside the data (1991-01-02 to 2001-01-02)"), err.toString());
        // the same sweep in the same session: 60 trials deflate it; in a fresh named session, 30 again
        out.reset();
        assertEquals(0, Main.run("--home", home(), "backtest", "../docs/examples/sma-cross.json", "--symbols", "AA,IBM"), err.toString());
        assertTrue(out.toString().contains("filed under session default (60 trials so far; DSR deflates by them;"), out.toString());
        out.reset();
        assertEquals(0, Main.run("--home", home(), "backtest", "../docs/examples/sma-cross.json", "--symbols", "AA,IBM", "--session", "fresh"), err.toString());
        assertTrue(out.toString().contains("filed under session fresh (30 trials so far; DSR deflates by them)\n"), out.toString());

        out.reset();
        assertEquals(0, Main.run("--home", home(), "analogues", "--horizon", "5", "--as-of", "1987-10-16", "--dates", "3"), err.toString());
        String an = out.toString();
        assertTrue(an.contains("as of 1987-10-16") && an.contains("5-day forward return"), an);
        // a benchmark of the user's own and no recency decay, as the API takes them (a new user's walkthrough: only NYSE before);
        // a date after the data is read as its last day, and said so (one matching run for both: each costs seconds)
        out.reset();
        assertEquals(0, Main.run("--home", home(), "analogues", "--benchmark", "IBM", "--half-life", "0", "--dates", "0", "--as-of", "2099-01-01"), err.toString());
        assertTrue(out.toString().startsWith("Analogues of IBM as of 2001-01-02 ") && out.toString().contains("half-life 0 days"), out.toString());
        assertTrue(out.toString().contains("note: as_of 2099-01-01 is after the data's last day 2001-01-02: matched as of 2001-01-02"), out.toString());
        err.reset();
        assertEquals(2, Main.run("--home", home(), "analogues", "--half-life", "-1"));
        assertTrue(err.toString().contains("--half-life"), err.toString());

        assertEquals(2, Main.run("--home", home(), "analogues", "--top-k", "0"));
        assertTrue(err.toString().contains("--top-k must be in 1..500"), err.toString());
        err.reset();
        assertEquals(2, Main.run("--home", home(), "analogues", "--dates", "-1"));
        assertTrue(err.toString().startsWith("error: --dates -1 is outside 0..500"), err.toString());
    }

    /**
     * A symbol too short for any range is named with its count, not told to widen the range; constant
     * prices are refused (nothing to test, nothing counted); undefined figures print n/a with why, never NaN.
     */
    @Test
    void backtestOnDegenerateDataSaysWhatCannotWork() throws Exception {
        Path shortCsv = Files.writeString(dir.resolve("ZZNEW.csv"), YAHOO);
        StringBuilder flat = new StringBuilder("Date,Open,High,Low,Close,Adj Close,Volume\n"), moving = new StringBuilder(flat);
        int day = 0;
        for (java.time.LocalDate d = java.time.LocalDate.of(2000, 1, 3); d.isBefore(java.time.LocalDate.of(2001, 2, 1)); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() > 5) continue;
            flat.append(d).append(",100,100,100,100,100,1000\n");
            int c = 100 + day++ % 2;
            moving.append(d).append(",").append(c).append(",").append(c).append(",").append(c).append(",").append(c).append(",").append(c).append(",1000\n");
        }
        Path flatCsv = Files.writeString(dir.resolve("ZZFLAT.csv"), flat);
        Path movingCsv = Files.writeString(dir.resolve("ZZMOVE.csv"), moving);
        assertEquals(0, Main.run("--home", home(), "import", shortCsv.toString(), flatCsv.toString(), movingCsv.toString()), err.toString());
        err.reset();
        assertEquals(2, Main.run("--home", home(), "backtest", "../docs/examples/sma-cross.json", "--symbols", "ZZNEW"));
        assertTrue(err.toString().startsWith("error [--symbols]: ZZNEW has prices on only 3 dates (2000-09-27 to 2000-09-29); a strategy run needs at least 33 common dates"), err.toString());
        assertTrue(err.toString().contains("fix: import a longer history of ZZNEW, or leave it out"), err.toString());

        err.reset();
        assertEquals(2, Main.run("--home", home(), "backtest", "../docs/examples/sma-cross.json", "--symbols", "ZZFLAT"));
        assertTrue(err.toString().startsWith("error [--symbols]: the closes of [ZZFLAT] never change in sample (2000-01-03 to "), err.toString());

        // entering below a close of 0.001 never holds a position: returns that never vary
        Path never = Files.writeString(dir.resolve("never.json"), """
                {"version": 1, "name": "never enters", "nodes": {
                  "close": {"type": "price"},
                  "low": {"type": "threshold", "inputs": {"series": "close"}, "params": {"enter_below": 0.001, "exit_above": 1000000}},
                  "size": {"type": "fixed_fraction", "inputs": {"signal": "low"}},
                  "book": {"type": "equal_weight", "inputs": {"position": "size"}},
                  "run": {"type": "execution", "inputs": {"weights": "book"}}}}""");
        out.reset();
        assertEquals(0, Main.run("--home", home(), "backtest", never.toString(), "--symbols", "ZZMOVE"), err.toString());
        String bt = out.toString();
        assertTrue(bt.contains("PSR n/a, DSR n/a") && bt.contains("(n/a: the chosen configuration's in-sample returns never vary)"), bt);
        assertTrue(!bt.contains("NaN"), bt);
    }

    /** A node copied in SPEC.json and not renamed: refused on the file with the key and line, not run as another graph. */
    @Test
    void aSpecFileNamingANodeTwiceIsRefused() throws Exception {
        String example = Files.readString(Path.of("../docs/examples/sma-cross.json"));
        Path copied = Files.writeString(dir.resolve("copied.json"), example.replace("""
                   "cross":""", """
                   "slow":  {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [7]}},
                   "cross":"""));
        err.reset();
        assertEquals(1, Main.run("--home", home(), "backtest", copied.toString(), "--symbols", "AA"), err.toString()); // what a file holds: 1
        assertTrue(err.toString().startsWith("error [SPEC.json]: the strategy graph is invalid: spec: nodes.slow is given twice (line 6)"), err.toString());
    }

    @Test
    void userSignalsImportAllOrNothing() throws Exception {
        Path vix = Files.writeString(dir.resolve("vix.csv"), "date,value\n1998-10-01,40.1\n1998-10-02,38.5\n");
        assertEquals(0, Main.run("--home", home(), "import-signal", vix.toString(), "--name", "vix", "--provenance", "live", "--bins", "15,20,30"), err.toString());
        assertTrue(out.toString().contains("imported 2 rows"), out.toString());
        assertEquals(2, Main.run("--home", home(), "import-signal", vix.toString(), "--name", "vix", "--provenance", "someday"));
        assertTrue(err.toString().contains("provenance"), err.toString());

        assertEquals(2, Main.run("--home", home(), "import-signal", vix.toString(), "--name", "vix", "--provenance", "live", "--max-fill-days", "300"));
        assertTrue(err.toString().contains("--max-fill-days must be in 0..260 (got 300)"), err.toString());
        out.reset();
        assertEquals(0, Main.run("--home", home(), "import-signal", vix.toString(), "--name", "vix", "--provenance", "live", "--max-fill-days", "23"), err.toString());
        assertEquals(0, Main.run("--home", home(), "sql", "SELECT 'fill=' || max_fill_days AS f FROM signal_definitions WHERE name = 'vix'"), err.toString());
        assertTrue(out.toString().contains("fill=23"), out.toString());

        // A categorical signal: an analyst's regime call, matched by equality in hard mode.
        Path call = Files.writeString(dir.resolve("call.csv"), "date,value\n1998-10-01,RISK-OFF\n1998-10-02,RISK-OFF\n1998-10-05,\n");
        // a row of the file holds no level named: the file's content is refused (1), as import's rows are
        assertEquals(1, Main.run("--home", home(), "import-signal", call.toString(), "--name", "analyst_call", "--provenance", "live",
                "--levels", "RISK-ON,NEUTRAL"));
        assertTrue(err.toString().contains("'RISK-OFF' is not one of the levels"), err.toString());
        out.reset();
        assertEquals(0, Main.run("--home", home(), "import-signal", call.toString(), "--name", "analyst_call", "--provenance", "live",
                "--levels", "RISK-ON,RISK-OFF"), err.toString());
        assertEquals(0, Main.run("--home", home(), "sql", "SELECT kind || ':' || levels AS k FROM signal_definitions WHERE name = 'analyst_call'"), err.toString());
        assertTrue(out.toString().matches("(?s).*categorical:\\[[^\\n]*RISK-ON[^\\n]*RISK-OFF[^\\n]*\\].*"), out.toString());
    }

    @Test
    void forecastPrintsBandsRewardRiskAndBacktestCoverage() {
        assertEquals(0, Main.run("--home", home(), "forecast", "IBM", "--horizon", "10", "--model", "naive", "--backtest"), err.toString());
        String f = out.toString();
        // progress is polled every 200 ms: a quick step (naive on an idle machine) can pass between two polls
        assertTrue(java.util.regex.Pattern.compile("(?m)^\\[\\s*\\d+%\\] (forecasting|backtesting) IBM \\(1/1\\)$").matcher(f).find()
                || f.startsWith("[  0%] queued"), "job progress is printed: " + f);
        assertTrue(f.contains("IBM naive (on log prices) from 2000-12-29"), "week-aligned start (IBM's sample ends Tuesday 2001-01-02): " + f);
        assertTrue(f.contains("  starts from 2000-12-29, the last close of the last completed week (as every forecast job and scan): the closes after it "
                + "(to 2001-01-02) are used once their week ends; --interval 1d forecasts from the last close, as get_forecast does (not stored)\n"),
                "the close of the week not completed is said to be left out: " + f);
        assertTrue(f.contains("conformal bands"), f);
        assertTrue(f.contains("80%") && f.contains("95%") && f.contains("99%") && f.contains("reward/risk"), f);
        assertTrue(f.contains("walk-forward coverage") && f.contains("backtest:") && f.contains("coverage 95%"), f);

        assertEquals(2, Main.run("--home", home(), "forecast", "IBM", "--model", "prophet"));
        assertTrue(err.toString().contains("model") && err.toString().contains("theta"), "the error lists the known models: " + err);
    }

    /**
     * A bar backtest too large for the API's budget is refused at once, as get_backtest_error is,
     * before the forecast: the option to change (with a value that fits), exit status 2.
     */
    @Test
    void anOverLargeBarBacktestIsRefusedNamingTheOptionThatFits() {
        assertEquals(2, Main.run("--home", home(), "forecast", "USDCHF", "--interval", "1h", "--model", "holt", "--backtest"), err.toString());
        String e = err.toString();
        assertTrue(e.startsWith("error [--eval-fraction]: the walk-forward backtest would compute for about "), e);
        assertTrue(java.util.regex.Pattern.compile("fix: set --eval-fraction to 0\\.\\d\\d or less").matcher(e).find(), e);
        assertTrue(!e.contains("eval_fraction") && !e.contains("start_forecast_backtest"), "the CLI's words, and no job for bars: " + e);
        err.reset();
        assertEquals(2, Main.run("--home", home(), "forecast", "USDCHF", "--interval", "30m", "--model", "ets", "--backtest"), err.toString());
        assertTrue(err.toString().contains("fix: use a faster model such as theta with --eval-fraction 0."), "even its calibration fits do not fit: " + err);
        err.reset();
        assertEquals(2, Main.run("--home", home(), "forecast", "IBM", "--backtest", "--eval-fraction", "0.2"));
        assertTrue(err.toString().startsWith("error [--eval-fraction]: "), err.toString());
    }

    /** The engine's WARN lines (a census it could not write beside the store) go to logs/cli.log; stderr has only the command's messages. */
    @Test
    void aCommandsLogLinesGoToTheLogFileNotTheTerminal() throws Exception {
        SextantHome h = new SextantHome(Path.of(home()));
        Path census = org.sextant.engine.store.StoreCensus.fileFor(h.database());
        Files.deleteIfExists(census);
        Files.writeString(Files.createDirectories(census).resolve("in-the-way"), "a folder where the census goes"); // every commit's census now fails
        Path csv = Files.writeString(dir.resolve("MSFTX.csv"), YAHOO);
        assertEquals(0, Main.run("--home", home(), "import", csv.toString()), err.toString());
        assertEquals("", err.toString(), "no log line on the terminal");
        String log = Files.readString(h.logsDir().resolve("cli.log"));
        assertTrue(log.contains("WARN org.sextant.engine.store.StoreCensus - census not written beside"), log);
    }

    /** Input the engine would choke on is refused by the command, in its own words: no parser's class names, no JSON library's internals. */
    @Test
    void badSignalsAreRefusedWithWhereTheyStopBeingJson() {
        String fix = ": write it as '{\"ret_20d\": -0.08}'";
        assertBadInput("error: --signals is not a JSON object of signal → value (unexpected 'b' at position 2)" + fix, "sextant analogues",
                "analogues", "--signals", "{bad");
        assertBadInput("error: --signals is not a JSON object of signal → value (it is an array)" + fix, "sextant analogues", "analogues", "--signals", "[1]");
    }

    /** The app quits while it serves a command: the person reads what happened and what to do, not the HTTP client's exception. */
    @Test
    void anAppThatStopsAnsweringIsSaidSo() throws Exception {
        SextantHome h = new SextantHome(Path.of(home())).ensureLayout();
        try (java.net.ServerSocket quits = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress());
             java.net.ServerSocket stranger = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            serve(() -> answer(quits, null)); // takes the call and closes the connection: an app that died mid-call
            serve(() -> answer(stranger, "HTTP/1.1 200 OK\r\nContent-Length: 12\r\n\r\n<html>secret")); // not our API
            publish(h, quits.getLocalPort());
            assertEquals(1, Main.run("--home", home(), "sql", "SELECT 1"));
            assertEquals("error: the app stopped answering (it may have quit)\n  fix: start it again and retry\n", err.toString().replace("\r\n", "\n"));
            err.reset();
            publish(h, stranger.getLocalPort());
            assertEquals(1, Main.run("--home", home(), "sql", "SELECT 1"));
            assertEquals("error: the program at 127.0.0.1:" + stranger.getLocalPort() + " did not answer as Sextant's local API (HTTP 200)\n"
                    + "  fix: start the app again and retry\n", err.toString().replace("\r\n", "\n"));
        }
    }

    /**
     * A command following a job keeps calling the app; when the app's listener moved (its thread ended and the
     * old port was still held), run/app.json names the new port: the refused call goes there, and so do the
     * next ones. It used to fail with "the app stopped answering" while the app ran on.
     */
    @Test
    void aCommandFollowsTheAppToThePortRunAppJsonNowNames() throws Exception {
        SextantHome h = new SextantHome(Path.of(home())).ensureLayout();
        java.util.function.Function<String, String> reply = port -> {
            String jobs = "{\"ok\":true,\"data\":{\"port\":\"" + port + "\"}}";
            return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + jobs.length() + "\r\n\r\n" + jobs;
        };
        try (java.net.ServerSocket before = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress());
             java.net.ServerSocket after = new java.net.ServerSocket(0, 5, java.net.InetAddress.getLoopbackAddress())) {
            // The first port answers the session's probe, then its own thread closes it: closing it from here while that
            // thread waits in accept() leaves the socket listening until the thread wakes, so a slow machine let the
            // next call in there.
            Thread first = serve(() -> answerOnceThenClose(before, reply.apply("before")));
            serve(() -> answer(after, reply.apply("after")));
            publish(h, before.getLocalPort());
            try (EngineAccess.Session s = EngineAccess.session(h)) { // its probe answered on the first port
                first.join(); // that port refuses now...
                assertTrue(before.isClosed());
                publish(h, after.getLocalPort()); // ...and the app says where it listens
                assertEquals("after", s.call("list_jobs", java.util.Map.of()).path("port").asString());
                assertEquals("after", s.call("list_jobs", java.util.Map.of()).path("port").asString());
            }
        }
    }

    /** Attack 17 L1: the command line was counted with every header-less script, whose queries took its slots. */
    @Test
    void aCommandCallsTheAppAsAClientOfItsOwn() throws Exception {
        SextantHome h = new SextantHome(Path.of(home())).ensureLayout();
        java.util.List<String> clients = new java.util.concurrent.CopyOnWriteArrayList<>();
        com.sun.net.httpserver.HttpServer app = com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        app.createContext("/", ex -> {
            clients.add(String.valueOf(ex.getRequestHeaders().getFirst("X-Sextant-Client")));
            ex.getRequestBody().readAllBytes();
            byte[] ok = "{\"ok\":true,\"data\":{}}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, ok.length);
            ex.getResponseBody().write(ok);
            ex.close();
        });
        app.start();
        try {
            publish(h, app.getAddress().getPort());
            EngineAccess.call(h, "list_jobs", java.util.Map.of());
        } finally {
            app.stop(0);
        }
        assertFalse(clients.isEmpty());
        assertEquals(java.util.Set.of("sextant-cli-" + ProcessHandle.current().pid()), java.util.Set.copyOf(clients));
    }

    private static void publish(SextantHome h, int port) throws java.io.IOException {
        org.sextant.engine.home.AppDiscovery.write(new org.sextant.contract.AppFile(ProcessHandle.current().pid(), port, "token",
                org.sextant.engine.Version.APP, org.sextant.engine.Version.CONTRACT, java.time.Instant.now().toString()), h.appJson());
    }

    private static Thread serve(Runnable server) {
        Thread t = new Thread(server, "fake app");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void answerOnceThenClose(java.net.ServerSocket server, String reply) {
        try (server; java.net.Socket s = server.accept()) {
            readRequest(s.getInputStream());
            s.getOutputStream().write(reply.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void answer(java.net.ServerSocket server, String reply) {
        while (!server.isClosed()) {
            try (java.net.Socket s = server.accept()) {
                readRequest(s.getInputStream()); // the whole call, so that closing sends no reset in place of the reply
                if (reply != null) s.getOutputStream().write(reply.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } catch (java.io.IOException closed) {
                return;
            }
        }
    }

    private static void readRequest(java.io.InputStream in) throws java.io.IOException {
        StringBuilder head = new StringBuilder();
        while (head.indexOf("\r\n\r\n") < 0) {
            int b = in.read();
            if (b < 0) return;
            head.append((char) b);
        }
        java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
        if (length.find()) in.readNBytes(Integer.parseInt(length.group(1)));
    }

    /** The engine's refusals name the options the person typed and fixes they can run, not the agent's tools and fields. */
    @Test
    void refusalsNameTheOptionsAndCommandsNotTheToolsAndFields() throws Exception {
        Path vix = Files.writeString(dir.resolve("vix.csv"), "date,value\n1998-10-01,40.1\n");
        assertRefused(2, "error: --trust must be at least 0 (got -1.0)\n  fix: give --trust a number at least 0: the signal's trust 0..10 (default 1)\n",
                "import-signal", vix.toString(), "--name", "vix", "--provenance", "live", "--trust", "-1");
        assertRefused(2, "error: --horizon must be in 1..260 (got 0)\n  fix: give --horizon an integer in 1..260: how far ahead, in trading days of the series' own week (business days for a weekday series), 1..260 (default 20)\n",
                "forecast", "IBM", "--horizon", "0");
        assertRefused(2, "error: --limit must be in 1..5000 (got 0)\n  fix: give --limit an integer in 1..5000: maximum rows to return (default 5000)\n",
                "sql", "SELECT 1", "--limit", "0");
        assertRefused(1, "error [RUN_ID]: no run with id 'nope'\n  fix: run " + CliWording.RUNS + " for the stored runs\n", "report", "nope");
        assertRefused(1, "error [SYMBOL]: unknown symbol 'IMB'\n  fix: did you mean one of [IBM]? " + CliWording.SYMBOLS + " shows all\n", "forecast", "IMB");
        assertTrue(Main.run("--home", home(), "forecast", "IBM", "--model", "global") == 1 && err.toString().endsWith(
                " failed: the global model has not been trained on the current prices for horizon 20\n"
                        + "  fix: train it with sextant train-global --horizon 20, a background job, then ask again\n"), err.toString());
        // a history inside one week (Wednesday, Thursday): no as_of was given, so the fix is more prices, not a later as_of
        Path bom = Files.writeString(dir.resolve("BOM.csv"), String.join("\n", YAHOO.lines().limit(3).toList()) + "\n");
        assertEquals(0, Main.run("--home", home(), "import", bom.toString()), err.toString());
        err.reset();
        assertTrue(Main.run("--home", home(), "forecast", "BOM") == 1 && err.toString().endsWith(
                " failed: BOM has no close on or before 2000-09-22 (its history starts 2000-09-27)\n"
                        + "  fix: a forecast starts from the last close of a completed week (on a Friday): import BOM's prices up to 2000-09-29 or later\n"), err.toString());
    }

    /** Refused with exit status {@code status}: 2 for an option the person typed (bad input), 1 for a refusal. */
    private void assertRefused(int status, String text, String... args) {
        err.reset();
        assertEquals(status, runAtHome(args), err.toString());
        assertEquals(text, err.toString().replace("\r\n", "\n"));
    }

    /** A bug (no refusal, no file problem) names no Java class: it says where its details were logged. */
    @Test
    void aBugSaysWhereItsDetailsAreNotItsClass() {
        Path log = dir.resolve("cli.log");
        assertEquals("error: Sextant failed unexpectedly (a bug); the details are in " + log + "\n  fix: retry; if it fails again, please report it with that file",
                CliErrors.describe(new IllegalStateException("index 3 out of bounds"), log));
        assertEquals("error: cannot create the Sextant home folders under /x (/x/data: permission denied)",
                CliErrors.describe(new java.io.UncheckedIOException("cannot create the Sextant home folders under /x",
                        new java.nio.file.AccessDeniedException("/x/data")), log));
        // a job that failed by a bug, as JobFollower prints it
        assertEquals("error: forecast job forecast-1 failed unexpectedly (a bug); the details are in the log\n"
                + "  fix: retry; if it fails again, please report it with the logs in SEXTANT_HOME/logs", CliErrors.describe(new CallArguments()
                .wording("start_forecast").jobFailed("forecast", failedJob(FailReason.INTERNAL_ERROR, "the job failed unexpectedly", null, "start it again")), log));
    }

    /** A failed job's field and fix reach the person in the command's words (the job's error used to carry the fix in its text). */
    @Test
    void aFailedJobNamesTheOptionAndTheFix() {
        assertEquals("error [--horizon]: forecast job forecast-1 failed: --horizon must be in 1..260\n  fix: give --horizon 1..260",
                CliErrors.describe(new CallArguments().put("horizon", "--horizon", 300).wording("start_forecast").jobFailed("forecast",
                        failedJob(FailReason.INVALID_INPUT, "horizon must be in 1..260", "horizon", "pass horizon as: 1..260")), null));
    }

    static org.sextant.engine.jobs.JobStatus failedJob(FailReason reason, String error, String field, String fix) {
        return new org.sextant.engine.jobs.JobStatus("forecast-1", "forecast", java.util.List.of("AA"), true, null,
                org.sextant.engine.jobs.JobState.FAILED, 0.5, "failed", java.time.Instant.now(), java.time.Instant.now(),
                java.time.Instant.now(), error, reason, field, fix, null, false, null);
    }

    @Test
    void aMissingFileIsNamed() {
        assertEquals(2, Main.run("--home", home(), "import", dir.resolve("nope.csv").toString()));
        assertTrue(err.toString().contains("nope.csv"), err.toString());
    }

    /** A Latin-1 name ("Genève" in ISO 8859-1 bytes) reaches Java with U+FFFD for its é: said, with the fix, not just "does not exist". */
    @Test
    void aNameThatIsNotUtf8IsSaidToBe() {
        String name = dir.resolve("Gen\uFFFDve.csv").toString();
        assertBadInput("error: FILE " + name + " does not exist under that name: its name holds bytes that are not UTF-8 (shown as \uFFFD), which cannot"
                + " be opened: rename the file in UTF-8, e.g. convmv -f latin1 -t utf8 --notest FILE",
                "sextant import", "import", name);
    }

    /** Bad input on the command line: the argument, what is wrong and the fix on one line, then where the help is; no page of usage. */
    @Test
    void badInputIsOneLineNamingTheArgumentNotTheUsage() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("ADIR.csv"));
        assertBadInput("error: FILE " + folder + " is a folder, not a file: give the files in it, e.g. " + folder.resolve("*.csv"),
                "sextant import", "import", folder.toString());
        assertBadInput("error: SPEC.json " + folder + " is a folder, not a file: give a graph spec file, e.g. docs/examples/sma-cross.json",
                "sextant backtest", "backtest", folder.toString(), "--symbols", "IBM");
        assertBadInput("error: --horizon abc is not a whole number: how far ahead, in trading days of the series' own week (business days for a weekday series), or bars with --interval (default 20)",
                "sextant forecast", "forecast", "IBM", "--horizon", "abc");
        assertBadInput("error: sextant sql takes one SELECT, so '1' is one argument too many: quote it, e.g. sextant sql \"select 1\"",
                "sextant sql", "sql", "select", "1");
        assertBadInput("error: --from 2000-13-01 is not a date: use yyyy-MM-dd",
                "sextant backtest", "backtest", "../docs/examples/sma-cross.json", "--symbols", "IBM", "--from", "2000-13-01");
        assertBadInput("error: --symbols is missing: the universe, e.g. AA,IBM,MSFT", "sextant backtest", "backtest", "../docs/examples/sma-cross.json");
        assertBadInput("error: unknown command 'forcast' (did you mean forecast?)", "sextant", "forcast", "IBM");
    }

    private void assertBadInput(String line, String command, String... args) {
        err.reset();
        assertEquals(2, runAtHome(args), err.toString());
        assertEquals(line + "\n  see " + command + " --help\n", err.toString().replace("\r\n", "\n"));
    }

    /** sextant --home HOME args... */
    private int runAtHome(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--home";
        all[1] = home();
        System.arraycopy(args, 0, all, 2, args.length);
        return Main.run(all);
    }
}
