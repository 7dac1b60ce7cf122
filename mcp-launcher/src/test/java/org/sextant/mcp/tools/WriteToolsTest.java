package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sextant.mcp.tools.ToolHarness.assertInvalid;
import static org.sextant.mcp.tools.ToolHarness.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.StrategySpecs;
import org.sextant.mcp.envelope.Envelope;
import org.sextant.mcp.envelope.Json;

/**
 * The write tools against the app's real local API on the sample universe: gated, checked, and
 * answering with real jobs an agent can poll (gathers held RUNNING by the provider until released).
 */
class WriteToolsTest extends AgainstTheApp {
    ToolDispatcher allowed;

    static final Map<String, Map<String, Object>> VALID = Map.ofEntries(
            Map.entry("import_prices", Map.of("paths", List.of("/data/MSFT.csv"))),
            Map.entry("gather_tickers", Map.of("symbols", List.of("MSFT.US"))),
            Map.entry("refresh_tickers", Map.of("symbols", List.of("IBM"))),
            Map.entry("refresh_job_start", Map.of("symbols", List.of("AA"))),
            Map.entry("cancel_job", Map.of("job_id", "gather-9999")),
            Map.entry("backtest_graph", Map.of("spec", Map.of("nodes", List.of()), "symbols", List.of("AA"))),
            Map.entry("export_report", Map.of("run_id", "run-1")),
            Map.entry("drive_app", Map.of("command", "open_chart", "args", Map.of("symbol", "AAPL"))),
            Map.entry("forecast_tickers", Map.of("symbols", List.of("IBM", "AA"))),
            Map.entry("train_global_model", Map.of("horizon", 20)),
            Map.entry("delete_prices", Map.of("symbol", "IBM")),
            Map.entry("set_trading_session", Map.of("symbol", "IBM", "session", "us_equity")));

    @BeforeEach
    void start() throws Exception {
        allowed = ToolHarness.dispatcher(home, "1");
    }

    /** The stored symbols, as the app lists them: what a refresh without symbols covers. */
    static List<String> stored() {
        return engine.listSymbols(null).stream().map(s -> s.symbol()).toList();
    }

    /** A daily CSV (Stooq's layout) to import, in a folder of its own. */
    static Path csv(Path dir) throws Exception {
        return Files.writeString(dir.resolve("ZZTEST.csv"), "Date,Open,High,Low,Close,Volume\n2001-01-02,1.5,1.6,1.4,1.5,100\n");
    }

    @Test
    void everyWriteToolIsRefusedWithoutRunsAllowedAndReachesNothing() throws Exception {
        Files.createFile(home.resolve(".mcp_pilot"));
        for (String allow : new String[] {null, "0", "true", " 1"}) {
            ToolDispatcher refused = ToolHarness.dispatcher(home, allow);
            for (LauncherTool t : ToolCatalog.ALL) {
                if (t.toolClass() != ToolClass.WRITE) continue;
                Envelope e = refused.dispatch(t.name(), VALID.get(t.name()));
                assertEquals("runs_disabled", e.failReason(), t.name() + " with " + allow);
            }
        }
        assertEquals(0, app.totalCalls(), "a refused write must not reach the app");
        assertFalse(Files.exists(home.resolve("commands")), "a refused drive_app must not write");
    }

    @Test
    void everyWriteToolHasAValidCallInThisTest() {
        for (LauncherTool t : ToolCatalog.ALL) {
            if (t.toolClass() == ToolClass.WRITE) assertTrue(VALID.containsKey(t.name()), t.name());
        }
    }

