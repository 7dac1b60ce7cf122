package org.sextant.engine.research.report;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.StrategyRunRequest;
import org.sextant.engine.research.StrategyRunSummary;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;

/** export_report through the facade, on a real run over the shipped sample universe. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportExportTest {
    private static final String SPEC = """
            {"version": 1, "name": "sma <cross> & co", "nodes": {
              "close": {"type": "price"},
              "fast": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": {"from": 5, "to": 50, "step": 5}}},
              "slow": {"type": "sma", "inputs": {"series": "close"}, "params": {"length": [100, 200]}},
              "cross": {"type": "crossover", "inputs": {"fast": "fast", "slow": "slow"}},
              "size": {"type": "fixed_fraction", "inputs": {"signal": "cross"}},
              "book": {"type": "equal_weight", "inputs": {"position": "size"}},
              "run": {"type": "execution", "inputs": {"weights": "book"}, "params": {"cost_bps": 5}}}}
            """;
    private Path dir;
    @TempSextant private Sextant engine;
    private StrategyRunSummary run;

    @BeforeAll
    void runOnce() {
        dir = engine.home().root();
        run = engine.backtest(new StrategyRunRequest("report", SPEC, List.of("AA", "IBM", "KO"), null, null, LocalDate.of(1998, 1, 2), 2));
    }

    @Test
    void writesASelfContainedHtmlReportIntoTheReportsFolder() throws Exception {
        ReportExport.Written w = engine.exportReport(run.runId(), null, null);
        assertEquals(dir.toAbsolutePath().normalize().resolve("reports").resolve("run-" + run.runId() + ".html"), w.file());
        String html = Files.readString(w.file());
        assertEquals(Files.size(w.file()), w.bytes());
        assertTrue(html.contains(run.verdictText().replace("&", "&amp;")), "the verdict is on the page");
        assertTrue(html.contains("sma &lt;cross&gt; &amp; co"), "names are escaped");
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.matches("(?s).*(src|href)=\"https?:.*"), "nothing loaded from the network");
        assertTrue(html.contains("<svg") && html.contains("<polyline"), "equity drawn inline");
        assertEquals(4, html.split("<polyline", -1).length - 1, "one curve (equity and drawdown) when the best one is the selected one, and the benchmark's");
        assertEquals(2, html.split("stroke-dasharray", -1).length - 1, "the benchmark's equity and drawdown dashed");
        for (String stat : List.of("PSR", "DSR", "MinTRL", "PBO", "haircut Sharpe (Holm)", "placebo p")) assertTrue(html.contains("<th>" + stat + "</th>"), stat);
        // The table lists all 20 configurations, best in-sample Sharpe first, and says so.
        assertTrue(html.contains("All 20 configurations, best in-sample Sharpe first."), "how many are listed");
        Matcher m = Pattern.compile("<tr><td class=\"n\">(\\d+)</td><td>[^<]*</td><td class=\"n\">(-?[0-9.]+)</td>").matcher(html);
        double previous = Double.POSITIVE_INFINITY;
        int rows = 0;
        while (m.find()) {
            double sharpe = Double.parseDouble(m.group(2));
            assertTrue(sharpe <= previous + 1e-9, "sorted by in-sample Sharpe");
            previous = sharpe;
            rows++;
        }
        assertEquals(20, rows);
        // The equity line has one point per bar up to the thinning limit, ending where the stored curve ends.
        RunDetail d = engine.getRun(run.runId());
        EquityCurve best = d.curve(EquityCurve.BEST);
        assertTrue(best.size() > 2000);
        assertEquals(run.inSample().sharpe(), d.inSample().sharpe(), 1e-12);
    }

    @Test
    void anotherSelectedConfigurationIsDrawnBesideTheBest() throws Exception {
        int best = engine.getRun(run.runId(), false, false).chosenConfiguration();
        int other = best == 3 ? 4 : 3;
        StrategyRunSummary second = engine.backtest(new StrategyRunRequest("report", SPEC, List.of("AA", "IBM", "KO"), null, null,
                LocalDate.of(1998, 1, 2), 2, other));
        String html = Files.readString(engine.exportReport(second.runId(), "html", "second.html").file());
        assertEquals(6, html.split("<polyline", -1).length - 1, "two curves, and the benchmark's");
        assertTrue(html.contains("selected configuration #" + other) && html.contains("best configuration #" + best), "labelled");
        assertTrue(html.contains("Selected for comparison: configuration #" + other), "named under the parameters");
    }

    @Test
    void aFileNameGoesIntoReportsAndAPathUnderTheHomeIsAllowed() throws Exception {
        ReportExport.Written named = engine.exportReport(run.runId(), "HTML", "mine/sma.html");
        assertEquals(dir.toAbsolutePath().normalize().resolve("reports/mine/sma.html"), named.file());
        Path elsewhere = dir.resolve("exports").resolve("again.html").toAbsolutePath();
        assertTrue(Files.exists(engine.exportReport(run.runId(), "html", elsewhere.toString()).file()));
        // the folders it made are their owner's only, as the report in them is (attack 21, L6: they were 755)
        for (Path made : new Path[] {dir.resolve("reports"), dir.resolve("reports/mine"), dir.resolve("exports")}) {
            assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(made)), made.toString());
        }
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(named.file())));
    }

    @Test
    void pathsOutsideTheHomeUnsupportedFormatsAndUnknownRunsAreRefused() throws Exception {
        Path outside = Files.createTempFile("sextant-report", ".html");
        try {
            SextantException e = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", outside.toString()));
            assertEquals("path", e.field());
            assertTrue(e.getMessage().contains("outside SEXTANT_HOME"), e.getMessage());
            assertEquals(0, Files.size(outside), "nothing written outside the home");
        } finally {
            Files.deleteIfExists(outside);
        }
        SextantException up = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", "../../escape.html"));
        assertEquals("path", up.field());
        Path reports = dir.resolve("reports").toAbsolutePath().normalize();
        assertTrue(up.getMessage().startsWith("path '../../escape.html' (from " + reports + ": " + reports.resolve("../../escape.html").normalize()
                + ") is outside SEXTANT_HOME"), "the path as typed, and where it leads: " + up.getMessage());
        assertEquals("path", assertThrows(SextantException.class,
                () -> engine.exportReport(run.runId(), "html", dir.resolve("data/x.html").toString())).field());
        assertEquals("path", assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", "report.txt")).field());
        // every folder the app writes, and the home's own top level; another case (DATA) is that folder only where the file
        // system folds case (macOS, Windows): on Linux DATA is a folder of the person's (attack 20)
        boolean folds = Files.exists(dir.resolve("DATA"));
        for (String owned : new String[] {"data/y/x.html", "models/x.html", "backups/x.html", "DATA/x.html", "Logs/x.html", "BACKUPS/y/x.html"}) {
            if (!folds && !owned.equals(owned.toLowerCase(java.util.Locale.ROOT))) {
                engine.exportReport(run.runId(), "html", dir.resolve(owned).toString());
                assertTrue(Files.isRegularFile(dir.resolve(owned)), owned + " written where case counts");
                continue;
            }
            SextantException e = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", dir.resolve(owned).toString()), owned);
            assertTrue(e.getMessage().endsWith("is in a folder the app owns"), e.getMessage());
            assertFalse(Files.exists(dir.resolve(owned)), owned);
        }
        SextantException top = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", dir.resolve("x.html").toString()));
        assertTrue(top.getMessage().contains("directly in SEXTANT_HOME"), top.getMessage());
        SextantException pdf = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "pdf", null));
        assertEquals("format", pdf.field());
        assertTrue(pdf.getMessage().contains("html"), pdf.getMessage());
        assertEquals("run_id", assertThrows(SextantException.class, () -> engine.exportReport("no-such-run", null, null)).field());
    }

    @Test
    void aReportsFolderThatLinksOutsideTheHomeIsRefusedEvenForTheDefaultPath() throws Exception {
        Path reports = dir.resolve("reports");
        Path aside = dir.resolve("reports-aside");
        Path outside = Files.createTempDirectory("sextant-outside");
        if (Files.exists(reports)) Files.move(reports, aside);
        Files.createSymbolicLink(reports, outside);
        try {
            SextantException byDefault = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), null, null));
            assertEquals("path", byDefault.field());
            assertTrue(byDefault.getMessage().contains("leads outside SEXTANT_HOME"), byDefault.getMessage());
            assertEquals("path", assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", "named.html")).field());
            try (var written = Files.list(outside)) {
                assertEquals(0, written.count(), "nothing written through the link");
            }
        } finally {
            Files.delete(reports);
            if (Files.exists(aside)) Files.move(aside, reports);
            Files.delete(outside);
        }
        Path intoData = Files.createSymbolicLink(dir.resolve("exports-link"), dir.resolve("data"));
        try {
            SextantException owned = assertThrows(SextantException.class,
                    () -> engine.exportReport(run.runId(), "html", intoData.resolve("x.html").toString()));
            assertTrue(owned.getMessage().contains("a folder the app owns"), owned.getMessage());
            assertFalse(Files.exists(dir.resolve("data/x.html")));
        } finally {
            Files.delete(intoData);
        }
    }

    /** An agent with the runs gate must not overwrite the person's own page in the home (attack 19, L1); an earlier report is replaced. */
    @Test
    void aFileThatIsNoReportIsNeverReplaced() throws Exception {
        Path notes = dir.resolve("notes/thesis.html");
        Files.createDirectories(notes.getParent());
        Files.writeString(notes, "<h1>my thesis notes</h1>");
        SextantException e = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", notes.toString()));
        assertEquals("path", e.field());
        assertEquals(notes.toRealPath() + " already holds a file that is not a Sextant report; nothing was written", e.getMessage());
        assertEquals("<h1>my thesis notes</h1>", Files.readString(notes), "the person's file is untouched");
        Path folder = dir.resolve("notes/folder.html");
        Files.createDirectories(folder);
        assertEquals("path", assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", folder.toString())).field());

        Path again = dir.resolve("notes/run.html");
        engine.exportReport(run.runId(), "html", again.toString());
        Files.writeString(again, Files.readString(again).replace("</body>", "<p>stale</p></body>"));
        engine.exportReport(run.runId(), "html", again.toString());
        assertFalse(Files.readString(again).contains("<p>stale</p>"), "an earlier report is replaced");
    }

    /** Attack 22, L2: a name no listing shows right, a folder, or a name too long is refused naming why; .htm is a page as .html is. */
    @Test
    void oddPathsAreRefusedNamingWhyAndHtmIsAPage() throws Exception {
        Path reports = dir.toAbsolutePath().normalize().resolve("reports");
        SextantException newline = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", "mine/a\nb.html"));
        assertEquals("path", newline.field());
        assertEquals("the path 'mine/a\\u000ab.html' holds a control or format character (such as a line break), which a file name must not",
                newline.getMessage());
        SextantException slash = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", "mine/a.html/"));
        assertEquals("the path 'mine/a.html/' ends in a separator, so it names a folder, not a file", slash.getMessage());
        assertEquals("drop the final separator: mine/a.html", slash.fix());
        assertFalse(Files.exists(reports.resolve("mine/a.html")), "nothing written");

        String longName = "r".repeat(295) + ".html";
        SextantException tooLong = assertThrows(SextantException.class, () -> engine.exportReport(run.runId(), "html", longName));
        assertEquals("path", tooLong.field());
        assertTrue(tooLong.getMessage().contains(" is 300 bytes, more than the 200 a report's file or folder name may hold"), tooLong.getMessage());
        assertEquals("shorten that name to at most 200 bytes", tooLong.fix());

        assertEquals(reports.resolve("mine/b.htm"), engine.exportReport(run.runId(), "html", "mine/b.htm").file());
        assertEquals(reports.resolve("mine/c.HTM"), engine.exportReport(run.runId(), "html", "mine/c.HTM").file());
    }
}
