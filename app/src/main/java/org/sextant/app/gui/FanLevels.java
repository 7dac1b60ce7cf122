package org.sextant.app.gui;

import java.util.List;

/** The confidence selector's choices: which bands of the forecast fan are drawn. */
public enum FanLevels {
    L80("80%", List.of(0.80)),
    L95("95%", List.of(0.95)),
    L99("99%", List.of(0.99)),
    ALL("80/95/99%", List.of(0.80, 0.95, 0.99));

    private final String label;
    private final List<Double> levels;

    FanLevels(String label, List<Double> levels) {
        this.label = label;
        this.levels = levels;
    }

    /** Band levels drawn, ascending. */
    public List<Double> levels() {
        return levels;
    }

    @Override
    public String toString() {
        return label;
    }
}
