package org.sextant.charts;

import java.util.Locale;
import javafx.scene.paint.Color;

/**
 * A small SVG 1.1 document builder: shapes in pixels, colours from JavaFX {@link Color}s (alpha
 * as an opacity attribute, which every SVG reader honours), text escaped for XML. Enough for
 * charts drawn from their data; no dependency (JFreeSVG would need a Graphics2D drawing, and
 * chartfx draws on a JavaFX canvas, which has no SVG back end).
 */
final class SvgWriter {
    private final StringBuilder body = new StringBuilder();
    private final double width;
    private final double height;
    private int clips;

    SvgWriter(double width, double height) {
        this.width = width;
        this.height = height;
    }

    /** Starts a group clipped to a rectangle (a plot area); close it with {@link #end}. */
    void beginClip(double x, double y, double w, double h) {
        String id = "plot" + (++clips);
        body.append("<clipPath id=\"").append(id).append("\"><rect x=\"").append(n(x)).append("\" y=\"").append(n(y))
                .append("\" width=\"").append(n(w)).append("\" height=\"").append(n(h)).append("\"/></clipPath>\n");
        body.append("<g clip-path=\"url(#").append(id).append(")\">\n");
    }

    /** Starts a group with a class (what it draws: "close", "band", "axis"...); close it with {@link #end}. */
    void begin(String cssClass) {
        body.append("<g class=\"").append(escape(cssClass)).append("\">\n");
    }

    void end() {
        body.append("</g>\n");
    }

    void rect(double x, double y, double w, double h, Color fill, Color stroke) {
        body.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(Math.max(0, w)))
                .append("\" height=\"").append(n(Math.max(0, h))).append('"');
        paint(fill, stroke, 1, null);
        body.append("/>\n");
    }

    void line(double x1, double y1, double x2, double y2, Color stroke, double width, double[] dashes) {
        body.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2)).append("\" y2=\"")
                .append(n(y2)).append('"');
        paint(null, stroke, width, dashes);
        body.append("/>\n");
    }

    void circle(double cx, double cy, double r, Color fill) {
        body.append("<circle cx=\"").append(n(cx)).append("\" cy=\"").append(n(cy)).append("\" r=\"").append(n(r)).append('"');
        paint(fill, null, 1, null);
        body.append("/>\n");
    }

    /** A path of path data (from {@link PathData}), stroked and/or filled. */
    void path(String cssClass, String d, Color fill, Color stroke, double width, double[] dashes) {
        if (d.isEmpty()) return;
        body.append("<path class=\"").append(escape(cssClass)).append("\" d=\"").append(d).append('"');
        paint(fill, stroke, width, dashes);
        if (fill == null) body.append(" stroke-linejoin=\"round\"");
        body.append("/>\n");
    }

    /** Text at (x, y) on its baseline; anchor "start", "middle" or "end"; rotated by {@code degrees} about (x, y). */
    void text(double x, double y, String text, String anchor, double size, Color fill, double degrees) {
        body.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"").append(anchor)
                .append("\" font-family=\"sans-serif\" font-size=\"").append(n(size)).append('"');
        if (degrees != 0) body.append(" transform=\"rotate(").append(n(degrees)).append(' ').append(n(x)).append(' ').append(n(y)).append(")\"");
        paint(fill, null, 1, null);
        body.append('>').append(escape(text)).append("</text>\n");
    }

    private void paint(Color fill, Color stroke, double width, double[] dashes) {
        if (fill == null) {
            body.append(" fill=\"none\"");
        } else {
            body.append(" fill=\"").append(hex(fill)).append('"');
            if (fill.getOpacity() < 1) body.append(" fill-opacity=\"").append(n3(fill.getOpacity())).append('"');
        }
        if (stroke != null) {
            body.append(" stroke=\"").append(hex(stroke)).append("\" stroke-width=\"").append(n(width)).append('"');
            if (stroke.getOpacity() < 1) body.append(" stroke-opacity=\"").append(n3(stroke.getOpacity())).append('"');
            if (dashes != null && dashes.length > 0) {
                body.append(" stroke-dasharray=\"");
                for (int i = 0; i < dashes.length; i++) body.append(i == 0 ? "" : " ").append(n(dashes[i]));
                body.append('"');
            }
        }
    }

    /** The whole document: white background, then what was drawn. */
    String document() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + n(width) + "\" height=\"" + n(height)
                + "\" viewBox=\"0 0 " + n(width) + " " + n(height) + "\">\n"
                + "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" + body + "</svg>\n";
    }

    /** Path data built point by point: "M x y L x y ...", a NaN point breaks the line. */
    static final class PathData {
        private final StringBuilder d = new StringBuilder();
        private boolean pen;

        PathData to(double x, double y) {
            if (!Double.isFinite(x) || !Double.isFinite(y)) {
                pen = false;
                return this;
            }
            if (d.length() > 0) d.append(' ');
            d.append(pen ? 'L' : 'M').append(n(x)).append(' ').append(n(y));
            pen = true;
            return this;
        }

        /** Closes the current shape (a filled band). */
        PathData close() {
            if (d.length() > 0) d.append(" Z");
            pen = false;
            return this;
        }

        @Override
        public String toString() {
            return d.toString();
        }
    }

    static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", Math.round(c.getRed() * 255), Math.round(c.getGreen() * 255), Math.round(c.getBlue() * 255));
    }

    /** Pixels to two decimals: finer than any screen, short enough for a million-point file. */
    static String n(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e9) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String n3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    // duplicates: RunReport escapes HTML the same way; charts may not link the engine
    static String escape(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                default -> {
                    // XML 1.0 allows no control characters but tab, CR and LF
                    if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') b.append(c);
                }
            }
        }
        return b.toString();
    }
}
