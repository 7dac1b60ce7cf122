package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * Attack 24 L1: a forecast job's numeric cell written as text (a token, say) is refused naming the column and the type the
 * job writes, never quoting the text: the output is not the user's file and may hold anything.
 */
class ForecastCellNotQuotedTest {
    static final String SECRET = "ghp_SECRET_TOKEN_0123456789";

    @Test
    void aBacktestRowsNumberWrittenAsTextIsNotQuoted(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = BacktestOutputs.exchange(store, tmp);
        Map<String, Object> genuine = BacktestOutputs.row(store);
        for (String column : List.of("horizon", "history_rows", "origins", "male")) {
            Map<String, Object> row = new java.util.LinkedHashMap<>(genuine);
            row.put(column, SECRET);
            Path folder = JobOutputFiles.write(tmp.resolve(column), ForecastBacktestRows.COLUMNS, c -> c.equals(column) ? "VARCHAR" : BacktestOutputs.type(c), List.of(row));
            refusedWithoutQuoting(() -> exchange.importJob(folder, null), column, column.equals("male") ? "double" : "integer");
        }
    }

    @Test
    void aScanRowsHorizonWrittenAsTextIsNotQuoted(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        JobOutputFiles.oneDowSymbol(store);
        PriceRepository prices = new PriceRepository(store);
        ScaleOutExchange exchange = new ScaleOutExchange(store, new org.sextant.engine.forecast.ForecastService(store, prices, tmp.resolve("models")), null, () -> {});
        Map<String, Object> row = ScanOutputs.genuine(prices, "naive", 5, "model").get(0);
        row.put("horizon", SECRET);
        Path folder = JobOutputFiles.write(tmp.resolve("scan"), ForecastScanRows.COLUMNS,
                c -> List.of("min_history", "history_rows").contains(c) ? "INTEGER" : "VARCHAR", List.of(row));
        refusedWithoutQuoting(() -> exchange.importJob(folder, null), "horizon", "integer");
    }

    static void refusedWithoutQuoting(org.junit.jupiter.api.function.Executable importing, String column, String type) {
        SextantException e = assertThrows(SextantException.class, importing, column);
        String m = e.getMessage();
        assertEquals("output", e.field(), m);
        assertTrue(m.contains("column " + column) && m.contains(type) && !m.contains("SECRET"), m);
    }
}
