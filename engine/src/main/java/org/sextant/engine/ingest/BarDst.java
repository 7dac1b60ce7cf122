package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;

/**
 * Naive bar times read in a zone with clock changes (docs/data.md, "Daylight saving"). When clocks
 * go back an hour of local times happens twice: the rows of one symbol at such a time take, in
 * file order, the earlier offset then the later one (as exchanges write them, and pandas'
 * ambiguous='infer'; the other way round in a file listed newest first); a lone row takes the
 * earlier one, a third is refused. When clocks go forward
 * the skipped local times do not exist and are refused: converting them would move the bar silently.
 */
final class BarDst {
    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private BarDst() {}

    /** Sets ts of the file's rows in repeated hours; refuses rows in skipped hours or a third row at one repeated time. */
    static void resolve(Connection c, BarImport.Source s) throws SQLException {
        LocalDateTime first;
        LocalDateTime last;
        try (PreparedStatement p = c.prepareStatement("SELECT CAST(min(local_ts) AS VARCHAR), CAST(max(local_ts) AS VARCHAR) FROM bar_rows WHERE file_no = ?")) {
            p.setInt(1, s.no());
            try (ResultSet r = p.executeQuery()) {
                if (!r.next() || r.getString(1) == null) return;
                first = LocalDateTime.parse(r.getString(1).replace(' ', 'T'));
                last = LocalDateTime.parse(r.getString(2).replace(' ', 'T'));
            }
        }
        boolean newestFirst = newestFirst(c, s);
        ZoneId zone = s.bar().time().zone();
        ZoneOffsetTransition t = zone.getRules().nextTransition(first.minusDays(1).atZone(ZoneOffset.UTC).toInstant());
        for (; t != null && !t.getDateTimeAfter().minusDays(1).isAfter(last); t = zone.getRules().nextTransition(t.getInstant())) {
            if (t.isGap()) refuseSkipped(c, s, t);
            else resolveRepeated(c, s, t, newestFirst);
        }
    }

    private static void refuseSkipped(Connection c, BarImport.Source s, ZoneOffsetTransition t) throws SQLException {
        List<Object[]> rows = rowsBetween(c, s, t.getDateTimeBefore(), t.getDateTimeAfter());
        if (rows.isEmpty()) return;
        LocalDateTime local = (LocalDateTime) rows.get(0)[2];
        String zone = s.bar().time().zone().getId();
        throw refusal(s, (Long) rows.get(0)[0], SHOWN.format(local) + " does not exist: it falls in the DST gap of " + zone + " on " + local.toLocalDate()
                + " (clocks went forward from " + t.getDateTimeBefore().toLocalTime() + " to " + t.getDateTimeAfter().toLocalTime() + ")", t);
    }

    /** Whether the file lists its bars newest first (its first line's time after its last line's): then a repeated time's first row is the later one. */
    private static boolean newestFirst(Connection c, BarImport.Source s) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT arg_min(local_ts, line) > arg_max(local_ts, line) FROM bar_rows WHERE file_no = ?")) {
            p.setInt(1, s.no());
            try (ResultSet r = p.executeQuery()) {
                return r.next() && r.getBoolean(1);
            }
        }
    }

    private static void resolveRepeated(Connection c, BarImport.Source s, ZoneOffsetTransition t, boolean newestFirst) throws SQLException {
        List<Object[]> rows = rowsBetween(c, s, t.getDateTimeAfter(), t.getDateTimeBefore());
        Map<List<Object>, Integer> times = new HashMap<>();
        for (Object[] row : rows) times.merge(List.of(String.valueOf(row[1]), row[2]), 1, Integer::sum);
        Map<List<Object>, Integer> seen = new HashMap<>();
        try (PreparedStatement p = c.prepareStatement("UPDATE bar_rows SET ts = CAST(? AS TIMESTAMP), date = CAST(CAST(? AS TIMESTAMP) AS DATE) WHERE file_no = ? AND line = ?")) {
            for (Object[] row : rows) {
                LocalDateTime local = (LocalDateTime) row[2];
                int n = seen.merge(List.of(String.valueOf(row[1]), local), 1, Integer::sum);
                if (n > 2) {
                    throw refusal(s, (Long) row[0], SHOWN.format(local) + " is the third row of " + row[1] + " at this time, which happens twice: on "
                            + local.toLocalDate() + " clocks in " + s.bar().time().zone().getId() + " went back from " + t.getDateTimeBefore().toLocalTime()
                            + " to " + t.getDateTimeAfter().toLocalTime() + " (the DST change), so the first row is read as " + t.getOffsetBefore()
                            + " and the second as " + t.getOffsetAfter(), t);
                }
                // a lone row takes the earlier offset; of two, the one the file lists first in time order does
                boolean earlier = times.get(List.of(String.valueOf(row[1]), local)) == 1 || (n == 1) != newestFirst;
                String utc = local.minusSeconds((earlier ? t.getOffsetBefore() : t.getOffsetAfter()).getTotalSeconds()).toString();
                p.setString(1, utc);
                p.setString(2, utc);
                p.setInt(3, s.no());
                p.setLong(4, (Long) row[0]);
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** The file's rows (line, symbol, local time) with local times in [from, to), in file order. */
    private static List<Object[]> rowsBetween(Connection c, BarImport.Source s, LocalDateTime from, LocalDateTime to) throws SQLException {
        List<Object[]> out = new java.util.ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT line, symbol, CAST(local_ts AS VARCHAR) FROM bar_rows WHERE file_no = ? "
                + "AND local_ts >= CAST(? AS TIMESTAMP) AND local_ts < CAST(? AS TIMESTAMP) ORDER BY line")) {
            p.setInt(1, s.no());
            p.setString(2, from.toString());
            p.setString(3, to.toString());
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) out.add(new Object[] {r.getLong(1), r.getString(2), LocalDateTime.parse(r.getString(3).replace(' ', 'T'))});
            }
        }
        return out;
    }

    private static SextantException refusal(BarImport.Source s, long line, String what, ZoneOffsetTransition t) {
        BarFile bar = s.bar();
        List<String> names = bar.time().cols().stream().map(bar.header()::get).toList();
        return SextantException.invalid(names.get(0), bar.file() + " line " + line + ", column " + String.join(" + ", names) + ": " + what,
                "write the times in UTC (ending in Z) or with their UTC offset (" + SHOWN.format(t.getDateTimeAfter()) + t.getOffsetAfter()
                        + "), or import with a fixed offset such as --timezone " + t.getOffsetAfter() + " if the file's clock never changes");
    }
}
