package org.sextant.engine.research.store;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.IntervalBar;
import org.sextant.engine.research.sweep.BarAxis;
import org.sextant.engine.research.sweep.Universe;
import org.sextant.engine.store.Store;

/**
 * A run's universe at a bar interval: each symbol's bars as {@link BarReader} gives them (stored,
 * or resampled on the fly along the session from the finest stored interval below), aligned on
 * the bars all symbols have, annualised with the session's bars a year.
 */
final class BarUniverse {
    private BarUniverse() {}

    static Universe read(Store store, List<String> symbols, LocalDate from, LocalDate to, BarInterval interval) {
        BarReader reader = new BarReader(store);
        List<Map<LocalDateTime, double[]>> rows = new ArrayList<>();
        Map<LocalDateTime, LocalDate> tradingDay = new HashMap<>();
        BarSeries first = null;
        String session = null;
        for (String symbol : symbols) {
            BarSeries s = reader.read(symbol, interval, from, to);
            if (s.size() == 0) {
                throw SextantException.notFound("symbols", "no " + interval.label + " bars of " + symbol + " in the date range", "widen the range or drop " + symbol);
            }
            String recorded = reader.sessionLabel(symbol);
            if (first == null) {
                first = s;
                session = recorded;
            } else if (!Objects.equals(session, recorded) || s.barsPerYear() != first.barsPerYear()) {
                // bars of two sessions neither line up nor share a year's count, so no factor would be right for both
                throw SextantException.invalid("symbols", symbol + " has " + sessionOf(recorded) + " and " + first.symbol() + " " + sessionOf(session)
                        + ", so their " + interval.label + " bars neither line up nor make the same number a year", "run symbols of one session together");
            }
            Map<LocalDateTime, double[]> bars = new LinkedHashMap<>();
            for (IntervalBar b : s.bars()) {
                bars.put(b.ts(), new double[]{orNaN(b.open()), orNaN(b.high()), orNaN(b.low()), b.close()});
                tradingDay.put(b.ts(), b.date());
            }
            rows.add(bars);
        }
        return Universe.onCommonBars(symbols, rows, tradingDay, new BarAxis(interval.label, session, first.barsPerYear()));
    }

    private static String sessionOf(String recorded) {
        return recorded == null ? "daily prices without a recorded session" : "the " + recorded + " session";
    }

    private static double orNaN(Double v) {
        return v == null ? Double.NaN : v;
    }
}
