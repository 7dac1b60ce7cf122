package org.sextant.engine.research.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.research.backtest.Metrics;
import org.sextant.engine.research.run.Benchmark;
import org.sextant.engine.research.run.ConfigurationResult;
import org.sextant.engine.research.run.EquityCurve;
import org.sextant.engine.research.run.RunDetail;
import org.sextant.engine.research.run.RunInfo;
import org.sextant.engine.research.run.RunStatistics;
import org.sextant.engine.research.stats.Verdict;

/**
 * A run as one self-contained HTML page: verdict, the statistics each with a line saying what
 * it means, the chosen parameters, the best configurations, and the equity and drawdown drawn as
 * inline SVG. No script, stylesheet or image is loaded from anywhere.
 */
public final class RunReport {
    /**
     * Most configurations the report lists, best in-sample Sharpe first: all that is read of a run's
     * configurations (a sweep may hold a million), so the report's size and memory stay bounded.
     */
    public static final int LISTED = 1_000;

    private RunReport() {}

    /** How every report Sextant writes begins: export_report replaces a file only when it begins so. */
    static final String HEAD = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Sextant run ";

    /** How every annual figure was annualised: the run's own sentence, or for a run stored before it was kept its factor, why unsaid. */
    static String annualisation(RunInfo i) {
        if (!i.annualisation().equals(RunInfo.NOT_RECORDED)) return i.interval() + " bars; every annual figure " + i.annualisation();
        return String.format(java.util.Locale.ROOT, "%s bars; every annual figure annualised with %,.0f bars a year; why: %s",
                i.interval(), i.barsPerYear(), i.annualisation());
    }

