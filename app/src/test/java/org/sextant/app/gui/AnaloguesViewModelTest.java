package org.sextant.app.gui;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.analogue.AnalogueDate;
import org.sextant.engine.analogue.AnalogueResponse;
import org.sextant.engine.analogue.AnalogueText;
import org.sextant.engine.analogue.CalibrationReport;

/** The Analogues view's state without a screen, over an engine on the real sample data (NYSE composite, Dow 30). */
class AnaloguesViewModelTest {
    /** Runs everything on the calling thread: the futures are complete when the call returns. */
    private static final Executor NOW = Runnable::run;

    @TempSextant private static Sextant engine;

    /** Records what the view asked the window to show. */
    static final class RecordingNavigator implements Navigator {
        final List<String> charts = new ArrayList<>();

        @Override
        public boolean showView(String id) {
            return true;
        }

        @Override
        public void openChart(String symbol, LocalDate focus) {
            charts.add(symbol + "@" + focus);
        }

        @Override
        public void openRun(String runId) {}
    }

    @Test
    void todaysVectorIsTheLatestRowAndRunningItEqualsTheEngineCall() throws Exception {
        RecordingNavigator nav = new RecordingNavigator();
        AnaloguesViewModel m = new AnaloguesViewModel(engine, nav, NOW, NOW);
        AnalogueResponse latest = m.loadToday().get();
        assertEquals(latest.tradeDate(), m.todayProperty().get());
        assertTrue(m.usesTodayProperty().get());
        assertEquals(engine.listSignals("NYSE").stream().filter(d -> d.numeric()).count(), m.dimensions().size());
        AnaloguesViewModel.Dimension rsi = m.dimensions().stream().filter(d -> d.name().equals("rsi_14")).findFirst().orElseThrow();
        assertEquals(latest.query().get("rsi_14"), rsi.valueProperty().get());
        AnaloguesViewModel.Dimension breadth = m.dimensions().stream().filter(d -> d.name().equals("breadth_50")).findFirst().orElseThrow();
        assertNull(breadth.valueProperty().get(), "no Dow 30 breadth on the NYSE's last day (2002): left blank");

        AnalogueResponse r = m.run().get();
        Map<String, Object> args = Map.of("benchmark", "NYSE", "horizon", 5, "mode", "soft", "top_k", 100,
                "recency_half_life_days", 730.0, "backfill_weight", 0.5, "include_analogue_dates", true);
        assertEquals(args, m.arguments());
        assertEquals(Json.write(engine.compareToHistory(args)), Json.write(r));
        assertSame(r, m.responseProperty().get());
        assertEquals(r.sampleSize(), m.analogueDates().size());
        assertEquals(100, m.analogueDates().size());
        assertEquals(List.of(1, 3, 5, 20), m.horizonStats().stream().map(s -> s.horizonDays()).toList());
        assertEquals(r.headline().text(), m.headlineProperty().get());
        assertTrue(m.notesProperty().get().contains("breadth_50: no value on 2002-12-31"), m.notesProperty().get());
        assertArrayEquals(r.analogueDates().stream().mapToDouble(AnalogueDate::forward5d).toArray(), m.forwardReturns());
        assertNull(m.errorProperty().get());
        assertFalse(m.runningProperty().get());

        // The calibration of these knobs came with the first run, the same as the engine's report.
        CalibrationReport cal = m.calibrationLoad().get();
        assertSame(cal, m.calibrationProperty().get());
        CalibrationReport direct = engine.analogueCalibration(Map.of("benchmark", "NYSE", "horizon", 5, "mode", "soft", "top_k", 100,
                "recency_half_life_days", 730.0, "backfill_weight", 0.5));
        assertEquals(Json.write(direct), Json.write(cal));
        assertTrue(cal.evaluations() > 300 && cal.bandCoveragePct() > 50, cal.summary());
        assertFalse(m.calibratingProperty().get());
        // A new vector with the same knobs keeps the report; new knobs recalibrate.
        m.run().get();
        assertSame(cal, m.calibrationProperty().get());
        m.horizonProperty().set(1);
        m.run().get();
        assertEquals(1, m.calibrationLoad().get().horizonDays());
        assertEquals(1, m.responseProperty().get().headline().horizonDays());

        m.openAnalogue(m.analogueDates().get(0));
        assertEquals(List.of("NYSE@" + r.analogueDates().get(0).date()), nav.charts);
    }

    @Test
    void anEditedVectorIsSentAsSignalsDict() throws Exception {
        AnaloguesViewModel m = new AnaloguesViewModel(engine, new RecordingNavigator(), NOW, NOW);
        m.loadToday().get();
        AnaloguesViewModel.Dimension rsi = m.dimensions().stream().filter(d -> d.name().equals("rsi_14")).findFirst().orElseThrow();
        rsi.valueProperty().set(25.0);
        assertFalse(m.usesTodayProperty().get(), "an edit leaves today's row");
        @SuppressWarnings("unchecked")
        Map<String, Object> signals = (Map<String, Object>) m.arguments().get("signals_dict");
        assertEquals(25.0, signals.get("rsi_14"));
        assertFalse(signals.containsKey("breadth_50"), "blank dimensions stay out of the query");
        AnalogueResponse r = m.run().get();
        assertEquals(25.0, r.query().get("rsi_14"));
        assertEquals(Json.write(engine.compareToHistory(m.arguments())), Json.write(r));
        m.loadToday().get();
        assertTrue(m.usesTodayProperty().get(), "reloading today's vector drops the edits");
    }

