package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.jobs.CancellableSql;
import org.sextant.engine.jobs.Cancellation;

/**
 * The interval and grid checks of every symbol of an import batch ({@link BarSteps#refuseCoarserRun},
 * {@link BarPhase#refuseMixedPhases}, {@link BarPhase#refuseAnotherGrid}), one grouped query per interval and check:
 * one query per symbol and check held the store's writer for minutes on a file of 3,000 symbols of 4 bars
 * (attack 36b F2). A symbol screened as refused is then refused by its own query, which names its lines.
 *
 * @param coarserRun "file_no\0symbol" of the symbols with a run of a coarser interval
 * @param offGrid    those with bars off their grid
 * @param mine       each symbol's grid (BarPhase's phases) in this file
 * @param stored     by "symbol\0interval", the grid of the symbol's stored bars of an interval detected for it
 */
record BarGridScreen(Set<String> coarserRun, Set<String> offGrid, Map<String, Long[]> mine, Map<String, Long[]> stored) {
    static String key(int fileNo, String symbol) {
        return fileNo + "\u0000" + symbol;
    }

    /**
     * Screens the symbols of bar_steps whose interval {@code intervals} gives ("file_no\0symbol" to interval); {@code zones}: by file,
     * the zone whose clock changes its bars may move across (null: any).
     */
    static BarGridScreen of(Connection c, Map<String, BarInterval> intervals, Map<Integer, java.time.ZoneId> zones) throws SQLException {
        BarGridScreen out = new BarGridScreen(new HashSet<>(), new HashSet<>(), new HashMap<>(), new HashMap<>());
        if (intervals.isEmpty()) return out;
        StringJoiner rows = new StringJoiner(", ");
        for (Map.Entry<String, BarInterval> e : intervals.entrySet()) {
            String[] k = e.getKey().split("\u0000", 2);
            rows.add("(" + k[0] + ", " + ImportBatch.literal(k[1]) + ", " + ImportBatch.literal(e.getValue().label) + ")");
        }
        exec(c, "CREATE OR REPLACE TEMP TABLE bar_intervals AS SELECT * FROM (VALUES " + rows + ") v(file_no, symbol, interval)");
        for (BarInterval interval : new java.util.TreeSet<>(intervals.values())) {
            Cancellation.check();
            keys(c, BarSteps.coarserRunSql(interval), out.coarserRun);
            if (!interval.intraday()) continue;
            String label = ImportBatch.literal(interval.label);
            out.mine.putAll(BarPhase.phasesOf(c, "SELECT file_no, symbol, ts FROM bar_steps JOIN bar_intervals USING (file_no, symbol) WHERE interval = " + label, interval));
            Cancellation.check();
            for (Map.Entry<String, Long[]> e : BarPhase.phasesOf(c, "SELECT -1 AS file_no, symbol, ts FROM bars WHERE interval = " + label
                    + " AND symbol IN (SELECT symbol FROM bar_intervals WHERE interval = " + label + ")", interval).entrySet()) {
                out.stored.put(e.getKey().substring(e.getKey().indexOf('\u0000') + 1) + "\u0000" + interval.label, e.getValue());
            }
            Cancellation.check();
            offGrid(c, interval, intervals, zones, out);
        }
        exec(c, "DROP TABLE bar_intervals");
        return out;
    }

    /** The symbols of the interval with bars off their grid: its main phase, and a clock change off it where the bars move to it across one. */
    private static void offGrid(Connection c, BarInterval interval, Map<String, BarInterval> intervals, Map<Integer, java.time.ZoneId> zones, BarGridScreen out) throws SQLException {
        Map<String, Long[]> grids = new HashMap<>();
        for (Map.Entry<String, Long[]> e : out.mine.entrySet()) if (intervals.get(e.getKey()) == interval) grids.put(e.getKey(), e.getValue());
        Map<String, Long> alt = new HashMap<>();
        for (Map.Entry<String, Long[]> e : grids.entrySet()) if (e.getValue()[1] != null) alt.put(e.getKey(), e.getValue()[1]);
        if (!alt.isEmpty()) {
            Map<String, List<long[]>> moves;
            try (java.sql.PreparedStatement p = c.prepareStatement(BarPhase.movesSql(values(grids, alt), interval))) {
                moves = BarPhase.movesOf(p);
            }
            alt.entrySet().removeIf(e -> !BarPhase.acrossClockChanges(moves.getOrDefault(e.getKey(), List.of()), e.getValue() - grids.get(e.getKey())[0],
                    interval, zones.get(Integer.valueOf(e.getKey().substring(0, e.getKey().indexOf('\u0000'))))));
        }
        if (!grids.isEmpty()) keys(c, BarPhase.offGridSql(values(grids, alt), interval), out.offGrid);
    }

    /** The grids as rows of a VALUES list (file_no, symbol, main, alt). */
    private static String values(Map<String, Long[]> grids, Map<String, Long> alt) {
        StringJoiner out = new StringJoiner(", ");
        for (Map.Entry<String, Long[]> e : grids.entrySet()) {
            String[] k = e.getKey().split("\u0000", 2);
            Long a = alt.get(e.getKey());
            out.add("(" + k[0] + ", " + ImportBatch.literal(k[1]) + ", CAST(" + e.getValue()[0] + " AS BIGINT), CAST(" + (a == null ? "NULL" : a) + " AS BIGINT))");
        }
        return out.toString();
    }

    /** Adds each row's "file_no\0symbol" of a query of (file_no, symbol). */
    private static void keys(Connection c, String sql, Set<String> into) throws SQLException {
        if (sql == null) return;
        try (Statement st = c.createStatement(); ResultSet r = CancellableSql.run(st, () -> st.executeQuery(sql))) {
            while (r.next()) into.add(key(r.getInt(1), r.getString(2)));
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            CancellableSql.run(st, () -> st.execute(sql));
        }
    }
}
