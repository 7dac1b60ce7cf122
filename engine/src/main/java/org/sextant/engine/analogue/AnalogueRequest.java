package org.sextant.engine.analogue;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.sextant.contract.RetiredNames;
import org.sextant.contract.ShownText;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A validated compare_to_history call. Parsing follows the contract: unknown keys are ignored
 * with one warning each; numeric strings are coerced once and a failed coercion is warned and
 * dropped (the default applies); an out-of-bounds knob is an invalid_input error naming the field
 * and its bounds, raised before any matching.
 *
 * @param signals       query values by dimension (Double for numeric, String for categorical); null = the as-of row
 * @param dimTrust      per-dimension trust multipliers; null = the registry's default trust map
 */
public record AnalogueRequest(Map<String, Object> signals, Integer horizon, MatchMode mode, int topK,
                              double recencyHalfLifeDays, double backfillWeight, Map<String, Double> dimTrust,
                              boolean includeAnalogueDates, LocalDate asOf, String benchmark) {

    private static final Logger LOG = LoggerFactory.getLogger(AnalogueRequest.class);

    public static final String SIGNALS_DICT = "signals_dict";
    public static final String HORIZON = "horizon";
    public static final String MODE = "mode";
    public static final String TOP_K = "top_k";
    public static final String HALF_LIFE = "recency_half_life_days";
    public static final String BACKFILL_WEIGHT = "backfill_weight";
    public static final String DIM_TRUST = "dim_trust";
    public static final String INCLUDE_DATES = "include_analogue_dates";
    public static final String AS_OF = "as_of";
    public static final String BENCHMARK = "benchmark";
    public static final Set<String> KEYS = Set.of(SIGNALS_DICT, HORIZON, MODE, TOP_K, HALF_LIFE, BACKFILL_WEIGHT, DIM_TRUST,
            INCLUDE_DATES, AS_OF, BENCHMARK);

    public AnalogueRequest {
        signals = signals == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(signals));
        dimTrust = dimTrust == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(dimTrust));
    }

    /** All defaults: the latest row, soft mode, no horizon. */
    public static AnalogueRequest defaults() {
        return new AnalogueRequest(null, null, AnalogueDefaults.MODE, AnalogueDefaults.TOP_K, AnalogueDefaults.RECENCY_HALF_LIFE_DAYS,
                AnalogueDefaults.BACKFILL_WEIGHT, null, false, null, AnalogueDefaults.BENCHMARK);
    }

    /** Benchmark named by a raw call (before parsing), as stored: symbols are matched without case and stored upper case (PriceRepository). */
    public static String benchmarkOf(Map<String, ?> args) {
        return org.sextant.engine.data.PriceRepository.canonical(benchmarkSent(args));
    }

    /** The benchmark as the caller wrote it (the default when none), which a refusal echoes. */
    static String benchmarkSent(Map<String, ?> args) {
        Object b = args == null ? null : args.get(BENCHMARK);
        return b instanceof String s && !s.isBlank() ? s : AnalogueDefaults.BENCHMARK;
    }

    public static AnalogueRequest parse(Map<String, ?> args, SignalRegistry registry) {
        return parse(args, registry, LOG::warn);
    }

    /** Parses a JSON object text (the API's body) exactly as {@link #parse(Map, SignalRegistry)}. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> jsonArgs(String json) {
        if (json == null || json.isBlank()) return Map.of();
        Object v;
        try {
            v = Json.MAPPER.readValue(json, Object.class);
        } catch (RuntimeException e) {
            throw SextantException.invalid("body", "the arguments are not valid JSON: " + e.getMessage(), "send one JSON object");
        }
        if (!(v instanceof Map)) throw SextantException.invalid("body", "the arguments must be a JSON object", "send {\"horizon\": 5, ...}");
        return (Map<String, Object>) v;
    }

    /** Parses {@code args}; each warning (unknown key, failed coercion) goes once to {@code warn}. */
    public static AnalogueRequest parse(Map<String, ?> args, SignalRegistry registry, Consumer<String> warn) {
        Map<String, ?> a = args == null ? Map.of() : args;
        Set<String> warned = new LinkedHashSet<>();
        Consumer<String> once = m -> {
            if (warned.add(m)) warn.accept(m);
        };
        for (String k : a.keySet()) {
            if (!KEYS.contains(k)) once.accept("compare_to_history: unknown argument '" + shown(k) + "' ignored (known: " + sorted(KEYS) + ")");
        }
        Map<String, Object> signals = parseSignals(a.get(SIGNALS_DICT), registry, once);

        Integer horizon = null;
        Double h = number(a, HORIZON, once);
        if (h != null) {
            if (h != 1 && h != 3 && h != 5 && h != 20) {
                throw SextantException.invalid(HORIZON, "horizon must be 1, 3, 5 or 20 (got " + fmt(h) + ")", "pass horizon 1, 3, 5 or 20 trading days, or omit it");
            }
            horizon = h.intValue();
        }

        MatchMode mode = AnalogueDefaults.MODE;
        Object m = a.get(MODE);
        if (m != null) {
            mode = MatchMode.parse(String.valueOf(m));
            if (mode == null) {
                String now = RetiredNames.value(MODE, String.valueOf(m)).orElse(null);
                throw SextantException.invalid(MODE, now != null ? "mode " + RetiredNames.renamed(String.valueOf(m), now) : "unknown mode '" + shown(m) + "'",
                        "use one of soft, hard, tag, hybrid");
            }
        }

        int topK = AnalogueDefaults.TOP_K;
        Double k = number(a, TOP_K, once);
        if (k != null) {
            if (k != Math.rint(k) || k < AnalogueDefaults.TOP_K_MIN || k > AnalogueDefaults.TOP_K_MAX) {
                throw SextantException.invalid(TOP_K, "top_k must be an integer in " + AnalogueDefaults.TOP_K_MIN + ".." + AnalogueDefaults.TOP_K_MAX
                        + " (got " + fmt(k) + ")", "pass top_k between 1 and 500, or omit it for " + AnalogueDefaults.TOP_K);
            }
            topK = k.intValue();
        }

        double halfLife = AnalogueDefaults.RECENCY_HALF_LIFE_DAYS;
        Double hl = number(a, HALF_LIFE, once);
        if (hl != null) {
            if (!(hl >= 0 && hl <= AnalogueDefaults.RECENCY_HALF_LIFE_MAX)) {
                throw SextantException.invalid(HALF_LIFE, "recency_half_life_days must be in 0.." + fmt(AnalogueDefaults.RECENCY_HALF_LIFE_MAX)
                        + " (got " + fmt(hl) + ")", "pass a half-life in calendar days (0 disables the decay), or omit it for " + fmt(AnalogueDefaults.RECENCY_HALF_LIFE_DAYS));
            }
            halfLife = hl;
        }

        double bw = AnalogueDefaults.BACKFILL_WEIGHT;
        Double b = number(a, BACKFILL_WEIGHT, once);
        if (b != null) {
            if (!(b >= 0 && b <= 1)) {
                throw SextantException.invalid(BACKFILL_WEIGHT, "backfill_weight must be in 0..1 (got " + fmt(b) + ")",
                        "pass a weight between 0 and 1 for rows marked backfill (live rows weigh 1), or omit it for " + fmt(AnalogueDefaults.BACKFILL_WEIGHT));
            }
            bw = b;
        }

        Map<String, Double> trust = parseTrust(a.get(DIM_TRUST), registry, once);

        boolean include = false;
        Object inc = a.get(INCLUDE_DATES);
        if (inc instanceof Boolean bool) {
            include = bool;
        } else if (inc instanceof String s && (s.trim().equalsIgnoreCase("true") || s.trim().equalsIgnoreCase("false"))) {
            include = Boolean.parseBoolean(s.trim());
        } else if (inc != null) {
            once.accept("compare_to_history: include_analogue_dates='" + shown(inc) + "' is not a boolean; dropped (default false)");
        }

        LocalDate asOf = null;
        Object d = a.get(AS_OF);
        if (d != null) {
            try {
                asOf = LocalDate.parse(String.valueOf(d).trim());
            } catch (DateTimeParseException e) {
                throw SextantException.invalid(AS_OF, "as_of '" + shown(d) + "' is not a date", "pass an ISO date like 1998-10-08, or omit it for the latest row");
            }
        }
        return new AnalogueRequest(signals, horizon, mode, topK, halfLife, bw, trust, include, asOf, benchmarkOf(a));
    }

    /** One entry of an object argument keyed by signal dimension: its definition (null when unknown) and value. */
    private record DimensionEntry(String name, SignalDefinition def, Object value) {}

    /** The entries of the object argument {@code field}, or null when it is absent; refused, naming the field, when it is not an object. */
    private static List<DimensionEntry> dimensionEntries(Object raw, SignalRegistry registry, String field, String problem, String fix) {
        if (raw == null) return null;
        if (!(raw instanceof Map<?, ?> map)) throw SextantException.invalid(field, problem, fix);
        List<DimensionEntry> out = new java.util.ArrayList<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String name = String.valueOf(e.getKey());
            out.add(new DimensionEntry(name, registry.get(name), e.getValue()));
        }
        return out;
    }

    private static Map<String, Object> parseSignals(Object raw, SignalRegistry registry, Consumer<String> warn) {
        List<DimensionEntry> entries = dimensionEntries(raw, registry, SIGNALS_DICT, "signals_dict must be an object of dimension -> value",
                "pass e.g. {\"rsi_14\": 28, \"drawdown_252\": -0.12}, or omit it for the latest row");
        if (entries == null) return null;
        Map<String, Object> out = new LinkedHashMap<>();
        for (DimensionEntry e : entries) {
            String name = e.name();
            SignalDefinition def = e.def();
            if (def == null) {
                throw SextantException.invalid(SIGNALS_DICT + "." + shown(name), "unknown signal dimension '" + shown(name) + "'",
                        "use dimensions from the signal registry: " + registry.names());
            }
            Object v = e.value();
            if (v == null) continue;
            if (def.numeric()) {
                Double x = coerce(v);
                if (x == null || !Double.isFinite(x)) {
                    warn.accept("compare_to_history: signals_dict." + name + "='" + shown(v) + "' is not a number; dropped");
                    continue;
                }
                if (!SignalDefinition.inRange(x)) {
                    throw SextantException.invalid(SIGNALS_DICT + "." + name, name + " = " + shown(v) + " is out of range: signal values are within ±" + SignalDefinition.MAX_MAGNITUDE,
                            "pass a value like those in the signal's history");
                }
                out.put(name, x);
            } else {
                int code = def.levelOf(String.valueOf(v));
                if (code < 0) {
                    throw SextantException.invalid(SIGNALS_DICT + "." + name, "'" + shown(v) + "' is not a level of " + name,
                            "use one of " + def.levels());
                }
                out.put(name, def.levels().get(code));
            }
        }
        return out;
    }

    // dup: walks its entries as parseSignals does (dimensionEntries), but checks a multiplier range, not levels
    private static Map<String, Double> parseTrust(Object raw, SignalRegistry registry, Consumer<String> warn) {
        List<DimensionEntry> entries = dimensionEntries(raw, registry, DIM_TRUST, "dim_trust must be an object of dimension -> multiplier",
                "pass e.g. {\"ret_1d\": 0, \"vol_20d\": 2}; {} disables the default trust map");
        if (entries == null) return null;
        Map<String, Double> out = new LinkedHashMap<>();
        for (DimensionEntry e : entries) {
            String name = e.name();
            SignalDefinition def = e.def();
            if (def == null || !def.numeric()) {
                throw SextantException.invalid(DIM_TRUST + "." + shown(name), "'" + shown(name) + "' is not a numeric signal dimension",
                        "use numeric dimensions: " + registry.numeric().stream().map(SignalDefinition::name).toList());
            }
            Double x = coerce(e.value());
            if (x == null) {
                warn.accept("compare_to_history: dim_trust." + name + "='" + shown(e.value()) + "' is not a number; dropped");
                continue;
            }
            if (!(x >= 0 && x <= AnalogueDefaults.TRUST_MAX)) {
                throw SextantException.invalid(DIM_TRUST + "." + name, "dim_trust." + name + " must be in 0.." + fmt(AnalogueDefaults.TRUST_MAX)
                        + " (got " + fmt(x) + ")", "pass a multiplier between 0 (ignore the dimension) and 10");
            }
            out.put(name, x);
        }
        return out;
    }

    /** The knob as a number: numbers as they are, numeric strings coerced once, anything else warned and dropped. */
    private static Double number(Map<String, ?> a, String key, Consumer<String> warn) {
        Object v = a.get(key);
        if (v == null) return null;
        Double x = coerce(v);
        if (x == null) {
            warn.accept("compare_to_history: " + key + "='" + shown(v) + "' is not a number; dropped (default applies)");
            return null;
        }
        if (!Double.isFinite(x)) {
            throw SextantException.invalid(key, key + " must be a finite number (got " + shown(v) + ")", "pass a finite number, or omit it");
        }
        return x;
    }

    static Double coerce(Object v) {
        if (v instanceof Number n) return n.doubleValue();
        if (v instanceof String s) {
            try {
                return Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }

    /** A key or value the caller sent, as an error or warning echoes it: escaped and cut (ShownText.name). */
    private static String shown(Object sent) {
        return ShownText.name(String.valueOf(sent));
    }

    private static String fmt(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
    }

    private static List<String> sorted(Set<String> s) {
        return s.stream().sorted().toList();
    }
}
