package org.sextant.app.render;

import org.sextant.contract.FailReason;

import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import javafx.application.Platform;
import javafx.scene.image.WritableImage;
import org.sextant.charts.ChartSnapshot;
import org.sextant.charts.PriceChart;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.api.ApiCall;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.app.gui.ChartInputs;
import org.sextant.engine.data.BarSeries;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.BarForecast;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.PriceForecast;

/**
 * The local API's render_chart: the chart the workstation shows for a symbol (the same
 * {@link PriceChart} set up as the workstation sets it up: the last trading days on screen, the
 * live forecast's fan at 80/95/99%, the currency on the price axis) drawn off screen with
 * {@link ChartSnapshot} and returned as a base64 PNG. One picture at a time: each one is a
 * full-size software render, and the JavaFX thread draws them one by one anyway.
 */
public final class ChartRenderer {
    /** As the workstation opens a symbol (WorkstationWindow.OPENING_DAYS). */
    public static final int DEFAULT_DAYS = 500;
    public static final int DEFAULT_WIDTH = 1000, DEFAULT_HEIGHT = 600;
    public static final int MIN_WIDTH = 320, MAX_WIDTH = 2400, MIN_HEIGHT = 200, MAX_HEIGHT = 1600;
    private static final List<Double> LEVELS = List.of(0.80, 0.95, 0.99);

    private final Sextant engine;
    private final boolean headless;
    /**
     * One picture at a time, until its drawing on the JavaFX thread ends (not when its caller gives up; at the latest
     * minutes later), waited for at most the caller's budget, or 5 s when a stopped picture holds it ({@link PictureTurn}):
     * the API's read budget ({@link Cancellation}) bounds the wait for another picture as it
     * bounds the drawing, which checks it between its steps (the engine's work, the drawing on the JavaFX thread, the
     * encoding): a 2400x1600 picture of 62,000 bars on a busy machine answered after 45 s, past the 40 s budget (attack 12, L5).
     */
    final PictureTurn turn = new PictureTurn(); // package: tests see whether a stopped picture still holds it
    /** Runs on the JavaFX thread as each of a picture's steps there starts: tests make the drawing slow with it. */
    volatile Runnable onFxStep = () -> { };

    public ChartRenderer(Sextant engine, boolean headless) {
        this.engine = engine;
        this.headless = headless;
    }

    /** The API route: {symbol, days?, model?, horizon?, width?, height?, interval?}. */
    public Object route(ApiCall call) {
        String symbol = call.requiredText("symbol", "\"MSFT\"");
        int days = bounded(call, "days", DEFAULT_DAYS, 20, 20000);
        int width = bounded(call, "width", DEFAULT_WIDTH, MIN_WIDTH, MAX_WIDTH);
        int height = bounded(call, "height", DEFAULT_HEIGHT, MIN_HEIGHT, MAX_HEIGHT);
        return render(symbol, call.text("interval"), days, call.text("model"), call.integer("horizon"), width, height);
    }

    /**
     * The chart the workstation shows at {@code interval}: a symbol's daily prices on dates (null or
     * 1d), else its bars by index with their forecast's fan after the last bar, as the workstation
     * draws them; a symbol with bars only opens at its finest stored interval, as there.
     */
    public Map<String, Object> render(String symbol, String interval, int days, String model, Integer horizon, int width, int height) {
        String at = engine.readInterval(symbol, interval);
        if (at == null) return render(symbol, days, model, horizon, width, height);
        // the engine's work (the forecast's fit can take most of the budget) before the picture's turn: a render
        // waiting for the turn, holding one of the computing turns meanwhile, waits for a drawing, not for a fit
        BarSeries bars = engine.getBars(symbol, at, null, null);
        if (bars.size() == 0) throw new SextantException(FailReason.NOT_FOUND, "no bars of '" + symbol + "' at " + at, "symbol", "call list_symbols");
        BarForecast forecast = engine.getForecast(symbol, at, model, horizon, null, null);
        return turn.hold(() -> renderBars(bars, forecast, at, days, width, height));
    }

