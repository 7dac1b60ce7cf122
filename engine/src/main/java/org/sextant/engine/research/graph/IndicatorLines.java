package org.sextant.engine.research.graph;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.sextant.engine.research.indicator.BollingerBands;
import org.sextant.engine.research.indicator.Macd;
import org.sextant.engine.research.indicator.MovingAverage;
import org.sextant.engine.research.indicator.Returns;
import org.sextant.engine.research.indicator.RollingStats;
import org.sextant.engine.research.indicator.Rsi;
import org.sextant.engine.research.indicator.TrueRange;

/**
 * The catalogue's indicator nodes evaluated on one asset's prices, every line at once (Bollinger's
 * lower, middle and upper band; MACD's line, signal and histogram): what a chart draws and what a
 * strategy graph's node picks one line of ({@link GraphSweep}), from the same TTR-checked code.
 */
public final class IndicatorLines {
    /** Indicators in price units, drawn over the prices; the others get a pane of their own. */
    private static final Set<String> ON_PRICE = Set.of("sma", "ema", "bollinger");
    /** The parameter that picks one line in a graph; a chart draws them all. */
    public static final String OUTPUT = "output";
    private static final double YEAR = 252;

    private IndicatorLines() {}

    /** The catalogue's indicator nodes, in listing order. */
    public static List<NodeType> catalogue() {
        return NodeCatalogue.all().stream().filter(t -> t.category().equals("indicator")).toList();
    }

    /** Whether {@code type}'s values are prices (an overlay) rather than a scale of their own (a pane). */
    public static boolean onPrice(String type) {
        return ON_PRICE.contains(type);
    }

    /** The parameters a chart asks for: the node's own without {@link #OUTPUT}. */
    public static List<ParamSpec> chartParams(NodeType type) {
        return type.params().stream().filter(p -> !p.name().equals(OUTPUT)).toList();
    }

