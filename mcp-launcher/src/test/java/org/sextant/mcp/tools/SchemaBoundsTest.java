package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.sextant.contract.ArgumentSchema;
import org.sextant.contract.Bounds;
import org.sextant.mcp.envelope.ToolFailure;

/**
 * Every bound and allowed-value list of every tool is enforced by the one schema check: for each
 * bounded argument a value just outside is refused with invalid_input naming the field and one
 * just inside passes. The bounds the launcher once checked by hand are listed so none got lost.
 */
class SchemaBoundsTest {
    /** tool, argument, lowest and highest allowed value: the hand checks the schema check replaced. */
    private static final List<Object[]> HAND_CHECKED = List.of(
            new Object[] {"get_forecast", "horizon", 1, Bounds.MAX_HORIZON}, new Object[] {"get_reward_risk", "horizon", 1, Bounds.MAX_HORIZON},
            new Object[] {"scan_forecasts", "horizon", 1, Bounds.MAX_HORIZON}, new Object[] {"forecast_tickers", "horizon", 1, Bounds.MAX_HORIZON},
            new Object[] {"train_global_model", "horizon", 1, Bounds.MAX_HORIZON},
            new Object[] {"scan_forecasts", "top", 1, Bounds.MAX_SCAN_TOP}, new Object[] {"scan_forecasts", "min_history", 1, 100_000},
            new Object[] {"get_chart_data", "days", 20, 20_000}, new Object[] {"render_chart", "days", 20, 20_000},
            new Object[] {"render_chart", "width", Bounds.MIN_WIDTH, Bounds.MAX_WIDTH}, new Object[] {"render_chart", "height", Bounds.MIN_HEIGHT, Bounds.MAX_HEIGHT},
            new Object[] {"backtest_graph", "threads", 1, 64},
            new Object[] {"read_app_log", "lines", 1, 2000}, new Object[] {"list_runs", "limit", 1, 1000},
            new Object[] {"get_tool_manifest", "offset", 0, 1000}, new Object[] {"get_tool_manifest", "limit", 1, 50},
            new Object[] {"negotiate_contract", "contract", 1, 1000}, new Object[] {"run_select", "limit", 1, Bounds.MAX_SELECT_ROWS},
            new Object[] {"get_close_price", "limit", 1, Bounds.MAX_PRICE_ROWS},
            new Object[] {"list_symbols", "limit", 1, Bounds.MAX_SYMBOL_LIST}, new Object[] {"list_symbols", "offset", 0, Integer.MAX_VALUE});
    /** tool, list argument, most items. */
    private static final List<Object[]> HAND_CHECKED_LISTS = List.of(
            new Object[] {"gather_tickers", "symbols", Bounds.MAX_JOB_SYMBOLS}, new Object[] {"refresh_tickers", "symbols", Bounds.MAX_JOB_SYMBOLS},
            new Object[] {"refresh_job_start", "symbols", Bounds.MAX_JOB_SYMBOLS}, new Object[] {"forecast_tickers", "symbols", Bounds.MAX_JOB_SYMBOLS},
            new Object[] {"import_prices", "paths", Bounds.MAX_IMPORT_FILES}, new Object[] {"scan_forecasts", "symbols", Bounds.MAX_SCAN_SYMBOLS},
            new Object[] {"backtest_graph", "symbols", 500}, new Object[] {"get_forecast", "levels", Bounds.MAX_LEVELS});
    /** tool, argument, allowed values the tool code once listed itself. */
    private static final List<Object[]> HAND_CHECKED_VALUES = List.of(
            new Object[] {"get_forecast", "calibration", List.of("conformal", "adaptive", "model")},
            new Object[] {"get_reward_risk", "calibration", List.of("conformal", "adaptive", "model")},
            new Object[] {"scan_forecasts", "calibration", List.of("conformal", "adaptive", "model")},
            new Object[] {"get_tool_manifest", "category", List.of("core", "data", "jobs", "research", "app")},
            new Object[] {"focus_category", "category", List.of("data", "jobs", "research", "app")},
            new Object[] {"drive_app", "command", List.of("open_chart", "select_view", "open_run", "start_forecast", "start_backtest")},
            new Object[] {"get_db_schema", "format", List.of("markdown", "json")},
            new Object[] {"scan_forecasts", "level", List.of(0.8, 0.95, 0.99, 80, 95, 99)});

