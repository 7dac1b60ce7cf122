package org.sextant.app.gui;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.TableColumn;

/** Table columns that several views build the same way. */
final class Columns {
    private Columns() {}

    /** A column of the text {@code value} reads off each row, {@code width} pixels wide to begin with. */
    static <S> TableColumn<S, String> text(String title, double width, Function<S, String> value) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(row -> new ReadOnlyStringWrapper(value.apply(row.getValue())));
        return c;
    }
}
