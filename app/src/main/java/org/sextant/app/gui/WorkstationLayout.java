package org.sextant.app.gui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sextant.engine.Json;
import org.sextant.engine.home.AtomicFiles;
import org.sextant.engine.home.HomeFileBounds;
import org.slf4j.LoggerFactory;

/**
 * The window as the person left it, kept in SEXTANT_HOME/layout.json between runs: position,
 * size, maximised, the Charts divider, the view on screen, the theme, and the symbol and range on
 * the chart. Written atomically; a missing or unreadable file means the default layout, never a
 * failed start.
 *
 * @param x      null: let the system place the window
 * @param view   a view id ("charts", "data", ...)
 * @param theme  "light" or "dark"
 * @param symbol the symbol on the chart; null: the opening symbol (NYSE or the first)
 * @param range  the range button last pressed for it ("1M" .. "All"); null: the opening range
 */
public record WorkstationLayout(Double x, Double y, double width, double height, boolean maximized,
                                double chartDivider, String view, String theme, String symbol, String range) {

    /** A layout without a remembered chart (layouts written before the chart was remembered). */
    public WorkstationLayout(Double x, Double y, double width, double height, boolean maximized, double chartDivider, String view, String theme) {
        this(x, y, width, height, maximized, chartDivider, view, theme, null, null);
    }

    public static final String FILE = "layout.json";
    /** A layout is a dozen numbers and short texts (under 1 KB): a bigger file is never read. */
    static final long MAX_BYTES = 256 * 1024;

    public static WorkstationLayout defaults() {
        return new WorkstationLayout(null, null, 1200, 760, false, 0.22, WorkstationWindow.CHARTS, "light");
    }

    public static WorkstationLayout load(Path file) {
        if (!Files.exists(file)) return defaults();
        try {
            WorkstationLayout l = Json.read(HomeFileBounds.read(file, MAX_BYTES, "none needed: the window writes its layout over it when it closes"), WorkstationLayout.class);
            WorkstationLayout d = defaults();
            return new WorkstationLayout(l.x, l.y, l.width >= 400 ? l.width : d.width, l.height >= 300 ? l.height : d.height,
                    l.maximized, l.chartDivider > 0.02 && l.chartDivider < 0.98 ? l.chartDivider : d.chartDivider,
                    l.view == null ? d.view : l.view, l.theme == null ? d.theme : l.theme, l.symbol,
                    rangePreset(l.range) == null ? null : l.range);
        } catch (org.sextant.contract.HomeFile.TooLarge e) {
            LoggerFactory.getLogger(WorkstationLayout.class).warn("{}; using the default layout", e.getMessage());
            return defaults();
        } catch (IOException | RuntimeException e) {
            LoggerFactory.getLogger(WorkstationLayout.class).warn("ignoring {} ({}); using the default layout", file, Json.whyUnreadable(e));
            return defaults();
        }
    }

    /** The range button named {@code label}; null for none or a name no button has. */
    public static org.sextant.charts.RangePreset rangePreset(String label) {
        for (org.sextant.charts.RangePreset r : org.sextant.charts.RangePreset.values()) if (r.label().equals(label)) return r;
        return null;
    }

    public void save(Path file) throws IOException {
        AtomicFiles.write(file, Json.write(this));
    }
}