    /**
     * Today's row has close past days; 30% volatility with the index 10% above its 200-day average,
     * each value inside its past range, was never seen together: the view says no close analogue.
     */
    @Test
    void aCombinationNeverSeenIsSaidAboveTheResults() throws Exception {
        AnaloguesViewModel m = new AnaloguesViewModel(engine, new RecordingNavigator(), NOW, NOW);
        m.loadToday().get();
        AnalogueResponse today = m.run().get();
        assertFalse(today.novelty().novel(), today.novelty().toString());
        assertEquals(AnalogueText.novelty(today.novelty()), m.noveltyProperty().get());
        assertFalse(m.novelProperty().get());
        m.dimensions().stream().filter(d -> d.name().equals("vol_20d")).findFirst().orElseThrow().valueProperty().set(0.30);
        m.dimensions().stream().filter(d -> d.name().equals("dist_sma200")).findFirst().orElseThrow().valueProperty().set(0.10);
        AnalogueResponse edited = m.run().get();
        assertTrue(edited.novelty().novel(), edited.novelty().toString());
        assertTrue(m.novelProperty().get());
        assertTrue(m.noveltyProperty().get().endsWith(": no close analogue"), m.noveltyProperty().get());
        assertTrue(m.notesProperty().get().contains("no close analogue: the query is "), m.notesProperty().get());
    }

    @Test
    void aBadKnobIsAnErrorWithItsFixNotAnException() {
        AnaloguesViewModel m = new AnaloguesViewModel(engine, new RecordingNavigator(), NOW, NOW);
        m.topKProperty().set(0);
        ExecutionException e = assertThrows(ExecutionException.class, () -> m.run().get());
        assertNotNull(e.getCause());
        String error = m.errorProperty().get();
        assertTrue(error.startsWith("Could not compare with history: top_k must be an integer in 1..500"), error);
        assertTrue(error.contains("pass top_k between 1 and 500"), error);
        assertNull(m.responseProperty().get());
        assertFalse(m.runningProperty().get());
        m.topKProperty().set(20);
        m.modeProperty().set("hybrid");
        assertEquals(20, m.run().join().sampleSize());
        assertNull(m.errorProperty().get(), "cleared by the next success");
        assertFalse(m.notesProperty().get().contains("hybrid fell back"), m.notesProperty().get());
    }

    @Test
    void aHybridFallbackIsSaidInTheNotes() throws Exception {
        AnaloguesViewModel m = new AnaloguesViewModel(engine, new RecordingNavigator(), NOW, NOW);
        m.loadToday().get();
        // Today's 22% drawdown tags the query RISK-OFF; with breadth (known only 1991-2000) in the query, only the
        // RISK-OFF days of that decade (autumn 1998) can be ranked: too few for hybrid, which falls back.
        m.dimensions().stream().filter(d -> d.name().equals("breadth_50")).findFirst().orElseThrow().valueProperty().set(30.0);
        m.modeProperty().set("hybrid");
        AnalogueResponse r = m.run().get();
        assertEquals("RISK-OFF", r.query().get("regime"));
        assertTrue(r.hybridFallback(), r.toString());
        assertTrue(m.notesProperty().get().startsWith("hybrid fell back to the whole history: only "), m.notesProperty().get());
    }

    /** A bad tick in the benchmark's closes heads the notes, as get_forecast's data_warning. */
    @Test
    void aBadTickInTheBenchmarkIsTheFirstNote() throws Exception {
        engine.store().inTransaction(c -> {
            try (java.sql.Statement st = c.createStatement()) {
                // 600 days of a +-1% wiggle under a symbol of its own (not in the breadth universe), day 300 stored x100
                st.execute("INSERT INTO prices (symbol, date, close, adj_close, source) SELECT 'TICK', DATE '2000-01-03' + CAST(i AS INTEGER),"
                        + " p * CASE WHEN i = 300 THEN 100 ELSE 1 END, p * CASE WHEN i = 300 THEN 100 ELSE 1 END, 'test'"
                        + " FROM (SELECT i, 100 * (1 + 0.01 * sin(i * 1.7)) AS p FROM range(600) t(i))");
            }
            return null;
        });
        AnaloguesViewModel m = new AnaloguesViewModel(engine, new RecordingNavigator(), NOW, NOW);
        m.benchmarkProperty().set("TICK");
        AnalogueResponse r = m.run().get();
        assertTrue(r.dataWarning().startsWith("TICK: 1 close(s) jump and fall straight back"), r.dataWarning());
        assertTrue(m.notesProperty().get().startsWith("warning: " + r.dataWarning()), m.notesProperty().get());
    }

    /** A report of {@code steps} walk-forward steps, all of them inside the band. */
    private static CalibrationReport report(int steps) {
        return new CalibrationReport("v", "NYSE", "soft", 5, 100, 730, 5, LocalDate.of(2000, 1, 3), LocalDate.of(2001, 1, 3), steps,
                100, 90, 100, 50, 0.001, 0.001, 0.001, 0.01, 0.02, 60, 50, Double.NaN, 0, Double.NaN, Double.NaN, java.util.List.of(), "s", null, null, java.util.List.of());
    }

    @Test
    void aCalibrationOfFewStepsIsNotCalledCalibrated() {
        // attack pass 10, L3: one step inside the band read "The p5–p95 band is roughly calibrated"
        assertEquals("From 1 walk-forward step only (fewer than 30), the coverage cannot tell a calibrated band from a wrong one; "
                + "the analogue mean beat the base rate out of sample.", AnaloguesViewModel.calibrationVerdict(report(1)));
        assertTrue(AnaloguesViewModel.calibrationVerdict(report(29)).startsWith("From 29 walk-forward steps only"));
        assertTrue(AnaloguesViewModel.calibrationVerdict(report(400)).startsWith("The p5–p95 band is too wide"));
    }
}
