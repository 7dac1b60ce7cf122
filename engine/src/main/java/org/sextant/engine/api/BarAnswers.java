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
    // dup: wire maps spelled key by key here and below: the field names and their order are the API's contract
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
        for (IntervalBar b : s.bars()) rows.add(fields(b));
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
        for (String c : List.of("ts", "date", "open", "high", "low", "close", "volume")) cols.put(c, new ArrayList<>(bars.size()));
        for (IntervalBar b : bars) fields(b).forEach((field, value) -> cols.get(field).add(value));
        Map<String, Object> out = header(s);
        out.put("count", bars.size());
        out.put("bars", cols);
        out.put("forecast", null);
        return out;
    }

    /** One bar as the wire names its fields, in the order of {@link #columns}' column list. */
    private static Map<String, Object> fields(IntervalBar b) {
        // dup: the wire's bar fields key by key; alike only in shape to other maps (rows and columns share this one)
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("ts", b.ts() + "Z");
        row.put("date", b.date());
        row.put("open", b.open());
        row.put("high", b.high());
        row.put("low", b.low());
        row.put("close", b.close());
        row.put("volume", b.volume());
        return row;
    }

    private static Map<String, Object> header(BarSeries s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("symbol", s.symbol());
        out.put("interval", s.interval());
        out.put("session", s.session());
        out.put("resampled_from", s.resampledFrom());
        out.put("bars_per_year", s.barsPerYear());
        return out;
    }
}
