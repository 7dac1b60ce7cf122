package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stores written by the previous release (DuckDB 1.4.4) open in this one with every row (fixtures: src/test/resources/store/README.md). */
class StoreUpgradeTest {
    @TempDir Path dir;

    @Test
    void aCheckpointedStoreOfRelease01OpensWithEveryRow() throws IOException {
        Path db = dir.resolve("sextant.duckdb");
        try (InputStream in = new GZIPInputStream(getClass().getResourceAsStream("/store/release-0.1-duckdb-1.4.4.duckdb.gz"))) {
            Files.copy(in, db);
        }
        try (Store s = Store.open(db, dir.resolve("staging"))) {
            StoreCensus c = s.read(StoreCensus::take);
            Map<String, Long> expected = Map.of("prices", 7584L, "symbols", 3L, "forecasts", 148L, "forecast_backtests", 1L,
                    "strategy_runs", 1L, "run_configurations", 60L, "run_equity", 5056L, "schema_version", (long) Migrations.ALL.size());
            expected.forEach((table, rows) -> assertEquals(rows, c.rows().get(table), table));
            assertEquals(1, c.runIds().size());
            // V040 (bars of any interval): every daily row of the old schema is a 1d bar, values and source unchanged;
            // V049: without a session each opens at its date's 00:00 UTC, as before
            assertEquals(7584L, count(s, "SELECT count(*) FROM price_bars WHERE interval = '1d'"));
            assertEquals(7584L, count(s, "SELECT count(*) FROM prices p JOIN price_bars b ON b.symbol = p.symbol AND b.interval = '1d' "
                    + "AND b.ts = CAST(p.date AS TIMESTAMP) AND b.close = p.close AND b.source = p.source "
                    + "AND b.open IS NOT DISTINCT FROM p.open AND b.volume IS NOT DISTINCT FROM p.volume"));
            assertEquals(0L, count(s, "SELECT count(*) FROM bars"));
            // V045 (runs on any interval): a run stored before it ran on daily prices at 252 a year
            org.sextant.engine.research.run.RunInfo run = new org.sextant.engine.research.store.ResearchStore(s).listRuns(null, 1).get(0);
            assertEquals("1d", run.interval());
            assertEquals(252.0, run.barsPerYear());
            // V055 (a run keeps its annualisation sentence): one stored before says it was not recorded, never a rebuilt one
            assertEquals("not recorded (run stored before V055)", run.annualisation());
            // V048 (eu_equity): the store's resample_bars is replaced, not added beside the old one
            assertEquals(1L, count(s, "SELECT count(*) FROM duckdb_functions() WHERE function_name = 'resample_bars' AND macro_definition LIKE '%Europe/Berlin%'"));
        }
    }

    private static long count(Store s, String sql) {
        return s.read(c -> {
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery(sql)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    @Test
    void theLogThatDuckDb144CouldNotReplayIsReplayed() throws IOException {
        Path db = dir.resolve("sextant.duckdb");
        Files.copy(getClass().getResourceAsStream("/store/unreplayable-1.4.4.duckdb"), db);
        Files.copy(getClass().getResourceAsStream("/store/unreplayable-1.4.4.duckdb.wal"), StoreRecovery.walOf(db));
        try (Store s = Store.open(db, dir.resolve("staging"))) {
            StoreCensus c = s.read(StoreCensus::take);
            assertEquals(2L, c.rows().get("prices"));
            assertEquals((long) Migrations.ALL.size(), c.rows().get("schema_version"), "every migration applied");
        }
        assertEquals(0, Files.exists(StoreRecovery.walOf(db)) ? Files.size(StoreRecovery.walOf(db)) : 0, "open checkpoints the replayed log");
    }
}
