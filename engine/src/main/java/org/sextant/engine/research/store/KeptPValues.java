package org.sextant.engine.research.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.sextant.engine.research.stats.EarlierPValues;
import org.sextant.engine.store.Store;

/**
 * The p-values the stored runs of a session kept (run_configurations.p_value, V054, and its base-10 log, V063), read
 * smallest first a page of distinct values at a time: Holm and BHY stop reading once no larger one can change them, and
 * no page holds more than {@value #PAGE} values whatever the session's size.
 */
record KeptPValues(Store store, String sessionId, long known) implements EarlierPValues {
    static final int PAGE = 50_000;

    /**
     * A configuration's p-value's log where it is known (get_run shows it): the kept one (V063: exact below 1e-308, where
     * p_value holds 0), else the log of p_value; NULL for no p-value or a 0 stored before V063.
     */
    static final String LOG10_OR_NULL = "CASE WHEN i.log10_p_value IS NOT NULL THEN i.log10_p_value WHEN i.p_value > 0 THEN log10(i.p_value) END";
    /** The exact order of the kept p-values: a 0 stored before V063 is read as it was, log 0 = -infinity. */
    private static final String LOG10 = "coalesce(" + LOG10_OR_NULL + ", '-inf'::DOUBLE)";
    private static final double LN10 = Math.log(10);

    @Override
    public void ascending(Visit visit) {
        read("i.p_value", visit, 1);
    }

    @Override
    public void ascendingLogs(Visit visit) {
        read(LOG10, visit, LN10);
    }

    /** The distinct values of {@code key} over the session's kept p-values, smallest first, each times {@code scale}. */
    private void read(String key, Visit visit, double scale) {
        if (known == 0) return;
        double[] last = {Double.NEGATIVE_INFINITY};
        boolean[] first = {true}; // -infinity is a value here (a stored 0's log), so the first page has no lower bound
        int[] rows = {PAGE};
        boolean more = true;
        while (more && rows[0] == PAGE) {
            rows[0] = 0;
            more = store.read(c -> {
                try (PreparedStatement q = c.prepareStatement("SELECT v, count(*) FROM (SELECT " + key + " AS v FROM run_configurations i"
                        + " JOIN strategy_runs r ON r.run_id = i.run_id WHERE r.session_id = ? AND i.sample = 'in' AND i.p_value IS NOT NULL)"
                        + " WHERE ? OR v > ? GROUP BY v ORDER BY v LIMIT " + PAGE)) {
                    q.setString(1, sessionId);
                    q.setBoolean(2, first[0]);
                    q.setDouble(3, last[0]);
                    first[0] = false;
                    try (ResultSet rs = q.executeQuery()) {
                        while (rs.next()) {
                            rows[0]++;
                            last[0] = rs.getDouble(1);
                            if (!visit.take(last[0] * scale, rs.getLong(2))) return false;
                        }
                    }
                }
                return true;
            });
        }
    }
}
