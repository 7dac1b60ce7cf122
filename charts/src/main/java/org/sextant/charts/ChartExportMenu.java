package org.sextant.charts;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.Zoomer;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;

/**
 * The right-click menu of the charts without a menu of their own (equity and drawdown, the
 * forward-return histogram, the sweep scatter): copy the chart as an image, export it as PNG or
 * SVG, reset the zoom. Item ids start with the chart's id ("equity-drawdown-chart-export-svg").
 * Where a file goes is asked through {@link #setExportTarget} (a file dialog by default).
 */
public final class ChartExportMenu {
    private static final String TARGET = "sextant.chart.export-target";

    private ChartExportMenu() {}

    /** Installs the menu on {@code chart}; {@code svg} draws it as SVG, {@code fileStem} names its files; the plots' zoomers get "Reset zoom". */
    static ContextMenu install(Region chart, String fileStem, Supplier<String> svg, List<XYChart> plots) {
        String id = chart.getId();
        MenuItem copy = ChartMenu.item(id + "-copy-image", "Copy image", () -> {
            ClipboardContent content = new ClipboardContent();
            content.putImage(chart.snapshot(null, null));
            Clipboard.getSystemClipboard().setContent(content);
        });
        MenuItem png = ChartMenu.item(id + "-export-png", "Export PNG…", () -> {
            Path to = target(chart).apply("PNG image", fileStem + ".png");
            if (to != null) ChartSnapshot.writePng(chart.snapshot(null, null), to);
        });
        MenuItem vector = ChartMenu.item(id + "-export-svg", "Export SVG…", () -> {
            Path to = target(chart).apply("SVG image", fileStem + ".svg");
            if (to != null) ChartSvg.write(svg.get(), to);
        });
        MenuItem reset = ChartMenu.item(id + "-reset-zoom", "Reset zoom", () -> zoomers(plots).forEach(Zoomer::zoomOrigin));
        ContextMenu menu = new ContextMenu(copy, png, vector);
        if (!zoomers(plots).isEmpty()) menu.getItems().addAll(new SeparatorMenuItem(), reset);
        menu.setId(id + "-menu");
        // right click opens the menu instead of zooming out a step; Reset zoom goes back to the whole range
        zoomers(plots).forEach(z -> z.setZoomOutMouseFilter(e -> false));
        // a filter: chartfx's plot area consumes clicks before a handler on the chart would see them
        chart.addEventFilter(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.SECONDARY) {
                menu.show(chart, e.getScreenX(), e.getScreenY());
                e.consume();
            } else if (e.getButton() == MouseButton.PRIMARY) {
                menu.hide();
            }
        });
        return menu;
    }

    /**
     * Where {@code chart}'s exports go: given what is exported ("PNG image", "SVG image") and a
     * suggested file name, the file to write, or null to cancel.
     */
    public static void setExportTarget(Region chart, BiFunction<String, String, Path> target) {
        chart.getProperties().put(TARGET, target);
    }

    @SuppressWarnings("unchecked")
    private static BiFunction<String, String, Path> target(Region chart) {
        Object t = chart.getProperties().get(TARGET);
        return t != null ? (BiFunction<String, String, Path>) t : (kind, name) -> ChartMenu.askForFile(chart, kind, name);
    }

    private static List<Zoomer> zoomers(List<XYChart> plots) {
        return plots.stream().flatMap(p -> p.getPlugins().stream()).filter(Zoomer.class::isInstance).map(Zoomer.class::cast).toList();
    }
}
