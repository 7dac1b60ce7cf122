package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.sextant.engine.data.SymbolInfo;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Names a symbol from the Data view in the real window (one with bars only too), and finds the name in
 * list_symbols, the Charts list, the chart's heading and the Research symbol picker.
 */
@ExtendWith(ApplicationExtension.class)
class SymbolNamingTest {
    private static final String NAME = "Big Blue Test";

    @RegisterExtension final Workbench bench = new Workbench();

    @Test
    void aNameGivenInTheDataViewShowsEverywhereTheSymbolIsListed(FxRobot robot) throws Exception {
        bench.show("data");
        @SuppressWarnings("unchecked")
        TableView<SymbolInfo> table = robot.lookup("#data-symbols").queryAs(TableView.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().stream().anyMatch(i -> i.symbol().equals("IBM")));
        WaitForAsyncUtils.asyncFx(() -> table.scrollTo(table.getItems().stream().filter(i -> i.symbol().equals("IBM")).findFirst().orElseThrow())).get();
        WaitForAsyncUtils.waitForFxEvents();
        OnScreen.clickOn(robot, robot.from(table).lookup((Node n) -> n instanceof TableCell<?, ?> c && "IBM".equals(c.getText())).queryAs(Node.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Name IBM", robot.lookup("#data-naming-title").queryLabeled().getText());

        replace(robot, "#data-naming-name", NAME);
        replace(robot, "#data-naming-currency", "dollars");
        replace(robot, "#data-naming-exchange", "NYSE");
        OnScreen.clickOn(robot, "#data-naming-save");
        Label error = robot.lookup("#data-naming-error").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> error.getText() != null && error.isVisible());
        assertTrue(error.getText().contains("Where: the currency") && error.getText().contains("three-letter code"), error.getText());
        assertTrue(bench.engine.listSymbols(NAME).isEmpty(), "a refused name writes nothing");

        replace(robot, "#data-naming-currency", "usd");
        OnScreen.clickOn(robot, "#data-naming-save");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#data-naming-message").queryLabeled().getText().equals("IBM saved: " + NAME + " · USD · NYSE"));
        assertEquals(List.of("IBM"), bench.engine.listSymbols("big blue").stream().map(SymbolInfo::symbol).toList(), "list_symbols finds it by name");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().stream().anyMatch(i -> NAME.equals(i.name())));
        bench.photograph("data-naming");

        // the Charts list and the chart's heading
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.charts.infoOf("IBM") != null && NAME.equals(bench.charts.infoOf("IBM").name()));
        WaitForAsyncUtils.asyncFx(() -> bench.window.openChart("IBM", null)).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> ("IBM · " + NAME + " · USD · NYSE").equals(bench.window.chartHeading().text()));
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.from(bench.window.symbolList())
                .lookup((Node n) -> n instanceof ListCell<?> c && ("IBM  " + NAME).equals(c.getText())).tryQuery().isPresent());

        // the Research view's symbol picker
        bench.show("research");
        @SuppressWarnings("unchecked")
        ComboBox<String> picker = robot.lookup("#add-symbol").queryAs(ComboBox.class);
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> picker.getItems().contains("IBM"));
        WaitForAsyncUtils.asyncFx(picker::show).get();
        WaitForAsyncUtils.asyncFx(() -> {
            @SuppressWarnings("unchecked")
            javafx.scene.control.ListView<String> list = (javafx.scene.control.ListView<String>)
                    ((javafx.scene.control.skin.ComboBoxListViewSkin<?>) picker.getSkin()).getPopupContent();
            list.scrollTo("IBM");
        }).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> robot.lookup((Node n) -> n instanceof ListCell<?> c
                && ("IBM  " + NAME).equals(c.getText())).tryQuery().isPresent());
        WaitForAsyncUtils.asyncFx(picker::hide).get();
    }

    @Test
    void aSymbolWithBarsOnlyIsNamedAndItsNameShowsInTheChartsListAndHeadingAt1000By700(FxRobot robot) throws Exception {
        TableView<SymbolInfo> table = DeletePricesViewTest.dataViewAt1000By700(bench, robot);
        pick(robot, table, "USDCHF"); // the sample's 30-minute bars, no daily prices
        assertEquals("Name USDCHF", robot.lookup("#data-naming-title").queryLabeled().getText());
        replace(robot, "#data-naming-name", "US dollar in Swiss francs");
        replace(robot, "#data-naming-currency", "chf");
        replace(robot, "#data-naming-exchange", "FX");
        OnScreen.clickOn(robot, "#data-naming-save");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> "USDCHF saved: US dollar in Swiss francs · CHF · FX".equals(robot.lookup("#data-naming-message").queryLabeled().getText()));
        assertEquals(List.of("USDCHF"), bench.engine.listBarsOnlySymbols("swiss").stream().map(SymbolInfo::symbol).toList(), "list_symbols finds it by name");
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().stream()
                .anyMatch(i -> i.symbol().equals("USDCHF") && "US dollar in Swiss francs".equals(i.name())));
        bench.photograph("data-naming-bars-only");

        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> bench.charts.infoOf("USDCHF") != null
                && "US dollar in Swiss francs".equals(bench.charts.infoOf("USDCHF").name()));
        WaitForAsyncUtils.asyncFx(() -> bench.window.openChart("USDCHF", null)).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS,
                () -> "USDCHF · US dollar in Swiss francs · CHF · FX".equals(bench.window.chartHeading().text()));
    }

    /** Clicks {@code symbol}'s row of the symbols table, scrolled into view. */
    private static void pick(FxRobot robot, TableView<SymbolInfo> table, String symbol) throws Exception {
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> table.getItems().stream().anyMatch(i -> i.symbol().equals(symbol)));
        WaitForAsyncUtils.asyncFx(() -> table.scrollTo(table.getItems().stream().filter(i -> i.symbol().equals(symbol)).findFirst().orElseThrow())).get();
        WaitForAsyncUtils.waitForFxEvents();
        OnScreen.clickOn(robot, robot.from(table).lookup((Node n) -> n instanceof TableCell<?, ?> c && symbol.equals(c.getText())).queryAs(Node.class));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void replace(FxRobot robot, String field, String text) {
        OnScreen.clickOn(robot, field);
        robot.press(KeyCode.CONTROL, KeyCode.A).release(KeyCode.A, KeyCode.CONTROL);
        robot.write(text);
    }
}
