package org.sextant.engine.research.report;

import java.util.List;
import java.util.Locale;
import org.sextant.engine.research.run.EquityCurve;

/**
 * Equity (log scale, top panel) and drawdown (bottom panel) of one or two curves, and the
 * buy-and-hold benchmark's as a grey dashed line when the run kept one, as an inline SVG, drawn from the numbers alone so a report needs no script or external file. The
 * out-of-sample part is shaded and labelled. A ruined curve (equity 0, which a log scale cannot
 * show) ends its equity line at the bottom of the panel on the day of ruin, marked with a dot
 * and "ruined on &lt;date&gt;"; its drawdown stays at -100% to the end.
 */
final class EquitySvg {
    static final int WIDTH = 900, EQ_HEIGHT = 260, DD_HEIGHT = 120, PAD = 48;
    private static final String[] COLOURS = {"#1f5fbf", "#c2571a"};
    /** The benchmark's line: grey and dashed, behind the strategy's. */
    private static final String BENCHMARK_COLOUR = "#7a7a7a";
    /** At most this many points per line: enough for a 900-pixel chart, small for long histories. */
    private static final int MAX_POINTS = 1800;

    private EquitySvg() {}

    static String of(List<EquityCurve> curves) {
        if (curves.isEmpty()) return "<p>No equity curve is stored for this run (it was saved before curves were kept).</p>";
        EquityCurve first = curves.get(0);
        int n = first.size();
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY, ddMin = 0;
        for (EquityCurve c : curves) {
            for (int t = 0; t < c.size(); t++) {
                ddMin = Math.min(ddMin, drawdown(c, t));
                if (c.equity()[t] <= 0) continue;          // ruin: no logarithm, drawn as the panel's floor
                lo = Math.min(lo, Math.log(c.equity()[t]));
                hi = Math.max(hi, Math.log(c.equity()[t]));
            }
        }
        if (!(lo <= hi)) { lo = 0; hi = 0; }
        if (hi - lo < 1e-9) { hi += 0.01; lo -= 0.01; }
        if (ddMin > -0.01) ddMin = -0.01;
        int h = EQ_HEIGHT + DD_HEIGHT + 3 * PAD / 2;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
                + "aria-label=\"equity and drawdown\" font-family=\"sans-serif\" font-size=\"11\">%n", WIDTH, h, WIDTH, h));
        double plotW = WIDTH - 2 * PAD;
        double x0 = PAD, eqTop = PAD / 2.0, ddTop = eqTop + EQ_HEIGHT + PAD / 2.0;
        // Out-of-sample shading across both panels.
        double xo = x0 + plotW * first.oosIndex() / Math.max(1, n - 1);
        sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#f1efe6\"/>%n",
                xo, eqTop, x0 + plotW - xo, ddTop + DD_HEIGHT - eqTop));
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#6b6b6b\">out of sample from %s</text>%n", xo + 4, eqTop + 12,
                first.dates().get(Math.min(first.oosIndex(), n - 1))));
        frame(sb, x0, eqTop, plotW, EQ_HEIGHT);
        frame(sb, x0, ddTop, plotW, DD_HEIGHT);
        // Equity axis: growth of 1 on a log scale, gridlines at round multiples.
        for (double g : new double[]{0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 20, 50}) {
            double l = Math.log(g);
            if (l < lo || l > hi) continue;
            double y = eqTop + EQ_HEIGHT * (hi - l) / (hi - lo);
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>"
                    + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", x0, x0 + plotW, y, y, x0 - 4, y + 4, trim(g)));
        }
        for (double d : new double[]{-0.1, -0.2, -0.3, -0.5, -0.7}) {
            if (d < ddMin) continue;
            double y = ddTop + DD_HEIGHT * d / ddMin;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#dddddd\"/>"
                    + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%d%%</text>%n", x0, x0 + plotW, y, y, x0 - 4, y + 4, Math.round(d * 100)));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">equity (growth of 1, log scale)</text>%n", x0 + 4, eqTop + 12));
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">drawdown</text>%n", x0 + 4, ddTop + 12));
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\">%s</text><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                x0, ddTop + DD_HEIGHT + 14, first.dates().get(0), x0 + plotW, ddTop + DD_HEIGHT + 14, first.dates().get(n - 1)));
        for (int i = 0; i < curves.size(); i++) {
            EquityCurve c = curves.get(i);
            boolean benchmark = c.role().equals(EquityCurve.BENCHMARK);
            String colour = benchmark ? BENCHMARK_COLOUR : COLOURS[i % COLOURS.length];
            String dash = benchmark ? "\" stroke-dasharray=\"5,3" : "";
            int step = Math.max(1, (c.size() + MAX_POINTS - 1) / MAX_POINTS);
            int ruin = c.ruinIndex();
            StringBuilder eq = new StringBuilder(), dd = new StringBuilder();
            for (int t = 0; t < c.size(); t += step) point(c, t, step, ruin, x0, plotW, eqTop, ddTop, lo, hi, ddMin, eq, dd);
            if ((c.size() - 1) % step != 0) point(c, c.size() - 1, 1, ruin, x0, plotW, eqTop, ddTop, lo, hi, ddMin, eq, dd);
            if (ruin > 0) {
                // the last bar before the ruin, then straight down to the floor on the ruin's day
                double xr = x0 + plotW * ruin / Math.max(1, n - 1), floor = eqTop + EQ_HEIGHT;
                double xb = x0 + plotW * (ruin - 1) / Math.max(1, n - 1);
                eq.append(String.format(Locale.ROOT, "%.1f,%.1f %.1f,%.1f ", xb, y(c.equity()[ruin - 1], eqTop, lo, hi), xr, floor));
                sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>"
                        + "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\" text-anchor=\"%s\">ruined on %s</text>%n", xr, floor, colour,
                        xr + (xr > x0 + plotW / 2 ? -6 : 6), floor - 6, colour, xr > x0 + plotW / 2 ? "end" : "start", c.dates().get(ruin)));
            }
            sb.append("<polyline fill=\"none\" stroke=\"").append(colour).append(dash).append("\" stroke-width=\"1.4\" points=\"").append(eq).append("\"/>\n");
            sb.append("<polyline fill=\"none\" stroke=\"").append(colour).append(dash).append("\" stroke-width=\"1\" points=\"").append(dd).append("\"/>\n");
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s</text>%n",
                    x0 + 4, eqTop + 28 + 14 * i, colour, benchmark ? "buy-and-hold benchmark (dashed)" : c.role() + " configuration #" + c.configuration()));
        }
        return sb.append("</svg>").toString();
    }

    /**
     * The worst drawdown inside a thinned step is kept, so thinning never hides a trough. Equity
     * points from the ruin on are left out (the caller ends the line at the ruin).
     */
    private static void point(EquityCurve c, int t, int step, int ruin, double x0, double plotW, double eqTop, double ddTop, double lo, double hi,
                              double ddMin, StringBuilder eq, StringBuilder dd) {
        int n = c.size();
        double x = x0 + plotW * t / Math.max(1, n - 1);
        double worst = 0;
        for (int j = t; j < Math.min(n, t + step); j++) worst = Math.min(worst, drawdown(c, j));
        double yd = ddTop + DD_HEIGHT * worst / ddMin;
        if (ruin < 0 || t < ruin) eq.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y(c.equity()[t], eqTop, lo, hi)));
        dd.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, yd));
    }

    private static double y(double equity, double eqTop, double lo, double hi) {
        return eqTop + EQ_HEIGHT * (hi - Math.log(equity)) / (hi - lo);
    }

    /** At worst -100%: a curve stored before ruin was modelled compounds on below zero. */
    private static double drawdown(EquityCurve c, int t) {
        return Math.max(-1, c.drawdown()[t]);
    }

    private static void frame(StringBuilder sb, double x, double y, double w, double h) {
        sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#999999\"/>%n", x, y, w, h));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
