package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.exchange.CappedFailures;
import org.sextant.engine.exchange.JobImport;
import org.sextant.engine.exchange.JobOutput;

/** import-job names what it stored by the job that wrote the folder (attack pass 6, F14: a scan was called "forecast backtests"). */
class ImportJobCommandTest {
    @Test
    void aScanIsReportedAsLiveForecastsAndABacktestAsBacktests() {
        Path dir = Path.of("/data/out");
        List<Map<String, Object>> failed = List.of(Map.of("symbol", "TINY", "error", "too little history"));
        assertEquals("imported forecast scan: the live forecasts of 2 symbols from /data/out\n"
                        + "  2 of the 2 forecasts fitted again here from the store's closes, each as the job wrote it\n  TINY not imported: too little history\n",
                ImportJobCommand.forecastsImported(new JobImport(JobOutput.FORECAST_SCAN, List.of("AA", "KO"), failed, null, 2, 2, null), dir)
                        .replace(System.lineSeparator(), "\n"));
        assertEquals("imported forecast backtests of 1 symbols from /data/out\n"
                        + "  errors and coverage recounted from the store's closes; 5 of the 12 origins fitted again here, each as the job wrote it\n"
                        + "  TINY failed on the cluster: too little history\n",
                ImportJobCommand.forecastsImported(new JobImport(JobOutput.FORECAST_BACKTEST, List.of("AA"), failed, null, 5, 12, null), dir)
                        .replace(System.lineSeparator(), "\n"));
        assertEquals("imported forecast backtests of 4 symbols from /data/out\n"
                        + "  errors and coverage recounted from the store's closes; 1 of the 40 origins fitted again here, each as the job wrote it\n"
                        + "  the import's budget reached 1 of the 4 symbols (drawn at random: each had a 25% chance of being fitted again)\n",
                ImportJobCommand.forecastsImported(new JobImport(JobOutput.FORECAST_BACKTEST, List.of("AA", "B", "C", "D"), List.of(), null, 1, 40, null), dir)
                        .replace(System.lineSeparator(), "\n"), "a budget that ran out says so");
    }

    /** Past the failures an import lists, one line says how many more it counted (attack 31 F2), not a symbol "null". */
    @Test
    void failuresPastTheListedOnesAreOneLineOfTheirCount() {
        CappedFailures failures = new CappedFailures();
        for (int i = 0; i < CappedFailures.KEPT + 5; i++) failures.add(Map.of("symbol", "S" + (1000 + i), "error", "too little history"));
        String said = ImportJobCommand.forecastsImported(new JobImport(JobOutput.FORECAST_BACKTEST, List.of(), failures.listed(), null, 0, 0, null), Path.of("/d"))
                .replace(System.lineSeparator(), "\n");
        assertEquals(CappedFailures.KEPT, said.split("failed on the cluster", -1).length - 1, said);
        assertTrue(said.endsWith("  S1099 failed on the cluster: too little history\n  \u2026 and 5 more\n"), said);
    }

    /** The job's --oos-start is said with the backtests it placed, and an output written before the job recorded it says so. */
    @Test
    void aBacktestImportSaysTheOutOfSampleStartItsJobUsed() {
        Path dir = Path.of("/data/out");
        java.util.function.Function<String, String> said = oos -> ImportJobCommand.forecastsImported(
                new JobImport(JobOutput.FORECAST_BACKTEST, List.of("AA"), List.of(), null, 5, 5, null, oos), dir).replace(System.lineSeparator(), "\n");
        assertEquals("imported forecast backtests of 1 symbols from /data/out\n  scored origins from --oos-start 1999-01-04\n"
                + "  errors and coverage recounted from the store's closes; 5 of the 5 origins fitted again here, each as the job wrote it\n", said.apply("1999-01-04"));
        org.junit.jupiter.api.Assertions.assertTrue(said.apply("last 40%").contains("\n  scored origins over the last 40% of each symbol's closes (the job had no --oos-start)\n"));
        org.junit.jupiter.api.Assertions.assertTrue(said.apply(org.sextant.engine.forecast.OutOfSampleStart.NOT_RECORDED).contains(
                "\n  --oos-start not recorded (the job's output was written before Sextant recorded --oos-start): stored without it,"
                        + " so a backtest whose first origins it cut off reads as one started later (re-run the job to record it)\n"));
    }

    @Test
    void aScanSampleTheBudgetEndedSaysWhatItLeft() {
        String left = "the 60 s budget fitted again 3 of the 45 forecasts ranked first (by reward/risk as the files and as the store's closes rank them)"
                + " and 0 of the 255 others, drawn at random: each other had a 0% chance";
        assertEquals("imported forecast scan: the live forecasts of 300 symbols from /data/out\n"
                        + "  3 of the 300 forecasts fitted again here from the store's closes, each as the job wrote it\n  " + left + "\n",
                ImportJobCommand.forecastsImported(new JobImport(JobOutput.FORECAST_SCAN, java.util.Collections.nCopies(300, "S"), List.of(), null, 3, 300, left),
                        Path.of("/data/out")).replace(System.lineSeparator(), "\n"));
    }

    @org.junit.jupiter.api.io.TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @Test
    void aBadSessionNameIsRefusedAsTheOptionTheUserTyped() {
        assertEquals(2, Main.run("--home", dir.resolve("home").toString(), "import-job", dir.resolve("out").toString(), "--session", "bad name!"),
                console.err.toString());
        String err = console.err.toString();
        org.junit.jupiter.api.Assertions.assertTrue(err.startsWith("error: --session bad name! holds characters other than letters"), err);
        org.junit.jupiter.api.Assertions.assertFalse(err.contains("session_id"), err);
    }
}
