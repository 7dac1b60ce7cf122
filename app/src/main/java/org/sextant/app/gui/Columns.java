package org.sextant.app.gui;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.binding.DoubleBinding;
import javafx.collections.ListChangeListener;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

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

    /** Room for a table's vertical scroll bar and its border, in pixels. */
    private static final double SCROLL_BAR_AND_BORDER = 18;

    /**
     * The width {@code table} needs to show every column whole beside its vertical scroll bar: as a pane's least width,
     * the columns are read without a sideways scroll (the Analogues dates' 5d was behind one at 1000x700). It follows the
     * columns the table holds as they are added, removed or resized.
     */
    static <S> DoubleBinding wholeWidth(TableView<S> table) {
        return new DoubleBinding() {
            {
                bind(table.getColumns());
                for (TableColumn<S, ?> c : table.getColumns()) bind(c.widthProperty());
                table.getColumns().addListener((ListChangeListener<TableColumn<S, ?>>) change -> {
                    while (change.next()) {
                        for (TableColumn<S, ?> c : change.getRemoved()) unbind(c.widthProperty());
                        for (TableColumn<S, ?> c : change.getAddedSubList()) bind(c.widthProperty());
                    }
                });
            }

            @Override
            protected double computeValue() {
                return table.getColumns().stream().mapToDouble(TableColumn::getWidth).sum() + SCROLL_BAR_AND_BORDER;
            }
        };
    }

    /**
     * Gives {@code wide} the width of {@code table} its other columns leave (beside the vertical scroll bar), never less than
     * its least width: a run's name is read in the room the figures beside it leave, not cut to "small sma c…".
     */
    static <S> void takeTheRest(TableView<S> table, TableColumn<S, ?> wide) {
        DoubleBinding others = new DoubleBinding() {
            {
                bind(table.widthProperty(), table.getColumns());
                // the columns there now (the runs table's are all added before): their widths, and whether they are shown
                for (TableColumn<S, ?> c : table.getColumns()) if (c != wide) bind(c.widthProperty(), c.visibleProperty());
            }

            @Override
            protected double computeValue() {
                double used = table.getColumns().stream().filter(c -> c != wide && c.isVisible()).mapToDouble(TableColumn::getWidth).sum();
                return table.getWidth() - table.snappedLeftInset() - table.snappedRightInset() - SCROLL_BAR_AND_BORDER - used;
            }
        };
        Runnable fit = () -> wide.setPrefWidth(Math.max(wide.getMinWidth(), Math.floor(others.get())));
        others.addListener((o, was, now) -> fit.run());
        wide.minWidthProperty().addListener((o, was, now) -> fit.run());
        fit.run();
    }
}
