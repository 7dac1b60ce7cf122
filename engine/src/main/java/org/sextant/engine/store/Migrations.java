package org.sextant.engine.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

/**
 * Forward-only, versioned schema migrations. Each entry is a SQL resource under
 * db/migration/; a store records what it has applied in schema_version and applies the rest
 * in order, each in its own transaction. Never edit a released migration: add the next one.
 */
public final class Migrations {
    /**
     * Every migration; each is applied once, identified by the number in its name, so a store
     * that has V001 and V020 still receives a V010 added later.
     */
    public static final List<String> ALL = List.of(
            "V001__prices_and_symbols.sql",
            "V010__forecasts.sql",
            "V020__research.sql",
            "V021__run_equity.sql",
            "V030__signals.sql",
            "V031__signal_fill.sql",
            "V040__bars.sql",
            "V045__strategy_run_interval.sql",
            "V046__price_arima_differenced_once.sql",
            "V047__bars_only_names.sql",
            "V048__eu_equity_session.sql",
            "V049__daily_bars_on_session_clock.sql",
            "V050__eu_equity_closing_auction.sql",
            "V052__forecast_closes_digest.sql",
            "V053__backtest_closes_digest.sql",
            "V054__configuration_p_value.sql",
            "V055__strategy_run_annualisation.sql",
            "V056__backtest_oos_start.sql",
            "V057__european_venue_sessions.sql",
            "V058__euronext_session.sql",
            "V059__early_close_auctions.sql",
            "V060__nyse_half_day_closes.sql",
            "V061__symbols_before_ticker_rule.sql",
            "V062__strategy_run_costs_from_cash.sql",
            "V063__configuration_log10_p_value.sql");

    private Migrations() {}

    static void apply(Store store) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER PRIMARY KEY, name VARCHAR NOT NULL, applied_at TIMESTAMP NOT NULL DEFAULT current_timestamp)");
            }
            return null;
        });
        java.util.Set<Integer> applied = appliedVersions(store);
        for (String name : ALL) {
            int version = versionOf(name);
            if (applied.contains(version)) continue;
            String sql = resource(name);
            store.inTransaction(c -> {
                try (Statement s = c.createStatement()) {
                    for (String stmt : sql.split(";\\s*(\\r?\\n|$)")) {
                        if (!stmt.isBlank()) s.execute(stmt);
                    }
                }
                try (PreparedStatement p = c.prepareStatement("INSERT INTO schema_version(version, name) VALUES (?, ?)")) {
                    p.setInt(1, version);
                    p.setString(2, name);
                    p.executeUpdate();
                }
                return null;
            });
        }
    }

    /** V020__research.sql -> 20: the number in the name is the version, whatever the list order. */
    static int versionOf(String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("^V(\\d+)__.+\\.sql$").matcher(name);
        if (!m.matches()) throw new IllegalStateException("migration name must look like V001__what.sql: " + name);
        return Integer.parseInt(m.group(1));
    }

    private static java.util.Set<Integer> appliedVersions(Store store) {
        return store.read(c -> {
            java.util.Set<Integer> out = new java.util.HashSet<>();
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT version FROM schema_version")) {
                while (r.next()) out.add(r.getInt(1));
            }
            return out;
        });
    }

    public static int currentVersion(Store store) {
        return store.read(c -> currentVersion(c));
    }

    private static int currentVersion(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }

    private static String resource(String name) {
        try (InputStream in = Migrations.class.getResourceAsStream("/db/migration/" + name)) {
            if (in == null) throw new IllegalStateException("migration resource missing: " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read migration " + name, e);
        }
    }
}