    /** The budget is spent: the read's timeout ({@link Cancellation#within} words it), or ours if the check lands a moment early. */
    private static RuntimeException spent() {
        Cancellation.check();
        return new SextantException(FailReason.TIMEOUT, "render_chart drew for its whole budget and was stopped", null, TIMEOUT_FIX);
    }

    /** What to ask for instead of a picture that took its whole budget (the API's read fix for render_chart says the same). */
    public static final String TIMEOUT_FIX = org.sextant.engine.api.ApiRoutes.RENDER_FIX;

    private Map<String, Object> renderBars(BarSeries bars, BarForecast forecast, String at, int days, int width, int height) {
        int n = bars.size(), h = forecast.targetTs().size(), shown = Math.min(days, n);
        org.sextant.charts.TimedBars timed = ChartInputs.timed(bars);
        FxToolkit.ensureStarted(headless);
        PriceChart chart = onFxThread(() -> {
            PriceChart c = new PriceChart();
            c.setForecastLevels(LEVELS);
            c.showBars(timed);
            c.finestIntervalProperty().set(org.sextant.charts.ChartInterval.of(at));
            c.showBarForecast(ChartInputs.barFan(forecast));
            return c;
        });
        // the last bars, once the chart has its width (the interval drawn depends on it); a chart drawing a
        // coarser interval then switches to the one asked, holding the whole fan as the view reaches the last bar
        Map<String, Object> out = picture(chart, width, height, bars.symbol(), at, () -> {
            double from = chart.axisPositionOf(timed.seconds(n - shown)), to = chart.axisPositionOf(timed.seconds(n - 1));
            if (chart.drawnIntervalProperty().get() == timed.interval()) to += h + 0.5; // no switch to come: room for the fan now
            chart.showDates(from, to);
        });
        out.put("closes_shown", shown);
        // more bars than the picture holds at the interval asked: the chart draws a coarser one, as the workstation zoomed out does
        String drawn = onFxThread(() -> chart.drawnIntervalProperty().get().label);
        out.put("drawn_interval", drawn);
        if (!drawn.equals(at)) {
            int fit = (int) (org.sextant.charts.IntervalLadder.MAX_BARS_PER_PIXEL * onFxThread(() -> chart.dateAxis().getWidth()));
            out.put("note", shown + " bars of " + at + " do not fit a " + width + " px picture: drawn as " + drawn + " bars, without the " + at
                    + " forecast's fan; ask for at most " + fit + " days (bars) or a wider picture to see " + at + " bars");
        }
        // the dates of the bars in the picture, as its title names them: drawn coarser, the bar holding the first one
        // asked starts off screen, and an FX day's bars from 17:00 New York belong to the next trading day
        Map<String, Object> drawnEnds = onFxThread(() -> drawnEnds(chart));
        out.putAll(drawnEnds);
        out.put("last_ts_local", forecast.originTsLocal());
        out.put("last_close", bars.bars().get(n - 1).close());
        out.put("forecast", Map.of("model", forecast.forecast().model(), "origin", forecast.forecast().origin(), "horizon", h, "levels", LEVELS,
                "last_target_ts_local", forecast.targetTsLocal().get(h - 1)));
        out.put("png_base64", out.remove("png_base64"));
        return out;
    }

    /**
     * first_date and last_date: the trading days of the first and last bar drawn (at the drawn interval);
     * drawn intraday also first_ts_local, the first bar's open in the exchange's zone, where the title starts.
     */
    private static Map<String, Object> drawnEnds(PriceChart chart) {
        org.sextant.charts.TimedBars drawn = chart.drawnBars();
        int[] shownBars = chart.shownBars();
        Map<String, Object> ends = new LinkedHashMap<>();
        ends.put("first_date", drawn.tradingDay(shownBars[0]));
        ends.put("last_date", drawn.tradingDay(shownBars[1]));
        if (drawn.interval().intraday()) {
            ends.put("first_ts_local", java.time.OffsetDateTime.ofInstant(java.time.Instant.ofEpochSecond(drawn.seconds(shownBars[0])), drawn.clock().zone()).toString());
        }
        return ends;
    }

