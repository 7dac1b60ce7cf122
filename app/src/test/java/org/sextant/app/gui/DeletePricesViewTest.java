package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.data.SymbolInfo;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Delete prices… in the Data view of the real window: the confirmation names the symbol's rows per interval; Cancel
 * deletes nothing; Delete with 1d chosen leaves the weekly bars of a weekly file first imported as daily prices.
 */
@ExtendWith(ApplicationExtension.class)
class DeletePricesViewTest {
    @RegisterExtension final Workbench bench = new Workbench();
    @TempDir Path dir;

    /** STRAYW: 100 Fridays as daily prices (a stray Saturday made them daily) and again as 1w bars. */
    private void mistakeThenFix() throws Exception {
        for (boolean stray : new boolean[] {true, false}) {
            List<String> lines = new ArrayList<>(List.of("Date,Close"));
            LocalDate d = LocalDate.of(2009, 1, 2);
            for (int i = 0; i < 100; i++, d = d.plusWeeks(1)) {
                lines.add(d + "," + (40 + i % 7));
                if (stray && i == 49) lines.add(d.plusDays(1) + ",41");
            }
            bench.engine.importPrices(List.of(Files.write(Files.createDirectories(dir.resolve(stray ? "stray" : "fixed")).resolve("STRAYW.csv"), lines)));
        }
    }

    @Test
    void theConfirmationNamesTheRowsCancelKeepsThemAndDeleteDropsOnlyTheDailyOnesAt1000By700(FxRobot robot) throws Exception {
        mistakeThenFix();
        TableView<SymbolInfo> table = dataViewAt1000By700(robot);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().stream().anyMatch(i -> i.symbol().equals("STRAYW")));
        WaitForAsyncUtils.asyncFx(() -> table.scrollTo(table.getItems().stream().filter(i -> i.symbol().equals("STRAYW")).findFirst().orElseThrow())).get();
        WaitForAsyncUtils.waitForFxEvents();
        OnScreen.clickOn(robot, robot.from(table).lookup((Node n) -> n instanceof TableCell<?, ?> c && "STRAYW".equals(c.getText())).queryAs(Node.class));

