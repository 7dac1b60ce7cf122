package org.sextant.app.gui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntPredicate;
import javafx.geometry.Bounds;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;

/** What the GUI tests read off a snapshot: pixels of a colour in an area, and where the pictures go. */
final class Pixels {
    private Pixels() {}

    static int red(int argb) { return (argb >> 16) & 0xff; }
    static int green(int argb) { return (argb >> 8) & 0xff; }
    static int blue(int argb) { return argb & 0xff; }

    /** Pixels of {@code area} whose ARGB passes {@code colour}. */
    static int count(WritableImage image, Bounds area, IntPredicate colour) {
        PixelReader pixels = image.getPixelReader();
        int n = 0;
        for (int x = (int) area.getMinX(); x < (int) area.getMaxX(); x++) {
            for (int y = (int) area.getMinY(); y < (int) area.getMaxY(); y++) {
                if (colour.test(pixels.getArgb(x, y))) n++;
            }
        }
        return n;
    }

    /** Columns of {@code area} holding at least one pixel that passes {@code colour}. */
    static int columns(WritableImage image, Bounds area, IntPredicate colour) {
        PixelReader pixels = image.getPixelReader();
        int columns = 0;
        for (int x = (int) area.getMinX(); x < (int) area.getMaxX(); x++) {
            for (int y = (int) area.getMinY(); y < (int) area.getMaxY(); y++) {
                if (colour.test(pixels.getArgb(x, y))) {
                    columns++;
                    break;
                }
            }
        }
        return columns;
    }

    /** The docs folder (the one holding user-guide.md), wherever the test runs from; null if absent. */
    static Path docsFolder() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs").resolve("user-guide.md"))) return dir.resolve("docs");
        }
        return null;
    }
}