    /** The drawn chart's picture and the answer's first fields; png_base64 is moved last by the caller. */
    private Map<String, Object> picture(PriceChart chart, int width, int height, String symbol, String interval, Runnable laidOut) {
        Cancellation.check(); // the engine's work may have taken the budget: no drawing for an answer nobody awaits
        WritableImage image = await(ChartSnapshot.renderAsync(chart, width, height, laidOut));
        Cancellation.check();
        byte[] png = ChartSnapshot.toPng(image);
        Cancellation.check();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("symbol", symbol);
        out.put("interval", interval);
        out.put("mime_type", "image/png");
        out.put("width", (int) image.getWidth());
        out.put("height", (int) image.getHeight());
        out.put("bytes", png.length);
        out.put("title", onFxThread(chart::getTitle));
        out.put("png_base64", Base64.getEncoder().encodeToString(png));
        return out;
    }

    public Map<String, Object> render(String symbol, int days, String model, Integer horizon, int width, int height) {
        // engine work first, off the JavaFX thread and before the picture's turn (as for bars); an unknown symbol or model fails here, named
        PriceSeries series = engine.getClosePrice(symbol, null, null);
        if (series.size() == 0) throw new SextantException(FailReason.NOT_FOUND, "no prices for '" + symbol + "'", "symbol", "call list_symbols");
        PriceForecast forecast = engine.getForecast(symbol, model, horizon, null);
        String currency = engine.listSymbols(symbol).stream().filter(i -> i.symbol().equals(series.symbol()))
                .map(SymbolInfo::currency).findFirst().orElse(null);
        return turn.hold(() -> renderDaily(series, forecast, currency, days, width, height));
    }

    private Map<String, Object> renderDaily(PriceSeries series, PriceForecast forecast, String currency, int days, int width, int height) {
        FxToolkit.ensureStarted(headless);
        PriceChart chart = onFxThread(() -> {
            PriceChart c = new PriceChart();
            c.setOpeningDays(days);
            c.setForecastLevels(LEVELS);
            c.priceAxis().setUnit(currency);
            c.show(org.sextant.app.gui.ChartInputs.closes(series));
            c.showForecast(org.sextant.app.gui.ChartInputs.fan(forecast));
            return c;
        });
        Map<String, Object> out = picture(chart, width, height, series.symbol(), "1d", null);
        int shown = Math.min(days, series.size());
        out.put("closes_shown", shown);
        out.put("first_date", series.dates().get(series.size() - shown));
        out.put("last_date", series.dates().get(series.size() - 1));
        out.put("last_close", series.close()[series.size() - 1]);
        out.put("forecast", Map.of("model", forecast.model(), "origin", forecast.origin(),
                "horizon", forecast.targetDates().size(), "levels", LEVELS));
        out.put("png_base64", out.remove("png_base64"));
        return out;
    }

    private static int bounded(ApiCall call, String field, int dflt, int min, int max) {
        Integer v = call.integer(field);
        if (v == null) return dflt;
        if (v < min || v > max) {
            throw SextantException.invalid(field, field + " must be " + min + ".." + max + ", was " + v, "e.g. " + dflt);
        }
        return v;
    }

    private <T> T onFxThread(java.util.concurrent.Callable<T> work) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Runnable step = onFxStep;
        Platform.runLater(() -> {
            try {
                step.run();
                result.complete(work.call());
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        });
        return await(result);
    }

    /**
     * What the JavaFX thread computes, waited for at most the caller's budget (without one, as long as it takes); given
     * up, the picture's turn passes to it, so no other picture queues a drawing behind it.
     */
    private <T> T await(CompletableFuture<T> result) {
        long left = Cancellation.nanosLeft();
        try {
            return left == Long.MAX_VALUE ? result.get() : result.get(Math.max(0, left), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            turn.handOver(result);
            throw spent();
        } catch (InterruptedException e) {
            turn.handOver(result);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while drawing", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof OutOfMemoryError) { // a large software snapshot: the step failed, the turn is free
                throw new SextantException(FailReason.RESOURCE_LIMIT, "render_chart ran out of memory drawing its picture, so nothing was drawn", null, TIMEOUT_FIX);
            }
            throw new IllegalStateException("drawing failed: " + e.getCause(), e.getCause());
        }
    }
}