    /**
     * Reads {@code text} (parameter name to what was typed; a missing or blank one takes its
     * default) against the catalogue's declarations. A value that is not of the parameter's kind,
     * outside its bounds, or a MACD fast length not below its slow one is refused with an
     * {@link IllegalArgumentException} naming the parameter and what to write instead.
     */
    public static Map<String, Object> parameters(NodeType type, Map<String, String> text) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (ParamSpec p : chartParams(type)) {
            String given = text.get(p.name());
            if (given == null || given.isBlank()) {
                if (p.defaultValue() == null) throw refused(type, p, "is required", "give " + bounds(p));
                out.put(p.name(), p.defaultValue());
            } else {
                out.put(p.name(), read(type, p, given.strip()));
            }
        }
        for (String name : text.keySet()) {
            if (type.param(name) == null || name.equals(OUTPUT)) {
                throw new IllegalArgumentException(type.name().toUpperCase(Locale.ROOT) + " has no parameter '" + name + "'; use "
                        + String.join(", ", chartParams(type).stream().map(ParamSpec::name).toList()));
            }
        }
        if (type.name().equals("macd") && (int) out.get("fast") >= (int) out.get("slow")) {
            throw new IllegalArgumentException("MACD fast (" + out.get("fast") + ") must be shorter than slow (" + out.get("slow")
                    + "): lower fast or raise slow");
        }
        return out;
    }

    private static Object read(NodeType type, ParamSpec p, String s) {
        switch (p.kind()) {
            case BOOLEAN -> {
                if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) return Boolean.parseBoolean(s);
                throw refused(type, p, "must be true or false, got '" + s + "'", "write true or false");
            }
            case CHOICE -> {
                if (p.choices().contains(s)) return s;
                throw refused(type, p, "must be one of " + String.join(", ", p.choices()) + ", got '" + s + "'", "pick one of them");
            }
            default -> {
                double v;
                try {
                    v = Double.parseDouble(s);
                } catch (NumberFormatException e) {
                    throw refused(type, p, "'" + s + "' is not a number", "give " + bounds(p));
                }
                boolean whole = p.kind() == ParamSpec.Kind.INT;
                if (whole && v != Math.rint(v)) throw refused(type, p, "must be a whole number, got " + s, "give " + bounds(p));
                if (!(v >= p.min() && v <= p.max())) throw refused(type, p, "is " + s + ", outside its bounds", "give " + bounds(p));
                return whole ? (Object) (int) v : (Object) v;
            }
        }
    }

    private static IllegalArgumentException refused(NodeType type, ParamSpec p, String what, String fix) {
        return new IllegalArgumentException(type.name().toUpperCase(Locale.ROOT) + " " + p.name() + " " + what + ": " + fix);
    }

    /** "a whole number from 1 to 5000", "a number from 0 to 10". */
    public static String bounds(ParamSpec p) {
        String lo = trim(p.min());
        String hi = trim(p.max());
        return (p.kind() == ParamSpec.Kind.INT ? "a whole number" : "a number") + " from " + lo + " to " + hi;
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    /**
     * Every line of indicator {@code type} with checked parameters {@code p} ({@link #parameters};
     * {@link #OUTPUT} is ignored), by name, on {@code close} (the input series) and, for ATR, the
     * asset's {@code high} and {@code low} (null when the data has none: ATR is then refused).
     */
    public static Map<String, double[]> compute(String type, Map<String, Object> p, double[] close, double[] high, double[] low) {
        return compute(type, p, close, high, low, YEAR);
    }

    /** {@link #compute} on bars of which there are {@code barsPerYear} in a year (volatility annualises with it). */
    static Map<String, double[]> compute(String type, Map<String, Object> p, double[] close, double[] high, double[] low, double barsPerYear) {
        Map<String, double[]> out = new LinkedHashMap<>();
        switch (type) {
            case "sma" -> out.put("sma", MovingAverage.sma(close, (int) p.get("length")));
            case "ema" -> out.put("ema", MovingAverage.ema(close, (int) p.get("length")));
            case "rsi" -> out.put("rsi", Rsi.of(close, (int) p.get("length")));
            case "macd" -> {
                Macd m = Macd.of(close, (int) p.get("fast"), (int) p.get("slow"), (int) p.get("signal"), (boolean) p.get("percent"));
                out.put("macd", m.macd());
                out.put("signal", m.signal());
                out.put("histogram", m.histogram());
            }
            case "bollinger" -> {
                BollingerBands b = BollingerBands.of(close, (int) p.get("length"), ((Number) p.get("k")).doubleValue());
                out.put("lower", b.lower());
                out.put("middle", b.middle());
                out.put("upper", b.upper());
                out.put("percent_b", b.percentB());
            }
            case "atr" -> {
                if (high == null || low == null) {
                    throw new IllegalArgumentException("ATR needs each day's high and low; this data has closes only: use another indicator");
                }
                out.put("atr", TrueRange.atr(high, low, close, (int) p.get("length")));
            }
            case "returns" -> out.put("returns", Returns.over(close, (int) p.get("bars")));
            case "volatility" -> out.put("volatility", RollingStats.volatility(close, (int) p.get("length"), barsPerYear));
            case "zscore" -> out.put("zscore", RollingStats.zScore(close, (int) p.get("length")));
            default -> throw new IllegalArgumentException("'" + type + "' is not an indicator of the node catalogue; use one of "
                    + String.join(", ", catalogue().stream().map(NodeType::name).toList()));
        }
        return out;
    }

    /** The one line a graph node gives: its {@link #OUTPUT} choice, or the indicator's only line (daily bars). */
    static double[] line(String type, Map<String, Object> p, double[] series, double[] high, double[] low) {
        return line(type, p, series, high, low, YEAR);
    }

    /** {@link #line} on bars of which there are {@code barsPerYear} in a year. */
    static double[] line(String type, Map<String, Object> p, double[] series, double[] high, double[] low, double barsPerYear) {
        Map<String, double[]> lines = compute(type, p, series, high, low, barsPerYear);
        Object output = p.get(OUTPUT);
        return output == null ? lines.values().iterator().next() : lines.get((String) output);
    }
}
