package org.sextant.engine.testing;

import java.sql.ResultSet;
import java.sql.Statement;
import org.sextant.engine.store.Store;

/** Everything an import changes, as one text to compare: the prices and the symbols' spans, counted and hashed. */
public final class StoreSnapshot {
    private StoreSnapshot() {}

    public static String of(Store store) {
        return store.read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT (SELECT count(*) || ':' || coalesce(sum(hash(symbol, date, close)), 0) FROM prices) || '/' || "
                    + "(SELECT count(*) || ':' || coalesce(sum(hash(symbol, first_date, last_date, rows)), 0) FROM symbols)")) {
                r.next();
                return r.getString(1);
            }
        });
    }
}
