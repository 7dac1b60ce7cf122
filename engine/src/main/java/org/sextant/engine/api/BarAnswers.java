package org.sextant.engine.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.data.TradingSession;

/** How the price and chart routes answer with bars of an interval (docs/mcp.md, get_close_price). */
final class BarAnswers {
    /** The chart's default window, as for daily closes. */
    static final int DEFAULT_BARS = 250;

    private BarAnswers() {}

    /** Whether a call answers as it always has: no interval, or 1d for a symbol with daily prices. */
    static boolean daily(String interval, String symbol, Map<String, List<String>> stored) {
        if (interval == null || interval.isBlank()) return true;
        return interval.trim().equals("1d") && stored.getOrDefault(symbol.trim().toUpperCase(Locale.ROOT), List.of()).contains("1d");
    }

    /** list_symbols' entries: each symbol's fields plus its stored and readable intervals. */
    static List<Map<String, Object>> withIntervals(List<SymbolInfo> symbols, Map<String, List<String>> stored) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (SymbolInfo s : symbols) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("symbol", s.symbol());
            m.put("name", s.name());
            m.put("currency", s.currency());
            m.put("exchange", s.exchange());
            m.put("first_date", s.firstDate());
            m.put("last_date", s.lastDate());
            m.put("rows", s.rows());
            m.put("source", s.source());
            List<String> intervals = stored.getOrDefault(s.symbol(), List.of());
            m.put("intervals", intervals);
            m.put("readable_intervals", BarReader.readable(intervals));
            out.add(m);
        }
        return out;
    }

    /** get_close_price at an interval: one object per bar. */
    static Map<String, Object> rows(BarSeries s) {
        List<Map<String, Object>> rows = new ArrayList<>(s.size());
        TradingSession session = TradingSession.of(s.session());
        for (IntervalBar b : s.bars()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("ts", b.ts() + "Z");
            row.put("ts_local", session.onClock(b.ts()));
            row.put("date", b.date());
            row.put("open", b.open());
            row.put("high", b.high());
            row.put("low", b.low());
            row.put("close", b.close());
            row.put("volume", b.volume());
            rows.add(row);
        }
        Map<String, Object> out = header(s);
        out.put("from", s.bars().isEmpty() ? null : s.bars().get(0).date());
        out.put("to", s.bars().isEmpty() ? null : s.bars().get(s.size() - 1).date());
        out.put("count", s.size());
        out.put("rows", rows);
        return out;
    }

    /** get_chart_data at an interval: the last {@code days} bars as columns, no forecast (forecasts are daily). */
    static Map<String, Object> columns(BarSeries s, Integer days) {
        List<IntervalBar> bars = s.bars().subList(Math.max(0, s.size() - (days == null ? DEFAULT_BARS : days)), s.size());
        Map<String, List<Object>> cols = new LinkedHashMap<>();
        for (String c : List.of("ts", "ts_local", "date", "open", "high", "low", "close", "volume")) cols.put(c, new ArrayList<>(bars.size()));
        TradingSession session = TradingSession.of(s.session());
        for (IntervalBar b : bars) {
            cols.get("ts").add(b.ts() + "Z");
            cols.get("ts_local").add(session.onClock(b.ts()));
            cols.get("date").add(b.date());
            cols.get("open").add(b.open());
            cols.get("high").add(b.high());
            cols.get("low").add(b.low());
            cols.get("close").add(b.close());
            cols.get("volume").add(b.volume());
        }
        Map<String, Object> out = header(s);
        out.put("count", bars.size());
        out.put("bars", cols);
        out.put("forecast", null);
        return out;
    }

    private static Map<String, Object> header(BarSeries s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("symbol", s.symbol());
        out.put("interval", s.interval());
        out.put("session", s.session());
        out.put("zone", TradingSession.of(s.session()).zone().getId());
        out.put("resampled_from", s.resampledFrom());
        out.put("bars_per_year", s.barsPerYear());
        return out;
    }
}
