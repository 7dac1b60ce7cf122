package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.LargeResult;

/** Daily closes of one symbol; long ranges come back as preview + summary + resource URI. */
final class GetClosePrice extends LauncherTool {
    static final List<String> COLUMNS = List.of("date", "close", "adj_close");
    /** An answer at another interval than the daily one carries bars (ts in UTC, ts_local on the session's clock, the trading day, OHLCV). */
    static final List<String> BAR_COLUMNS = List.of("ts", "ts_local", "date", "open", "high", "low", "close", "volume");

    GetClosePrice() {
        super("get_close_price", Categories.DATA, ToolClass.READ, false,
                "Daily close and adjusted close of one symbol between optional dates, or its bars at another interval (30m, 1h, 1w, ...); over 200 rows a preview plus a sextant://table resource.",
                Capabilities.GET_CLOSE_PRICE.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        String symbol = call.args().requiredString("symbol", "\"AAPL\" (see list_symbols)");
        Optional<LocalDate> start = call.args().optionalDate("start");
        Optional<LocalDate> end = call.args().optionalDate("end");
        if (start.isPresent() && end.isPresent() && start.get().isAfter(end.get())) {
            throw ToolFailure.invalidInput("start", start.get() + " is after end " + end.get(),
                    "pass a start on or before the end date");
        }
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("symbol", symbol);
        start.ifPresent(d -> args.put("start", d.toString()));
        end.ifPresent(d -> args.put("end", d.toString()));
        call.args().optionalString("interval").ifPresent(i -> args.put("interval", i));
        call.args().optionalInt("limit").ifPresent(n -> args.put("limit", n));
        Map<String, Object> data = call.context().app().call(Capabilities.GET_CLOSE_PRICE, args);
        if (!(data.get("rows") instanceof List<?> rows) || rows.size() <= LargeResult.ROW_LIMIT) return data;
        List<String> columns = rows.get(0) instanceof Map<?, ?> first && first.containsKey("ts") ? BAR_COLUMNS : COLUMNS;
        return LargeResult.shrink(data, "rows", columns, summary(rows),
                "get_close_price " + Map.copyOf(args), call.context().tables());
    }

    /** Count, first/last date and min/max close of the rows as the app sent them (date order). */
    static Map<String, Object> summary(List<?> rows) {
        Double min = null, max = null;
        for (Object row : rows) {
            if (row instanceof Map<?, ?> m && m.get("close") instanceof Number n) {
                double c = n.doubleValue();
                min = min == null ? c : Math.min(min, c);
                max = max == null ? c : Math.max(max, c);
            }
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("count", rows.size());
        s.put("first_date", dateOf(rows.get(0)));
        s.put("last_date", dateOf(rows.get(rows.size() - 1)));
        s.put("min_close", min);
        s.put("max_close", max);
        return s;
    }

    private static Object dateOf(Object row) {
        return row instanceof Map<?, ?> m ? m.get("date") : null;
    }
}
