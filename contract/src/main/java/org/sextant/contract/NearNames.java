package org.sextant.contract;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** The name a mistyped one was probably meant to be: one a typo or two away ("qury" for query), or the one it begins. */
public final class NearNames {
    private NearNames() {}

    /** The closest of {@code names} to {@code typed} (letter case ignored), or null when none is a typo or two away. */
    public static String nearest(String typed, Collection<String> names) {
        List<String> all = allNearest(typed, names);
        return all.isEmpty() ? null : all.get(0);
    }

    /**
     * Every name as close to {@code typed} as the closest, in the order of {@code names} ("back": backtest,
     * backup); empty when none is a typo or two away. Leading dashes are not part of a name (--horizn is a
     * typo of --horizon), and a name of one letter (-h) is a typo of no other: any letter is one away.
     */
    public static List<String> allNearest(String typed, Collection<String> names) {
        String t = bare(typed);
        int typos = Math.max(1, t.length() / 3);
        List<String> best = new ArrayList<>();
        int bestScore = Integer.MAX_VALUE;
        for (String name : names) {
            String n = bare(name);
            if (n.length() <= 1 && !n.equals(t)) continue;
            boolean stem = t.length() >= 3 && n.startsWith(t);
            // the distance is at least the difference in length: a name far longer than any argument costs no table of its size
            if (!stem && Math.abs(t.length() - n.length()) > typos) continue;
            int d = stem ? 0 : distance(t, n);
            if (d > typos || d > bestScore) continue;
            if (d < bestScore) best.clear();
            best.add(name);
            bestScore = d;
        }
        return best;
    }

    private static String bare(String name) {
        int dashes = 0;
        while (dashes < name.length() && name.charAt(dashes) == '-') dashes++;
        return name.substring(dashes).toLowerCase(Locale.ROOT);
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
