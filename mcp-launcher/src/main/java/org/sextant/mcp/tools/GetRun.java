package org.sextant.mcp.tools;

import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Capabilities;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.mcp.envelope.ToolFailure;
import org.sextant.mcp.tables.LargeResult;

/**
 * One stored run. The configurations and the equity curves can be thousands of rows: they come
 * as rows, and beyond the inline limit as preview + summary + a table resource.
 */
final class GetRun extends LauncherTool {
    static final List<String> CONFIGURATION_COLUMNS = List.of("configuration", "parameters", "is_sharpe", "oos_sharpe",
            "is_cagr", "oos_cagr", "is_max_drawdown", "oos_max_drawdown", "p_value", "log10_p_value");
    static final List<String> EQUITY_COLUMNS = List.of("date", "equity", "drawdown");

    // the skeleton every tool repeats (name, class, effect, schema; handle): one class per tool is the self-test's rule
    GetRun() {
        super("get_run", Categories.RESEARCH, ToolClass.READ, false,
                "One stored strategy run: spec, verdict, statistics (PSR, DSR, PBO), chosen parameters and metrics; optionally all configurations.",
                Capabilities.GET_RUN.schema());
    }

    @Override
    Object handle(Call call) throws ToolFailure {
        Map<String, Object> args = new LinkedHashMap<>();
        String runId = call.args().requiredString("run_id", "\"3f2a…\" (see list_runs)");
        args.put("run_id", runId);
        call.args().optionalBoolean("include_configurations").ifPresent(b -> args.put("include_configurations", b));
        call.args().optionalBoolean("include_equity").ifPresent(b -> args.put("include_equity", b));
        for (String page : List.of("configurations_offset", "configurations_limit")) call.args().optionalInt(page).ifPresent(v -> args.put(page, v));
        Map<String, Object> data = new LinkedHashMap<>(call.context().app().call(Capabilities.GET_RUN, args));
        if (data.get("configurations") instanceof List<?> configs && !configs.isEmpty()) {
            List<Object> rows = new ArrayList<>(configs.size());
            for (Object c : configs) rows.add(configurationRow(c));
            data.put("configurations", rows);
            data = LargeResult.shrink(data, "configurations", CONFIGURATION_COLUMNS, Map.of("count", rows.size()),
                    "get_run " + runId + " configurations", call.context().tables());
        }
        if (data.get("equity") instanceof List<?> curves && !curves.isEmpty()) {
            List<Object> out = new ArrayList<>();
            for (Object c : curves) out.add(curve(c, runId, call));
            data.put("equity", out);
        }
        return data;
    }

    /** A flat row (IS/OOS Sharpe side by side: a point of the scatter). */
    private static Map<String, Object> configurationRow(Object c) {
        Map<?, ?> m = (Map<?, ?>) c;
        Map<?, ?> is = (Map<?, ?>) m.get("in_sample"), oos = (Map<?, ?>) m.get("out_of_sample");
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("configuration", m.get("configuration"));
        row.put("parameters", m.get("parameters"));
        row.put("is_sharpe", is == null ? null : is.get("sharpe"));
        row.put("oos_sharpe", oos == null ? null : oos.get("sharpe"));
        row.put("is_cagr", is == null ? null : is.get("cagr"));
        row.put("oos_cagr", oos == null ? null : oos.get("cagr"));
        row.put("is_max_drawdown", is == null ? null : is.get("max_drawdown"));
        row.put("oos_max_drawdown", oos == null ? null : oos.get("max_drawdown"));
        row.put("p_value", m.get("p_value")); // the in-sample Sharpe ratio's single-test p-value: 0 below 1e-308, where its log is exact
        row.put("log10_p_value", m.get("log10_p_value"));
        return row;
    }

    /** A curve as rows {date, equity, drawdown}; long curves become a table resource with a preview. */
    private static Map<String, Object> curve(Object c, String runId, Call call) {
        Map<?, ?> m = (Map<?, ?>) c;
        List<?> dates = (List<?>) m.get("dates"), eq = (List<?>) m.get("equity"), dd = (List<?>) m.get("drawdown");
        List<Object> rows = new ArrayList<>(dates.size());
        for (int t = 0; t < dates.size(); t++) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("date", dates.get(t));
            r.put("equity", eq.get(t));
            r.put("drawdown", dd.get(t));
            rows.add(r);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("role", m.get("role"));
        out.put("configuration", m.get("configuration"));
        Object oosIndex = m.get("oos_index");
        out.put("oos_start", oosIndex instanceof Number n && n.intValue() < dates.size() ? dates.get(n.intValue()) : null);
        out.put("final_equity", eq.isEmpty() ? null : eq.get(eq.size() - 1));
        double worst = 0;
        for (Object v : dd) if (v instanceof Number n) worst = Math.min(worst, n.doubleValue());
        out.put("max_drawdown", -worst);
        out.put("rows", rows);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("count", rows.size());
        summary.put("first_date", dates.isEmpty() ? null : dates.get(0));
        summary.put("last_date", dates.isEmpty() ? null : dates.get(dates.size() - 1));
        return LargeResult.shrink(out, "rows", EQUITY_COLUMNS, summary, "get_run " + runId + " equity " + m.get("role"), call.context().tables());
    }
}
