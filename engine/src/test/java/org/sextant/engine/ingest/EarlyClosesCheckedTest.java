package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/**
 * An open passes over the bars' times for early closes they lack (bars of 1987 stored before V060) only when the bars'
 * first or last time moved since the last open's pass: an open of an unchanged store writes nothing for it, and bars
 * stored between two opens are still given their years' early closes at the next.
 */
class EarlyClosesCheckedTest {
    @TempDir Path tmp;

    @Test
    void anOpenOfUnchangedBarsSkipsThePassAndBarsStoredSinceGetTheirEarlyCloses() {
        SextantHome home = SampleStoreCopy.into(new SextantHome(tmp.resolve("home")));
        try (Sextant engine = Sextant.open(home)) {
            assertEquals(1, checked(engine.store()), "the bars' bounds recorded");
        }
        long again; // the writes of an open of an unchanged store
        try (Sextant engine = Sextant.open(home)) {
            again = engine.store().commits();
        }
        try (Store store = Store.open(home.database(), home.stagingDir())) {
            // bars of 1987 written as before V060: without their year's early closes
            write(store, "INSERT INTO bars SELECT 'SPY', '5m', TIMESTAMP '1987-12-24 14:30' + i * INTERVAL 5 MINUTE, NULL, NULL, NULL, 100 + i, 100, 'file:SPY.csv' "
                    + "FROM range(78) t(i)");
            assertEquals(0, rows(store, "year(day) = 1987"));
        }
        try (Sextant engine = Sextant.open(home)) {
            assertEquals(2, rows(engine.store(), "session = 'us_equity' AND year(day) = 1987"), "the bars' first time moved: the pass ran");
            assertEquals(again + 1, engine.store().commits(), "one more write than an unchanged store's open: the early closes and the new bounds");
        }
        try (Sextant engine = Sextant.open(home)) {
            assertEquals(again, engine.store().commits(), "skipped again on the next open");
            assertEquals(2, rows(engine.store(), "session = 'us_equity' AND year(day) = 1987"), "the rows in the file");
        }
    }

    private static long checked(Store store) {
        return store.read(c -> {
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery(
                    "SELECT count(*) FROM early_closes_checked k, (SELECT min(ts) AS f, max(ts) AS l FROM bars) b WHERE k.first_bar = b.f AND k.last_bar = b.l")) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static long rows(Store store, String where) {
        return store.read(c -> {
            try (java.sql.Statement st = c.createStatement(); java.sql.ResultSet r = st.executeQuery("SELECT count(*) FROM session_early_closes WHERE " + where)) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    private static void write(Store store, String sql) {
        store.inTransaction(c -> {
            try (java.sql.Statement st = c.createStatement()) {
                return st.executeUpdate(sql);
            }
        });
    }
}
