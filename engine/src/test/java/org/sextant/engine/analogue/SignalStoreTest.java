package org.sextant.engine.analogue;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/** Signals built from the store equal those built from arrays; user signals import all-or-nothing. */
class SignalStoreTest {

    @Test
    void storeAndArraysGiveTheSameSignalsAndAnswers(@TempSextant Store store) {
        SampleData.load(store);
        DailySignals fromStore = SignalStore.load(store, "NYSE", AnalogueDefaults.BREADTH_UNIVERSE);
        DailySignals fromArrays = SampleData.signals();
        assertEquals(fromArrays.size(), fromStore.size());
        for (int c = 0; c < fromArrays.dims(); c++) {
            assertEquals(java.util.Arrays.toString(fromArrays.numericColumn(c)), java.util.Arrays.toString(fromStore.numericColumn(c)),
                    fromArrays.registry().numeric().get(c).name());
        }
        Map<String, Object> args = Map.of("horizon", 5, "include_analogue_dates", true, "mode", "hybrid");
        assertEquals(Json.write(new AnalogueMatcher(fromArrays).match(args)), Json.write(new AnalogueMatcher(fromStore).match(args)));
        // Breadth exists only where the Dow 30 overlaps the NYSE series (1991..2000).
        int breadth = fromStore.registry().column(SignalRegistry.BREADTH_50);
        assertTrue(Double.isNaN(fromStore.value(fromStore.rowOf(LocalDate.of(1989, 6, 1)), breadth)));
        double b = fromStore.value(fromStore.rowOf(LocalDate.of(1995, 6, 1)), breadth);
        assertTrue(b >= 0 && b <= 100);
        assertThrows(SextantException.class, () -> SignalStore.load(store, "NOPE", List.of()));

        // Materialised for SQL readers: one row per trade date, the same values, replaced on refresh.
        assertEquals(fromStore.size(), SignalStore.materialise(store, fromStore));
        assertEquals(fromStore.size(), SignalStore.materialise(store, fromStore));
        LocalDate day = LocalDate.of(1987, 10, 19);
        int row = fromStore.rowOf(day);
        Object[] got = store.read(c -> {
            try (var p = c.prepareStatement("SELECT count(*) OVER (), rsi_14, regime, fwd_5d, breadth_50 FROM daily_signals WHERE benchmark = 'NYSE' AND date = ?")) {
                p.setObject(1, day);
                try (var rs = p.executeQuery()) {
                    rs.next();
                    rs.getDouble(5);
                    boolean noBreadth = rs.wasNull();
                    return new Object[]{rs.getDouble(2), rs.getString(3), rs.getDouble(4), noBreadth};
                }
            }
        });
        assertEquals(fromStore.value(row, fromStore.registry().column("rsi_14")), (double) got[0], 0.0);
        assertEquals("RISK-OFF", got[1]);
        assertEquals(fromStore.forward(row, 5), (double) got[2], 0.0);
        assertEquals(true, got[3], "no breadth in 1987");
        long rows = store.read(c -> {
            try (var st = c.createStatement(); var rs = st.executeQuery("SELECT count(*) FROM daily_signals")) {
                rs.next();
                return rs.getLong(1);
            }
        });
        assertEquals(fromStore.size(), rows);
    }

    /** A user signal made from real data: Coca-Cola's 20-day return, as if imported from a vendor file. */
    private static Path koSignalCsv(Path dir, String badLine) throws Exception {
        SampleData.Table dow = SampleData.dow();
        int ko = dow.columns().indexOf("KO");
        List<String> lines = new ArrayList<>(List.of("date,value"));
        double[] px = dow.values()[ko];
        for (int i = 20; i < px.length; i++) lines.add(dow.dates()[i] + "," + (px[i] / px[i - 20] - 1));
        if (badLine != null) lines.add(badLine);
        Path csv = dir.resolve("ko_ret_20d.csv");
        Files.write(csv, lines);
        return csv;
    }

    @Test
    void userSignalsImportMarkedBackfillAndJoinTheMatch(@TempDir Path dir, @TempSextant Store store) throws Exception {
        SampleData.load(store);
        SignalDefinition def = new SignalDefinition("ko_ret_20d", SignalKind.NUMERIC, List.of(-0.05, 0.05), List.of(), 1.0,
                "Coca-Cola 20-day return", SignalDefinition.USER);
        SextantException bad = assertThrows(SextantException.class,
                () -> UserSignalImport.importCsv(store, koSignalCsv(dir, "2001-01-03,lots"), def, "backfill"));
        assertEquals("path", bad.field());
        assertEquals(0, SignalStore.load(store, "NYSE", List.of()).registry().numeric().stream().filter(d -> d.origin().equals("user")).count(),
                "a bad file imports nothing");
        assertEquals("provenance", assertThrows(SextantException.class, () -> UserSignalImport.importCsv(store, koSignalCsv(dir, null), def, "maybe")).field());
        SignalDefinition clash = new SignalDefinition("rsi_14", SignalKind.NUMERIC, List.of(), List.of(), 1.0, "", SignalDefinition.USER);
        assertEquals("name", assertThrows(SextantException.class, () -> UserSignalImport.importCsv(store, koSignalCsv(dir, null), clash, "live")).field());

        int imported = UserSignalImport.importCsv(store, koSignalCsv(dir, null), def, "backfill");
        assertEquals(SampleData.dow().dates().length - 20, imported);
        DailySignals s = SignalStore.load(store, "NYSE", AnalogueDefaults.BREADTH_UNIVERSE);
        assertEquals("user", s.registry().get("ko_ret_20d").origin());
        AnalogueMatcher m = new AnalogueMatcher(s);
        Map<String, Object> q = Map.of("ko_ret_20d", 0.08, "rsi_14", 60);
        AnalogueResponse half = m.match(Map.of("signals_dict", q, "include_analogue_dates", true, "recency_half_life_days", 0));
        assertTrue(half.matchDimensions().contains("ko_ret_20d"));
        assertEquals(half.sampleSize(), half.backfillCount(), "every row carrying the signal is backfill");
        assertTrue(half.analogueDates().stream().allMatch(a -> a.backfill() && a.weight() == 1.0));
        // backfill_weight 0 drops backfill rows: every row carrying ko_ret_20d is backfill, so none is left.
        AnalogueResponse none = m.match(Map.of("signals_dict", q, "backfill_weight", 0));
        assertEquals(0, none.sampleSize());
        assertEquals(null, none.forward5d().mean());
        AnalogueResponse withoutIt = m.match(Map.of("signals_dict", Map.of("rsi_14", 60), "backfill_weight", 0));
        assertEquals(100, withoutIt.sampleSize());
        assertEquals(100, withoutIt.liveCount());
    }
}