    @Test
    void everyBoundTheHandChecksHadIsInTheSchemas() {
        for (Object[] b : HAND_CHECKED) assertIntegerBound(tool((String) b[0]), (String) b[1], (Integer) b[2], (Integer) b[3]);
        for (Object[] b : HAND_CHECKED_LISTS) assertListBound(tool((String) b[0]), (String) b[1], (Integer) b[2]);
        for (Object[] b : HAND_CHECKED_VALUES) assertAllowedValues(tool((String) b[0]), (String) b[1], (List<?>) b[2]);
        LauncherTool scan = tool("scan_forecasts"), forecast = tool("get_forecast"), backtest = tool("get_backtest_error");
        refused(scan, "min_reward_risk", -0.01);
        passes(scan, "min_reward_risk", 0);
        for (double outside : new double[] {0, 1}) refused(backtest, "eval_fraction", outside);
        passes(backtest, "eval_fraction", 0.5);
        refused(forecast, "levels", List.of(0.8, 1.0));
        refused(forecast, "levels", List.of(0.9, 0.9));
        refused(forecast, "levels", List.of(1e-300));
        passes(forecast, "levels", List.of(0.5, 0.9));
        refused(tool("gather_tickers"), "symbols", List.of("MSFT.US", " "));
        refused(tool("resolve_forecast_start"), "as_of", "2024-02-30");
        passes(tool("resolve_forecast_start"), "as_of", "2024-02-29");
    }

    /** The matcher reports 1, 3, 5 and 20 days ahead: the schema said 1..5, refusing 20 and passing 2 to the app. */
    @Test
    void theAnalogueToolsTakeExactlyTheHorizonsTheMatcherReports() throws Exception {
        for (String name : List.of("compare_to_history", "analogue_calibration")) {
            for (int h : List.of(1, 3, 5, 20)) passes(tool(name), "horizon", h);
            for (int h : List.of(0, 2, 4, 6, 19, 21)) refused(tool(name), "horizon", h);
            ToolFailure f = assertThrows(ToolFailure.class, () -> Arguments.of(name, Map.of("horizon", 2), tool(name).inputSchema()));
            assertEquals("argument 'horizon': 2 is not one of 1, 3, 5, 20", f.getMessage());
        }
    }

    /** The app draws render_chart with the default bands: a calibration was accepted and silently ignored. */
    @Test
    void renderChartRefusesACalibrationItWouldIgnore() {
        refused(tool("render_chart"), "calibration", "model");
        passes(tool("get_chart_data"), "calibration", "model");
    }

    /** The walk: every declared bound of every tool holds at its edge. */
    @Test
    void everyDeclaredBoundOfEveryToolHoldsAtItsEdges() {
        int checked = everyArgument((t, field, spec) -> {
            if (spec.get("enum") instanceof List<?> values) {
                assertAllowedValues(t, field, values);
            } else if ("integer".equals(spec.get("type")) && spec.get("minimum") instanceof Integer min && spec.get("maximum") instanceof Integer max) {
                assertIntegerBound(t, field, min, max);
            } else if ("array".equals(spec.get("type")) && spec.get("maxItems") instanceof Integer max) {
                assertListBound(t, field, max);
            } else if ("string".equals(spec.get("type")) && spec.get("maxLength") instanceof Integer max) {
                refused(t, field, "x".repeat(max + 1));
                passes(t, field, "x".repeat(max));
            } else {
                return false;
            }
            return true;
        });
        assertTrue(checked > 60, "bounded arguments checked: " + checked);
    }

