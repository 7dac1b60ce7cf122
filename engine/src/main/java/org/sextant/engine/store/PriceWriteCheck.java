package org.sextant.engine.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * In tests (system property {@code sextant.store.checkPriceWrites}): a write that said what it changes — none of the prices
 * ({@link Store#inTransactionBesidePrices}) or some symbols' ({@link Store#changesOnly}) — is failed, before its commit, when
 * it changed another symbol's prices, bars, row, name or session, or the early closes: the listing and reads would keep what
 * that write made stale. Each table's rows are hashed per symbol as the write's transaction sees them and as another
 * connection does (the store as it was: the write holds the one writer and has not committed).
 */
final class PriceWriteCheck {
    /** The system property that switches the check on (the engine's tests set it). */
    static final String SWITCH = "sextant.store.checkPriceWrites";
    private static final String FINGERPRINT = "SELECT symbol, CAST(sum(h) AS VARCHAR) || '/' || count(*) FROM ("
            + "SELECT symbol, hash('prices', t) AS h FROM prices t UNION ALL SELECT symbol, hash('bars', t) FROM bars t "
            + "UNION ALL SELECT symbol, hash('symbols', t) FROM symbols t UNION ALL SELECT symbol, hash('names', t) FROM bars_only_names t "
            + "UNION ALL SELECT symbol, hash('sessions', t) FROM symbol_sessions t "
            + "UNION ALL SELECT NULL, hash('early closes', t) FROM session_early_closes t) GROUP BY symbol"; // NULL: every symbol's reads

    private PriceWriteCheck() {}

    /**
     * When the check is on: fails when the write on {@code c} changed a symbol beyond {@code said} (null: it said nothing, any
     * symbol may change), against the store as {@code committed} (a connection outside the write) reads it.
     */
    static void check(Connection c, java.util.function.Supplier<Connection> committed, Set<String> said) throws SQLException {
        if (said == null || !Boolean.getBoolean(SWITCH)) return; // read each time: a test may break the rule on purpose
        Map<String, String> before;
        try (Connection other = committed.get()) {
            before = fingerprint(other);
        }
        Map<String, String> now = fingerprint(c);
        Set<String> changed = new java.util.HashSet<>();
        for (String s : before.keySet()) if (!before.get(s).equals(now.get(s))) changed.add(s);
        for (String s : now.keySet()) if (!before.containsKey(s)) changed.add(s);
        changed.removeAll(said);
        if (!changed.isEmpty()) {
            throw new IllegalStateException((said.isEmpty() ? "a write beside the prices" : "a write that said it changes " + new TreeSet<>(said))
                    + " changed the prices, bars or symbol rows of " + changed.stream().map(s -> s == null ? "every symbol (early closes)" : s).sorted().toList()
                    + ": write it with Store.inTransaction and name every symbol it changes (Store.changesOnly), or none");
        }
    }

    private static Map<String, String> fingerprint(Connection c) throws SQLException {
        Map<String, String> out = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(FINGERPRINT)) {
            while (r.next()) out.put(r.getString(1), r.getString(2));
        }
        return out;
    }
}
