package org.sextant.app.gui;

import java.util.List;
import java.util.function.Function;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Keeps every value of a table whole: a column is never narrower than the widest text it shows
 * (over the first {@link #ROWS_MEASURED} rows, so a long table stays cheap). A number cut to
 * "252" reads as a different number, so no value is left to an ellipsis or a tooltip. Where the
 * columns then need more than the table's width, the table scrolls sideways.
 */
final class TableValues {
    /** Cell padding on both sides and a little slack for a bold or marked cell, in pixels. */
    static final double PADDING = 16;
    /** Rows measured: enough for what a screen shows, bounded for a long result. */
    static final int ROWS_MEASURED = 500;
    /** The key of a column's formatter when its cells show something else than the value's text. */
    private static final String SHOWN = "sextant.shown";
    /** The key of a column's measured widths by text: the Jobs view sets its rows every 500 ms, mostly the same texts. */
    private static final String WIDTHS = "sextant.widths";
    /** Texts a column remembers the width of before it forgets them all (a long result's ids differ row by row). */
    private static final int WIDTHS_KEPT = 4 * ROWS_MEASURED;
    /** The key of the font those widths were measured in: measured again in another. */
    private static final String WIDTHS_FONT = "sextant.widthsFont";

    private TableValues() {}

    /** Declares how {@code column}'s cells show a value, so it is measured as the cells show it. */
    static <S, T> TableColumn<S, T> shownAs(TableColumn<S, T> column, Function<T, String> shown) {
        column.getProperties().put(SHOWN, shown);
        return column;
    }

    /** The key of a column whose cells wrap their text at its spaces: as wide as its longest word, not its longest text. */
    private static final String BY_WORDS = "sextant.by-words";

    /**
     * Declares that {@code column} is measured by the longest word it shows, not its whole texts (a run's name): it is kept
     * at least that wide, and takes more room from its table's layout ({@link Columns#takeTheRest}).
     */
    static <S, T> TableColumn<S, T> measuredByWords(TableColumn<S, T> column) {
        column.getProperties().put(BY_WORDS, Boolean.TRUE);
        return column;
    }

    /** Widens the columns of {@code table} to their values now and whenever its rows change; the table scrolls sideways when they do not fit. */
    static <S> void fit(TableView<S> table) {
        fit(table, PADDING);
    }

    /**
     * The same with {@code padding} pixels beside each value (a table in small print beside a chart: the cell's 2 px a side and its
     * border, and a little slack). The values are measured in the font the table draws them in, whatever its style sets: measured in
     * the window's 13 px, the 11 px statistics of Analogues took a sideways scroll at 1000x700.
     */
    static <S> void fit(TableView<S> table, double padding) {
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        Runnable refit = () -> fitNow(table, padding);
        ListChangeListener<S> rowsChanged = c -> refit.run();
        table.getItems().addListener(rowsChanged);
        table.itemsProperty().addListener((o, was, now) -> {
            if (was != null) was.removeListener(rowsChanged);
            if (now != null) now.addListener(rowsChanged);
            refit.run();
        });
        // the font is known once the table's skin is styled (after the pulse that made it), and followed when a style changes it
        table.skinProperty().addListener((o, was, now) -> {
            if (now != null) Platform.runLater(() -> followFont(table, refit));
        });
        refit.run();
    }

    private static void followFont(TableView<?> table, Runnable refit) {
        if (table.lookup(".column-header .label") instanceof Labeled header) header.fontProperty().addListener((o, was, now) -> refit.run());
        refit.run();
    }

    private static <S> void fitNow(TableView<S> table, double padding) {
        List<S> rows = table.getItems() == null ? List.of() : table.getItems();
        Font drawn = drawnFont(table);
        for (TableColumn<S, ?> c : table.getVisibleLeafColumns()) fit(c, rows, drawn, padding);
    }

    /** The font the table's values are drawn in: its headers' once styled, not bold; before that the default. */
    static Font drawnFont(TableView<?> table) {
        return table.lookup(".column-header .label") instanceof Labeled header && header.getFont() != null
                ? Font.font(header.getFont().getFamily(), header.getFont().getSize()) : Font.getDefault();
    }

    @SuppressWarnings("unchecked")
    private static <S, T> void fit(TableColumn<S, T> column, List<S> rows, Font font, double padding) {
        Function<T, String> shown = (Function<T, String>) column.getProperties().getOrDefault(SHOWN, (Function<T, String>) v -> v == null ? "" : v.toString());
        // measured once per text, not per refresh: a layout of each cell's text on the FX thread at every setAll was the cost
        java.util.Map<String, Double> widths = (java.util.Map<String, Double>) column.getProperties().computeIfAbsent(WIDTHS, k -> new java.util.HashMap<String, Double>());
        if (widths.size() > WIDTHS_KEPT || !font.equals(column.getProperties().put(WIDTHS_FONT, font))) widths.clear();
        Text measure = new Text();
        measure.setFont(font);
        boolean byWords = Boolean.TRUE.equals(column.getProperties().get(BY_WORDS));
        double widest = 0;
        int n = Math.min(rows.size(), ROWS_MEASURED);
        for (int i = 0; i < n; i++) {
            String text = shown.apply(column.getCellData(rows.get(i)));
            for (String part : byWords && text != null ? text.split("\\s+") : new String[] {text}) {
                widest = Math.max(widest, widths.computeIfAbsent(part, t -> {
                    measure.setText(t);
                    return measure.getLayoutBounds().getWidth();
                }));
            }
        }
        double needed = Math.ceil(widest) + padding;
        if (column.getMinWidth() < needed) column.setMinWidth(needed);
        if (column.getPrefWidth() < needed) column.setPrefWidth(needed);
    }
}