    /** One check of an argument of a tool; false when it does not apply to the argument. */
    private interface ArgumentCheckOf {
        boolean check(LauncherTool t, String field, Map<?, ?> spec);
    }

    /** How many arguments of all the tools {@code check} applied to. */
    private static int everyArgument(ArgumentCheckOf check) {
        int checked = 0;
        for (LauncherTool t : ToolCatalog.ALL) {
            for (Map.Entry<String, Object> p : properties(t).entrySet()) {
                if (check.check(t, p.getKey(), (Map<?, ?>) p.getValue())) checked++;
            }
        }
        return checked;
    }

    /**
     * Every number argument of every tool, as the SDK hands it over (fractions exact): past a double (1e400) or
     * read as 0 by one (1e-400), quoted ("5"), 2^63 and -0.0 are each refused naming the argument, what was sent
     * and what it takes, or pass as the double or integer it is; 1.0 passes where 1 does.
     */
    @Test
    void everyNumberArgumentOfEveryToolIsToldWhatIsWrongWithANumber() {
        int checked = everyArgument((t, field, spec) -> {
            Object type = spec.get("type");
            boolean list = "array".equals(type) && spec.get("items") instanceof Map<?, ?> items && "number".equals(items.get("type"));
            if (!list && !"integer".equals(type) && !"number".equals(type) && !List.of("string", "integer").equals(type)) return false;
            java.util.function.Function<Object, Object> sent = v -> list ? List.of(v) : v;
            String at = list ? "at " + field + "[0], " : "";
            assertEquals("argument '" + field + "': " + at + "1e400 is a number too large (a double holds at most 1.8e308 in size)",
                    refusal(t, field, sent.apply(new java.math.BigDecimal("1e400"))));
            assertEquals("argument '" + field + "': " + at + "1e-400 is a number too small (a double holds none between 0 and 4.9e-324 in size: it would read as 0)",
                    refusal(t, field, sent.apply(new java.math.BigDecimal("1e-400"))));
            if (!list && !(type instanceof List<?>)) {
                assertTrue(refusal(t, field, "5").contains("got the string \"5\" (a number is sent without quotes)"), t.name() + " " + field);
            }
            java.math.BigInteger twoTo63 = java.math.BigInteger.TWO.pow(63);
            if (!"number".equals(type) && !list) {
                assertTrue(refusal(t, field, twoTo63).contains("(got 9223372036854775808)"), t.name() + " " + field);
            }
            if ("integer".equals(type) && spec.get("minimum") instanceof Integer min && min <= 1 && !(spec.get("maximum") instanceof Integer max && max < 1)
                    && spec.get("enum") == null) {
                passes(t, field, new java.math.BigDecimal("1.0"));
            }
            for (Object v : List.of(sent.apply(-0.0), sent.apply(new java.math.BigDecimal("1.0")), sent.apply(twoTo63))) {
                passesOrNames(t, field, v);
            }
            return true;
        });
        assertTrue(checked > 40, "number arguments checked: " + checked);
    }

    /** A value passes (a -0.0 reaching the tool as 0), or is refused naming the field and the value. */
    private static void passesOrNames(LauncherTool t, String field, Object value) {
        try {
            Object got = Arguments.of(t.name(), call(t, field, value), t.inputSchema()).given().get(field);
            Object number = got instanceof List<?> l ? l.get(0) : got;
            assertFalse(Double.valueOf(-0.0).equals(number), "a -0.0 reaches the tool as 0: " + t.name() + " " + field);
        } catch (ToolFailure f) {
            assertTrue(f.getMessage().startsWith("argument '" + field + "': "), f.getMessage());
            assertTrue(f.getMessage().contains("got ") || f.getMessage().contains("is not one of"), f.getMessage());
            assertTrue(f.clientHint().startsWith("pass " + field + " as "), f.clientHint());
        }
    }

