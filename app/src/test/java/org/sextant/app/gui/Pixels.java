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

    /** The colour most pixels of {@code area} have: the background behind a label's text. */
    static javafx.scene.paint.Color mostFrequent(javafx.scene.image.Image image, javafx.geometry.Bounds area) {
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        javafx.scene.image.PixelReader px = image.getPixelReader();
        for (int y = (int) Math.ceil(area.getMinY()); y < (int) area.getMaxY() && y < image.getHeight(); y++) {
            for (int x = (int) Math.ceil(area.getMinX()); x < (int) area.getMaxX() && x < image.getWidth(); x++) {
                counts.merge(px.getArgb(x, y), 1, Integer::sum);
            }
        }
        int argb = java.util.Collections.max(counts.entrySet(), java.util.Map.Entry.comparingByValue()).getKey();
        return javafx.scene.paint.Color.rgb((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff);
    }

    /**
     * Asserts {@code text}'s colour {@code fill} against what is drawn behind it in {@code root} meets WCAG AA (call off
     * the FX thread); the snapshot is kept as target/{@code picture}.png to look at.
     */
    static void assertLegible(javafx.scene.Parent root, javafx.scene.Node text, javafx.scene.paint.Color fill, String picture) throws Exception {
        javafx.scene.image.WritableImage image = org.sextant.charts.ChartSnapshot.capture(root);
        org.sextant.charts.ChartSnapshot.writePng(image, Path.of("target", picture + ".png"));
        javafx.geometry.Bounds at = org.testfx.util.WaitForAsyncUtils.asyncFx(() -> text.localToScene(text.getLayoutBounds())).get();
        javafx.scene.paint.Color ground = mostFrequent(image, at);
        double ratio = contrast(fill, ground);
        org.junit.jupiter.api.Assertions.assertTrue(ratio >= 4.5, picture + ": " + fill + " on " + ground + " is " + ratio + ":1");
    }

    /** WCAG 2 contrast ratio of two colours. */
    static double contrast(javafx.scene.paint.Color a, javafx.scene.paint.Color b) {
        double la = luminance(a), lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(javafx.scene.paint.Color c) {
        java.util.function.DoubleUnaryOperator lin = v -> v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
        return 0.2126 * lin.applyAsDouble(c.getRed()) + 0.7152 * lin.applyAsDouble(c.getGreen()) + 0.0722 * lin.applyAsDouble(c.getBlue());
    }

    /** The docs folder (the one holding user-guide.md), wherever the test runs from; null if absent. */
    static Path docsFolder() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs").resolve("user-guide.md"))) return dir.resolve("docs");
        }
        return null;
    }
}
