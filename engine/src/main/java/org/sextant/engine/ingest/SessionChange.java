package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.data.TradingSession;
import org.sextant.engine.store.Store;

/**
 * Sets the trading session of one stored symbol (the row of symbol_sessions an import guessed from its bars): reads resample
 * and annualise along it from then on. Stored forecasts and backtests are records of the session they were made with: they
 * are not recomputed, and the answer says how many there are.
 */
public final class SessionChange {
    private final Store store;
    private final PriceRepository prices;

    /**
     * What set_trading_session did.
     *
     * @param was    the session recorded before (null: none was, so reads took continuous)
     * @param stale  stored rows made along the old session, per table (forecasts, forecast_backtests), each not recomputed
     */
    public record SessionSet(String symbol, String session, String was, String hours, Map<String, Long> stale, String note) {}

    public SessionChange(Store store, PriceRepository prices) {
        this.store = store;
        this.prices = prices;
    }

    public SessionSet set(String symbol, String session) {
        String sym = PriceRepository.requireCanonical(symbol);
        if (session == null || session.isBlank()) {
            throw SextantException.invalid("session", "a session is required", "give one of " + TradingSession.labels().replace("|", ", "));
        }
        TradingSession to = TradingSession.named(session);
        if (to == null) {
            throw SextantException.invalid("session", "no session is named \"" + org.sextant.contract.ShownText.name(session) + "\"",
                    "give one of " + TradingSession.labels().replace("|", ", ") + " (sessions are lower case)");
        }
        return store.inTransaction(PriceDeletion.WRITER_WAIT, "set_trading_session", c -> {
            store.changesOnly(java.util.List.of(sym));
            if (PriceDeletion.rowsByInterval(c, sym).isEmpty()) throw prices.unknownSymbol(symbol);
            String was = one(c, "SELECT any_value(session) FROM symbol_sessions WHERE symbol = ?", sym);
            // an upsert: DuckDB may refuse a delete and insert of one key in a transaction as a duplicate
            try (PreparedStatement p = c.prepareStatement("INSERT INTO symbol_sessions (symbol, session) VALUES (?, ?) "
                    + "ON CONFLICT (symbol) DO UPDATE SET session = excluded.session")) {
                p.setString(1, sym);
                p.setString(2, to.label());
                p.executeUpdate();
            }
            Map<String, Long> stale = new java.util.LinkedHashMap<>();
            stale.put("forecasts", count(c, "SELECT count(*) FROM forecasts WHERE symbol = ?", sym));
            stale.put("forecast_backtests", count(c, "SELECT count(*) FROM forecast_backtests WHERE symbol = ?", sym));
            long made = stale.values().stream().mapToLong(Long::longValue).sum();
            String note = made == 0 || to.label().equals(was) ? null
                    : made + " stored forecast result" + (made == 1 ? "" : "s") + " of " + sym + " (forecasts, forecast backtests) "
                    + (made == 1 ? "was" : "were") + " made along the old session and " + (made == 1 ? "is" : "are")
                    + " not recomputed: run them again to use " + to.label();
            return new SessionSet(sym, to.label(), was, to.hours(), stale, note);
        });
    }

    private static String one(Connection c, String sql, String sym) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, sym);
            try (ResultSet r = p.executeQuery()) {
                return r.next() ? r.getString(1) : null;
            }
        }
    }

    private static long count(Connection c, String sql, String sym) throws SQLException {
        return Long.parseLong(one(c, sql, sym));
    }
}
