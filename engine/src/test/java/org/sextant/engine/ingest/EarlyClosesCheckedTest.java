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
 * An open looks for early closes the stored bars lack (bars of 1987 stored before V060) in a read and writes only when it
 * finds some: an open of an unchanged store writes nothing for it, and bars stored between two opens are still given
 * their years' early closes at the next.
 */
class EarlyClosesCheckedTest {
    @TempDir Path tmp;

    @Test
    void anOpenOfUnchangedBarsSkipsThePassAndBarsStoredSinceGetTheirEarlyCloses() {
        SextantHome home = SampleStoreCopy.into(new SextantHome(tmp.resolve("home")));
        long again; // the writes of an open of bars within 1990-2100 (the sample's): nothing written for early closes
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
            assertEquals(2, rows(engine.store(), "session = 'us_equity' AND year(day) = 1987"), "added at the open after they were stored");
            assertEquals(again + 1, engine.store().commits(), "one more write than an unchanged store's open: the early closes");
        }
        try (Sextant engine = Sextant.open(home)) {
            assertEquals(again, engine.store().commits(), "skipped again on the next open");
            assertEquals(2, rows(engine.store(), "session = 'us_equity' AND year(day) = 1987"), "the rows in the file");
        }
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
