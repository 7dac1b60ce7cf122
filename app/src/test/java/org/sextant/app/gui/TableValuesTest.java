package org.sextant.app.gui;

import static org.sextant.app.gui.Workbench.GIVE_UP_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A table's values are measured in the font it draws them in, whatever its style sets: in large print no value ends in "…"
 * (measured in the default font "-0.82%" was cut), in small print no column is wider than its values ask (measured in the
 * default font the 11 px statistics of Analogues took a sideways scroll at 1000x700).
 */
@ExtendWith(ApplicationExtension.class)
class TableValuesTest {
    private static final List<String> VALUES = List.of("-0.82%", "2002-12-31", "-2.69%..1.08%", "likely overfit");

    // made in start(), on the toolkit's thread: as fields they failed when this class ran first in its JVM ("Toolkit not initialized")
    private TableView<String> large;
    private TableView<String> small;

    @Start
    void start(Stage stage) {
        large = table(18);
        small = table(11);
        stage.setScene(new Scene(new HBox(large, small), 1000, 700));
        stage.show();
    }

    @Test
    void valuesAreMeasuredInTheTablesOwnFont() throws Exception {
        // the rows arrive after the tables are shown, as a view's results do
        WaitForAsyncUtils.asyncFx(() -> {
            large.getItems().setAll(VALUES);
            small.getItems().setAll(VALUES);
        }).get();
        WaitForAsyncUtils.waitFor(GIVE_UP_SECONDS, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(
                () -> large.lookupAll(".table-cell").stream().anyMatch(c -> VALUES.get(0).equals(((TableCell<?, ?>) c).getItem()))).get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.elided(large)).get(), "values in 18 px print");
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.elided(small)).get(), "values in 11 px print");
        double asked = Math.ceil(width("-2.69%..1.08%", 11)) + TableValues.PADDING;
        double column = WaitForAsyncUtils.asyncFx(() -> small.getColumns().get(0).getWidth()).get();
        assertTrue(column <= asked + 0.5, "the 11 px column is " + column + " px wide; its widest value asks " + asked);
    }

    private static TableView<String> table(double fontSize) {
        TableView<String> table = new TableView<>();
        table.getColumns().add(Columns.text("v", 20, s -> s));
        table.setStyle("-fx-font-size: " + fontSize + "px;");
        TableValues.fit(table);
        return table;
    }

    private static double width(String text, double size) {
        Text t = new Text(text);
        t.setFont(Font.font(Font.getDefault().getFamily(), size));
        return t.getLayoutBounds().getWidth();
    }
}
