package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.Zoomer;
import io.fair_acc.dataset.DataSetError;
import io.fair_acc.dataset.spi.DoubleErrorDataSet;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import javafx.application.Platform;
import javafx.scene.control.ContextMenu;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * A symbol's daily closes as a solid line over a date axis, with drag-to-zoom, middle-drag
 * pan, wheel zoom and a crosshair that reads out date and close.
 *
 * <p>Long histories are drawn through {@link MinMaxColumnReducer}, so every pixel column shows
 * the true high and low of the days it covers (docs/benchmarks.md, "Chart line reduction").
 * Screen coordinates are computed in parallel before the reduction (chartfx's default; it splits
 * only series longer than 1000 points); the reduction itself is a single linear pass.
 *
 * <p>A forecast ({@link #showForecast}) is drawn as a fan after the last close: the median as a
 * dashed line and one translucent band per shown level, wider bands fainter. With
 * {@link #setOpeningDays} the chart opens on the last trading days plus the forecast, so the fan
 * is not a sliver at the right edge; zooming out (right click, Ctrl + right click) then reaches
 * the whole history. Bars by index ({@link #showBars}) take a forecast of bars ({@link #showBarForecast}),
 * drawn the same way one bar apart after the last bar.
 *
 * <p>Indicator lines drawn over the prices ({@link #addOverlays}) count in every fit of the
 * prices to the dates shown, as the fans do: a Bollinger band is never cut off by the plot's edge.
 */
public class PriceChart extends XYChart {
    /** The close line's colour; tests and docs look for it in snapshots. */
    public static final String LINE_COLOR = "#1565C0";
    public static final double LINE_WIDTH = 1.5;
    /** The fan's colour (bands with alpha, the median opaque). */
    public static final String FAN_RGB = "230,81,0";
    /** The backtest overlays' colour: every stored walk-forward origin's fan, apart from the live one's orange. */
    public static final String BACKTEST_RGB = "94,53,177";

    private final DateAxis dateAxis;
    private final PriceAxis priceAxis;
    private final ErrorDataSetRenderer lineRenderer = new ErrorDataSetRenderer();
    private final DoubleDataSet closes = new DoubleDataSet("close");
    private final ForecastFanRenderer fanRenderer = new ForecastFanRenderer();
    private final DoubleDataSet median = new DoubleDataSet("forecast median");
    private final List<DoubleErrorDataSet> bands = new ArrayList<>();
    private final TreeSet<Double> shownLevels = new TreeSet<>(List.of(0.80, 0.95, 0.99));
    private final BooleanProperty forecastVisible = new SimpleBooleanProperty(this, "forecastVisible", true);
    private final ForecastFanRenderer backtestRenderer = new ForecastFanRenderer();
    private final BooleanProperty backtestsVisible = new SimpleBooleanProperty(this, "backtestsVisible", true);
    /** Per backtest origin: its median data set followed by its band data sets (with their levels). */
    private final List<BacktestFan> backtestFans = new ArrayList<>();

    private record BacktestFan(ForecastFan forecast, double anchorX, DoubleDataSet median, List<DoubleErrorDataSet> bands, List<Double> levels) {}
    /** Walk-forward forecasts of a {@link #showBars} series' bars, drawn while the chart draws their interval. */
    private List<BarFan> barBacktests = List.of();
    private final PriceZoomer zoomer = new PriceZoomer();
    private final CandleRenderer candleRenderer = new CandleRenderer();
    /** y = close, errors down to the low and up to the high: the price axis' range in candle and OHLC views. */
    private final DoubleErrorDataSet barRanges = new DoubleErrorDataSet("bars");
    private final VolumeChart volumePane = new VolumeChart();
    private final javafx.beans.property.ObjectProperty<ChartType> chartType =
            new javafx.beans.property.SimpleObjectProperty<>(this, "chartType", ChartType.LINE);
    private double[] axisX = new double[0];
    private ContextMenu contextMenu;
    private java.util.function.BiFunction<String, String, java.nio.file.Path> exportTarget = (kind, name) -> ChartMenu.askForFile(this, kind, name);
    private ForecastFan forecast;
    /** Where the drawn fan grows from: its origin's date, or on a chart by bar index the last bar. */
    private double fanAnchorX;
    /** The forecast of bars given to a chart by bar index; drawn while the chart draws its interval. */
    private BarFan barFan;
    /** Renderers drawing over the prices (indicator overlays): every fit holds their values. */
    private final List<io.fair_acc.chartfx.renderer.Renderer> overlays = new ArrayList<>();
    /** True while the view's prices were fitted by the chart (a range, a period, the keys), not zoomed by hand. */
    private boolean fittedView;
    /** What "Add indicator…" of the right-click menu does (null: the item is hidden). */
    private Runnable onAddIndicator;
    /** True while the view is the preset recent window (no zoom by the person since the last show). */
    private boolean presetView;
    private int openingDays;
    private final PriceCrosshair crosshair = new PriceCrosshair();
    private io.fair_acc.chartfx.plugins.XValueIndicator dayMarker;
    private LocalDate markedDay;
    private final ReadOnlyObjectWrapper<PriceBars> series = new ReadOnlyObjectWrapper<>(this, "series");
    /** The bars on screen when they are positioned by index (intraday and resampled series), else null. */
    private TimedBars drawnTimed;
    private final AutoInterval intervals;

    public PriceChart() {
        this(new DateAxis("date"), new PriceAxis("close"));
    }

    private PriceChart(DateAxis dateAxis, PriceAxis priceAxis) {
        super(dateAxis, priceAxis);
        this.dateAxis = dateAxis;
        this.priceAxis = priceAxis;
        setId("price-chart");
        dateAxis.setAutoRangePadding(0.01);

        // duplicates: LineRenderers.lines() sets the same style; the price line also draws in parallel
        lineRenderer.setErrorStyle(ErrorStyle.NONE);
        lineRenderer.setPolyLineStyle(LineStyle.NORMAL);
        lineRenderer.setDrawMarker(false);
        lineRenderer.setRendererDataReducer(new MinMaxColumnReducer());
        lineRenderer.setPointReduction(true);
        lineRenderer.setParallelImplementation(true);
        // chartfx strokes the line as one path only in its NaN-aware mode; otherwise it issues one
        // strokeLine per segment (~3000 at any length after the reduction), which doubles the
        // software pipeline's rasterising time (docs/benchmarks.md). A missing close is then a gap,
        // not a drop to the bottom of the plot.
        lineRenderer.setAllowNaNs(true);
        closes.setStyle("-fx-line-color: " + LINE_COLOR + "; -fx-line-width: " + LINE_WIDTH + ";");
        median.setStyle("-fx-line-color: rgb(" + FAN_RGB + "); -fx-line-width: 1.8;");
        getRenderers().setAll(backtestRenderer, fanRenderer, lineRenderer, candleRenderer);
        chartType.addListener((obs, old, now) -> refreshBars());
        // the volume pane shows the dates on screen here, its plot under this one's
        volumePane.dateAxis().minProperty().bind(dateAxis.minProperty());
        volumePane.dateAxis().maxProperty().bind(dateAxis.maxProperty());
        volumePane.volumeAxis().minWidthProperty().bind(priceAxis.widthProperty());
        volumePane.setVisible(false);
        volumePane.managedProperty().bind(volumePane.visibleProperty());
        forecastVisible.addListener((obs, old, now) -> refreshFan());
        backtestsVisible.addListener((obs, old, now) -> refreshFan());
        setLegendVisible(false);
        setTitle("no symbol selected");
        // a long title ("WEEKX daily close, 2010-01-08 to 2012-11-16" beside the backtest panel at 1000x700) takes a second line, not an ellipsis
        getTitleLabel().setWrapText(true);
        getTitleLabel().setTextAlignment(javafx.scene.text.TextAlignment.CENTER);
        // the grid under the prices: drawn on top (chartfx's default), a dashed line on a month's
        // first bar hid up to 5 px of its wick (IntervalBenchmark's check found them)
        getGridRenderer().setDrawOnTop(false);

        zoomer.setSliderVisible(false);
        zoomer.setPannerEnabled(true);
        getPlugins().addAll(zoomer, crosshair);
        ChartKeys.install(this);
        contextMenu = ChartMenu.install(this);
        zoomer.setOnOrigin(() -> presetView = false);
        // a box drawn by hand sets the prices shown: new overlays do not refit them
        zoomer.zoomStackDeque().addListener((javafx.collections.ListChangeListener<Object>) c -> fittedView = false);
        // the title names the dates on screen, not the whole history
        dateAxis.minProperty().addListener((obs, old, now) -> titleShownRange());
        dateAxis.maxProperty().addListener((obs, old, now) -> titleShownRange());
        zoomer.zoomStackDeque().addListener((javafx.collections.ListChangeListener<Object>) c -> presetView = false);
        intervals = new AutoInterval(this);
    }

    /** Shows {@code s} (null or empty clears the line) and resets any zoom. Call on the FX thread. */
    public void show(PriceBars s) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("PriceChart.show must run on the JavaFX thread");
        }
        drawnTimed = null;
        barFan = null;
        barBacktests = List.of();
        dateAxis.setTimeline(null);
        intervals.clear();
        clearView();
        dateAxis.setAutoRanging(true);
        priceAxis.setAutoRanging(true);
        double[] x = new double[s == null ? 0 : s.size()];
        for (int i = 0; i < x.length; i++) x[i] = CalendarTicks.toAxis(s.dates().get(i));
        if (x.length == 0) setTitle(s == null ? "no symbol selected" : s.symbol() + ": no prices in the store");
        putSeries(s, x);
        titleShownRange();
        presetView = openingDays > 0 && s != null && s.size() > 0;
        refreshFan();
    }

    /** Forgets the zoom, the crosshair and the fans of what was shown before. */
    private void clearView() {
        zoomer.clear();
        crosshair.hide();
        forecast = null;
        bands.clear();
        median.clearData();
        backtestFans.clear();
    }

    /** Puts {@code s} (null or empty: nothing) on the chart at these axis positions: its line, its bars and volume. */
    private void putSeries(PriceBars s, double[] x) {
        if (x.length == 0) {
            closes.clearData();
            closes.setName("close");
        } else {
            closes.set(x, s.close().clone(), false);
            closes.setName(s.symbol());
        }
        axisX = x;
        series.set(s);
        refreshBars();
        markDay(null);
    }

    /**
     * Draws {@code f} as a fan after the shown series (null removes it). Call on the FX thread
     * after {@link #show} of the same symbol; a forecast of another symbol is refused.
     */
    public void showForecast(ForecastFan f) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("PriceChart.showForecast must run on the JavaFX thread");
        }
        PriceBars s = series.get();
        if (f != null && (s == null || !s.symbol().equals(f.symbol()))) {
            throw new IllegalArgumentException("forecast of " + f.symbol() + " on the chart of " + (s == null ? "nothing" : s.symbol()));
        }
        // a daily fan's target dates have no bar index: a chart by bar index draws a BarFan instead
        if (drawnTimed != null) return;
        double[] x = new double[f == null ? 0 : f.targetDates().size()];
        for (int i = 0; i < x.length; i++) x[i] = CalendarTicks.toAxis(f.targetDates().get(i));
        putFan(f, x, f == null ? 0 : CalendarTicks.toAxis(f.origin()));
        refreshFan();
    }

    /**
     * Draws {@code f}, a forecast of the bars of a {@link #showBars} series, after the last bar
     * (null removes it): target bar k at axis position last index + k, growing from the last close.
     * Drawn while the chart draws the forecast's interval up to its origin bar, hidden while a
     * zoom draws a coarser one; a daily chart ignores it. Call on the FX thread after {@link #showBars}
     * of the same symbol; a forecast of another symbol is refused.
     */
    public void showBarForecast(BarFan f) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("PriceChart.showBarForecast must run on the JavaFX thread");
        }
        PriceBars s = series.get();
        if (f != null && (s == null || !s.symbol().equals(f.fan().symbol()))) {
            throw new IllegalArgumentException("forecast of " + f.fan().symbol() + " on the chart of " + (s == null ? "nothing" : s.symbol()));
        }
        if (drawnTimed == null) return;
        barFan = f;
        placeBarFan();
        refreshFan();
        double to = withFan(dateAxis.getMin(), dateAxis.getMax());
        if (fittedView && !dateAxis.isAutoRanging() && to > dateAxis.getMax()) showDates(dateAxis.getMin(), to);
    }

    /** {@code to}, or when a view ending there reaches the last bar, far enough right for the whole bar fan drawn after it. */
    private double withFan(double from, double to) {
        DataSet fan = drawnForecastMedian();
        if (drawnTimed == null || fan == null || to < drawnTimed.size() - 1) return to;
        double end = fan.get(DataSet.DIM_X, fan.getDataCount() - 1);
        return Math.max(to, end + Math.max(end - from, minSpan()) * 0.015);
    }

    /** The forecast of bars given (drawn or not), null when none. */
    public BarFan barForecast() {
        return barFan;
    }

    /** The bar forecast one bar apart after the last bar when the chart draws its interval up to its origin; else no fan. */
    private void placeBarFan() {
        TimedBars t = drawnTimed;
        int n = t == null ? 0 : t.size();
        if (barFan == null || n == 0 || barFan.interval() != t.interval() || t.seconds(n - 1) != barFan.originSeconds()) {
            putFan(null, null, 0);
            return;
        }
        double[] x = new double[barFan.targetSeconds().length];
        for (int k = 0; k < x.length; k++) x[k] = n + k;
        putFan(barFan.fan(), x, n - 1);
    }

    /** Makes {@code f} (null: none) the fan, its steps at axis positions {@code x}, growing from {@code anchorX}. */
    private void putFan(ForecastFan f, double[] x, double anchorX) {
        forecast = f;
        fanAnchorX = anchorX;
        bands.clear();
        median.clearData();
        if (f == null) return;
        double[] m = f.median();
        median.set(x, m, true);
        for (ForecastFan.Band b : f.bands()) {
            DoubleErrorDataSet band = FanBands.around(bandName(b.level()), x, m, b);
            band.setStyle("-fx-line-color: rgba(" + FAN_RGB + "," + alpha(b.level()) + ");");
            bands.add(band);
        }
    }

    /** Target {@code step} of the drawn fan as the readouts write it: its date, or by bar index the target bar's time as {@link #barLabel} writes a bar's. */
    public String fanStepLabel(int step) {
        if (drawnTimed != null && barFan != null && drawnTimed.interval().intraday()) return drawnTimed.timeLabel(barFan.targetSeconds()[step]);
        if (drawnTimed != null && barFan != null) return barFan.fan().targetDates().get(step).toString();
        return CalendarTicks.DAY.label(median.get(DataSet.DIM_X, step));
    }

    /**
     * Draws {@code overlay}'s data sets over the prices (indicator lines): the fitted views (the
     * opening window, ranges, periods, keys) hold their values, and a change of them fits the
     * prices on screen again unless the person zoomed by hand.
     */
    public void addOverlays(io.fair_acc.chartfx.renderer.Renderer overlay) {
        getRenderers().add(overlay);
        overlays.add(overlay);
        overlay.getDatasets().addListener((javafx.collections.ListChangeListener<DataSet>) c -> refitPrices());
    }

    private void refitPrices() {
        if (presetView) applyPresetView();
        else if (fittedView && !dateAxis.isAutoRanging()) showDates(dateAxis.getMin(), dateAxis.getMax());
    }

    /**
     * Overlays stored walk-forward forecasts of the shown symbol (null or empty removes them): each
     * origin's median dashed and its bands translucent in {@link #BACKTEST_RGB}, each fan growing
     * from its own origin's close. Call on the FX thread after {@link #show} of the same symbol.
     */
    public void showBacktests(List<ForecastFan> forecasts) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("PriceChart.showBacktests must run on the JavaFX thread");
        }
        if (drawnTimed != null) return; // dates are no bar positions: a chart by bar overlays showBarBacktests
        PriceBars s = series.get();
        backtestFans.clear();
        for (ForecastFan f : forecasts == null ? List.<ForecastFan>of() : forecasts) {
            if (s == null || !s.symbol().equals(f.symbol())) {
                throw new IllegalArgumentException("backtest of " + f.symbol() + " on the chart of " + (s == null ? "nothing" : s.symbol()));
            }
            int h = f.targetDates().size();
            double[] x = new double[h];
            for (int i = 0; i < h; i++) x[i] = CalendarTicks.toAxis(f.targetDates().get(i));
            backtestFans.add(backtestFan(f, x, CalendarTicks.toAxis(f.origin()), f.origin().toString()));
        }
        refreshFan();
    }

    /**
     * Overlays walk-forward forecasts of the bars of a {@link #showBars} series (null or empty
     * removes them), as {@link #showBacktests} does for daily ones: each origin's fan over the bars
     * that followed its origin bar, growing from that bar's close, placed by time at whichever
     * interval the zoom draws. Call on the FX thread after {@link #showBars} of the same symbol.
     */
    public void showBarBacktests(List<BarFan> forecasts) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("PriceChart.showBarBacktests must run on the JavaFX thread");
        }
        PriceBars s = series.get();
        for (BarFan f : forecasts == null ? List.<BarFan>of() : forecasts) {
            if (s == null || !s.symbol().equals(f.fan().symbol())) {
                throw new IllegalArgumentException("backtest of " + f.fan().symbol() + " on the chart of " + (s == null ? "nothing" : s.symbol()));
            }
        }
        if (drawnTimed == null) return;
        barBacktests = forecasts == null ? List.of() : List.copyOf(forecasts);
        placeBarBacktests();
        refreshFan();
    }

    /**
     * Each bar backtest placed by time among the bars drawn: at its own interval its origin and
     * targets are bar indexes, at a coarser one (zoomed out) they fall inside the bars that hold them.
     */
    private void placeBarBacktests() {
        backtestFans.clear();
        TimedBars t = drawnTimed;
        if (t == null || t.size() == 0) return;
        for (BarFan f : barBacktests) {
            if (f.originSeconds() < t.seconds(0)) continue; // before the first bar drawn
            double[] x = new double[f.targetSeconds().length];
            for (int k = 0; k < x.length; k++) x[k] = AutoInterval.indexAt(t, f.targetSeconds()[k]);
            backtestFans.add(backtestFan(f.fan(), x, AutoInterval.indexAt(t, f.originSeconds()), t.timeLabel(f.originSeconds())));
        }
    }

    /** One origin's overlay: its median dashed and its bands translucent in {@link #BACKTEST_RGB}, at axis positions {@code x}. */
    private static BacktestFan backtestFan(ForecastFan f, double[] x, double anchorX, String name) {
        double[] m = f.median();
        DoubleDataSet med = new DoubleDataSet("backtest " + name + " median");
        med.set(x, m, true);
        med.setStyle("-fx-line-color: rgba(" + BACKTEST_RGB + ",0.9); -fx-line-width: 1.2;");
        List<DoubleErrorDataSet> bs = new ArrayList<>();
        List<Double> levels = new ArrayList<>();
        for (ForecastFan.Band b : f.bands()) {
            DoubleErrorDataSet band = FanBands.around("backtest " + name + " " + bandName(b.level()), x, m, b);
            band.setStyle("-fx-line-color: rgba(" + BACKTEST_RGB + "," + alpha(b.level()) + ");");
            bs.add(band);
            levels.add(b.level());
        }
        return new BacktestFan(f, anchorX, med, bs, levels);
    }

    /** Whether the backtest overlays are drawn (their toggle). */
    public BooleanProperty backtestsVisibleProperty() {
        return backtestsVisible;
    }

    /** The backtest medians now drawn, oldest origin first (empty when hidden or none). */
    public List<DataSet> drawnBacktestMedians() {
        List<DataSet> out = new ArrayList<>();
        for (BacktestFan f : backtestFans) {
            if (backtestRenderer.getDatasets().contains(f.median())) out.add(f.median());
        }
        return out;
    }

    /** The backtest bands now drawn, by origin then level. */
    public List<DataSetError> drawnBacktestBands() {
        List<DataSetError> out = new ArrayList<>();
        for (BacktestFan f : backtestFans) {
            for (DoubleErrorDataSet b : f.bands()) if (backtestRenderer.getDatasets().contains(b)) out.add(b);
        }
        return out;
    }

    public ForecastFanRenderer backtestRenderer() {
        return backtestRenderer;
    }

    /** Which band levels are drawn (e.g. 0.95, or 0.80, 0.95 and 0.99). */
    public void setForecastLevels(Collection<Double> levels) {
        shownLevels.clear();
        shownLevels.addAll(levels);
        refreshFan();
    }

    /**
     * Trading days shown when a symbol opens (with the forecast after them); 0, the default,
     * opens on the whole history. Applies from the next {@link #show}.
     */
    public void setOpeningDays(int days) {
        openingDays = Math.max(0, days);
    }

    /** Whether the forecast fan is drawn at all. */
    public BooleanProperty forecastVisibleProperty() {
        return forecastVisible;
    }

    /** The forecast on the chart (drawn or hidden), null when none. */
    public ForecastFan forecast() {
        return forecast;
    }

    /** The median now drawn (x = epoch seconds of the target dates), or null when no fan is drawn. */
    public DataSet drawnForecastMedian() {
        return fanRenderer.getDatasets().contains(median) ? median : null;
    }

    /** The bands now drawn, narrowest first: y = median, y - negative error = lower, y + positive error = upper. */
    public List<DataSetError> drawnForecastBands() {
        List<DataSetError> out = new ArrayList<>();
        for (DataSet d : fanRenderer.getDatasets()) {
            if (d instanceof DataSetError e) out.add(e);
        }
        return out;
    }

    /** Name of a band's data set: "80% band". */
    public static String bandName(double level) {
        return String.format(Locale.ROOT, "%.0f%% band", level * 100);
    }

    /** Wider bands are fainter: stacked, the centre of the fan is the darkest. */
    static double alpha(double level) {
        return level <= 0.80 + 1e-9 ? 0.30 : level <= 0.95 + 1e-9 ? 0.18 : 0.10;
    }

    private void refreshFan() {
        List<DataSet> drawn = new ArrayList<>();
        if (forecast != null && forecastVisible.get()) {
            drawn.add(median);
            for (DoubleErrorDataSet b : bands) {
                if (shownLevels.stream().anyMatch(l -> Math.abs(l - levelOf(b)) < 1e-9)) drawn.add(b);
            }
            fanRenderer.setAnchor(fanAnchorX, forecast.lastClose());
        }
        // first in the list is drawn last: median on top, then the narrowest band
        fanRenderer.getDatasets().setAll(drawn);
        List<DataSet> past = new ArrayList<>();
        backtestRenderer.clearAnchors();
        if (backtestsVisible.get()) {
            for (BacktestFan f : backtestFans) {
                double ax = f.anchorX();
                double ay = f.forecast().lastClose();
                past.add(f.median());
                backtestRenderer.setAnchor(f.median(), ax, ay);
                for (int i = 0; i < f.bands().size(); i++) {
                    double level = f.levels().get(i);
                    if (shownLevels.stream().anyMatch(l -> Math.abs(l - level) < 1e-9)) {
                        past.add(f.bands().get(i));
                        backtestRenderer.setAnchor(f.bands().get(i), ax, ay);
                    }
                }
            }
        }
        backtestRenderer.getDatasets().setAll(past);
        applyPresetView();
        fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    private double levelOf(DoubleErrorDataSet band) {
        return forecast.bands().get(bands.indexOf(band)).level();
    }

    /**
     * Zooms to the {@code tradingDays} closes either side of {@code date} (the nearest trading day
     * when it is not one), prices fitted to them; a later {@link #show} resets it. Call on the FX thread.
     */
    public void focusOn(java.time.LocalDate date, int tradingDays) {
        PriceBars s = series.get();
        if (s == null || s.size() == 0 || date == null) return;
        int at = java.util.Collections.binarySearch(s.dates(), date);
        int centre = at >= 0 ? at : Math.min(s.size() - 1, -at - 1);
        int from = Math.max(0, centre - tradingDays);
        int to = Math.min(s.size() - 1, centre + tradingDays);
        presetView = false;
        markDay(s.dates().get(centre));
        showDates(axisX[from], Math.max(axisX[to], axisX[from] + minSpan()));
    }

    /**
     * Shows the fan on the chart whole, from its start with the {@code tradingDaysBefore} closes before it and the closes
     * drawn under it (a past forecast beside what followed), its start marked, prices fitted to them; nothing without a
     * fan. A later {@link #show} or {@link #showOpening} resets it. Call on the FX thread.
     */
    public void focusOnForecast(int tradingDaysBefore) {
        PriceBars s = series.get();
        if (forecast == null || drawnTimed != null || s == null || s.size() == 0 || axisX.length != s.size()) return;
        int start = java.util.Collections.binarySearch(s.dates(), forecast.origin());
        int from = Math.max(0, (start >= 0 ? start : -start - 1) - tradingDaysBefore);
        double end = Math.max(CalendarTicks.toAxis(forecast.targetDates().get(forecast.targetDates().size() - 1)), axisX[from] + minSpan());
        zoomer.clear();
        presetView = false;
        markDay(forecast.origin());
        showDates(axisX[from], end + (end - axisX[from]) * 0.015);
    }

    /** Back to the view a symbol opens on (the last closes and the fan, see {@link #setOpeningDays}), the mark removed. */
    public void showOpening() {
        PriceBars s = series.get();
        if (s == null || s.size() == 0 || openingDays <= 0) return;
        zoomer.clear();
        markDay(null);
        presetView = true;
        applyPresetView();
    }

    /** "IBM daily close, 2001-01-02 to 2002-12-31" ("daily adjusted close"): the first and last trading days inside the date axis. */
    private void titleShownRange() {
        PriceBars s = series.get();
        // between a new series' parts (positions, bars) an axis event reads neither
        if (s == null || s.size() == 0 || axisX.length != s.size() || (drawnTimed != null && drawnTimed.size() != s.size())) return;
        double[] range = {dateAxis.getMin(), dateAxis.getMax()};
        int first = 0;
        int last = s.size() - 1;
        if (!dateAxis.isAutoRanging() && range[1] > range[0]) {
            while (first < last && axisX[first] < range[0]) first++;
            while (last > first && axisX[last] > range[1]) last--;
        }
        if (drawnTimed != null) {
            // "USDCHF 30m close, 2001-03-26 17:00 to 03-30 16:30 New York": the year once when both ends share it
            String from = barLabel(first);
            String to = barLabel(last);
            if (drawnTimed.interval().intraday() && from.regionMatches(0, to, 0, 5)) to = to.substring(5);
            setTitle(s.symbol() + " " + drawnTimed.interval() + (drawsBars() ? " bars, " : " close, ") + from + " to " + to
                    + (drawnTimed.interval().intraday() ? " " + drawnTimed.clock().zoneName() : ""));
            return;
        }
        // what the price axis names ("adjusted close" where the stored adjusted prices are drawn)
        String what = drawsBars() ? priceAxis.getName().replace("close", "bars") : priceAxis.getName();
        setTitle(s.symbol() + " daily " + what + ", " + s.dates().get(first) + " to " + s.dates().get(last));
    }

    /** Marks {@code day} with a labelled vertical line (null removes it); a new series removes it too. */
    public void markDay(LocalDate day) {
        if (dayMarker != null) getPlugins().remove(dayMarker);
        dayMarker = null;
        markedDay = day;
        if (day == null) return;
        dayMarker = new io.fair_acc.chartfx.plugins.XValueIndicator(dateAxis, xOfDay(day), day.toString());
        dayMarker.setEditable(false);
        dayMarker.setLabelPosition(0.04);
        getPlugins().add(dayMarker);
    }

    /** The day marked on the chart (a date sent to it, e.g. an analogue), null when none. */
    public LocalDate markedDay() {
        return markedDay;
    }

    /** The opening window: the last {@code openingDays} closes and the drawn fan, prices fitted to both. */
    private void applyPresetView() {
        PriceBars s = series.get();
        if (!presetView || s == null || s.size() == 0) return;
        fitFrom(Math.max(0, s.size() - openingDays));
    }

    /**
     * Shows the last {@code range} of the series (1M, 6M, YTD, 1Y, 5Y) with the drawn fan, prices
     * fitted to what is shown; {@link RangePreset#ALL} shows the whole history. Call on the FX thread.
     */
    public void showRange(RangePreset range) {
        PriceBars s = series.get();
        if (s == null || s.size() == 0) return;
        zoomer.clear();
        presetView = false;
        LocalDate start = range.start(s.dates().get(s.size() - 1));
        int from = 0;
        while (start != null && from < s.size() - 1 && s.dates().get(from).isBefore(start)) from++;
        fitFrom(from);
    }

    /**
     * Shows the days from {@code from} to {@code to} (either null: the series' first or last day),
     * prices fitted to them; answers whether any day of the series lies between. Call on the FX thread.
     */
    public boolean showPeriod(LocalDate from, LocalDate to) {
        PriceBars s = series.get();
        if (s == null || s.size() == 0 || axisX.length != s.size()) return false;
        int first = 0, last = s.size() - 1;
        while (from != null && first <= last && s.dates().get(first).isBefore(from)) first++;
        while (to != null && last >= first && s.dates().get(last).isAfter(to)) last--;
        if (first > last) return false;
        zoomer.clear();
        presetView = false;
        // half the gap to the neighbouring bars as room: the title and the fitted prices hold exactly the period's closes
        double left = first > 0 ? (axisX[first] - axisX[first - 1]) / 2 : 0;
        double right = last < axisX.length - 1 ? (axisX[last + 1] - axisX[last]) / 2 : Math.max(axisX[last] - axisX[first], minSpan()) * 0.015;
        showDates(axisX[first] - left, axisX[last] + right);
        return true;
    }

    /** The closes from index {@code from} to the last and the drawn fan on screen, prices fitted to them. */
    private void fitFrom(int from) {
        PriceBars s = series.get();
        double xMin = axisX[from];
        double xMax = axisX[s.size() - 1];
        DataSet drawnMedian = drawnForecastMedian();
        // a past forecast's fan (as of a day) ends before the last close: the closes still end the view
        if (drawnMedian != null) xMax = Math.max(xMax, drawnMedian.get(DataSet.DIM_X, drawnMedian.getDataCount() - 1));
        double xPad = Math.max(xMax - xMin, minSpan()) * 0.015;
        // no room before the first day: the title's first date is the first close drawn
        showDates(xMin, xMax + xPad);
    }

    /**
     * Shows the dates from {@code xMin} to {@code xMax} (axis seconds), prices fitted to the bars,
     * the fans (live and backtest) and the overlays ({@link #addOverlays}) drawn between them. Call on the FX thread.
     */
    public void showDates(double xMin, double xMax) {
        PriceBars s = series.get();
        if (s == null || s.size() == 0 || !(xMax > xMin)) return;
        int[] between = barsBetween(xMin, xMax);
        int from = between[0];
        int to = between[1];
        double[] range = from <= to ? priceRange(from, to) : new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        List<DataSet> drawnOver = new ArrayList<>(drawnForecastBands());
        drawnOver.addAll(drawnBacktestBands());
        if (drawnForecastMedian() != null) drawnOver.add(drawnForecastMedian());
        for (io.fair_acc.chartfx.renderer.Renderer r : overlays) drawnOver.addAll(r.getDatasets());
        for (DataSet d : drawnOver) PriceFit.widen(range, d, xMin, xMax);
        double lo = range[0];
        double hi = range[1];
        if (!(hi >= lo)) return;
        double yPad = Math.max(hi - lo, Math.abs(hi) * 1e-3) * 0.05;
        dateAxis.setAutoRanging(false);
        priceAxis.setAutoRanging(false);
        dateAxis.set(xMin, xMax);
        // on a log scale the padding is a ratio: the bottom stays above zero
        priceAxis.set(priceAxis.isLogAxis() ? lo / 1.05 : lo - yPad, priceAxis.isLogAxis() ? hi * 1.05 : hi + yPad);
        dateAxis.forceRedraw();
        priceAxis.forceRedraw();
        fittedView = true;
    }

    /**
     * Shows {@code bars} (any interval, oldest first) positioned by bar index, so non-trading time
     * takes no room, with time labels in the exchange's zone; the interval drawn follows the zoom
     * ({@link #drawnIntervalProperty()}), from the bars' own up to a month, resampled here
     * ({@link BarResampler}). Its forecast fan comes with {@link #showBarForecast}. Call on the FX thread.
     */
    public void showBars(TimedBars bars) {
        if (!Platform.isFxApplicationThread()) {
            throw new IllegalStateException("PriceChart.showBars must run on the JavaFX thread");
        }
        barFan = null;
        barBacktests = List.of();
        intervals.show(bars);
    }

    /** Draws one interval of a {@link #showBars} series: the whole of it when {@code range} is null, else bars range[0]..range[1]. */
    void drawTimed(TimedBars bars, double[] range) {
        clearView(); // the zoomer's stack too: it holds positions of the interval drawn before
        drawnTimed = bars;
        dateAxis.setTimeline(bars);
        double[] x = new double[bars.size()];
        for (int i = 0; i < x.length; i++) x[i] = i;
        putSeries(bars.priceBars(), x);
        presetView = false;
        placeBarFan();
        placeBarBacktests();
        refreshFan();
        double from = range == null ? 0 : range[0];
        double to = range == null ? 0 : Math.max(range[1], range[0] + 1);
        if (range != null) to = withFan(from, to); // a view reaching the last bar shows the whole fan after it
        int[] between = barsBetween(from, to);
        if (range != null && between[0] <= between[1]) {
            showDates(from, to);
        } else {
            dateAxis.setAutoRanging(true);
            priceAxis.setAutoRanging(true);
            dateAxis.forceRedraw();
            priceAxis.forceRedraw();
        }
        titleShownRange();
    }

    /**
     * The finest interval the chart may draw a {@link #showBars} series at (the picker): at first
     * the series' own; zooming out draws coarser ones, zooming in comes back down to this.
     */
    public javafx.beans.property.ObjectProperty<ChartInterval> finestIntervalProperty() {
        return intervals.finestProperty();
    }

    // duplicates: property accessors, the JavaFX pattern every chart and ViewModel repeats
    /** The interval drawn now; null for a daily series on dates ({@link #show}). */
    public ReadOnlyObjectProperty<ChartInterval> drawnIntervalProperty() {
        return intervals.drawnProperty();
    }

    /** The bars on screen of a {@link #showBars} series, at the interval drawn; null for a daily series. */
    public TimedBars drawnBars() {
        return drawnTimed;
    }

    /** The series given to {@link #showBars} at every interval (null for a daily series). */
    public IntervalLadder intervals() {
        return intervals.ladder();
    }

    /** Axis position of a time (epoch seconds UTC) among the bars drawn by index: the bar open then, with the fraction of its span. */
    public double axisPositionOf(long epochSeconds) {
        if (drawnTimed == null) throw new IllegalStateException("the chart shows dates, not bars by index: use CalendarTicks.toAxis");
        return AutoInterval.indexAt(drawnTimed, epochSeconds);
    }

    /** Bar {@code i} on screen as the readouts write it: "2001-03-30 16:30" for intraday bars, else its date. */
    public String barLabel(int i) {
        return drawnTimed != null ? drawnTimed.label(i) : series.get().dates().get(i).toString();
    }

    /** The narrowest stretch of axis a view may show: a day of dates, or one bar. */
    private double minSpan() {
        return drawnTimed != null ? 1 : CalendarTicks.SECONDS_PER_DAY;
    }

    /** Axis position of {@code day}: its date, or the first bar of it (or of the next trading day) on a bar-index axis. */
    private double xOfDay(LocalDate day) {
        if (drawnTimed == null) return CalendarTicks.toAxis(day);
        return Math.min(drawnTimed.firstOfDay(day), Math.max(0, drawnTimed.size() - 1));
    }

    /** The right-click menu (copy, export, zoom). */
    public ContextMenu contextMenu() {
        return contextMenu;
    }

    /**
     * Where an export goes: given what is exported ("PNG image", "CSV") and a suggested file name,
     * the file to write, or null to cancel. A save dialog by default.
     */
    public void setExportTarget(java.util.function.BiFunction<String, String, java.nio.file.Path> target) {
        exportTarget = java.util.Objects.requireNonNull(target, "target");
    }

    java.util.function.BiFunction<String, String, java.nio.file.Path> exportTarget() {
        return exportTarget;
    }

    /** What the right-click menu's "Add indicator…" does (the app opens its indicator editor); null hides the item. */
    public void setOnAddIndicator(Runnable action) {
        onAddIndicator = action;
    }

    Runnable onAddIndicator() {
        return onAddIndicator;
    }

    /** Index of the first and last bar inside the date axis (the whole series while it auto-ranges). */
    public int[] shownBars() {
        PriceBars s = series.get();
        if (s == null || s.size() == 0) return new int[] {0, -1};
        if (dateAxis.isAutoRanging()) return new int[] {0, s.size() - 1};
        int[] between = barsBetween(dateAxis.getMin(), dateAxis.getMax());
        int from = between[0];
        int to = between[1];
        return new int[] {Math.min(from, s.size() - 1), Math.max(Math.min(to, s.size() - 1), Math.min(from, s.size() - 1))};
    }

    /** The first bar on or after {@code xMin} and the last on or before {@code xMax} (the first above the last when none). */
    private int[] barsBetween(double xMin, double xMax) {
        int from = java.util.Arrays.binarySearch(axisX, xMin);
        int to = java.util.Arrays.binarySearch(axisX, xMax);
        return new int[] {from >= 0 ? from : -from - 1, to >= 0 ? to : -to - 2};
    }

    /** The person moved the view (keys, menu): shows these dates and stops following the opening window. */
    void navigate(double xMin, double xMax) {
        presetView = false;
        showDates(xMin, xMax);
    }

    /** Lowest and highest price drawn from bar {@code from} to bar {@code to}: closes, or lows and highs when bars are drawn. */
    private double[] priceRange(int from, int to) {
        PriceBars s = series.get();
        boolean bars = drawsBars();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = from; i <= to; i++) {
            double top = bars && Double.isFinite(s.high()[i]) ? s.high()[i] : s.close()[i];
            double bottom = bars && Double.isFinite(s.low()[i]) ? s.low()[i] : s.close()[i];
            if (Double.isFinite(top) && Double.isFinite(bottom)) {
                lo = Math.min(lo, bottom);
                hi = Math.max(hi, top);
            }
        }
        return new double[] {lo, hi};
    }

    /** Whether bars are drawn (candles or OHLC chosen and the series has open, high and low), not the close line. */
    public boolean drawsBars() {
        PriceBars s = series.get();
        return chartType.get() != ChartType.LINE && s != null && s.hasOhlc();
    }

    /** Line, candlesticks or OHLC bars; close-only data stays a line. */
    public javafx.beans.property.ObjectProperty<ChartType> chartTypeProperty() {
        return chartType;
    }

    /** Puts the line or the bars of the shown series on the chart, and its volume in the pane below when bars are drawn. */
    private void refreshBars() {
        PriceBars s = series.get();
        boolean bars = drawsBars();
        candleRenderer.setType(chartType.get());
        candleRenderer.setBars(bars ? s : null, axisX);
        if (bars) {
            int n = s.size();
            double[] below = new double[n];
            double[] above = new double[n];
            for (int i = 0; i < n; i++) {
                below[i] = Double.isNaN(s.low()[i]) ? 0 : s.close()[i] - s.low()[i];
                above[i] = Double.isNaN(s.high()[i]) ? 0 : s.high()[i] - s.close()[i];
            }
            barRanges.set(axisX, s.close(), below, above, n, true);
            candleRenderer.getDatasets().setAll(barRanges);
            lineRenderer.getDatasets().clear();
        } else {
            barRanges.clearData();
            candleRenderer.getDatasets().clear();
            // an empty data set's limits are NaN..NaN, which chartfx counts as changed at every
            // recompute: attached, it would redraw an idle chart every pulse
            if (closes.getDataCount() > 0) lineRenderer.getDatasets().setAll(closes);
            else lineRenderer.getDatasets().clear();
        }
        boolean volume = bars && s.hasVolume();
        volumePane.show(volume ? s : null, axisX);
        volumePane.setVisible(volume);
        titleShownRange();
        fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    /** The volume pane to lay out under this chart (shown while bars with a volume are drawn). */
    public VolumeChart volumePane() {
        return volumePane;
    }

    public CandleRenderer candleRenderer() {
        return candleRenderer;
    }

    /** The drawn bars' range data (x = date, y = close, y - negative error = low, y + positive error = high); empty for a line. */
    public DataSetError barDataSet() {
        return barRanges;
    }

    /** Prices on a logarithmic scale (equal heights are equal percentage moves) or a linear one. */
    public void setLogScale(boolean log) {
        priceAxis.setLogAxis(log);
        if (!priceAxis.isAutoRanging() && log && priceAxis.getMin() <= 0) priceAxis.setAutoRanging(true);
        priceAxis.forceRedraw();
        fireInvalidated(io.fair_acc.dataset.events.ChartBits.ChartCanvas);
    }

    // duplicates: plain accessors for tests and the app, alike by nature; nothing to share
    /** The series on screen (null before the first {@link #show}). */
    public ReadOnlyObjectProperty<PriceBars> seriesProperty() {
        return series.getReadOnlyProperty();
    }

    public PriceBars series() {
        return series.get();
    }

    // duplicates: plain accessors, one per part of the chart the app and its tests reach
    /** The drawn data: x = epoch seconds of each date (UTC midnight), y = close. */
    public DataSet closeDataSet() {
        return closes;
    }

    public DateAxis dateAxis() {
        return dateAxis;
    }

    public PriceAxis priceAxis() {
        return priceAxis;
    }

    public ForecastFanRenderer fanRenderer() {
        return fanRenderer;
    }

    public ErrorDataSetRenderer lineRenderer() {
        return lineRenderer;
    }

    public Zoomer zoomer() {
        return zoomer;
    }

    public PriceCrosshair crosshair() {
        return crosshair;
    }
}
