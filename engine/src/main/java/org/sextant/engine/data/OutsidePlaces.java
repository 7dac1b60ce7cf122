package org.sextant.engine.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Where a symbol's stored bars outside its session fall (before the open, after the close, after an early close, on a weekend), by the resample_bars rules. */
public final class OutsidePlaces {
    private OutsidePlaces() {}

    /** How many of {@code symbol}'s stored {@code stored} bars fall at each place, in that order, places without bars left out. */
    public static Map<String, Long> of(Connection c, String symbol, BarInterval stored) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (PreparedStatement p = c.prepareStatement("SELECT place, count(*) FROM (" + ResampleWindow.outside(stored) + ") GROUP BY place "
                + "ORDER BY list_position(['before the open', 'after the close', 'after an early close', 'weekend'], place)")) {
            ResampleWindow.bind(p, 1, symbol, null, null, stored);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) out.put(r.getString(1), r.getLong(2));
            }
        }
        return out;
    }

    /**
     * "10 before the open, 5 after the close, 2 on a weekend": the counts of {@link #of} as a reader is told them, bars after an early
     * close with the {@code session}'s rule ("12 after an early close (13:00 New York on the NYSE's half days: ...)").
     */
    public static String said(Map<String, Long> places, TradingSession session) {
        java.util.StringJoiner out = new java.util.StringJoiner(", ");
        places.forEach((place, n) -> out.add(String.format(java.util.Locale.ROOT, "%,d %s", n, switch (place) {
            case "weekend" -> "on a weekend";
            case "after an early close" -> place + (session.earlyCloseRule() == null ? "" : " (" + session.earlyCloseRule() + ")");
            default -> place;
        })));
        return out.toString();
    }
}
