package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.sextant.engine.ingest.DeletedPrices;
import org.sextant.engine.ingest.KeptDeletions;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Data view's Kept deletions in the real window at 1000×700: a deletion's CSV is listed with its symbol, interval and
 * size (the tab title counts them); Remove file… names the file and its size, Cancel keeps it, Remove deletes only it;
 * Restore imports it back with the import's answer. And the symbols table's Last column whole in the dark theme.
 */
@ExtendWith(ApplicationExtension.class)
class KeptDeletionsViewTest {
    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void aDeletionIsListedRestoredAndItsFileRemovedAfterAskingAt1000By700(FxRobot robot) throws Exception {
        DeletedPrices ko = bench.engine.deletePrices("KO", null);
        DeletedPrices ibm = bench.engine.deletePrices("IBM", "1d");
        Path koFile = Path.of(ko.deleted().get(0).keptIn());
        DeletePricesViewTest.dataViewAt1000By700(bench, robot);
        TabPane tabs = robot.lookup("#data-lower-tabs").queryAs(TabPane.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> tabs.getTabs().get(1).getText().startsWith("Kept deletions (2 files · "));
        WaitForAsyncUtils.asyncFx(() -> tabs.getSelectionModel().select(1)).get();
        @SuppressWarnings("unchecked")
        TableView<KeptDeletions.Kept> table = robot.lookup("#data-kept").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().size() == 2);
        assertEquals(List.of("IBM", "KO"), table.getItems().stream().map(KeptDeletions.Kept::symbol).toList(), "newest first");
        select(robot, table, "KO");
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.unreadable("data", bench.stage.getScene().getRoot())).get());
        bench.photograph("data-kept-deletions");

        DialogPane ask = openRemove(robot);
        assertEquals("Remove " + koFile.getFileName() + " (" + KeptDeletionsModel.size(Files.size(koFile)) + ")?", ask.getHeaderText());
        OnScreen.clickOn(robot, DeletePricesViewTest.button(ask, ButtonBar.ButtonData.CANCEL_CLOSE));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> ask.getScene() == null || !ask.getScene().getWindow().isShowing());
        assertTrue(Files.exists(koFile), "Cancel removes nothing");

        OnScreen.clickOn(robot, "#data-kept-restore");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup("#data-kept-message").queryLabeled().getText().startsWith("Restore done: "));
        assertTrue(robot.lookup("#data-kept-message").queryLabeled().getText().endsWith(" for KO"), robot.lookup("#data-kept-message").queryLabeled().getText());
        assertEquals(ko.deleted().get(0).rows(), bench.engine.storedRows("KO").get("1d"));

        select(robot, table, "KO");
        // another deletion (an agent's) lists the folder again: the file chosen stays chosen
        bench.engine.deletePrices("MSFT", null);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().size() == 3);
        WaitForAsyncUtils.waitForFxEvents();
        KeptDeletions.Kept chosen = WaitForAsyncUtils.asyncFx(() -> table.getSelectionModel().getSelectedItem()).get();
        assertEquals("KO", chosen == null ? null : chosen.symbol(), "the choice survives a refresh");
        DialogPane again = openRemove(robot);
        OnScreen.clickOn(robot, DeletePricesViewTest.button(again, ButtonBar.ButtonData.OK_DONE));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().size() == 2);
        assertFalse(Files.exists(koFile));
        assertTrue(Files.exists(Path.of(ibm.deleted().get(0).keptIn())), "only the chosen file is removed");
        assertTrue(robot.lookup("#data-kept-message").queryLabeled().getText().startsWith("Removed data/deleted/" + koFile.getFileName()));
        assertTrue(tabs.getTabs().get(1).getText().startsWith("Kept deletions (2 files · "), tabs.getTabs().get(1).getText());
    }

    /** The symbols table in the dark theme at 1000×700: its Last column ends inside the table, its dates whole. */
    @Test
    void theLastColumnIsWholeInTheDarkThemeAt1000By700(FxRobot robot) throws Exception {
        OnScreen.clickOn(robot, "View");
        OnScreen.clickOn(robot, "#menu-theme-dark");
        TableView<?> table = DeletePricesViewTest.dataViewAt1000By700(bench, robot);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        OnScreen.awaitLayoutPulses(bench.stage.getScene(), 6); // the columns settle
        WaitForAsyncUtils.waitForFxEvents();
        bench.photograph("data-dark");
        double[] edges = WaitForAsyncUtils.asyncFx(() -> {
            Node header = table.lookupAll(".column-header").stream().filter(n -> n instanceof javafx.scene.control.skin.TableColumnHeader h
                    && h.getTableColumn() != null && "Last".equals(h.getTableColumn().getText())).findFirst().orElseThrow();
            Node flow = table.lookup(".clipped-container");
            return new double[] {header.localToScene(header.getLayoutBounds()).getMaxX(), flow.localToScene(flow.getLayoutBounds()).getMaxX()};
        }).get();
        assertTrue(edges[0] <= edges[1] + 0.5, "the Last column ends at " + edges[0] + ", past the rows' visible edge " + edges[1]);
    }

    /**
     * Clicks the row showing {@code symbol} until it is the selected one. Its cell is looked up once the table has
     * drawn it (items arrive a pulse before their cells), and a refresh of the list (after a restore) may replace the
     * cells between the lookup and the click, which then selects nothing or finds its cell gone from the screen: the click is repeated.
     */
    private static void select(FxRobot robot, TableView<KeptDeletions.Kept> table, String symbol) throws Exception {
        java.util.function.Predicate<Node> showing = n -> n instanceof TableCell<?, ?> c && symbol.equals(c.getText());
        for (int attempt = 0; attempt < 5; attempt++) {
            java.util.concurrent.atomic.AtomicReference<Node> found = new java.util.concurrent.atomic.AtomicReference<>();
            WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> {
                robot.from(table).lookup(showing).tryQuery().ifPresent(found::set);
                return found.get() != null;
            });
            try {
                OnScreen.clickOn(robot, found.get());
            } catch (AssertionError replaced) { // the list was redrawn between lookup and click: that cell is gone, look again
                continue;
            }
            WaitForAsyncUtils.waitForFxEvents();
            KeptDeletions.Kept chosen = WaitForAsyncUtils.asyncFx(() -> table.getSelectionModel().getSelectedItem()).get();
            if (chosen != null && symbol.equals(chosen.symbol())) return;
        }
        throw new AssertionError("clicking the row of " + symbol + " five times did not select it");
    }

    private static DialogPane openRemove(FxRobot robot) throws Exception {
        OnScreen.clickOn(robot, "#data-kept-remove");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup("#data-kept-remove-dialog").tryQuery().isPresent());
        return robot.lookup("#data-kept-remove-dialog").queryAs(DialogPane.class);
    }
}
