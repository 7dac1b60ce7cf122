package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.engine.data.PriceSeries;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What makes the window's start short without changing what the person gets: the views after
 * Charts are built the first time they are used, by any way of reaching them; and the opening
 * symbol's prices, read before the window exists, are what its chart shows.
 */
@ExtendWith(ApplicationExtension.class)
class WorkstationStartTest {
    private static final List<String> LAZY = List.of("scans", "research", "analogues", "data", "jobs", "agents");

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void onlyChartsIsBuiltAtStartAndEachOtherViewOnFirstUseByShortcutNavigatorPilotOrTab(FxRobot robot) throws Exception {
        WorkstationWindow window = bench.window;
        assertEquals(List.of("charts", "scans", "research", "analogues", "data", "jobs", "agents"), window.viewIds());
        for (String id : LAZY) {
            assertFalse(window.isBuilt(id), id + " is not built at start");
            assertNull(tab(id).getContent(), id + "'s tab is empty until used");
        }

        // Ctrl+2, the View menu's shortcut
        robot.press(KeyCode.SHORTCUT, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.SHORTCUT);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "scans".equals(window.shownView()));
        assertBuiltAndInItsTab("scans", ScansView.class);
        assertFalse(window.isBuilt("research"), "using one view builds only that one");

        // the Navigator other views use ("open in Data")
        WaitForAsyncUtils.asyncFx(() -> window.showView("data")).get();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("data", window.shownView());
        assertBuiltAndInItsTab("data", DataView.class);

        // a pilot command (select_view) from the queue's thread
        new WindowPilot(window).selectView("jobs");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("jobs", window.shownView());
        assertBuiltAndInItsTab("jobs", JobsView.class);

        // a click on the tab
        OnScreen.clickOn(robot, "#tab-agents");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "agents".equals(window.shownView()));
        assertBuiltAndInItsTab("agents", AgentsView.class);

        // asked for by code (File > Import asks for the Data view the same way): built, not selected
        WorkstationView analogues = WaitForAsyncUtils.asyncFx(() -> window.view("analogues")).get();
        assertInstanceOf(AnaloguesView.class, analogues);
        assertEquals("agents", window.shownView());
        assertSame(analogues, WaitForAsyncUtils.asyncFx(() -> window.view("analogues")).get(), "built once");
        assertBuiltAndInItsTab("analogues", AnaloguesView.class);
        assertFalse(window.isBuilt("research"));
    }

    @Test
    void aViewRegisteredUnderAnotherIdThanItsOwnIsRefusedWhenBuilt() throws Exception {
        LazyView wrong = new LazyView("scans", "Scans", () -> new WorkstationView() {
            @Override public String id() { return "scanz"; }
            @Override public String title() { return "Scans"; }
            @Override public javafx.scene.Node root() { return new javafx.scene.layout.Pane(); }
        });
        IllegalStateException e = assertThrows(IllegalStateException.class, wrong::view);
        assertTrue(e.getMessage().contains("scanz"), e.getMessage());
    }

    @Test
    void theOpeningPricesReadBeforeTheWindowExistsAreWhatItsChartShows() throws Exception {
        // as the launcher does: the model reads while no window exists yet
        ChartsViewModel model = new ChartsViewModel(bench.engine);
        String opening = WorkstationWindow.openingSymbol(bench.engine.listSymbols(null));
        assertEquals("NYSE", opening, "the sample universe opens on the NYSE composite");
        model.refreshSymbols().get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        PriceSeries read = WaitForAsyncUtils.asyncFx(() -> model.select(opening)).get().get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        model.forecastLoad().get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
        assertNotNull(model.forecastProperty().get());

        List<String> shown = new CopyOnWriteArrayList<>();
        Stage[] stage = new Stage[1];
        WorkstationWindow window = WaitForAsyncUtils.asyncFx(() -> {
            WorkstationWindow w = new WorkstationWindow(model);
            w.setOnSymbolShown(shown::add);
            stage[0] = new Stage();
            w.show(stage[0]);
            w.revealSelected();
            return w;
        }).get();
        try {
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(read.symbol(), window.chart().series().symbol(), "the chart shows the series read before the window was built");
            org.junit.jupiter.api.Assertions.assertArrayEquals(read.close(), window.chart().series().close(), "its closes");
            assertEquals(List.of(opening), shown, "the symbol on screen is reported (state.json)");
            assertEquals(opening, window.symbolList().getSelectionModel().getSelectedItem().symbol(), "and highlighted in the list");
            assertEquals(model.forecastProperty().get().origin(), window.chart().forecast().origin(), "with its fan");
            org.junit.jupiter.api.Assertions.assertArrayEquals(model.forecastProperty().get().forecast().median(), window.chart().forecast().median(), "its median");
            assertNotNull(window.chart().drawnForecastMedian());
        } finally {
            WaitForAsyncUtils.asyncFx(() -> stage[0].close()).get();
            model.backtestLoad().handle((b, e) -> null).get(GIVE_UP_SECONDS, TimeUnit.SECONDS);
            model.close();
        }
    }

    private Tab tab(String id) {
        return bench.window.tabs().getTabs().stream().filter(t -> ("tab-" + id).equals(t.getId())).findFirst().orElseThrow();
    }

    private void assertBuiltAndInItsTab(String id, Class<? extends WorkstationView> type) throws Exception {
        assertTrue(bench.window.isBuilt(id), id + " built");
        WorkstationView view = WaitForAsyncUtils.asyncFx(() -> bench.window.view(id)).get();
        assertInstanceOf(type, view);
        assertSame(view.root(), tab(id).getContent(), id + "'s tab holds its content");
    }
}