    private static String refusal(LauncherTool t, String field, Object value) {
        ToolFailure f = assertThrows(ToolFailure.class, () -> Arguments.of(t.name(), call(t, field, value), t.inputSchema()), t.name() + " " + field);
        assertEquals("invalid_input", f.failReason());
        assertTrue(f.clientHint().startsWith("pass " + field + " as "), f.clientHint());
        return f.getMessage();
    }

    @Test
    void aToolWhoseSchemaLacksABoundFailsTheRule() {
        LauncherTool unbounded = new LauncherTool("unbounded", ToolClass.READ, false, "fixture",
                ArgumentSchema.object().string("symbol", "s", true).string("calibration", "c", false)
                        .number("horizon", 1, "h")
                        .numberArray("levels", 1000, "l").build()) {
            @Override
            Object handle(Call call) {
                return null;
            }
        };
        assertThrows(AssertionFailedError.class, () -> assertIntegerBound(unbounded, "horizon", 1, Bounds.MAX_HORIZON));
        assertThrows(AssertionFailedError.class, () -> assertListBound(unbounded, "levels", Bounds.MAX_LEVELS));
        assertThrows(AssertionFailedError.class, () -> assertAllowedValues(unbounded, "calibration", List.of("conformal")));
    }

    static void assertIntegerBound(LauncherTool t, String field, int min, int max) {
        refused(t, field, min - 1);
        passes(t, field, min);
        passes(t, field, max);
        if (max < Integer.MAX_VALUE) refused(t, field, max + 1L);
    }

    static void assertListBound(LauncherTool t, String field, int max) {
        Map<?, ?> items = (Map<?, ?>) ((Map<?, ?>) properties(t).get(field)).get("items");
        // numbers differ (levels are distinct): 0.5, 0.501, ...
        java.util.function.IntFunction<List<Object>> list = n -> java.util.stream.IntStream.range(0, n)
                .mapToObj(i -> "number".equals(items.get("type")) ? (Object) (0.5 + i / 1000.0) : "AAPL").toList();
        refused(t, field, list.apply(max + 1));
        passes(t, field, list.apply(max));
    }

    static void assertAllowedValues(LauncherTool t, String field, List<?> values) {
        for (Object v : values) passes(t, field, v);
        refused(t, field, values.get(0) instanceof String ? "not-a-value" : (Object) 0.9);
    }

    static void refused(LauncherTool t, String field, Object value) {
        try {
            Arguments.of(t.name(), call(t, field, value), t.inputSchema());
            fail(t.name() + ": " + field + " = " + value + " must be refused");
        } catch (ToolFailure f) {
            assertEquals("invalid_input", f.failReason(), f::toString);
            assertTrue(f.getMessage().contains("'" + field + "'"), t.name() + ": " + f.getMessage());
        }
    }

    static void passes(LauncherTool t, String field, Object value) {
        try {
            Arguments.of(t.name(), call(t, field, value), t.inputSchema());
        } catch (ToolFailure f) {
            fail(t.name() + ": " + field + " = " + value + " must pass, got " + f.getMessage());
        }
    }

    /** The tool's required arguments with valid values, and {@code field} set to {@code value}. */
    private static Map<String, Object> call(LauncherTool t, String field, Object value) {
        Map<String, Object> args = new LinkedHashMap<>();
        List<?> required = (List<?>) t.inputSchema().getOrDefault("required", List.of());
        for (Object name : required) args.put((String) name, valid((Map<?, ?>) properties(t).get(name)));
        args.put(field, value);
        return args;
    }

    private static Object valid(Map<?, ?> spec) {
        if (spec.get("enum") instanceof List<?> values) return values.get(0);
        Object type = spec.get("type");
        if (type instanceof List<?> || "object".equals(type)) return Map.of();
        if ("integer".equals(type)) return spec.get("minimum");
        if ("array".equals(type)) return new ArrayList<>(List.of("AAPL"));
        return "AAPL";
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(LauncherTool t) {
        return (Map<String, Object>) t.inputSchema().get("properties");
    }

    private static LauncherTool tool(String name) {
        return ToolCatalog.ALL.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name));
    }
}
