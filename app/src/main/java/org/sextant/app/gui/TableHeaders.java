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
        fit(table, Font.getDefault().getSize());
    }

    /** The same for a table in small print ({@code -fx-font-size} of {@code fontSize} px): its headers measured at that size. */
    static void fit(TableView<?> table, double fontSize) {
        Font bold = Font.font(Font.getDefault().getFamily(), FontWeight.BOLD, fontSize);
        table.getColumns().forEach(c -> fit(c, bold));
        table.getColumns().addListener((ListChangeListener<TableColumn<?, ?>>) c -> {
            while (c.next()) c.getAddedSubList().forEach(column -> fit(column, bold));
        });
    }

    private static void fit(TableColumn<?, ?> column, Font bold) {
        Text measure = new Text(column.getText() == null ? "" : column.getText());
        measure.setFont(bold);
        double needed = Math.ceil(measure.getLayoutBounds().getWidth()) + PADDING;
        column.setMinWidth(Math.max(column.getMinWidth(), needed));
        if (column.getPrefWidth() < needed) column.setPrefWidth(needed);
        column.getColumns().forEach(c -> fit(c, bold));
    }
}
