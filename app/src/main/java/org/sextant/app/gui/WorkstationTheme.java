package org.sextant.app.gui;

import java.util.Objects;
import javafx.scene.Scene;

/** Light or dark: the base stylesheet, and for dark a second one that moves modena and the charts to dark colours. */
public enum WorkstationTheme {
    LIGHT, DARK;

    static final String BASE = Objects.requireNonNull(WorkstationTheme.class.getResource("workstation.css"), "workstation.css").toExternalForm();
    static final String DARK_SHEET = Objects.requireNonNull(WorkstationTheme.class.getResource("dark.css"), "dark.css").toExternalForm();

    public void applyTo(Scene scene) {
        scene.getStylesheets().removeAll(BASE, DARK_SHEET);
        scene.getStylesheets().add(BASE);
        if (this == DARK) scene.getStylesheets().add(DARK_SHEET);
    }

    /** The theme a scene shows. */
    public static WorkstationTheme of(Scene scene) {
        return scene.getStylesheets().contains(DARK_SHEET) ? DARK : LIGHT;
    }

    public static WorkstationTheme parse(String name) {
        return "dark".equalsIgnoreCase(name) ? DARK : LIGHT;
    }
}
