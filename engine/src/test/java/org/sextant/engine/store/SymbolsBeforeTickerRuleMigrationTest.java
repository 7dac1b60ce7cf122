package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cell written '=A1 imports only as a symbol stored before the ticker rule: V061 lists those a store of the release
 * before holds (daily prices, bars, a symbols row), and no other, so their kept files import back and no new one gets in.
 */
class SymbolsBeforeTickerRuleMigrationTest {
    @TempDir Path dir;

    @Test
    void theUpgradeListsTheSymbolsStartingAsAFormulaAlreadyStored() throws Exception {
        Path db = dir.resolve("sextant.duckdb");
        try (Store s = Store.open(db, dir.resolve("staging"))) {
            s.inTransaction(c -> {
                try (Statement st = c.createStatement()) { // as the release before stored them, V061 not yet run
                    st.execute("DELETE FROM schema_version WHERE name = 'V061__symbols_before_ticker_rule.sql'");
                    st.execute("DROP TABLE symbols_before_ticker_rule");
                    st.execute("INSERT INTO prices(symbol, date, close, source) VALUES ('=A1', DATE '2024-01-02', 2, 'test'), ('IBM', DATE '2024-01-02', 2, 'test')");
                    st.execute("INSERT INTO symbols(symbol) VALUES ('=A1'), ('IBM'), ('-5')");
                    st.execute("INSERT INTO bars(symbol, interval, ts, close, source) VALUES ('-2-3', '1h', TIMESTAMP '2024-01-02 10:00:00', 2, 'test'), "
                            + "('BRK-B', '1h', TIMESTAMP '2024-01-02 10:00:00', 2, 'test')");
                }
                return null;
            });
        }
        try (Store s = Store.open(db, dir.resolve("staging"))) { // V061 runs, as on a store of the release before
            assertEquals(List.of("-2-3", "-5", "=A1"), s.read(c -> {
                List<String> out = new ArrayList<>();
                try (Statement st = c.createStatement(); var r = st.executeQuery("SELECT symbol FROM symbols_before_ticker_rule ORDER BY symbol")) {
                    while (r.next()) out.add(r.getString(1));
                }
                return out;
            }));
        }
    }
}
