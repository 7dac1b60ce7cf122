package org.sextant.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;

/**
 * What escaping a job's subjects costs: {@link ShownText#escaped} against the pattern it used before (the baseline, kept here),
 * on plain paths and on the longest paths a job may list (thousands of control characters each). Prints a table.
 * Args: rounds (default 5).
 */
public final class ShownTextBench {
    private ShownTextBench() {}

    /** The escaping as it was: the pattern's find, then a replaceAll writing each unit with String.format. */
    static String patternEscaped(String s) {
        if (s == null || !ShownText.UNSHOWN.matcher(s).find()) return s;
        return ShownText.UNSHOWN.matcher(s).replaceAll(m -> {
            StringBuilder out = new StringBuilder();
            for (char c : m.group().toCharArray()) out.append(String.format("\\u%04x", (int) c));
            return Matcher.quoteReplacement(out.toString());
        });
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        List<String> plain = new ArrayList<>(), hostile = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            plain.add("/home/researcher/data/prices/exchange-" + (i % 7) + "/symbol-" + i + "/daily-closes-2000-2026.csv");
            hostile.add("/" + "\u00e9\u0001".repeat(3000) + i);
        }
        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, 5,000 subjects per call, median of %d rounds, milliseconds%n",
                Runtime.getRuntime().availableProcessors(), java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), rounds);
        System.out.println("| subjects | pattern (baseline) | code points | speed-up |");
        System.out.println("|---|---|---|---|");
        row("plain paths (90 characters, nothing to escape)", plain, rounds);
        row("longest paths (6,000 characters, 3,000 controls each)", hostile, rounds);
    }

    private static void row(String what, List<String> subjects, int rounds) {
        // the same output both ways, or the comparison means nothing
        for (String s : subjects.subList(0, 10)) if (!patternEscaped(s).equals(ShownText.escaped(s))) throw new AssertionError("escapes differ");
        double before = median(subjects, rounds, true), after = median(subjects, rounds, false);
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.1fx |%n", what, before, after, before / after);
    }

    private static double median(List<String> subjects, int rounds, boolean pattern) {
        double[] ms = new double[rounds];
        long sink = 0;
        for (int r = -1; r < rounds; r++) { // one warm-up round
            long t = System.nanoTime();
            for (String s : subjects) sink += (pattern ? patternEscaped(s) : ShownText.escaped(s)).length();
            if (r >= 0) ms[r] = (System.nanoTime() - t) / 1e6;
        }
        if (sink == 42) System.out.print("");
        java.util.Arrays.sort(ms);
        return ms[rounds / 2];
    }
}
