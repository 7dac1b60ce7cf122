package org.sextant.app.gui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.sextant.charts.IndicatorSeries;
import org.sextant.charts.PriceBars;
import org.sextant.engine.research.graph.IndicatorLines;
import org.sextant.engine.research.graph.NodeType;
import org.sextant.engine.research.graph.ParamSpec;

/**
 * The indicators on the price chart, testable without a screen: which of the node catalogue's
 * indicators are shown with which parameters, and their lines on the series on screen, computed by
 * the engine's own indicator code ({@link IndicatorLines}, the code strategy graphs run) and
 * handed to the chart as {@link IndicatorSeries}. Parameters are read against the catalogue's
 * declarations: a value out of bounds is refused in {@link #errorProperty()}, naming the parameter.
 * Call every method on the JavaFX thread (in tests: one thread).
 */
public final class ChartIndicatorsViewModel {
    /** The chart's names of the catalogue's indicators (the catalogue's own are lower-case node names). */
    private static final Map<String, String> TITLES = Map.of("sma", "SMA", "ema", "EMA", "rsi", "RSI", "macd", "MACD", "bollinger", "Bollinger",
            "atr", "ATR", "returns", "Returns", "volatility", "Volatility", "zscore", "Z-score");

    /** An indicator a person can add: its node name, title, description and parameters. */
    public record Choice(String type, String title, String description, List<Param> params) {
        @Override
        public String toString() {
            return title;
        }
    }

    /** A parameter as the editor shows it: the default and the bounds come from the catalogue. */
    public record Param(String name, String description, ParamSpec.Kind kind, String defaultText, String bounds, List<String> choices) {}

    /** An indicator on the chart: its node name, its parameter values (as the catalogue reads them) and its label. */
    public record Shown(String type, Map<String, Object> params, String label) {
        /** The values as an editor shows them again. */
        public Map<String, String> text() {
            Map<String, String> out = new LinkedHashMap<>();
            params.forEach((k, v) -> out.put(k, String.valueOf(v)));
            return out;
        }
    }

    private final List<Choice> catalogue = new ArrayList<>();
    private final ObservableList<Shown> shown = FXCollections.observableArrayList();
    private final ObservableList<IndicatorSeries> drawn = FXCollections.observableArrayList();
    private final ObservableList<Shown> readOnlyShown = FXCollections.unmodifiableObservableList(shown);
    private final ObservableList<IndicatorSeries> readOnlyDrawn = FXCollections.unmodifiableObservableList(drawn);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private PriceBars bars;

    public ChartIndicatorsViewModel() {
        for (NodeType t : IndicatorLines.catalogue()) {
            List<Param> params = new ArrayList<>();
            for (ParamSpec p : IndicatorLines.chartParams(t)) {
                boolean numeric = p.kind() == ParamSpec.Kind.INT || p.kind() == ParamSpec.Kind.NUMBER;
                params.add(new Param(p.name(), p.description(), p.kind(), p.defaultValue() == null ? "" : String.valueOf(p.defaultValue()),
                        numeric ? IndicatorLines.bounds(p) : "", p.choices()));
            }
            catalogue.add(new Choice(t.name(), TITLES.getOrDefault(t.name(), t.name()), t.description(), List.copyOf(params)));
        }
    }

    /** Every indicator of the node catalogue, in its order. */
    public List<Choice> catalogue() {
        return List.copyOf(catalogue);
    }

    /** The choice for node name {@code type}, null when the catalogue has none. */
    public Choice choice(String type) {
        return catalogue.stream().filter(c -> c.type().equals(type)).findFirst().orElse(null);
    }

    /**
     * Adds indicator {@code type} with the typed parameter values (a blank one takes its default).
     * Refused (false, the reason in {@link #errorProperty()}) when a value is not allowed or the
     * series on screen cannot give it (ATR on closes only).
     */
    public boolean add(String type, Map<String, String> text) {
        return put(shown.size(), type, text, false);
    }

    /** Gives the indicator at {@code index} these parameter values; refused like {@link #add}. */
    public boolean edit(int index, Map<String, String> text) {
        return put(index, shown.get(index).type(), text, true);
    }

    public void remove(int index) {
        shown.remove(index);
        redraw();
    }

    private boolean put(int index, String type, Map<String, String> text, boolean replace) {
        NodeType node = IndicatorLines.catalogue().stream().filter(t -> t.name().equals(type)).findFirst().orElse(null);
        try {
            if (node == null) throw new IllegalArgumentException("'" + type + "' is not an indicator: pick one of the list");
            Map<String, Object> params = IndicatorLines.parameters(node, text);
            Shown s = new Shown(type, params, label(type, node, params));
            if (bars != null) series(s, bars); // refuses what the series on screen cannot give
            if (replace) shown.set(index, s); else shown.add(index, s);
        } catch (IllegalArgumentException e) {
            error.set(e.getMessage());
            return false;
        }
        error.set("");
        redraw();
        return true;
    }

    /** Draws the shown indicators on {@code now} (the series on screen; null clears the lines, the choices stay). */
    public void showBars(PriceBars now) {
        bars = now;
        redraw();
    }

    private void redraw() {
        List<IndicatorSeries> out = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        if (bars != null) {
            for (Shown s : shown) {
                try {
                    out.add(series(s, bars));
                } catch (IllegalArgumentException e) {
                    refused.add(s.label() + ": " + e.getMessage());
                }
            }
        }
        if (!refused.isEmpty()) error.set(String.join("; ", refused));
        drawn.setAll(out);
    }

    /** The engine's lines of {@code s} on {@code bars}: every line, %B aside (a scale of its own, not a price beside the bands). */
    static IndicatorSeries series(Shown s, PriceBars bars) {
        Map<String, double[]> lines = IndicatorLines.compute(s.type(), s.params(), bars.close(), bars.high(), bars.low());
        List<IndicatorSeries.Line> drawnLines = new ArrayList<>();
        lines.forEach((name, values) -> {
            if (!name.equals("percent_b")) drawnLines.add(new IndicatorSeries.Line(name, values));
        });
        return new IndicatorSeries(s.label(), IndicatorLines.onPrice(s.type()), bars.dates(), drawnLines);
    }

    /** "RSI(14)", "Bollinger(20, 2.0)", "MACD(12, 26, 9, %)": the title and the numbers that set it apart. */
    static String label(String type, NodeType node, Map<String, Object> params) {
        List<String> parts = new ArrayList<>();
        for (ParamSpec p : IndicatorLines.chartParams(node)) {
            Object v = params.get(p.name());
            if (p.kind() == ParamSpec.Kind.INT || p.kind() == ParamSpec.Kind.NUMBER) parts.add(String.valueOf(v));
            else if (Boolean.TRUE.equals(v)) parts.add(p.name().equals("percent") ? "%" : p.name());
            else if (p.kind() == ParamSpec.Kind.CHOICE) parts.add(String.valueOf(v).toLowerCase(Locale.ROOT));
        }
        return TITLES.getOrDefault(type, type) + "(" + String.join(", ", parts) + ")";
    }

    /** The indicators on the chart, in the order added. */
    public ObservableList<Shown> shown() {
        return readOnlyShown;
    }

    /** Their lines on the series on screen, what the chart draws. */
    public ObservableList<IndicatorSeries> drawn() {
        return readOnlyDrawn;
    }

    /** Forgets the last refusal (the person cancelled the change). */
    public void dismissError() {
        error.set("");
    }

    /** Why the last change was refused, naming the parameter and the fix; empty after one that worked. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
