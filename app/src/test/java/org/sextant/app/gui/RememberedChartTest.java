package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.charts.CalendarTicks;
import org.sextant.charts.RangePreset;
import org.sextant.engine.Json;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;
import tools.jackson.databind.JsonNode;

/** The chart opens on the symbol and range the last run left (layout.json), and remembers the new ones. */
@ExtendWith(ApplicationExtension.class)
class RememberedChartTest {
    // the last run left KO on the chart, one year of it
    @RegisterExtension final Workbench bench = new Workbench().preparing(h -> Files.writeString(Files.createDirectories(h.root()).resolve(WorkstationLayout.FILE),
            Json.write(new WorkstationLayout(null, null, 1100, 700, false, 0.25, "charts", "light", "KO", "1Y"))));
    private final Path home = bench.engine.home().root();

    @Test
    void theLastSymbolAndRangeOpenAndTheNewOnesAreRemembered(FxRobot robot) throws Exception {
        List<String> symbols = ChartsViewModelTest.listed(bench.engine, null).stream().map(s -> s.symbol()).toList();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.window.symbolList().getItems().size() == symbols.size());
        WaitForAsyncUtils.asyncFx(bench.window::showOpeningSymbol).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "KO".equals(onFx(bench.window::shownSymbol)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(RangePreset.Y1, onFx(bench.window::shownRange));
        LocalDate last = bench.engine.getClosePrice("KO", null, null).dates().get(bench.engine.getClosePrice("KO", null, null).size() - 1);
        LocalDate firstShown = CalendarTicks.fromAxis(onFx(() -> bench.window.chart().dateAxis().getMin()));
        assertEquals(last.minusYears(1).toEpochDay(), firstShown.toEpochDay(), 7, "one year back from the last close, shown " + firstShown);

        // another symbol opens on its opening range; a range button is remembered with it
        OnScreen.clickOn(robot, "#symbol-search").write("IBM");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> onFx(() -> bench.window.symbolList().getItems().size() == 1));
        WaitForAsyncUtils.asyncFx(() -> bench.window.symbolList().getSelectionModel().select(0)).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "IBM".equals(onFx(bench.window::shownSymbol)));
        assertNull(onFx(bench.window::shownRange), "a new symbol opens on its opening range");
        OnScreen.clickOn(robot, "#range-5y");
        WaitForAsyncUtils.asyncFx(bench.chrome::remember).get();
        JsonNode saved = Json.MAPPER.readTree(Files.readString(home.resolve(WorkstationLayout.FILE)));
        assertEquals("IBM", saved.get("symbol").asString());
        assertEquals("5Y", saved.get("range").asString());

        // a range no button has (an edited file) opens on the opening range, never fails the start
        Files.writeString(home.resolve(WorkstationLayout.FILE), Json.write(
                new WorkstationLayout(null, null, 1100, 700, false, 0.25, "charts", "light", "KO", "7Q")));
        WorkstationLayout read = WorkstationLayout.load(home.resolve(WorkstationLayout.FILE));
        assertEquals("KO", read.symbol());
        assertNull(read.range());
    }

    private static <T> T onFx(Callable<T> work) {
        try {
            return WaitForAsyncUtils.asyncFx(work).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