    @Test
    void gatherStartsAJobCoalescesACoveredRequestAndRefusesAnotherWriterWithItsId(@TempDir Path files) throws Exception {
        provider.hold();
        Envelope first = allowed.dispatch("gather_tickers", Map.of("symbols", List.of("MSFT.US", "IBM.US")));
        Map<String, Object> d = data(first);
        String id = (String) d.get("job_id");
        assertEquals(false, d.get("coalesced"));
        assertEquals(2, d.get("poll_after_seconds"));
        assertTrue(first.clientHint().contains("refresh_job_status") && first.clientHint().contains(id), first.clientHint());

        Map<String, Object> joined = data(allowed.dispatch("gather_tickers", Map.of("symbols", List.of("IBM.US"))));
        assertEquals(id, joined.get("job_id"));
        assertEquals(true, joined.get("coalesced"));

        Envelope busy = allowed.dispatch("import_prices", Map.of("paths", List.of(csv(files).toString())));
        assertEquals("job_busy", busy.failReason(), busy::toString);
        assertEquals(Map.of("active_job_id", id), busy.data());

        assertTrue(provider.awaitHeldRequest(), "the gather asked the provider");
        Map<String, Object> polled = data(allowed.dispatch("refresh_job_status", Map.of("job_id", id)));
        assertEquals("RUNNING", polled.get("state"));
        provider.release();
        engine.jobs().await(id, Duration.ofMinutes(2));
        assertEquals("SUCCEEDED", data(allowed.dispatch("refresh_job_status", Map.of("job_id", id))).get("state"));
    }

    @Test
    void anOversizedSymbolListIsRefusedNeverTruncated() {
        List<String> many = IntStream.range(0, 101).mapToObj(i -> "S" + i + ".US").toList();
        Envelope e = allowed.dispatch("gather_tickers", Map.of("symbols", many));
        assertInvalid(e, "symbols");
        assertTrue(e.error().contains("101"), e.error());
        assertEquals(0, app.calls("start_gather"));
    }

