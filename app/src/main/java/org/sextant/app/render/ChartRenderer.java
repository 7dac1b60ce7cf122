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
    static final List<Double> LEVELS = List.of(0.80, 0.95, 0.99);

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
    /** Runs on the JavaFX thread as a picture's one step there starts: tests make the drawing slow with it, and count steps. */
    volatile Runnable onFxStep = () -> { };
    /** JavaFX's start, as a picture waits for it: tests give one that has not ended. */
    volatile java.util.function.Supplier<CompletableFuture<Void>> toolkit;
    /**
     * The bound of the first picture after a start ({@link #warmUp}), its own and no caller's: JavaFX's start and the
     * first drawing (classes, CSS, fonts, the software pipeline) took 10-30 s on a loaded machine.
     */
    static final java.time.Duration WARM_UP_BUDGET = java.time.Duration.ofSeconds(FxToolkit.START_BOUND_SECONDS + 30);
    /** How the first picture after a start is named to a picture waiting behind it. */
    static final String WARM_UP = "the app's first picture (JavaFX's start and first drawing, once after the app starts)";
    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(ChartRenderer.class);

    public ChartRenderer(Sextant engine, boolean headless) {
        this.engine = engine;
        this.headless = headless;
        this.toolkit = () -> FxToolkit.start(headless);
    }

    /**
     * Draws a chart once, in the background (the caller goes on at once), so that the first picture an agent asks
     * for finds JavaFX started and its first drawing done instead of paying for them out of its own budget. It holds the
     * picture turn meanwhile: a picture asked then waits behind it and, stopped, is told so. Completes when drawn; a
     * failure is logged (the next picture then starts JavaFX itself).
     */
    public CompletableFuture<Void> warmUp() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            long start = System.nanoTime();
            try {
                Cancellation.within(WARM_UP_BUDGET, "render_chart's first picture", TIMEOUT_FIX,
                        () -> turn.hold(new PictureTurn.Ticket(WARM_UP, (long) DEFAULT_WIDTH * DEFAULT_HEIGHT, false), () -> {
                            RenderPhases phases = new RenderPhases();
                            picture(draw(WarmUpChart::build, DEFAULT_WIDTH, DEFAULT_HEIGHT, null, chart -> null, phases), "WARMUP", "1d", phases);
                            return null;
                        }));
                log.info("render_chart ready: JavaFX started and a first picture drawn in {} ms", (System.nanoTime() - start) / 1_000_000);
                done.complete(null);
            } catch (RuntimeException | Error e) {
                log.warn("render_chart's first picture failed after {} ms (the next picture starts JavaFX itself): {}",
                        (System.nanoTime() - start) / 1_000_000, e.toString());
                done.completeExceptionally(e);
            }
        }, "sextant-render-warm-up");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY); // behind the window's and the API's threads
        t.start();
        return done;
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
        RenderPhases phases = new RenderPhases();
        String at = engine.readInterval(symbol, interval);
        if (at == null) return renderDaily(symbol, days, model, horizon, width, height, phases);
        // the engine's work (the forecast's fit can take most of the budget) before the picture's turn: a render
        // waiting for the turn, holding one of the computing turns meanwhile, waits for a drawing, not for a fit
        BarSeries bars = engine.getBars(symbol, at, null, null);
        if (bars.size() == 0) throw new SextantException(FailReason.NOT_FOUND, "no bars of '" + symbol + "' at " + at, "symbol", "call list_symbols");
        BarForecast forecast = engine.getForecast(symbol, at, model, horizon, null, null);
        phases.enter(RenderPhases.Phase.TURN);
        return turn.hold(PictureTurn.Ticket.picture(width, height), () -> renderBars(bars, forecast, at, days, width, height, phases));
    }

    /**
     * The budget is spent: told with where the picture's time went ({@link RenderPhases}), so a wait for JavaFX's start
     * or another picture is not told as its own work; a caller gone away is a cancellation, as elsewhere.
     */
    private static RuntimeException spent(RenderPhases phases) {
        if (Cancellation.stopRequested()) Cancellation.check();
        boolean starting = phases.current() == RenderPhases.Phase.TOOLKIT;
        return new SextantException(FailReason.TIMEOUT, phases.stopped(), null, starting
                ? "call again in a few seconds: JavaFX goes on starting, once, and later pictures do not wait for it" : TIMEOUT_FIX);
    }

    /** Stops a picture whose budget is spent or whose caller went away, before its next step. */
    private static void check(RenderPhases phases) {
        if (Cancellation.stopRequested() || Cancellation.nanosLeft() <= 0) throw spent(phases);
    }

    /** What to ask for instead of a picture that took its whole budget (the API's read fix for render_chart says the same). */
    public static final String TIMEOUT_FIX = org.sextant.engine.api.ApiRoutes.RENDER_FIX;

    /** What the JavaFX thread reads off a chart by bar with its picture (one hand-over, not one per field). */
    private record BarFacts(String drawnInterval, double axisWidth, Map<String, Object> drawnEnds) {}

    private Map<String, Object> renderBars(BarSeries bars, BarForecast forecast, String at, int days, int width, int height, RenderPhases phases) {
        int n = bars.size(), h = forecast.targetTs().size(), shown = Math.min(days, n);
        org.sextant.charts.TimedBars timed = ChartInputs.timed(bars);
        Drawn<BarFacts> drawn = draw(() -> {
            PriceChart c = new PriceChart();
            c.setForecastLevels(LEVELS);
            c.showBars(timed);
            c.finestIntervalProperty().set(org.sextant.charts.ChartInterval.of(at));
            c.showBarForecast(ChartInputs.barFan(forecast));
            return c;
        }, width, height, chart -> () -> {
            // the last bars, once the chart has its width (the interval drawn depends on it); a chart drawing a
            // coarser interval then switches to the one asked, holding the whole fan as the view reaches the last bar
            double from = chart.axisPositionOf(timed.seconds(n - shown)), to = chart.axisPositionOf(timed.seconds(n - 1));
            if (chart.drawnIntervalProperty().get() == timed.interval()) to += h + 0.5; // no switch to come: room for the fan now
            chart.showDates(from, to);
        }, chart -> new BarFacts(chart.drawnIntervalProperty().get().label, chart.dateAxis().getWidth(), drawnEnds(chart)), phases);
        Map<String, Object> out = picture(drawn, bars.symbol(), at, phases);
        out.put("closes_shown", shown);
        // more bars than the picture holds at the interval asked: the chart draws a coarser one, as the workstation zoomed out does
        String drawnAt = drawn.facts().drawnInterval();
        out.put("drawn_interval", drawnAt);
        if (!drawnAt.equals(at)) {
            int fit = (int) (org.sextant.charts.IntervalLadder.MAX_BARS_PER_PIXEL * drawn.facts().axisWidth());
            out.put("note", shown + " bars of " + at + " do not fit a " + width + " px picture: drawn as " + drawnAt + " bars, without the " + at
                    + " forecast's fan; ask for at most " + fit + " days (bars) or a wider picture to see " + at + " bars");
        }
        // the dates of the bars in the picture, as its title names them: drawn coarser, the bar holding the first one
        // asked starts off screen, and an FX day's bars from 17:00 New York belong to the next trading day
        out.putAll(drawn.facts().drawnEnds());
        out.put("last_ts_local", forecast.originTsLocal());
        out.put("price", "close"); // bars are drawn as stored
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

    /** A chart's picture, its title and what else {@link #draw} read off it on the JavaFX thread. */
    private record Drawn<F>(WritableImage image, String title, F facts) {}

    /**
     * Builds the chart, draws it off screen and reads {@code facts} off it in one hand-over to the JavaFX thread (the
     * window's thread: each hand-over waits behind what the window queued), once JavaFX runs; waited for at most the budget.
     */
    private <F> Drawn<F> draw(java.util.concurrent.Callable<PriceChart> build, int width, int height,
                              java.util.function.Function<PriceChart, Runnable> laidOut, java.util.function.Function<PriceChart, F> facts, RenderPhases phases) {
        check(phases); // the engine's work or the wait for the turn may have taken the budget: no drawing for an answer nobody awaits
        phases.enter(RenderPhases.Phase.TOOLKIT);
        await(toolkit.get(), phases, false);
        phases.enter(RenderPhases.Phase.DRAWING);
        CompletableFuture<Drawn<F>> result = new CompletableFuture<>();
        Runnable step = onFxStep;
        Platform.runLater(org.sextant.engine.ReadOnlyScope.inheriting(() -> { // the chart is built as the read (the FX thread's own work is the charts')
            try {
                step.run();
                PriceChart chart = build.call();
                ChartSnapshot.renderOnFxThread(chart, width, height, laidOut == null ? null : laidOut.apply(chart),
                        image -> new Drawn<>(image, chart.getTitle(), facts.apply(chart))).whenComplete((drawn, failure) -> {
                            if (failure == null) result.complete(drawn);
                            else result.completeExceptionally(failure);
                        });
            } catch (Exception | Error e) {
                result.completeExceptionally(e);
            }
        }));
        return await(result, phases, true);
    }

    /** The drawn chart's picture and the answer's first fields; png_base64 is moved last by the caller. */
    private static Map<String, Object> picture(Drawn<?> drawn, String symbol, String interval, RenderPhases phases) {
        check(phases);
        phases.enter(RenderPhases.Phase.ENCODING);
        WritableImage image = drawn.image();
        byte[] png = ChartSnapshot.toPng(image);
        check(phases);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("symbol", symbol);
        out.put("interval", interval);
        out.put("mime_type", "image/png");
        out.put("width", (int) image.getWidth());
        out.put("height", (int) image.getHeight());
        out.put("bytes", png.length);
        out.put("title", drawn.title());
        out.put("png_base64", Base64.getEncoder().encodeToString(png));
        return out;
    }

    public Map<String, Object> render(String symbol, int days, String model, Integer horizon, int width, int height) {
        return renderDaily(symbol, days, model, horizon, width, height, new RenderPhases());
    }

    private Map<String, Object> renderDaily(String symbol, int days, String model, Integer horizon, int width, int height, RenderPhases phases) {
        // engine work first, off the JavaFX thread and before the picture's turn (as for bars); an unknown symbol or model fails here, named
        PriceSeries series = engine.getClosePrice(symbol, null, null);
        if (series.size() == 0) throw new SextantException(FailReason.NOT_FOUND, "no prices for '" + symbol + "'", "symbol", "call list_symbols");
        PriceForecast forecast = engine.getForecast(symbol, model, horizon, null);
        // its own row only: a search for "Z" would read every symbol whose ticker holds a Z
        SymbolInfo info = engine.dailySymbol(series.symbol());
        String currency = info == null ? null : info.currency();
        phases.enter(RenderPhases.Phase.TURN);
        return turn.hold(PictureTurn.Ticket.picture(width, height), () -> renderDaily(series, forecast, currency, days, width, height, phases));
    }

    private Map<String, Object> renderDaily(PriceSeries series, PriceForecast forecast, String currency, int days, int width, int height, RenderPhases phases) {
        Drawn<Void> drawn = draw(() -> {
            PriceChart c = new PriceChart();
            c.setOpeningDays(days);
            c.setForecastLevels(LEVELS);
            c.priceAxis().setUnit(currency);
            c.priceAxis().setName(org.sextant.app.gui.ChartInputs.priceName(series)); // the closes drawn are those the fan was fitted on
            c.show(org.sextant.app.gui.ChartInputs.closes(series));
            c.showForecast(org.sextant.app.gui.ChartInputs.fan(forecast));
            return c;
        }, width, height, null, chart -> null, phases);
        Map<String, Object> out = picture(drawn, series.symbol(), "1d", phases);
        int shown = Math.min(days, series.size());
        out.put("closes_shown", shown);
        out.put("first_date", series.dates().get(series.size() - shown));
        out.put("last_date", series.dates().get(series.size() - 1));
        // the last point of the line drawn (the adjusted close where stored, what the fan grows from), named as get_chart_data's
        // closes.price names it; the close as stored beside it when they are not the same prices
        out.put("price", org.sextant.app.gui.ChartInputs.priceName(series));
        out.put("last_close", PriceForecast.closes(series)[series.size() - 1]);
        if (org.sextant.app.gui.ChartInputs.adjusted(series)) out.put("last_close_unadjusted", series.close()[series.size() - 1]);
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

    /**
     * What the JavaFX thread computes (or its start), waited for at most the caller's budget (without one, as long as it
     * takes); a drawing given up ({@code drawing}) gets the picture's turn, so no other picture queues a drawing behind it.
     */
    private <T> T await(CompletableFuture<T> result, RenderPhases phases, boolean drawing) {
        long left = Cancellation.nanosLeft();
        try {
            return left == Long.MAX_VALUE ? result.get() : result.get(Math.max(0, left), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            if (drawing) turn.handOver(result);
            throw spent(phases);
        } catch (InterruptedException e) {
            if (drawing) turn.handOver(result);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while drawing", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof java.util.concurrent.TimeoutException) { // FxToolkit's own bound
                throw new IllegalStateException("JavaFX did not start within " + FxToolkit.START_BOUND_SECONDS + " s, so render_chart cannot draw; see the app's log");
            }
            if (e.getCause() instanceof OutOfMemoryError) { // a large software snapshot: the step failed, the turn is free
                throw new SextantException(FailReason.RESOURCE_LIMIT, "render_chart ran out of memory drawing its picture, so nothing was drawn", null, TIMEOUT_FIX);
            }
            throw new IllegalStateException("drawing failed: " + e.getCause(), e.getCause());
        }
    }
}
