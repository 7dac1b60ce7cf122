package org.sextant.charts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.BiFunction;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.FileChooser;

/**
 * The price chart's right-click menu: copy the chart as an image, export it as PNG or SVG, export the
 * bars on screen as CSV, zoom out a step, reset the zoom to the whole history, add an indicator
 * (what that opens is the app's: {@link PriceChart#setOnAddIndicator}). Where a file goes
 * is asked through {@link PriceChart#setExportTarget} (a file dialog by default); null cancels.
 */
final class ChartMenu {
    private ChartMenu() {}

    static ContextMenu install(PriceChart chart) {
        MenuItem copy = item("chart-copy-image", "Copy image", () -> {
            ClipboardContent content = new ClipboardContent();
            content.putImage(chart.snapshot(null, null));
            Clipboard.getSystemClipboard().setContent(content);
        });
        MenuItem png = item("chart-export-png", "Export PNG…", () -> {
            Path to = chart.exportTarget().apply("PNG image", fileName(chart, "png"));
            if (to != null) ChartSnapshot.writePng(chart.snapshot(null, null), to);
        });
        MenuItem svg = item("chart-export-svg", "Export SVG…", () -> {
            Path to = chart.exportTarget().apply("SVG image", fileName(chart, "svg"));
            if (to != null) ChartSvg.write(ChartSvg.of(chart), to);
        });
        MenuItem csv = item("chart-export-csv", "Export CSV…", () -> {
            Path to = chart.exportTarget().apply("CSV", fileName(chart, "csv"));
            if (to != null) writeCsv(chart, to);
        });
        MenuItem out = item("chart-zoom-out", "Zoom out", () -> {
            double min = chart.dateAxis().getMin();
            double max = chart.dateAxis().getMax();
            double mid = (min + max) / 2;
            double half = (max - min) / ChartKeys.ZOOM_STEP / 2;
            chart.navigate(mid - half, mid + half);
        });
        MenuItem reset = item("chart-reset-zoom", "Reset zoom", () -> chart.zoomer().zoomOrigin());
        MenuItem indicator = item("chart-add-indicator", "Add indicator…", () -> {
            if (chart.onAddIndicator() != null) chart.onAddIndicator().run();
        });
        SeparatorMenuItem beforeIndicator = new SeparatorMenuItem();
        ContextMenu menu = new ContextMenu(copy, png, svg, csv, new SeparatorMenuItem(), out, reset, beforeIndicator, indicator);
        menu.setId("chart-menu");
        menu.setOnShowing(e -> {
            boolean empty = chart.series() == null || chart.series().size() == 0;
            for (MenuItem i : menu.getItems()) i.setDisable(empty && i != copy);
            indicator.setVisible(chart.onAddIndicator() != null);
            beforeIndicator.setVisible(indicator.isVisible());
        });
        // right click opens the menu (Ctrl + right click still goes back to the whole history)
        chart.zoomer().setZoomOutMouseFilter(e -> false);
        // a filter: chartfx's plot area consumes clicks before a handler on the chart would see them
        chart.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.SECONDARY && !e.isControlDown()) {
                menu.show(chart, e.getScreenX(), e.getScreenY());
                e.consume();
            } else if (e.getButton() == MouseButton.PRIMARY) {
                menu.hide();
            }
        });
        return menu;
    }

    static MenuItem item(String id, String text, Runnable action) {
        MenuItem i = new MenuItem(text);
        i.setId(id);
        i.setOnAction(e -> action.run());
        return i;
    }

    /**
     * "IBM 2000-01-03 to 2001-01-02.csv": the symbol and the days on screen; intraday bars add the
     * interval and the minutes ("USDCHF 30m 2001-03-30 1630 to 2001-04-02 0900.csv", no colon, which
     * Windows refuses in a file name).
     */
    static String fileName(PriceChart chart, String extension) {
        int[] shown = chart.shownBars();
        PriceBars s = chart.series();
        TimedBars timed = intraday(chart);
        if (timed != null) {
            return s.symbol() + " " + timed.interval().label + " " + timed.label(shown[0]).replace(":", "")
                    + " to " + timed.label(shown[1]).replace(":", "") + "." + extension;
        }
        return s.symbol() + " " + s.dates().get(shown[0]) + " to " + s.dates().get(shown[1]) + "." + extension;
    }

    /** The chart's bars when they are intraday (each has a time of day), else null. */
    private static TimedBars intraday(PriceChart chart) {
        TimedBars timed = chart.drawnBars();
        return timed != null && timed.interval().intraday() ? timed : null;
    }

    /**
     * The bars on screen as RFC 4180 CSV (CRLF line ends; no field needs quoting: dates and
     * numbers only): date, open, high, low, close, volume; a value the data lacks is empty.
     * Intraday bars are written by their open time instead of the date: {@code time} in UTC
     * (2001-03-30T21:30:00Z) and {@code time_local} on the exchange's clock with its offset
     * (2001-03-30T16:30:00-05:00), at the interval drawn.
     */
    static void writeCsv(PriceChart chart, Path to) {
        PriceBars s = chart.series();
        int[] shown = chart.shownBars();
        TimedBars timed = intraday(chart);
        StringBuilder out = new StringBuilder(timed != null ? "time,time_local," : "date,")
                .append("open,high,low,close,volume\r\n");
        for (int i = shown[0]; i <= shown[1]; i++) {
            if (timed != null) {
                Instant open = Instant.ofEpochSecond(timed.seconds(i));
                out.append(open).append(',')
                        .append(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(open.atZone(timed.clock().zone()))).append(',');
            } else {
                out.append(s.dates().get(i)).append(',');
            }
            out.append(value(s.open(), i)).append(',').append(value(s.high(), i)).append(',').append(value(s.low(), i)).append(',')
                    .append(value(s.close(), i)).append(',').append(value(s.volume(), i)).append("\r\n");
        }
        try {
            Files.writeString(to, out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + to.getFileName() + ": " + e.getMessage(), e);
        }
    }

    private static String value(double[] values, int i) {
        if (values == null || Double.isNaN(values[i])) return "";
        double v = values[i];
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** The default target: a save dialog over the chart's window, starting with {@code suggested}. */
    static Path askForFile(javafx.scene.Node chart, String kind, String suggested) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export " + kind);
        chooser.setInitialFileName(suggested);
        String ext = suggested.substring(suggested.lastIndexOf('.') + 1);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, "*." + ext.toLowerCase(Locale.ROOT)));
        java.io.File f = chooser.showSaveDialog(chart.getScene() == null ? null : chart.getScene().getWindow());
        return f == null ? null : f.toPath();
    }
}
