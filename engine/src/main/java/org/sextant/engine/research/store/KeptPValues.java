package org.sextant.engine.research.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import org.sextant.engine.research.stats.EarlierPValues;
import org.sextant.engine.store.Store;

/**
 * The p-values the stored runs of a session kept (run_configurations.p_value, V054), read smallest
 * first a page of distinct values at a time: Holm and BHY stop reading once no larger one can
 * change them, and no page holds more than {@value #PAGE} values whatever the session's size.
 */
record KeptPValues(Store store, String sessionId, long known) implements EarlierPValues {
    static final int PAGE = 50_000;

    @Override
    public void ascending(Visit visit) {
        if (known == 0) return;
        double[] last = {Double.NEGATIVE_INFINITY};
        int[] rows = {PAGE};
        boolean more = true;
        while (more && rows[0] == PAGE) {
            rows[0] = 0;
            more = store.read(c -> {
                try (PreparedStatement q = c.prepareStatement("SELECT i.p_value, count(*) FROM run_configurations i JOIN strategy_runs r ON r.run_id = i.run_id"
                        + " WHERE r.session_id = ? AND i.sample = 'in' AND i.p_value > ? GROUP BY i.p_value ORDER BY i.p_value LIMIT " + PAGE)) {
                    q.setString(1, sessionId);
                    q.setDouble(2, last[0]);
                    try (ResultSet rs = q.executeQuery()) {
                        while (rs.next()) {
                            rows[0]++;
                            last[0] = rs.getDouble(1);
                            if (!visit.take(last[0], rs.getLong(2))) return false;
                        }
                    }
                }
                return true;
            });
        }
    }
}
