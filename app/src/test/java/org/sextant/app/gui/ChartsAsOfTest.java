package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Sextant;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.forecast.PriceForecast;
import org.sextant.engine.forecast.QuantileBand;
import org.sextant.engine.testing.TempSextant;

/** The Charts view's "As of" day without a screen: a past forecast from the job, how its bands held, the latest one back, a refusal. */
class ChartsAsOfTest {
    private static final LocalDate FRIDAY = LocalDate.of(2000, 6, 30);

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
        model.forecastLoad().handle((f, e) -> null).get();
        model.close();
        uiThread.shutdownNow();
    }

    @Test
    void aPastDayDrawsItsForecastWithTheCountOfClosesEachBandHeldAndEmptyGoesBackToTheLatest() throws Exception {
        model.start().get();
        model.select("IBM").get();
        PriceForecast latest = model.forecastLoad().get();

        PriceForecast past = pick(FRIDAY);
        assertEquals(past, onUi(() -> model.forecastProperty().get()), "drawn instead of the latest");
        assertEquals(FRIDAY, past.origin(), "a Friday is its own week's end");
        assertEquals(Sextant.DEFAULT_FORECAST_HORIZON, past.targetDates().size());
        // the counts, from the stored closes after the start against the bands (the adjusted closes the forecast was fitted on)
        PriceSeries ibm = engine.getClosePrice("IBM", null, null);
        double[] closes = org.sextant.engine.forecast.PriceForecast.closes(ibm);
        int start = ibm.dates().indexOf(FRIDAY);
        List<String> held = new java.util.ArrayList<>();
        for (QuantileBand b : past.forecast().bands()) {
            int in = 0;
            for (int s = 0; s < past.targetDates().size(); s++) {
                if (closes[start + 1 + s] >= b.lower(s) && closes[start + 1 + s] <= b.upper(s)) in++;
            }
            held.add(Math.round(100 * b.level()) + "% " + in + " of 20");
        }
        String expected = "as of 2000-06-30: " + String.join(", ", held).replaceFirst("% ", "% band held ");
        assertEquals(expected, onUi(() -> model.asOf().lineProperty().get()));
        assertFalse(onUi(() -> model.asOf().refusedProperty().get()));
        assertEquals(latest.origin(), engine.getForecast("IBM", null, null, null).origin(), "the latest forecast stays the stored latest one");

        PriceForecast back = pick(null);
        assertEquals(latest.origin(), back.origin(), "an empty day: the latest forecast again");
        assertEquals(latest.targetDates(), onUi(() -> model.forecastProperty().get().targetDates()));
        assertEquals("", onUi(() -> model.asOf().lineProperty().get()));
    }

    @Test
    void aMidweekDayStartsFromTheWeekBeforeAndStepsWithoutACloseAreNamed() throws Exception {
        model.start().get();
        PriceSeries ibm = model.select("IBM").get();
        model.forecastLoad().get();
        LocalDate last = ibm.dates().get(ibm.size() - 1);
        PriceForecast f = pick(last);
        String line = onUi(() -> model.asOf().lineProperty().get());
        assertTrue(f.origin().isBefore(last) || f.origin().equals(last), f.origin() + " on or before " + last);
        int realised = (int) ibm.dates().stream().filter(d -> d.isAfter(f.origin())).count();
        String head = "as of " + last + (f.origin().equals(last) ? "" : " (from " + f.origin() + ")");
        assertTrue(line.startsWith(head + (realised == 0 ? ": no close stored after the start yet" : ": 80% band held ")), line);
        if (realised > 0) assertTrue(line.endsWith("; steps " + (realised + 1) + "..20 have no stored close yet"), line);
    }

    @Test
    void aDayOutsideTheClosesIsTheEnginesRefusalBesideTheControlAndNoFan() throws Exception {
        model.start().get();
        model.select("IBM").get();
        model.forecastLoad().get();
        ExecutionException e = assertThrows(ExecutionException.class, () -> pick(LocalDate.of(1850, 1, 1)));
        String line = onUi(() -> model.asOf().lineProperty().get());
        assertTrue(line.startsWith("Could not forecast 'IBM' as of 1850-01-01: as_of 1850-01-01 is before IBM's first close "), line);
        assertTrue(line.contains("give an as_of from "), "the engine's fix: " + line);
        assertTrue(onUi(() -> model.asOf().refusedProperty().get()));
        assertNull(onUi(() -> model.forecastProperty().get()), "no fan of another day stays");
        assertNull(onUi(() -> model.errorProperty().get()), "said once, beside the control: " + e.getMessage());
    }

    @Test
    void barsByIndexKeepTheirForecastAndSaySo() throws Exception {
        model.start().get();
        String barsOnly = engine.listBarsOnlySymbols(null).get(0).symbol();
        model.select(barsOnly).get();
        model.barForecastLoad().get();
        onUi(() -> { model.asOf().dayProperty().set(FRIDAY); return null; });
        String interval = onUi(() -> model.intervalProperty().get());
        assertEquals("As of forecasts daily closes: the " + interval + " bars show their latest forecast", onUi(() -> model.asOf().lineProperty().get()));
        assertTrue(onUi(() -> model.barForecastProperty().get() != null), "their forecast stays");
        assertEquals(List.of(), engine.jobs().list().stream().filter(j -> j.kind().startsWith("forecast")).toList(), "no job started");
    }

    @Test
    void onAdjustedClosesTheLineTheCandlesTheFanAndTheCountsAreTheSameClosesAndTheLineSaysSo(@TempDir java.nio.file.Path dir) throws Exception {
        engine.importPrices(List.of(SplitPrices.write(dir)));
        model.start().get();
        model.select(SplitPrices.SYMBOL).get();
        model.forecastLoad().get();
        PriceForecast past = pick(FRIDAY);

        PriceSeries stored = engine.getClosePrice(SplitPrices.SYMBOL, null, null);
        org.sextant.charts.PriceBars drawn = onUi(model::chartBars);
        int start = drawn.dates().indexOf(FRIDAY);
        assertTrue(stored.close()[start] > 1.9 * stored.adjClose()[start], "raw closes before the split are twice the adjusted ones");
        assertArrayEquals(stored.adjClose(), drawn.close(), "the line is the adjusted closes the forecast was fitted on");
        assertEquals(past.lastClose(), drawn.close()[start], 1e-9, "the fan grows from the drawn close at its start");
        List<org.sextant.engine.data.PriceBar> bars = engine.bars(SplitPrices.SYMBOL, null, null);
        org.sextant.engine.data.PriceBar first = bars.get(0);
        assertEquals(first.open() * first.adjClose() / first.close(), drawn.open()[0], 1e-9, "candles scaled as their close");
        assertEquals(first.high() * first.adjClose() / first.close(), drawn.high()[0], 1e-9);
        assertEquals(first.low() * first.adjClose() / first.close(), drawn.low()[0], 1e-9);
        assertEquals(first.volume(), drawn.volume()[0], 0, "volume as stored");

        // the counts, of the closes drawn after the start, across the split
        assertTrue(past.targetDates().contains(SplitPrices.SPLIT), "the horizon spans the split: " + past.targetDates());
        List<String> held = new java.util.ArrayList<>();
        for (QuantileBand b : past.forecast().bands()) {
            int in = 0;
            for (int s = 0; s < past.targetDates().size(); s++) {
                double close = drawn.close()[start + 1 + s];
                if (close >= b.lower(s) && close <= b.upper(s)) in++;
            }
            held.add(Math.round(100 * b.level()) + "% " + in + " of 20");
        }
        String expected = "as of 2000-06-30, on adjusted closes: " + String.join(", ", held).replaceFirst("% ", "% band held ");
        assertEquals(expected, onUi(() -> model.asOf().lineProperty().get()));
        assertEquals("adjusted close", ChartInputs.priceName(onUi(() -> model.seriesProperty().get())), "what the price axis names");
    }

    @Test
    void daysPickedWhileAJobRunsCancelItAndOnlyTheNewestDayIsForecast() throws Exception {
        model.start().get();
        model.select("IBM").get();
        model.forecastLoad().get();
        model.backtestLoad().get();
        LocalDate second = FRIDAY.plusWeeks(1), third = FRIDAY.plusWeeks(2);
        // another write holds the store, so the first day's job waits to store its forecast (where a cancel lands) however fast
        // the machine: without it the first job could end before the second pick and nothing would be cancelled
        try (org.sextant.engine.testing.HeldStore held = org.sextant.engine.testing.HeldStore.hold(engine.store())) {
            // clicked through as a user does: each day picked before the one before has been forecast (the first one's job
            // started: a day passed over before its job started starts none)
            onUi(() -> {
                model.asOf().dayProperty().set(FRIDAY);
                return null;
            });
            org.sextant.engine.jobs.JobStatus first = null;
            long giveUp = System.nanoTime() + java.time.Duration.ofMinutes(5).toNanos(); // a bound on a hang, not a speed
            while (first == null && System.nanoTime() < giveUp) {
                first = engine.jobs().list().stream().filter(j -> j.subjects().get(0).endsWith(":as_of=" + FRIDAY)).findFirst().orElse(null);
                if (first == null) Thread.sleep(10);
            }
            assertTrue(first != null, "the first day's job was started");
            onUi(() -> {
                model.asOf().dayProperty().set(second);
                model.asOf().dayProperty().set(third);
                return null;
            });
            assertEquals(org.sextant.engine.jobs.JobState.CANCELLED, engine.jobs().await(first.id(), java.time.Duration.ofMinutes(5)).state(),
                    "the first day's job is cancelled while it waits to store its forecast");
        }
        PriceForecast shown = model.forecastLoad().get();
        assertEquals(third, shown.origin(), "the newest day's forecast is drawn");
        assertTrue(onUi(() -> model.asOf().lineProperty().get()).startsWith("as of " + third + ": 80% band held "), onUi(() -> model.asOf().lineProperty().get()));
        List<org.sextant.engine.jobs.JobStatus> asOfJobs = engine.jobs().list().stream().filter(j -> j.subjects().get(0).contains(":as_of=")).toList();
        java.util.Map<String, org.sextant.engine.jobs.JobState> byDay = new java.util.TreeMap<>();
        for (org.sextant.engine.jobs.JobStatus j : asOfJobs) {
            String subject = j.subjects().get(0);
            byDay.put(subject.substring(subject.indexOf("as_of=") + 6), engine.jobs().await(j.id(), java.time.Duration.ofMinutes(5)).state());
        }
        assertEquals(java.util.Map.of(FRIDAY.toString(), org.sextant.engine.jobs.JobState.CANCELLED, third.toString(), org.sextant.engine.jobs.JobState.SUCCEEDED),
                byDay, "the first job cancelled, none started for the day passed over");
    }

    /** Picks {@code day} as the view does (on the ui thread) and waits for its forecast. */
    private PriceForecast pick(LocalDate day) throws Exception {
        onUi(() -> { model.asOf().dayProperty().set(day); return null; });
        return model.forecastLoad().get();
    }

    private <T> T onUi(Callable<T> work) throws Exception {
        return uiThread.submit(work).get();
    }
}