        DialogPane pane = openConfirmation(robot);
        assertEquals("Delete stored prices of STRAYW", pane.getHeaderText());
        @SuppressWarnings("unchecked")
        ComboBox<String> which = (ComboBox<String>) pane.lookup("#data-delete-interval");
        assertEquals(List.of("every interval: 101 daily rows, 100 1w bars", "1d: 101 daily rows", "1w: 100 1w bars"),
                which.getItems().stream().map(i -> which.getConverter().toString(i)).toList());
        OnScreen.clickOn(robot, button(pane, ButtonBar.ButtonData.CANCEL_CLOSE));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> pane.getScene() == null || !pane.getScene().getWindow().isShowing());
        assertEquals(List.of("1d", "1w"), bench.engine.storedIntervals("STRAYW"), "Cancel deletes nothing");

        DialogPane again = openConfirmation(robot);
        @SuppressWarnings("unchecked")
        ComboBox<String> interval = (ComboBox<String>) again.lookup("#data-delete-interval");
        WaitForAsyncUtils.asyncFx(() -> interval.getSelectionModel().select("1d")).get();
        WaitForAsyncUtils.waitForFxEvents();
        bench.photograph("data-delete-prices-dialog", again);
        OnScreen.clickOn(robot, button(again, ButtonBar.ButtonData.OK_DONE));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#data-delete-message").queryLabeled().getText().startsWith("Deleted 101 daily rows of STRAYW; it still has 1w.\n"));
        String said = robot.lookup("#data-delete-message").queryLabeled().getText();
        assertTrue(said.matches("(?s).*\nKept in data/deleted/STRAYW\\.1d\\.[0-9T.]+Z\\.csv: Import puts them back\\."), said);
        assertEquals(List.of("1w"), bench.engine.storedIntervals("STRAYW"));
        // STRAYW stays listed, bars only now, with its interval: Delete prices… reaches its bars too
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "1w".equals(intervalsShown(robot, table, "STRAYW")));
        // and the form naming it stays on: its bars keep a name as daily prices do
        assertTrue(!robot.lookup("#data-naming-save").query().isDisabled());
        bench.photograph("data-delete-prices");
    }

    @Test
    void aSymbolWithBarsOnlyIsListedWithItsIntervalAndItsBarsCanBeDeletedAt1000By700(FxRobot robot) throws Exception {
        TableView<SymbolInfo> table = dataViewAt1000By700(robot);
        // the sample's USDCHF: 30-minute bars, no daily prices
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> "30m".equals(intervalsShown(robot, table, "USDCHF")));
        assertEquals("1d", intervalsShown(robot, table, "MSFT"));
        bench.photograph("data-bars-only-listed");
        OnScreen.clickOn(robot, robot.from(table).lookup((Node n) -> n instanceof TableCell<?, ?> c && "USDCHF".equals(c.getText())).queryAs(Node.class));

        DialogPane pane = openConfirmation(robot);
        assertEquals("Delete stored prices of USDCHF", pane.getHeaderText());
        @SuppressWarnings("unchecked")
        ComboBox<String> which = (ComboBox<String>) pane.lookup("#data-delete-interval");
        assertEquals(1, which.getItems().size());
        assertTrue(which.getConverter().toString(which.getItems().get(0)).matches("30m: [0-9,]+ 30m bars"), which.getItems().toString());
        OnScreen.clickOn(robot, button(pane, ButtonBar.ButtonData.OK_DONE));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#data-delete-message").queryLabeled().getText().startsWith("Deleted "));
        assertEquals(List.of(), bench.engine.storedIntervals("USDCHF"));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().stream().noneMatch(i -> i.symbol().equals("USDCHF")));
    }

    /** The Intervals cell of {@code symbol}'s row, scrolled into view; null while the symbol is not listed. */
    private static String intervalsShown(FxRobot robot, TableView<SymbolInfo> table, String symbol) throws Exception {
        SymbolInfo row = WaitForAsyncUtils.asyncFx(() -> table.getItems().stream().filter(i -> i.symbol().equals(symbol)).findFirst().orElse(null)).get();
        if (row == null) return null;
        WaitForAsyncUtils.asyncFx(() -> table.scrollTo(row)).get();
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        javafx.scene.control.TableColumn<SymbolInfo, ?> column = (javafx.scene.control.TableColumn<SymbolInfo, ?>) table.getColumns().stream()
                .filter(c -> c.getText().equals("Intervals")).findFirst().orElse(null);
        if (column == null) return null;
        Object value = column.getCellData(row);
        return value == null ? null : value.toString();
    }

    /** The window at 1000x700 showing the Data view; its symbols table. */
    private TableView<SymbolInfo> dataViewAt1000By700(FxRobot robot) throws Exception {
        return dataViewAt1000By700(bench, robot);
    }

    /** {@code bench}'s window at 1000x700 showing the Data view; its symbols table. */
    static TableView<SymbolInfo> dataViewAt1000By700(Workbench bench, FxRobot robot) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            bench.stage.setWidth(1000);
            bench.stage.setHeight(700);
        }).get();
        bench.show("data");
        @SuppressWarnings("unchecked")
        TableView<SymbolInfo> table = robot.lookup("#data-symbols").queryAs(TableView.class);
        return table;
    }

    private static DialogPane openConfirmation(FxRobot robot) throws Exception {
        OnScreen.clickOn(robot, "#data-delete");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup("#data-delete-dialog").tryQuery().isPresent());
        return robot.lookup("#data-delete-dialog").queryAs(DialogPane.class);
    }

    /** {@code pane}'s button of {@code data} (OK_DONE, CANCEL_CLOSE). */
    static Node button(DialogPane pane, ButtonBar.ButtonData data) {
        ButtonType type = pane.getButtonTypes().stream().filter(b -> b.getButtonData() == data).findFirst().orElseThrow();
        return pane.lookupButton(type);
    }
}
