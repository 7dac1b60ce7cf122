package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.contract.FailReason;
import org.sextant.engine.Sextant;
import org.sextant.engine.jobs.JobState;
import org.sextant.engine.jobs.JobStatus;
import org.sextant.engine.testing.TempSextant;

/**
 * A forecast job stores each symbol's forecast as it goes: one that fails on a later symbol keeps those before it, and its
 * failure says which, where it ended FAILED saying only why, as if nothing had been written.
 */
class ForecastJobFailureKeepsTest {
    @TempSextant private Sextant engine;

    @Test
    void aForecastJobFailingOnItsThirdSymbolSaysTheFirstTwoStayWritten(@TempDir Path dir) throws Exception {
        Path tiny = dir.resolve("TINY.csv"); // five closes (four to the week-aligned start): too few for a horizon of 5
        Files.writeString(tiny, "Date,Close\n2024-01-02,10\n2024-01-03,10.5\n2024-01-04,10.2\n2024-01-05,10.4\n2024-01-08,10.6\n");
        engine.importPrices(List.of(tiny));

        JobStatus job = engine.startForecast(List.of("IBM", "KO", "TINY"), "naive", 5, false);
        JobStatus end = engine.jobs().await(job.id(), Duration.ofMinutes(5));

        assertEquals(JobState.FAILED, end.state(), end.toString());
        String kept = "the forecasts of 2 of 3 symbol(s) (IBM, KO) had been written before the failure (that stays)";
        assertEquals("failed: " + kept + "; the rest was not done", end.message());
        assertEquals(FailReason.INVALID_INPUT, end.failReason(), "the symbol's refusal, as before: " + end.error());
        assertEquals("horizon", end.field(), "the refusal's own argument, as before: " + end.error());
        // the job's one horizon, named with the symbol whose history it exceeds
        assertTrue(end.error().startsWith("TINY: horizon 5 steps is longer than the 4 closes of history") && end.error().endsWith("; " + kept), end.error());
        assertEquals(List.of("IBM", "KO"), liveForecastSymbols());
    }

    private List<String> liveForecastSymbols() {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT DISTINCT symbol FROM forecasts WHERE kind = 'live' ORDER BY symbol")) {
                List<String> symbols = new java.util.ArrayList<>();
                while (r.next()) symbols.add(r.getString(1));
                return symbols;
            }
        });
    }
}
