package org.sextant.app.gui;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import javafx.scene.control.Alert;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.FileChooser;
import org.sextant.engine.exchange.CsvWriter;
import org.sextant.engine.home.AtomicFiles;

/**
 * "Export CSV…" for every table of the workstation: the visible columns (their headers, in the
 * order shown) and every row of the table in its current sort order, not only the rows on screen,
 * written as RFC 4180 by the engine's one {@link CsvWriter}. A column whose cells show a rounded
 * text names the value behind it with {@link #exportsAs}, so numbers leave in full precision
 * (percentages as the fractions they are: 0.0123 for 1.23%).
 */
public final class TableExport {
    private static final String RAW = "sextant.export.raw";
    private static final String TARGET = "sextant.export.target";

    private TableExport() {}

    /** The value {@code column} exports for a row, in place of its cell text; returns the column. */
    public static <T, C extends TableColumn<T, ?>> C exportsAs(C column, Function<T, ?> raw) {
        column.getProperties().put(RAW, raw);
        return column;
    }

    /**
     * Gives {@code table} a right-click "Export CSV…" (id {@code <table id>-export-csv}) that asks
     * where to save, suggesting {@code fileName}; returns the same action for a toolbar button.
     */
    public static Runnable install(TableView<?> table, String fileName) {
        Runnable export = () -> exportAsked(table, fileName);
        MenuItem item = new MenuItem("Export CSV…");
        item.setId(table.getId() + "-export-csv");
        item.setOnAction(e -> export.run());
        ContextMenu menu = new ContextMenu(item);
        menu.setId(table.getId() + "-menu");
        menu.setOnShowing(e -> item.setDisable(table.getItems().isEmpty()));
        // duplicates: the charts' export menu opens the same way; app and charts share no menu type
        // opened on the right click itself, as the charts' menus are: a headless toolkit sends no context-menu request
        table.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.SECONDARY) {
                menu.show(table, e.getScreenX(), e.getScreenY());
                e.consume();
            } else if (e.getButton() == MouseButton.PRIMARY) {
                menu.hide();
            }
        });
        return export;
    }

    /** For tests and embedding: where an export goes instead of the save dialog (suggested name → file; null cancels). */
    public static void setTarget(TableView<?> table, Function<String, Path> target) {
        table.getProperties().put(TARGET, target);
    }

    private static void exportAsked(TableView<?> table, String fileName) {
        @SuppressWarnings("unchecked")
        Function<String, Path> target = (Function<String, Path>) table.getProperties().getOrDefault(TARGET,
                (Function<String, Path>) name -> askForFile(table, name));
        Path to = target.apply(fileName);
        if (to == null) return;
        try {
            write(table, to);
        } catch (IOException | RuntimeException e) {
            Alert alert = new Alert(Alert.AlertType.ERROR, "Could not write " + to.getFileName() + ": " + e.getMessage()
                    + "\nFix: choose a folder you can write to.");
            alert.setHeaderText("Export failed");
            alert.initOwner(table.getScene() == null ? null : table.getScene().getWindow());
            alert.show();
        }
    }

    /** Writes the table (header and every row) to {@code to}, atomically; returns the rows written. */
    public static int write(TableView<?> table, Path to) throws IOException {
        List<List<Object>> rows = rows(table);
        AtomicFiles.write(to, CsvWriter.table(header(table), rows, CsvWriter.CRLF));
        return rows.size();
    }

    /** The headers of the visible columns that hold data (a column of buttons has none). */
    static List<String> header(TableView<?> table) {
        return exported(table).stream().map(TableColumn::getText).toList();
    }

    /** Every row of the table, in the table's order, as the exported columns' values. */
    static <T> List<List<Object>> rows(TableView<T> table) {
        List<TableColumn<T, ?>> columns = exported(table);
        List<List<Object>> rows = new ArrayList<>();
        for (T item : table.getItems()) {
            List<Object> row = new ArrayList<>(columns.size());
            for (TableColumn<T, ?> c : columns) {
                @SuppressWarnings("unchecked")
                Function<T, ?> raw = (Function<T, ?>) c.getProperties().get(RAW);
                row.add(cell(raw != null ? raw.apply(item) : c.getCellData(item)));
            }
            rows.add(row);
        }
        return rows;
    }

    private static <T> List<TableColumn<T, ?>> exported(TableView<T> table) {
        List<TableColumn<T, ?>> out = new ArrayList<>();
        for (TableColumn<T, ?> c : table.getVisibleLeafColumns()) {
            if (c.getText() != null && !c.getText().isBlank()) out.add(c);
        }
        return out;
    }

    /** A number in full precision without an exponent; NaN empty; an unbounded ratio "inf". */
    static String cell(Object v) {
        if (v == null) return "";
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d)) return "";
            if (Double.isInfinite(d)) return d > 0 ? "inf" : "-inf";
            if (d == 0) return "0";
            return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
        }
        return String.valueOf(v);
    }

    private static Path askForFile(TableView<?> table, String suggested) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export the table as CSV");
        chooser.setInitialFileName(suggested);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        File f = chooser.showSaveDialog(table.getScene() == null ? null : table.getScene().getWindow());
        return f == null ? null : f.toPath();
    }

    /** "scans 2026-12-02.csv": a default file name of {@code what} today. */
    static String fileName(String what) {
        return what + " " + java.time.LocalDate.now().toString().toLowerCase(Locale.ROOT) + ".csv";
    }
}
