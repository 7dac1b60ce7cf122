package org.sextant.packaging.installer;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Arc2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Draws the application icon (our own art, no download): a sextant's arc over a price line with its band. */
final class IconPainter {
    private IconPainter() {}

    static void paint(Path png, int size) throws IOException {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        double s = size / 256.0;
        g.scale(s, s);
        g.setColor(new Color(0x14, 0x24, 0x3d));
        g.fill(new RoundRectangle2D.Double(8, 8, 240, 240, 48, 48));

        // the forecast band: widens to the right, as quantile bands do
        Path2D band = new Path2D.Double();
        band.moveTo(40, 176);
        band.curveTo(100, 150, 150, 120, 216, 70);
        band.lineTo(216, 150);
        band.curveTo(160, 160, 110, 175, 40, 184);
        band.closePath();
        g.setColor(new Color(0x4f, 0xa3, 0xd9, 110));
        g.fill(band);

        Path2D price = new Path2D.Double();
        double[] ys = {190, 178, 184, 168, 172, 150, 158, 138, 130, 136, 118, 110};
        price.moveTo(36, ys[0]);
        for (int i = 1; i < ys.length; i++) price.lineTo(36 + i * 16.4, ys[i]);
        g.setStroke(new BasicStroke(9f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.setColor(new Color(0xf2, 0xf5, 0xf8));
        g.draw(price);

        // the instrument: a sixty-degree arc with its two radii, in brass
        g.setColor(new Color(0xe0, 0xa9, 0x3b));
        g.setStroke(new BasicStroke(10f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new Arc2D.Double(28, -52, 200, 200, 240, 60, Arc2D.OPEN));
        g.setStroke(new BasicStroke(6f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new Arc2D.Double(28, -52, 200, 200, 240, 60, Arc2D.PIE));
        g.dispose();
        ImageIO.write(img, "png", png.toFile());
    }
}
