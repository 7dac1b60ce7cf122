package org.sextant.app.gui;

import javafx.collections.ListChangeListener;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;

/**
 * Keeps every column header of a table readable: a column is never narrower than its header's
 * text (bold, as modena draws it) plus the header's padding. Where the columns then need more than
 * the table's width, the table scrolls sideways instead of cutting the headers to "…".
 */
final class TableHeaders {
    /** Header padding and the sort arrow's room, in pixels. */
    private static final double PADDING = 12;

    private TableHeaders() {}

    /** Fits the headers of {@code table} now and of every column added later (query results, previews). */
    static void fit(TableView<?> table) {
        table.getColumns().forEach(TableHeaders::fit);
        table.getColumns().addListener((ListChangeListener<TableColumn<?, ?>>) c -> {
            while (c.next()) c.getAddedSubList().forEach(TableHeaders::fit);
        });
    }

    private static void fit(TableColumn<?, ?> column) {
        Text measure = new Text(column.getText() == null ? "" : column.getText());
        measure.setFont(Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, Font.getDefault().getSize()));
        double needed = Math.ceil(measure.getLayoutBounds().getWidth()) + PADDING;
        column.setMinWidth(Math.max(column.getMinWidth(), needed));
        if (column.getPrefWidth() < needed) column.setPrefWidth(needed);
        column.getColumns().forEach(TableHeaders::fit);
    }
}
