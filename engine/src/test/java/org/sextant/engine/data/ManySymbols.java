package org.sextant.engine.data;

import java.sql.Statement;
import org.sextant.engine.store.Store;

/** A store of many symbols written straight in SQL (an import of thousands takes seconds): the listing tests' fixture. */
public final class ManySymbols {
    private ManySymbols() {}

    /**
     * {@code count} symbols with daily rows, {@code prefix} and the number padded to {@code digits} (S00000 ..), each with two daily
     * prices when {@code prices}; and {@code barsOnly}, each with {@code bars} 30-minute bars and no daily prices.
     */
    public static void insert(Store store, String prefix, int digits, int count, boolean prices, int bars, String... barsOnly) {
        String symbol = "'" + prefix + "' || lpad(i::VARCHAR, " + digits + ", '0')";
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO symbols (symbol, first_date, last_date, rows, source) SELECT " + symbol
                        + ", DATE '2024-01-02', DATE '2024-01-03', 2, 'test' FROM range(" + count + ") t(i)");
                if (prices) {
                    s.execute("INSERT INTO prices SELECT " + symbol + ", DATE '2024-01-02' + j::INTEGER, NULL, NULL, NULL, 10, NULL, NULL, 'test' "
                            + "FROM range(" + count + ") t(i), range(2) u(j)");
                }
                if (barsOnly.length > 0) {
                    s.execute("INSERT INTO bars SELECT sym, '30m', TIMESTAMP '2024-03-04 14:30' + i * INTERVAL 30 MINUTE, NULL, NULL, NULL, 10 + i, NULL, 'test' "
                            + "FROM (VALUES ('" + String.join("'), ('", barsOnly) + "')) v(sym), range(" + bars + ") t(i)");
                }
            }
            return null;
        });
    }
}
