package org.sextant.app.gui;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.data.SymbolInfo;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.forecast.RewardRisk;
import org.sextant.engine.forecast.store.StoredForecastBacktest;

/** The charts view's state against a real engine on a temporary store, without a screen. */
class ChartsViewModelTest {
    @TempSextant private Sextant engine;
    private ExecutorService uiThread;
    private ChartsViewModel model;

    @BeforeEach
    void open() {
        uiThread = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));
        model = new ChartsViewModel(engine, null, uiThread);
    }

    @AfterEach
    void close() throws Exception {
        model.forecastLoad().handle((f, e) -> null).get(); // a selection's forecast may still be computing
        model.close();
        uiThread.shutdownNow();
    }

    @Test
    void startListsEverySymbolAndSummarisesTheStore() throws Exception {
        model.start().get();
        List<SymbolInfo> all = listed(engine, null);
        assertTrue(all.size() >= 3, "the test store holds real symbols");
        assertEquals(all, onUi(() -> List.copyOf(model.symbols())), "daily symbols and those with bars only (USDCHF), by ticker");
        assertEquals(engine.dataSummary(), model.summaryProperty().get());
        assertNull(model.errorProperty().get());
    }

    /** What the Charts view lists: symbols with daily prices and those with bars only, by ticker. */
    static List<SymbolInfo> listed(org.sextant.engine.Sextant engine, String query) {
        List<SymbolInfo> all = new java.util.ArrayList<>(engine.listSymbols(query));
        all.addAll(engine.listBarsOnlySymbols(query));
        all.sort(java.util.Comparator.comparing(SymbolInfo::symbol));
        return all;
    }

    @Test
    void theFilterNarrowsTheList() throws Exception {
        model.start().get();
        List<SymbolInfo> all = listed(engine, null);
        String target = all.get(all.size() - 1).symbol();
        String query = target.substring(0, Math.min(3, target.length())).toLowerCase();

        onUi(() -> { model.filterTextProperty().set(query); return null; });
        model.refreshSymbols().get(); // the listener's request and this one both see the query

        List<SymbolInfo> shown = onUi(() -> List.copyOf(model.symbols()));
        assertEquals(listed(engine, query), shown);
        assertTrue(shown.size() < all.size(), "filtering '" + query + "' drops symbols: " + shown);
        assertTrue(shown.stream().anyMatch(s -> s.symbol().equals(target)), query + " keeps " + target);

        onUi(() -> { model.filterTextProperty().set(""); return null; });
        model.refreshSymbols().get();
        assertEquals(all.size(), onUi(() -> model.symbols().size()), "clearing the filter lists everything again");
    }

    @Test
    void selectingASymbolLoadsItsSeries() throws Exception {
        model.start().get();
        String symbol = engine.listSymbols(null).get(0).symbol();
        PriceSeries loaded = model.select(symbol).get();

        PriceSeries expected = engine.getClosePrice(symbol, null, null);
        PriceSeries shown = model.seriesProperty().get();
        assertNotNull(shown);
        assertEquals(loaded, shown);
        assertEquals(symbol, shown.symbol());
        assertEquals(expected.dates(), shown.dates());
        assertArrayEquals(expected.close(), shown.close());
        assertTrue(shown.size() > 200, "a real history, " + shown.size() + " days");
        assertEquals(symbol, model.selectedSymbolProperty().get());
    }

    @Test
    void aFailingEngineCallSetsTheErrorAndKeepsTheViewAlive() throws Exception {
        model.start().get();
        String good = engine.listSymbols(null).get(0).symbol();
        model.select(good).get();

        ExecutionException failed = assertThrows(ExecutionException.class, () -> model.select("NOPE").get());
        assertEquals("not_found", ((org.sextant.engine.SextantException) failed.getCause()).failReason());
        String error = model.errorProperty().get();
        assertNotNull(error);
        assertTrue(error.startsWith("Could not load the prices of 'NOPE': unknown symbol 'NOPE'"), error);
        assertTrue(error.contains("list_symbols") || error.contains("did you mean"), "the engine's fix is shown: " + error);
        assertEquals(good, model.seriesProperty().get().symbol(), "the chart keeps the last good series");

        model.select(good).get();
        assertNull(model.errorProperty().get(), "the next success clears the error");
    }

    @Test
    void aClosedStoreSurfacesAsAnErrorNotAnException() throws Exception {
        model.start().get();
        engine.close();
        assertThrows(ExecutionException.class, () -> model.refreshSymbols().get());
        String error = model.errorProperty().get();
        assertNotNull(error);
        assertTrue(error.startsWith("Could not list the symbols: "), error);
        assertTrue(onUi(() -> model.symbols().size()) >= 3, "the list keeps what it showed");
    }

    @Test
    void onlyTheNewestSelectionIsAppliedWhenResultsArriveOutOfOrder() throws Exception {
        ManualExecutor background = new ManualExecutor();
        ChartsViewModel racing = new ChartsViewModel(engine, background, uiThread);
        List<SymbolInfo> all = engine.listSymbols(null);
        String first = all.get(0).symbol();
        String second = all.get(1).symbol();

        Future<PriceSeries> older = racing.select(first);
        Future<PriceSeries> newer = racing.select(second);
        background.runNewestFirst();

        assertEquals(second, newer.get().symbol());
        assertEquals(first, older.get().symbol(), "the older call completes, but is not shown");
        assertEquals(second, racing.seriesProperty().get().symbol());
        assertEquals(second, racing.selectedSymbolProperty().get());
        background.runNewestFirst(); // the shown symbol's forecast, queued once its prices were applied
        racing.forecastLoad().get();
        // then its stored backtest overlays, queued once the forecast was applied (on the ui thread, so poll the queue)
        while (!racing.backtestLoad().isDone()) {
            background.runNewestFirst();
            Thread.onSpinWait();
        }
        racing.backtestLoad().get();
        assertEquals(false, onUi(() -> racing.loadingProperty().get()), "nothing left loading");
        racing.close();
    }

    @Test
    void selectingASymbolThenLoadsItsLiveForecast() throws Exception {
        model.start().get();
        String symbol = engine.listSymbols(null).get(0).symbol();
        PriceSeries prices = model.select(symbol).get();
        PriceForecast shown = model.forecastLoad().get();

        PriceForecast expected = engine.getForecast(symbol, null, null, null);
        assertEquals(shown, onUi(() -> model.forecastProperty().get()));
        assertEquals(symbol, shown.symbol());
        assertEquals(expected.model(), shown.model());
        assertEquals(Sextant.DEFAULT_FORECAST_HORIZON, shown.targetDates().size());
        assertEquals(expected.targetDates(), shown.targetDates());
        assertTrue(shown.targetDates().get(0).isAfter(prices.dates().get(prices.size() - 1)), "the fan starts after the last close");
        assertArrayEquals(expected.forecast().median(), shown.forecast().median(), 1e-9);
        assertEquals(List.of(0.80, 0.95, 0.99), shown.forecast().bands().stream().map(QuantileBand::level).toList());
        assertNull(model.errorProperty().get());

        String all = onUi(() -> model.forecastSummaryProperty().get());
        assertTrue(all.startsWith(expected.model() + " · 20-day reward/risk"), all);
        for (RewardRisk rr : expected.rewardRisk()) {
            String ratio = String.format(java.util.Locale.ROOT, " %.0f%%: %.2f", rr.level() * 100, rr.ratio());
            assertTrue(all.contains(ratio), all + " shows " + ratio);
        }
        onUi(() -> { model.fanLevelsProperty().set(FanLevels.L95); return null; });
        String only95 = onUi(() -> model.forecastSummaryProperty().get());
        RewardRisk rr95 = expected.rewardRisk().get(1);
        assertTrue(only95.contains(String.format(java.util.Locale.ROOT, " 95%%: %.2f", rr95.ratio())), only95);
        assertTrue(!only95.contains("80%") && !only95.contains("99%"), "only the selected level: " + only95);
    }

    @Test
    void aFailedSelectionLeavesNoForecastAndKeepsThePricesError() throws Exception {
        model.start().get();
        String good = engine.listSymbols(null).get(0).symbol();
        model.select(good).get();
        assertNotNull(model.forecastLoad().get());

        assertThrows(ExecutionException.class, () -> model.select("NOPE").get());
        assertNull(model.forecastLoad().get(), "no forecast is attempted for prices that failed");
        assertTrue(model.errorProperty().get().startsWith("Could not load the prices of 'NOPE'"), model.errorProperty().get());
        assertEquals(good, onUi(() -> model.forecastProperty().get().symbol()), "the chart keeps the last good fan");
    }

    @Test
    void onlyTheNewestSelectionsForecastIsComputedAndApplied() throws Exception {
        ManualExecutor background = new ManualExecutor();
        ChartsViewModel racing = new ChartsViewModel(engine, background, uiThread);
        List<SymbolInfo> all = engine.listSymbols(null);
        String first = all.get(0).symbol();
        String second = all.get(1).symbol();

        racing.select(first);
        var firstForecast = racing.forecastLoad();
        racing.select(second);
        var secondForecast = racing.forecastLoad();
        background.runNewestFirst(); // both price loads; the second's forecast is queued once its prices are on screen
        onUi(() -> null);
        assertNull(firstForecast.get(), "the superseded selection gets no forecast");
        background.runNewestFirst();
        assertEquals(second, secondForecast.get().symbol());
        assertEquals(second, onUi(() -> racing.forecastProperty().get().symbol()));
        racing.close();
    }

    @Test
    void runBacktestRunsTheJobThenShowsItsOverlaysAndKeepsTheViewResponsive() throws Exception {
        model.start().get();
        String symbol = engine.listSymbols(null).get(0).symbol();
        model.select(symbol).get();
        model.backtestLoad().get();
        List<String> progress = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        onUi(() -> {
            model.backtestStatusProperty().addListener((obs, old, now) -> progress.add(now));
            return null;
        });

        var run = onUi(model::runBacktest);
        // while the job runs, the model's engine thread still answers other requests
        assertEquals(engine.dataSummary(), model.refreshSummary().get());
        StoredForecastBacktest shown = run.get();

        StoredForecastBacktest stored = engine.backtestOverlays(symbol, null, null, null, null);
        assertNotNull(shown.result(), "the run stored a backtest");
        assertEquals(stored.result().male(), shown.result().male(), 0);
        assertEquals(stored.forecasts().size(), shown.forecasts().size());
        assertEquals(shown, onUi(() -> model.backtestProperty().get()));
        assertEquals("", onUi(() -> model.backtestStatusProperty().get()), "no status left once it succeeded");
        assertTrue(progress.stream().anyMatch(p -> p.endsWith("%")), "the job's progress was shown: " + progress);
        assertNull(model.errorProperty().get());
    }

    @Test
    void runBacktestOnBarsShowsTheErrorsOfTheIntervalPickedAndStoresNothing() throws Exception {
        model.start().get();
        model.select("USDCHF").get(); // bars only: drawn by bar, at its finest interval first
        onUi(() -> model.pickBarInterval("4h")).get();

        StoredForecastBacktest shown = onUi(model::runBacktest).get();
        org.sextant.engine.forecast.BarBacktestError direct = engine.getBacktestError("USDCHF", "4h", null, null, null, null, null);
        assertEquals(direct.result().origins(), shown.result().origins(), "the 4h bars' walk-forward, not a daily job (USDCHF has no daily prices)");
        assertEquals(direct.result().male(), shown.result().male(), 0);
        assertTrue(shown.forecasts().isEmpty(), "nothing stored");
        List<org.sextant.engine.forecast.BarForecast> overlays = onUi(() -> model.barBacktestProperty().get());
        assertEquals(direct.originTs(), overlays.stream().map(org.sextant.engine.forecast.BarForecast::originTs).toList(), "each origin's forecast to overlay");
        assertEquals(shown, onUi(() -> model.backtestProperty().get()));
        assertTrue(ChartsViewModel.backtestHeadline(shown).contains(" monthly (4h bars) origins"), ChartsViewModel.backtestHeadline(shown));
        assertEquals("", onUi(() -> model.backtestStatusProperty().get()));
        assertNull(model.errorProperty().get());
        assertThrows(org.sextant.engine.SextantException.class, () -> engine.backtestOverlays("USDCHF", null, null, null, null),
                "no daily backtest exists or was stored");

        onUi(() -> model.pickBarInterval("1h")).get();
        assertNull(onUi(() -> model.backtestProperty().get()), "another interval: the 4h errors go");
        assertNull(onUi(() -> model.barBacktestProperty().get()), "and their overlays");

        // a backtest still computing when another interval is picked is not applied to it
        onUi(() -> model.pickBarInterval("4h")).get();
        var late = onUi(model::runBacktest);
        onUi(() -> model.pickBarInterval("1d")).get();
        late.handle((b, e) -> null).get();
        assertNull(onUi(() -> model.backtestProperty().get()), "the 1d bars' table, not the 4h errors that arrived after the pick");
        assertEquals("", onUi(() -> model.backtestStatusProperty().get()));
    }

    private <T> T onUi(java.util.concurrent.Callable<T> work) throws Exception {
        return uiThread.submit(work).get();
    }

    /** Holds background tasks until the test runs them, in the order it chooses. */
    private static final class ManualExecutor implements Executor {
        private final Deque<Runnable> tasks = new ArrayDeque<>();

        @Override
        public synchronized void execute(Runnable task) {
            tasks.add(task);
        }

        synchronized void runNewestFirst() {
            while (!tasks.isEmpty()) tasks.pollLast().run();
        }
    }

    /** The summary counts a daily forecast's steps as its header does: business days say "-day", other weeks say their days. */
    @Test
    void theSummaryCountsTheStepsOfTheSeriesOwnWeek() {
        assertEquals("20-day", ChartsViewModel.horizon(forecastOf(d -> d.getDayOfWeek().getValue() <= 5, 20)));
        assertEquals("20 calendar days", ChartsViewModel.horizon(forecastOf(d -> true, 20)));
        PriceForecast weekend = forecastOf(d -> d.getDayOfWeek().getValue() >= 6, 1);
        assertEquals("1 trading day (Saturday, Sunday)", ChartsViewModel.horizon(weekend), "one step is one day");
        String summary = ChartsViewModel.summarise(weekend, FanLevels.L95, ChartsViewModel.horizon(weekend));
        assertTrue(summary.startsWith(weekend.model() + " · 1 trading day (Saturday, Sunday) reward/risk 95%"), summary);
    }

    /** A naive forecast of a series stored on the days {@code open} keeps, 2022 to 2024. */
    private static PriceForecast forecastOf(java.util.function.Predicate<java.time.LocalDate> open, int horizon) {
        List<org.sextant.engine.data.PriceBar> bars = new java.util.ArrayList<>();
        for (java.time.LocalDate d = java.time.LocalDate.of(2022, 1, 1); !d.isAfter(java.time.LocalDate.of(2024, 12, 29)); d = d.plusDays(1)) {
            if (open.test(d)) bars.add(new org.sextant.engine.data.PriceBar(d, null, null, null, 100 + bars.size() % 7, null, null));
        }
        return PriceForecast.of(org.sextant.engine.forecast.ForecastModels.BUILT_IN, PriceSeries.of("DAYS", null, null, bars), "naive", horizon, new double[] {0.95});
    }
}
