package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.beans.binding.DoubleBinding;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** A table's whole width follows its columns: one added later, one removed, one resized (a pane's least width binds to it). */
@ExtendWith(ApplicationExtension.class)
class ColumnsTest {
    @Test
    void theWholeWidthFollowsColumnsAddedRemovedAndResized() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            TableView<String> table = new TableView<>();
            TableColumn<String, String> date = Columns.text("Date", 100, s -> s), fiveDays = Columns.text("5d", 50, s -> s);
            table.getColumns().add(date);
            DoubleBinding whole = Columns.wholeWidth(table);
            assertEquals(118, whole.get(), 1e-9, "100 and the scroll bar's 18");
            table.getColumns().add(fiveDays);
            assertEquals(168, whole.get(), 1e-9, "a column added after the binding was made");
            fiveDays.setPrefWidth(70);
            assertEquals(188, whole.get(), 1e-9, "the added column resized");
            table.getColumns().remove(date);
            date.setPrefWidth(300);
            assertEquals(88, whole.get(), 1e-9, "a removed column no longer counts");
        }).get();
    }
}