    public static String html(RunDetail d) {
        RunInfo i = d.info();
        RunStatistics s = d.statistics();
        StringBuilder b = new StringBuilder(64 * 1024);
        b.append(HEAD).append(esc(i.name())).append(" – ")
                .append(esc(i.runId())).append("</title>\n<style>\n")
                .append("body{font-family:sans-serif;max-width:980px;margin:24px auto;color:#222;line-height:1.4}")
                .append("table{border-collapse:collapse;margin:8px 0}td,th{padding:3px 8px;border-bottom:1px solid #ddd;text-align:left}")
                .append("td.n{text-align:right;font-variant-numeric:tabular-nums}.verdict{font-size:1.25em;padding:10px;border-left:6px solid ")
                .append("significant".equals(s.verdict()) ? "#2d7d32" : "#b23b1e").append(";background:#f7f7f4}")
                .append("pre{background:#f4f4f4;padding:8px;overflow:auto;font-size:12px}.muted{color:#666}\n</style></head><body>\n");
        b.append("<h1>").append(esc(i.name())).append("</h1>\n");
        b.append("<p class=\"muted\">run ").append(esc(i.runId())).append(" · session ").append(esc(i.sessionId()))
                .append(i.createdAt() == null ? "" : " · " + i.createdAt()).append("<br>")
                .append(esc(String.join(", ", i.symbols()))).append(" · ").append(i.from()).append(" to ").append(i.to())
                .append(", out of sample from ").append(i.oosStart()).append("<br>")
                .append(esc(annualisation(i)))
                .append("</p>\n");
        b.append("<div class=\"verdict\"><b>").append(esc(s.verdictText())).append("</b>");
        if (!s.reasons().isEmpty()) {
            b.append("<ul>");
            for (String r : s.reasons()) b.append("<li>").append(esc(r)).append("</li>");
            b.append("</ul>");
        }
        b.append("</div>\n");

        b.append("<h2>Equity and drawdown</h2>\n").append(EquitySvg.of(distinct(d.equity()))).append('\n');

        b.append("<h2>Chosen configuration</h2>\n<p>The best in-sample Sharpe ratio of ").append(i.configurations())
                .append(" configurations (").append(i.sessionConfigurations()).append(" tried in the session so far).</p>\n<table>");
        for (Map.Entry<String, Object> e : d.chosenParameters().entrySet()) {
            b.append("<tr><th>").append(esc(e.getKey())).append("</th><td>").append(esc(String.valueOf(e.getValue()))).append("</td></tr>");
        }
        if (d.chosenParameters().isEmpty()) b.append("<tr><td>no parameter varies: the spec has one configuration</td></tr>");
        b.append("</table>\n");
        if (d.selectedConfiguration() != d.chosenConfiguration()) {
            b.append("<p>Selected for comparison: configuration #").append(d.selectedConfiguration()).append(".</p>\n");
        }

        b.append("<h2>Performance</h2>\n<table><tr><th></th><th>in sample</th><th>out of sample</th><th>meaning</th></tr>\n");
        Metrics is = d.inSample(), oos = d.outOfSample();
        metric(b, "CAGR", pct(is.cagr()), pct(oos.cagr()), "compound annual growth rate after costs");
        metric(b, "volatility", pct(is.volatility()), pct(oos.volatility()), "annualised standard deviation of daily returns");
        metric(b, "Sharpe", num(is.sharpe()), num(oos.sharpe()), "annualised mean over standard deviation (no risk-free rate)");
        metric(b, "Sortino", num(is.sortino()), num(oos.sortino()), "annualised mean over downside deviation");
        metric(b, "max drawdown", pct(is.maxDrawdown()), pct(oos.maxDrawdown()), "largest fall from a running peak");
        metric(b, "turnover", num(is.turnover()), num(oos.turnover()), "position traded per year (1 = one full switch)");
        metric(b, "exposure", pct(is.exposure()), pct(oos.exposure()), "average gross position held");
        metric(b, "hit rate", pct(is.hitRate()), pct(oos.hitRate()), "share of invested days that gained");
        b.append("</table>\n");
        benchmark(b, d);

        b.append("<h2>How much of it is luck</h2>\n<table><tr><th>statistic</th><th>value</th><th>meaning</th></tr>\n");
        stat(b, "PSR", num3(s.psr()), "probability that the true in-sample Sharpe ratio is above zero");
        stat(b, "PSR out of sample", num3(s.psrOutOfSample()), "the same probability on the held-out part");
        stat(b, "DSR", num3(s.dsr()), "PSR against the best Sharpe " + i.sessionConfigurations() + " luck-only trials would reach; 0.95 or more is significant");
        stat(b, "MinTRL", (Double.isFinite(s.minTrackRecordYears()) ? num(s.minTrackRecordYears()) + " years"
                : s.minTrackRecordYears() == Double.POSITIVE_INFINITY ? "never (the Sharpe ratio is not above 0)" : "–"), "track record needed for 95% confidence that the Sharpe ratio is above zero");
        stat(b, "PBO", num3(s.pbo()), "probability that the in-sample winner is below the median out of sample (CSCV); below 0.5 is wanted");
        stat(b, "haircut Sharpe (Bonferroni)", num(s.haircutSharpeBonferroni()), "Sharpe ratio left after adjusting for every configuration tried in the session");
        stat(b, "haircut Sharpe (Holm)", num(s.haircutSharpeHolm()), "the same with Holm's step-down adjustment over the sweep");
        stat(b, "haircut Sharpe (BHY)", num(s.haircutSharpeBhy()), "the same controlling the false discovery rate");
        stat(b, "placebo p", num3(s.placeboPValue()), "share of random-timing placebos with the same exposure that did as well; 0.05 or less is wanted");
        b.append("</table>\n");

        List<ConfigurationResult> top = d.configurations(); // the first page of the run's ranking (ResearchStore): the chosen one first
        if (!top.isEmpty()) {
            long total = d.configurationsTotal() == null ? top.size() : d.configurationsTotal();
            b.append("<h2>Configurations by in-sample Sharpe</h2>\n<p>").append(shown(top.size(), total)).append("</p>\n")
                    .append("<table><tr><th>#</th><th>parameters</th><th>IS Sharpe</th><th>OOS Sharpe</th>")
                    .append("<th>IS CAGR</th><th>OOS CAGR</th><th>OOS max DD</th><th>IS p-value</th></tr>\n");
            for (ConfigurationResult c : top) {
                b.append("<tr><td class=\"n\">").append(c.configuration()).append("</td><td>").append(esc(params(c.parameters())))
                        .append("</td><td class=\"n\">").append(num(c.inSample().sharpe())).append("</td><td class=\"n\">").append(num(c.outOfSample().sharpe()))
                        .append("</td><td class=\"n\">").append(pct(c.inSample().cagr())).append("</td><td class=\"n\">").append(pct(c.outOfSample().cagr()))
                        .append("</td><td class=\"n\">").append(pct(c.outOfSample().maxDrawdown()))
                        .append("</td><td class=\"n\">").append(Double.isNaN(c.pValue()) ? "–" : Verdict.pValue(c.pValue(), c.log10PValue())).append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        if (!d.warnings().isEmpty()) {
            b.append("<h2>Warnings</h2><ul>");
            for (String w : d.warnings()) b.append("<li>").append(esc(w)).append("</li>");
            b.append("</ul>\n");
        }
        b.append("<h2>Strategy spec</h2>\n<pre>").append(esc(d.specJson())).append("</pre>\n");
        b.append("<p class=\"muted\">Written by Sextant. Statistics: docs/research.md.</p>\n</body></html>\n");
        return b.toString();
    }

    /** The chosen configuration beside holding the same symbols, in and out of sample (nothing for a run stored before benchmarks). */
    private static void benchmark(StringBuilder b, RunDetail d) {
        Benchmark h = d.benchmark();
        if (h == null) return;
        Metrics is = d.inSample(), oos = d.outOfSample();
        b.append("<h2>Against holding the same symbols</h2>\n<p>Benchmark: ").append(esc(h.holds()))
                .append(". Out of sample the strategy's Sharpe ratio minus the benchmark's: <b>").append(num(h.sharpeDifferenceOutOfSample())).append("</b>.</p>\n")
                .append("<table><tr><th></th><th>strategy in sample</th><th>holding in sample</th><th>strategy out of sample</th><th>holding out of sample</th></tr>\n");
        versus(b, "CAGR", pct(is.cagr()), pct(h.inSample().cagr()), pct(oos.cagr()), pct(h.outOfSample().cagr()));
        versus(b, "volatility", pct(is.volatility()), pct(h.inSample().volatility()), pct(oos.volatility()), pct(h.outOfSample().volatility()));
        versus(b, "Sharpe", num(is.sharpe()), num(h.inSample().sharpe()), num(oos.sharpe()), num(h.outOfSample().sharpe()));
        versus(b, "Sortino", num(is.sortino()), num(h.inSample().sortino()), num(oos.sortino()), num(h.outOfSample().sortino()));
        versus(b, "max drawdown", pct(is.maxDrawdown()), pct(h.inSample().maxDrawdown()), pct(oos.maxDrawdown()), pct(h.outOfSample().maxDrawdown()));
        b.append("</table>\n");
    }

    private static void versus(StringBuilder b, String name, String... cells) {
        b.append("<tr><th>").append(name).append("</th>");
        for (String c : cells) b.append("<td class=\"n\">").append(c).append("</td>");
        b.append("</tr>\n");
    }

    /** What the table holds: "1,000 of 44,850 configurations shown, best in-sample Sharpe first" (the rest: get_run's pages). */
    static String shown(int listed, long total) {
        if (listed >= total) return String.format(Locale.ROOT, "All %,d configuration%s, best in-sample Sharpe first.", total, total == 1 ? "" : "s");
        return String.format(Locale.ROOT, "%,d of %,d configurations shown, best in-sample Sharpe first; get_run with include_configurations"
                + " pages through all of them.", listed, total);
    }

    /** The selected curve only when it is another configuration than the best one (else it would hide it); the benchmark's always. */
    private static List<EquityCurve> distinct(List<EquityCurve> curves) {
        List<EquityCurve> out = new ArrayList<>();
        for (EquityCurve c : curves) {
            boolean benchmark = c.role().equals(EquityCurve.BENCHMARK);
            if (benchmark || out.stream().noneMatch(o -> o.configuration() == c.configuration() && !o.role().equals(EquityCurve.BENCHMARK))) out.add(c);
        }
        return out;
    }

    private static void metric(StringBuilder b, String name, String is, String oos, String meaning) {
        b.append("<tr><th>").append(name).append("</th><td class=\"n\">").append(is).append("</td><td class=\"n\">").append(oos)
                .append("</td><td class=\"muted\">").append(esc(meaning)).append("</td></tr>\n");
    }

    private static void stat(StringBuilder b, String name, String value, String meaning) {
        b.append("<tr><th>").append(name).append("</th><td class=\"n\">").append(value).append("</td><td class=\"muted\">")
                .append(esc(meaning)).append("</td></tr>\n");
    }

    private static String params(Map<String, Object> p) {
        if (p.isEmpty()) return "(single configuration)";
        StringBuilder sb = new StringBuilder();
        p.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=').append(v));
        return sb.toString();
    }

    private static String num(double v) { return Double.isFinite(v) ? Figures.fixed(v, 2) : "–"; }

    private static String num3(double v) { return Double.isFinite(v) ? Figures.fixed(v, 3) : "–"; }

    private static String pct(double v) { return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f%%", 100 * v) : "–"; }

    static String esc(String s) {
        if (s == null) return "";
        StringBuilder o = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> o.append("&lt;");
                case '>' -> o.append("&gt;");
                case '&' -> o.append("&amp;");
                case '"' -> o.append("&quot;");
                case '\'' -> o.append("&#39;");
                default -> o.append(c);
            }
        }
        return o.toString();
    }
}
