package org.sextant.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The readability check of {@link ReadableLayoutTest} fails on a table that cuts its values, naming the column and the text. */
@ExtendWith(ApplicationExtension.class)
class ReadableCheckTest {
    private TableView<String> table;

    @Start
    void start(Stage stage) {
        table = new TableView<>(FXCollections.observableArrayList("2527"));
        stage.setScene(new Scene(table, 300, 200));
        stage.show();
    }

    @Test
    void aNumberInATooNarrowColumnIsReportedWithItsColumn() throws Exception {
        TableColumn<String, String> closes = Columns.text("Closes", 20, s -> s + ".123456");
        closes.setMaxWidth(20);
        WaitForAsyncUtils.asyncFx(() -> table.getColumns().add(closes)).get();
        WaitForAsyncUtils.waitForFxEvents();
        List<String> found = WaitForAsyncUtils.asyncFx(() -> ReadableLayoutTest.unreadable("fixture", table)).get();
        assertTrue(found.contains("fixture: column 'Closes' cell '2527.123456' shown as '...'"), found.toString());
    }
}
