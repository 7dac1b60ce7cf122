package org.sextant.engine.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.sextant.engine.Json;
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

    /** list_symbols' entries: each symbol's fields plus its stored and readable intervals. */
    static List<Map<String, Object>> withIntervals(List<SymbolInfo> symbols, Map<String, List<String>> stored) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (SymbolInfo s : symbols) {
            Map<String, Object> m = Json.object("symbol", s.symbol(), "name", s.name(), "currency", s.currency(), "exchange", s.exchange(),
                    "first_date", s.firstDate(), "last_date", s.lastDate(), "rows", s.rows(), "source", s.source());
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
        for (IntervalBar b : s.bars()) rows.add(fields(b, session));
        Map<String, Object> out = header(s);
        out.put("from", s.bars().isEmpty() ? null : s.bars().get(0).date());
        out.put("to", s.bars().isEmpty() ? null : s.bars().get(s.size() - 1).date());
        out.put("count", s.size());
        out.put("rows", rows);
        return out;
    }

    /**
     * The answer with {@code outside_session}: stored bars in the dates asked that are in no bar (outside the session),
     * and a note saying so when there are any, so a count below the stored rows is explained (docs/data.md).
     */
    static Map<String, Object> withOutsideSession(Map<String, Object> answer, long outside) {
        answer.put("outside_session", outside);
        if (outside > 0) {
            TradingSession session = TradingSession.of((String) answer.get("session"));
            String early = session.earlyCloseRule() == null ? "" : ", or after an early close (" + session.earlyCloseRule() + ")";
            answer.merge("note", outside + " stored bars in the dates asked fall outside the " + answer.get("session") + " session ("
                    + session.hours() + "): " + places(session) + early + "; "
                    + "they are in no bar at any interval; run_select on bars shows them",
                    (before, added) -> before + "; " + added);
        }
        return answer;
    }

    /** Where bars outside {@code session} fall, in its words: fx trades every weekday hour, so only its weekend is outside. */
    private static String places(TradingSession session) {
        return session == TradingSession.FX ? "on a weekend (Friday 17:00 to Sunday 17:00 New York)" : "on a weekend, before the open or after the close";
    }

    /** The answer with {@code note} added to its note (after what it says already); unchanged for a null note. */
    static Map<String, Object> withNote(Map<String, Object> answer, String note) {
        if (note != null) answer.merge("note", note, (before, added) -> before + "; " + added);
        return answer;
    }

    /** The newest {@code count} bars of a symbol at an interval, oldest first: the one store read of a chart at an interval. */
    @FunctionalInterface
    interface NewestBars {
        BarSeries read(String symbol, String interval, int count);
    }

    /**
     * get_chart_data at an interval: the last {@code days} bars as columns, no forecast (forecasts are daily). Only those
     * bars are read: years of 1-minute bars are never held whole for a chart's few hundred.
     */
    static Map<String, Object> chart(NewestBars store, String symbol, String interval, Integer days) {
        return columns(store.read(symbol, interval, days == null ? DEFAULT_BARS : days));
    }

    /** {@code s}'s bars as the chart's columns. */
    static Map<String, Object> columns(BarSeries s) {
        List<IntervalBar> bars = s.bars();
        Map<String, List<Object>> cols = new LinkedHashMap<>();
        for (String c : List.of("ts", "ts_local", "date", "open", "high", "low", "close", "volume")) cols.put(c, new ArrayList<>(bars.size()));
        TradingSession session = TradingSession.of(s.session());
        for (IntervalBar b : bars) fields(b, session).forEach((field, value) -> cols.get(field).add(value));
        Map<String, Object> out = header(s);
        out.put("count", bars.size());
        out.put("bars", cols);
        out.put("forecast", null);
        return out;
    }

    /** One bar as the wire names its fields, in the order of {@link #columns}' column list. */
    private static Map<String, Object> fields(IntervalBar b, TradingSession session) {
        return Json.object("ts", b.ts() + "Z", "ts_local", session.onClock(b.ts()), "date", b.date(), "open", b.open(), "high", b.high(), "low", b.low(), "close", b.close(),
                "volume", b.volume());
    }

    private static Map<String, Object> header(BarSeries s) {
        Map<String, Object> out = Json.object("symbol", s.symbol(), "interval", s.interval(), "session", s.session(),
                "zone", TradingSession.of(s.session()).zone().getId(), "resampled_from", s.resampledFrom(), "bars_per_year", s.barsPerYear());
        if (s.note() != null) out.put("note", s.note()); // several stored intervals gave the bars: which span is whose
        return out;
    }
}
