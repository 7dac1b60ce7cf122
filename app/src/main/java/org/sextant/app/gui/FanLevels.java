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

    /** The choice drawing exactly these levels (in any order); null for null or a set no choice draws. */
    public static FanLevels of(List<Double> levels) {
        if (levels == null) return null;
        List<Double> sorted = levels.stream().sorted().toList();
        for (FanLevels f : values()) {
            if (f.levels.size() == sorted.size()
                    && java.util.stream.IntStream.range(0, sorted.size()).allMatch(i -> Math.abs(f.levels.get(i) - sorted.get(i)) < 1e-9)) return f;
        }
        return null;
    }

    @Override
    public String toString() {
        return label;
    }
}