    @Test
    void badWriteInputIsAnEnvelopeNamingTheField() throws Exception {
        Files.createFile(home.resolve(".mcp_pilot"));
        assertInvalid(allowed.dispatch("import_prices", Map.of("paths", List.of("relative/MSFT.csv"))), "paths");
        assertInvalid(allowed.dispatch("import_prices", Map.of()), "paths");
        assertInvalid(allowed.dispatch("gather_tickers", Map.of("symbols", "MSFT.US")), "symbols");
        assertInvalid(allowed.dispatch("gather_tickers", Map.of("symbols", List.of("MSFT.US", 3))), "symbols");
        assertInvalid(allowed.dispatch("refresh_tickers", Map.of("symbols", List.of("NOTSTORED"))), "symbols");
        assertInvalid(allowed.dispatch("cancel_job", Map.of()), "job_id");
        assertInvalid(allowed.dispatch("backtest_graph", Map.of("spec", 5, "symbols", List.of("AA"))), "spec");
        assertInvalid(allowed.dispatch("backtest_graph", Map.of("spec", Map.of(), "symbols", List.of("AA"), "background", "no")),
                "background");
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "format_disk")), "command");
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "open_chart", "args", Map.of())), "args");
        assertEquals(0, app.calls("start_import") + app.calls("start_gather") + app.calls("start_backtest"));
        Envelope appRefusal = allowed.dispatch("backtest_graph", Map.of("spec", "bad", "symbols", List.of("AA")));
        assertInvalid(appRefusal, "spec");
        Envelope unknownJob = allowed.dispatch("cancel_job", VALID.get("cancel_job"));
        assertEquals("job_unknown", unknownJob.failReason());
    }

    @Test
    void refreshWithoutSymbolsRefreshesEveryStoredSymbol() {
        provider.hold();
        Map<String, Object> d = data(allowed.dispatch("refresh_tickers", Map.of()));
        assertEquals(Map.of(), app.lastArgs("start_refresh"), "the app names the stored symbols (RefreshRuleTest in the engine)");
        assertEquals(stored(), ((Map<?, ?>) d.get("job")).get("subjects"));
        assertEquals("gather", d.get("kind"));
    }

    @Test
    void refreshJobStartAnswersAtOnceWithTheJobEvenWhenProgressIsWanted() {
        Progress wanted = wanted((fraction, message) -> {
            throw new AssertionError("refresh_job_start never follows the job: " + message);
        });
        provider.hold();
        Envelope e = allowed.dispatch("refresh_job_start", Map.of(), wanted);
        Map<String, Object> d = data(e);
        assertEquals(Map.of(), app.lastArgs("start_refresh"));
        assertEquals(stored(), ((Map<?, ?>) d.get("job")).get("subjects"));
        assertEquals("QUEUED", d.get("state"));
        assertEquals(2, d.get("poll_after_seconds"));
        assertEquals(0, app.calls("job_status"), "no polling");
        assertTrue(e.clientHint().contains("refresh_job_status") && e.clientHint().contains((String) d.get("job_id")), e.clientHint());
        Envelope joined = allowed.dispatch("refresh_job_start", Map.of("symbols", List.of("AA")));
        assertEquals(true, data(joined).get("coalesced"));
        assertEquals(d.get("job_id"), data(joined).get("job_id"));
        assertInvalid(allowed.dispatch("refresh_job_start", Map.of("symbols", List.of("NOT.STORED"))), "symbols");
    }

    @Test
    void importPassesThePathsAndCancelEndsAJob(@TempDir Path files) throws Exception {
        String path = csv(files).toString();
        String imported = (String) data(allowed.dispatch("import_prices", Map.of("paths", List.of(path)))).get("job_id");
        assertEquals(Map.of("paths", List.of(path)), app.lastArgs("start_import"));
        var done = engine.jobs().await(imported, Duration.ofMinutes(2));
        assertEquals("SUCCEEDED", done.state().name(), done::error);

        provider.hold(); // a gather held RUNNING: cancellation is noticed when its download returns
        String id = (String) data(allowed.dispatch("gather_tickers", Map.of("symbols", List.of("KO.US")))).get("job_id");
        assertTrue(provider.awaitHeldRequest());
        data(allowed.dispatch("cancel_job", Map.of("job_id", id)));
        provider.release();
        engine.jobs().await(id, Duration.ofMinutes(2));
        assertEquals("CANCELLED", data(allowed.dispatch("refresh_job_status", Map.of("job_id", id))).get("state"));
    }

    /** delete_prices reaches the app's capability with its arguments and answers what it deleted; refusals name the field. */
    @Test
    void deletePricesDeletesOneIntervalAndNamesWhatExistsWhenAskedForAnother(@TempDir Path files) throws Exception {
        engine.importPrices(List.of(Files.writeString(files.resolve("ZZDEL.csv"), "Date,Close\n2001-01-02,1.5\n2001-01-03,1.6\n")));
        Envelope lacking = allowed.dispatch("delete_prices", Map.of("symbol", "ZZDEL", "interval", "1w"));
        assertInvalid(lacking, "interval");
        assertTrue(lacking.error().contains("'ZZDEL' has no 1w prices: it has 1d (2 daily rows)"), lacking.error());
        assertEquals("not_found", allowed.dispatch("delete_prices", Map.of("symbol", "ZZDELX")).failReason());
        assertInvalid(allowed.dispatch("delete_prices", Map.of("interval", "1d")), "symbol");

        Map<String, Object> d = data(allowed.dispatch("delete_prices", Map.of("symbol", "zzdel", "interval", "1d")));
        assertEquals(Map.of("symbol", "zzdel", "interval", "1d"), app.lastArgs("delete_prices"));
        assertEquals("ZZDEL", d.get("symbol"));
        assertEquals(2, ((Number) d.get("rows_deleted")).intValue());
        assertTrue(engine.storedIntervals("ZZDEL").isEmpty());
        assertTrue(((String) d.get("restore")).contains("import_prices"), d::toString);
    }

    /** A followed job that fails hands the agent its own argument at fault and fix (it was one flat sentence). */
    @Test
    void aFollowedJobThatFailsCarriesItsFieldAndFix(@TempDir Path files) throws Exception {
        Path bad = Files.writeString(files.resolve("ZZBAD.csv"), "Date,Open,High,Low,Close,Volume\n2001-01-02,1.5,1.6,1.4,abc,100\n");
        Envelope failed = allowed.dispatch("import_prices", Map.of("paths", List.of(bad.toString())), wanted((f, m) -> { }));
        assertEquals("job_failed", failed.failReason(), failed::toString);
        @SuppressWarnings("unchecked")
        Map<String, Object> details = (Map<String, Object>) failed.data();
        String id = (String) details.get("job_id");
        Map<String, Object> job = app.data("job_status", Map.of("job_id", id));
        assertEquals("invalid_input", details.get("job_fail_reason"), details::toString);
        assertEquals(job.get("field"), details.get("field"));
        assertEquals(job.get("fix"), failed.clientHint(), "the job's own fix, not a generic one");
        assertTrue(failed.error().endsWith(": " + job.get("error")) && !failed.error().contains("(fix:"), failed.error());
    }

    @Test
    @SuppressWarnings("unchecked")
    void backtestInTheBackgroundReturnsAJobAndInTheForegroundTheSummary() throws Exception {
        provider.hold(); // another writer job, RUNNING until released
        String writer = (String) data(allowed.dispatch("gather_tickers", Map.of("symbols", List.of("GE.US")))).get("job_id");
        assertTrue(provider.awaitHeldRequest());
        Envelope busy = allowed.dispatch("backtest_graph", Map.of("spec", StrategySpecs.EMA_CROSS, "symbols", List.of("IBM")));
        assertEquals("job_busy", busy.failReason(), "a backtest is a writer job: one at a time");
        Envelope running = allowed.dispatch("backtest_status", Map.of("job_id", writer));
        assertEquals("RUNNING", data(running).get("state"));
        assertTrue(running.clientHint().contains("backtest_status"), running.clientHint());
        provider.release();
        engine.jobs().await(writer, Duration.ofMinutes(2));

        Map<String, Object> bg = data(allowed.dispatch("backtest_graph", Map.of("spec", Json.readObject(StrategySpecs.EMA_CROSS),
                "symbols", List.of("AA"))));
        assertEquals("backtest", bg.get("kind"));
        assertEquals("backtest_status", bg.get("status_tool"));
        engine.jobs().await((String) bg.get("job_id"), Duration.ofMinutes(2));
        assertEquals("SUCCEEDED", data(allowed.dispatch("backtest_status", Map.of("job_id", bg.get("job_id")))).get("state"));

        Map<String, Object> fg = data(allowed.dispatch("backtest_graph", Map.of("spec", StrategySpecs.EMA_CROSS,
                "symbols", List.of("IBM"), "from", "1995-01-03", "time_limit_minutes", 30, "background", false)));
        Map<String, Object> summary = (Map<String, Object>) fg.get("summary");
        assertEquals(app.newestRunId(), summary.get("run_id"), "the run the app stored");
        Map<String, Object> sent = (Map<String, Object>) app.lastArgs("start_backtest");
        assertEquals(StrategySpecs.EMA_CROSS, sent.get("spec"), "the spec text goes to the app as given");
        assertEquals("1995-01-03", sent.get("from"));
        assertFalse(sent.containsKey("background"), "background is the launcher's own argument");
        assertEquals(30, ((Number) sent.get("time_limit_minutes")).intValue(), "the job's time limit goes to the app");
        assertTrue(JobAnswers.terminal(Map.of("state", "TIMED_OUT")), "a job stopped by its time limit is not polled on");
    }

    @Test
    void driveAppNeedsThePilotFlagAndThenWritesExactlyOneCommandFile() throws Exception {
        Envelope refused = allowed.dispatch("drive_app", VALID.get("drive_app"));
        assertEquals("pilot_disabled", refused.failReason());
        assertFalse(Files.exists(home.resolve("commands")));

        Files.createFile(home.resolve(".mcp_pilot"));
        List<Path> before = files(home);
        Envelope e = allowed.dispatch("drive_app", VALID.get("drive_app"));
        Map<String, Object> d = data(e);
        List<Path> added = new ArrayList<>(files(home));
        added.removeAll(before);
        Path pending = home.resolve("commands").resolve("pending");
        assertEquals(List.of(pending.resolve(d.get("id") + ".json")), added, "exactly one new file, in pending");
        Map<String, Object> written = Json.readObject(Files.readString(added.get(0)));
        assertEquals("open_chart", written.get("command"));
        assertEquals(Map.of("symbol", "AAPL"), written.get("args"));
        assertEquals(d.get("id"), written.get("id"));
        assertTrue(written.get("created_at") instanceof String);
        assertEquals(0, app.totalCalls(), "queueing a command does not call the app");
    }

    /**
     * drive_app took any args: a 5 MB symbol was queued as a 5 MB command file (and the app wrote
     * a 10 MB done file). Each command's arguments are now bounded like a tool's.
     */
    @Test
    void driveAppArgumentsAreBoundedPerCommandAndNothingIsQueuedWhenTheyAreNot() throws Exception {
        Files.createFile(home.resolve(".mcp_pilot"));
        Envelope huge = allowed.dispatch("drive_app", Map.of("command", "open_chart", "args", Map.of("symbol", "A".repeat(5_000_000))));
        assertInvalid(huge, "argument 'args'");
        assertTrue(huge.error().contains("at most 16384"), huge::toString);
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "open_chart", "args", Map.of("symbol", "A".repeat(65)))),
                "argument 'args.symbol': has 65 characters, at most 64 allowed");
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "open_chart", "args", Map.of("symbol", "AA", "colour", "red"))),
                "argument 'args.colour'");
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "open_chart", "args", Map.of("symbol", "AA", "date", "2001-02-30"))),
                "argument 'args.date'");
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "select_view", "args", Map.of("view", "v".repeat(129)))),
                "argument 'args.view'");
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "start_forecast", "args", Map.of("symbol", "AA", "horizon", 261))),
                "argument 'args.horizon'");
        assertInvalid(allowed.dispatch("drive_app", Map.of("command", "start_backtest",
                "args", Map.of("spec", Map.of("nodes", List.of()), "symbols", List.of("AA"), "threads", 65))), "argument 'args.threads'");
        assertFalse(Files.exists(home.resolve("commands")), "a refused command writes nothing");

        for (Map<String, Object> args : List.<Map<String, Object>>of(
                Map.of("command", "open_chart", "args", Map.of("symbol", "A".repeat(64), "date", "2001-02-28")),
                Map.of("command", "open_run", "args", Map.of("run_id", "run-1")),
                Map.of("command", "start_backtest", "args", Map.of("spec", StrategySpecs.EMA_CROSS, "symbols", List.of("AA"),
                        "from", "1995-01-03", "session_id", "s1", "threads", 2)))) {
            assertEquals(true, allowed.dispatch("drive_app", args).ok(), args::toString);
        }
    }

    /** Progress as a client that sent a progressToken receives it. */
    static Progress wanted(java.util.function.BiConsumer<Double, String> onReport) {
        return new Progress() {
            @Override
            public boolean wanted() {
                return true;
            }

            @Override
            public void report(double fraction, String message) {
                onReport.accept(fraction, message);
            }
        };
    }

    static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void forecastTickersStartsAJobToPollAndWithProgressFollowsItToTheResults() throws Exception {
        Envelope started = allowed.dispatch("forecast_tickers", Map.of("symbols", List.of("IBM"), "model", "naive", "horizon", 10));
        Map<String, Object> d = data(started);
        assertEquals("forecast_backtest", d.get("kind"));
        assertEquals(2, d.get("poll_after_seconds"));
        assertTrue(started.clientHint().contains("refresh_job_status"), started.clientHint());
        assertEquals(Map.of("symbols", List.of("IBM"), "model", "naive", "horizon", 10), app.lastArgs("start_forecast_backtest"));
        engine.jobs().await((String) d.get("job_id"), Duration.ofMinutes(2)); // a writer job: the next waits for it

        List<Double> reported = new ArrayList<>();
        Progress progress = wanted((fraction, message) -> reported.add(fraction));
        Map<String, Object> followed = data(allowed.dispatch("forecast_tickers", Map.of("symbols", List.of("AA"), "model", "naive"), progress));
        assertEquals("SUCCEEDED", followed.get("state"));
        Map<String, Object> result = (Map<String, Object>) followed.get("result");
        assertEquals(app.data("job_status", Map.of("job_id", followed.get("id"))).get("result"), result);
        assertTrue(((Map<String, Object>) result.get("AA")).containsKey("backtest"), result::toString);
        assertEquals(0.0, reported.get(0), reported::toString);
        assertEquals(1.0, reported.get(reported.size() - 1), reported::toString);
        for (int i = 1; i < reported.size(); i++) assertTrue(reported.get(i) >= reported.get(i - 1), reported::toString);

        assertInvalid(allowed.dispatch("forecast_tickers", Map.of("symbols", List.of("IBM"), "horizon", 0)), "horizon");
        List<String> many = IntStream.range(0, 101).mapToObj(i -> "S" + i).toList();
        assertInvalid(allowed.dispatch("forecast_tickers", Map.of("symbols", many)), "symbols");
        assertEquals(2, app.calls("start_forecast_backtest"), "refused input never reaches the app");
        assertEquals("not_found", allowed.dispatch("forecast_tickers", Map.of("symbols", List.of("NOPE"))).failReason());
    }

    /** as_of reaches the app's job, which forecasts from that week and scores the closes stored after it; a bad one is refused naming it. */
    @Test
    @SuppressWarnings("unchecked")
    void forecastTickersAsOfAPastWeekScoresTheClosesThatFollowed() {
        Map<String, Object> args = Map.of("symbols", List.of("IBM"), "model", "naive", "horizon", 5, "as_of", "2000-07-02");
        Map<String, Object> followed = data(allowed.dispatch("forecast_tickers", args, wanted((fraction, message) -> { })));
        assertEquals(args, app.lastArgs("start_forecast_backtest"));
        assertEquals("SUCCEEDED", followed.get("state"));
        Map<String, Object> ibm = (Map<String, Object>) ((Map<String, Object>) followed.get("result")).get("IBM");
        assertEquals("2000-06-30", ((Map<String, Object>) ibm.get("forecast")).get("origin"), "the week-aligned start on or before the Sunday");
        Map<String, Object> realised = (Map<String, Object>) ibm.get("realised");
        assertEquals(5, realised.get("steps_realised"), realised::toString);
        assertEquals(5, ((List<?>) realised.get("steps")).size(), realised::toString);
        assertEquals(3, ((List<?>) realised.get("inside")).size(), "a count per band level: " + realised);

        assertInvalid(allowed.dispatch("forecast_tickers", Map.of("symbols", List.of("IBM"), "as_of", "30/06/2000")), "as_of");
        assertEquals(1, app.calls("start_forecast_backtest"), "a date not in yyyy-MM-dd never reaches the app");
        assertInvalid(allowed.dispatch("forecast_tickers", Map.of("symbols", List.of("IBM"), "as_of", "2001-06-01")), "as_of");
    }

    @Test
    void trainGlobalModelStartsATrainingJobToPollAndJoinsTheRunningOneForTheSameHorizon() {
        Map<String, Object> first = data(allowed.dispatch("train_global_model", Map.of("horizon", 10)));
        assertEquals("global_training", first.get("kind"));
        assertEquals(false, first.get("coalesced"));
        assertEquals("refresh_job_status", first.get("status_tool"));
        assertEquals(Map.of("horizon", 10), app.lastArgs("train_global_model"));

        Map<String, Object> again = data(allowed.dispatch("train_global_model", Map.of()));
        assertEquals(Map.of(), app.lastArgs("train_global_model"), "without horizon the app's default applies");
        // the app trains horizons up to 20 either way: while the first job runs the second call joins it;
        // a real training can finish first, and then the second is a new job that reuses the stored model
        if (Boolean.TRUE.equals(again.get("coalesced"))) assertEquals(first.get("job_id"), again.get("job_id"));
        else assertNotEquals(first.get("job_id"), again.get("job_id"));
        assertEquals("global_training", again.get("kind"));

        assertInvalid(allowed.dispatch("train_global_model", Map.of("horizon", 0)), "horizon");
        assertInvalid(allowed.dispatch("train_global_model", Map.of("horizon", 261)), "horizon");
        assertInvalid(allowed.dispatch("train_global_model", Map.of("members", 4)), "members");
        assertEquals(2, app.calls("train_global_model"), "refused input never reaches the app");

        // what a user does with a training not wanted: cancel it, rather than have the next test wait out a full training
        for (Object id : List.of(first.get("job_id"), again.get("job_id"))) {
            Envelope cancelled = allowed.dispatch("cancel_job", Map.of("job_id", id));
            assertTrue(cancelled.ok(), cancelled::toString);
        }
    }
}
