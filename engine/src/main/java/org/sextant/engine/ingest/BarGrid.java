package org.sextant.engine.ingest;

import static org.sextant.engine.ingest.BarChecks.duration;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;

/**
 * The grid of an interval's bars and the words for bars off it, shared by the import ({@link BarPhase},
 * in SQL) and the preview (here, on the rows it read). A bar's phase is its time into its interval, in
 * ms since 1970 UTC. One rule for every intraday interval: bars may sit on a second phase a clock change
 * off the first (an hour or 30 minutes, as Australia/Lord_Howe, taken within the interval: none for 30m
 * and finer, 30 minutes for 1h, both for 4h) where, and only where, they move to it across such a change
 * (of the zone naive times were read in, else of any zone): local-time bars import at any interval, a
 * grid that shifts on another day is refused.
 */
final class BarGrid {
    private BarGrid() {}

    private static final long HOUR = 3_600_000L;
    private static final long HALF_HOUR = 1_800_000L;

    static long periodMs(BarInterval interval) {
        return 60_000L * interval.minutes;
    }

    /** Whether a phase {@code shiftMs} from the main one may be a clock change (an hour or 30 minutes, within the interval). */
    static boolean clockShift(long shiftMs, BarInterval interval) {
        long d = Math.floorMod(shiftMs, periodMs(interval));
        return d != 0 && (d == sizeIn(HOUR, interval) || d == sizeIn(HALF_HOUR, interval)
                || d == periodMs(interval) - sizeIn(HOUR, interval) || d == periodMs(interval) - sizeIn(HALF_HOUR, interval));
    }

    private static long sizeIn(long changeMs, BarInterval interval) {
        return Math.floorMod(changeMs, periodMs(interval));
    }

    /** The SQL twin of {@link #clockShift}: whether {@code phase} may be a clock change off {@code main} (both ms into the grid). */
    static String clockShiftSql(String phase, String main, BarInterval interval) {
        long p = periodMs(interval);
        java.util.Set<Long> shifts = new java.util.TreeSet<>();
        for (long d : new long[] {sizeIn(HOUR, interval), sizeIn(HALF_HOUR, interval)}) {
            if (d != 0) {
                shifts.add(d);
                shifts.add(p - d);
            }
        }
        if (shifts.isEmpty()) return "FALSE";
        StringBuilder in = new StringBuilder();
        for (long d : shifts) in.append(in.length() == 0 ? "" : ", ").append(d);
        return "(((" + phase + " - " + main + ") % " + p + ") + " + p + ") % " + p + " IN (" + in + ")";
    }

    /** Switches between phases checked at most: a clock change makes two a year. */
    static final int MAX_SWITCHES = 1000;

    /**
     * Whether each move between two phases {@code shiftMs} apart, from a bar at {@code from[i]} to the next at {@code to[i]}
     * (ms since 1970 UTC), crosses a clock change of that size: in {@code zone}, or (null) in any zone.
     */
    static boolean acrossClockChanges(long shiftMs, long[] from, long[] to, BarInterval interval, ZoneId zone) {
        if (from.length > MAX_SWITCHES) return false;
        for (int i = 0; i < from.length; i++) if (!clockChangeBetween(shiftMs, from[i], to[i], interval, zone)) return false;
        return true;
    }

    /** Whether clocks change by {@code shiftMs} (within the interval) after {@code fromMs} and by {@code toMs}: in {@code zone}, or (null) in any zone. */
    static boolean clockChangeBetween(long shiftMs, long fromMs, long toMs, BarInterval interval, ZoneId zone) {
        if (zone != null) return changes(zone, shiftMs, fromMs, toMs, interval);
        for (ZoneId z : allZones()) if (changes(z, shiftMs, fromMs, toMs, interval)) return true;
        return false;
    }

    private static volatile List<ZoneId> zones;

    private static List<ZoneId> allZones() {
        if (zones == null) {
            List<ZoneId> out = new ArrayList<>();
            for (String id : new java.util.TreeSet<>(ZoneId.getAvailableZoneIds())) out.add(ZoneId.of(id));
            zones = List.copyOf(out);
        }
        return zones;
    }

    private static boolean changes(ZoneId zone, long shiftMs, long fromMs, long toMs, BarInterval interval) {
        long p = periodMs(interval);
        long d = Math.floorMod(shiftMs, p);
        Instant to = Instant.ofEpochMilli(toMs);
        for (ZoneOffsetTransition t = zone.getRules().nextTransition(Instant.ofEpochMilli(fromMs)); t != null && !t.getInstant().isAfter(to);
             t = zone.getRules().nextTransition(t.getInstant())) {
            long size = Math.floorMod((t.getOffsetAfter().getTotalSeconds() - t.getOffsetBefore().getTotalSeconds()) * 1000L, p);
            if (size == d || size == p - d) return true;
        }
        return false;
    }

    /** The shift of {@code phase} from {@code main}, in ms, between half an interval back and half forward. */
    static long shift(long phase, long main, BarInterval interval) {
        long p = periodMs(interval);
        long d = Math.floorMod(phase - main, p);
        return d > p / 2 ? d - p : d;
    }

    /**
     * The first bar off the grid of a symbol (named by line and time, ms since 1970 UTC), its phase, the main
     * phase and the clock-change one (null when none), how many bars are off of how many, the first and last bar's time.
     */
    record OffGrid(long line, long ts, long phase, long main, Long alt, long off, long total, long firstTs, long lastTs) {}

    /**
     * The preview's twin of {@link BarPhase#refuseMixedPhases}: of a symbol's distinct times (ms, ascending) and
     * the first line of each ({@code zone}: the zone naive times were read in, else null for any), the first bar of the first run off the grid, skipping a lone bar at a session's edge; null when none.
     */
    static OffGrid find(long[] ts, long[] lines, BarInterval interval, ZoneId zone) {
        int n = ts.length;
        if (n == 0 || !interval.intraday()) return null;
        long p = periodMs(interval);
        java.util.Map<Long, Integer> counts = new java.util.TreeMap<>();
        for (long t : ts) counts.merge(Math.floorMod(t, p), 1, Integer::sum);
        long main = mainPhase(ts, interval);
        Long alt = null;
        for (var e : counts.entrySet()) {
            if (e.getKey() != main && clockShift(e.getKey() - main, interval) && (alt == null || e.getValue() > counts.get(alt))) alt = e.getKey();
        }
        if (alt != null) {
            // the second phase is a clock change only where the bars move to it across one
            List<long[]> moves = new ArrayList<>();
            for (int i = 1; i < n; i++) {
                long a = Math.floorMod(ts[i - 1], p), b = Math.floorMod(ts[i], p);
                if (a != b && (a == main || a == alt) && (b == main || b == alt)) moves.add(new long[] {ts[i - 1], ts[i]});
            }
            long[] from = new long[moves.size()], to = new long[moves.size()];
            for (int i = 0; i < from.length; i++) {
                from[i] = moves.get(i)[0];
                to[i] = moves.get(i)[1];
            }
            if (!acrossClockChanges(alt - main, from, to, interval, zone)) alt = null;
        }
        long stepSeconds = p / 1000;
        int inner = -1;
        for (int i = 1; i < n - 1 && inner < 0; i++) {
            if (!on(ts[i], p, main, alt) && seconds(ts[i - 1], ts[i]) <= stepSeconds && seconds(ts[i], ts[i + 1]) <= stepSeconds) inner = i;
        }
        if (inner < 0) return null;
        int first = inner;
        while (first > 0 && !on(ts[first - 1], p, main, alt)) first--;
        long off = n - counts.get(main) - (alt == null ? 0 : counts.get(alt));
        return new OffGrid(lines[first], ts[first], Math.floorMod(ts[first], p), main, alt, off, n, ts[0], ts[n - 1]);
    }

    /**
     * The preview's note on the first symbol (in the import's order) whose rows read leave the grid: the import's
     * refusal in its words (counted on the rows read), then the fix; null when none does. {@code times}: per
     * symbol, each distinct time read (ms since 1970 UTC) with its first line; weeks and months counted in {@code local}
     * ({@link BarTime#localZone}).
     */
    static String previewNote(java.util.SortedMap<String, ? extends java.util.SortedMap<Long, Long>> times, ZoneId zone, ZoneId local, Stored stored) {
        for (var e : times.entrySet()) {
            int n = e.getValue().size();
            long[] ts = new long[n];
            long[] lines = new long[n];
            int i = 0;
            for (var t : e.getValue().entrySet()) {
                ts[i] = t.getKey();
                lines[i++] = t.getValue();
            }
            // the symbol's interval as the import takes it: its most common step (of two as common, the shorter)
            java.util.Map<Long, Integer> steps = new java.util.TreeMap<>();
            for (i = 1; i < n; i++) if (seconds(ts[i - 1], ts[i]) > 0) steps.merge(seconds(ts[i - 1], ts[i]), 1, Integer::sum);
            long typical = 0;
            for (var s : steps.entrySet()) if (typical == 0 || s.getValue() > steps.get(typical)) typical = s.getKey();
            BarInterval interval = typical == 0 || typical % 60 != 0 ? null : BarInterval.ofStepMinutes(typical / 60);
            OffGrid o = interval == null ? null : find(ts, lines, interval, zone);
            if (o == null && interval != null && interval.intraday() && stored != null) {
                // the rows read against the symbol's stored bars of that interval, as the import checks the whole file
                Long[] theirs = stored.grid(e.getKey(), interval);
                Long[] mine = {mainPhase(ts, interval), null, ts[0], ts[n - 1]};
                if (theirs != null && !BarPhase.fits(mine, theirs, interval, zone)) {
                    SextantException refusal = BarPhase.anotherGrid("", e.getKey(), interval, mine, "its stored " + interval.label + " bars", theirs);
                    return refusal.getMessage() + ": the import refuses the file; " + refusal.fix();
                }
            }
            String twice = o == null && interval != null ? BarPeriods.previewNote(ts, lines, e.getKey(), interval, local) : null;
            if (twice != null) return twice;
            if (o == null) continue;
            SextantException refusal = offGrid("line " + o.line(), e.getKey(), interval, o);
            return refusal.getMessage() + ": the import refuses the file; " + refusal.fix();
        }
        return null;
    }

    /** The grid of a symbol's stored bars of an interval: main phase, clock-change phase or null, first and last bar (ms); null when none. */
    interface Stored {
        Long[] grid(String symbol, BarInterval interval);
    }

    /** The phase most of {@code ts} share; of two as common, the smaller (as the import picks it). */
    private static long mainPhase(long[] ts, BarInterval interval) {
        java.util.Map<Long, Integer> counts = new java.util.TreeMap<>();
        for (long t : ts) counts.merge(Math.floorMod(t, periodMs(interval)), 1, Integer::sum);
        long main = -1;
        for (var e : counts.entrySet()) if (main < 0 || e.getValue() > counts.get(main)) main = e.getKey();
        return main;
    }

    private static boolean on(long t, long p, long main, Long alt) {
        long phase = Math.floorMod(t, p);
        return phase == main || (alt != null && phase == alt);
    }

    /** Seconds between two times as DuckDB's date_diff('second') counts them: second boundaries crossed. */
    private static long seconds(long from, long to) {
        return Math.floorDiv(to, 1000) - Math.floorDiv(from, 1000);
    }

    /**
     * The refusal of bars off the grid, {@code at} naming the line ("F.csv line 9" for the import, "line 9" for the preview).
     */
    static SextantException offGrid(String at, String symbol, BarInterval interval, OffGrid o) {
        String when = LocalDateTime.ofInstant(Instant.ofEpochMilli(o.ts()), ZoneOffset.UTC) + "Z";
        return SextantException.invalid("paths", at + ": the bar of " + symbol + " at " + when + " is off the " + interval.label
                        + " grid most of its bars are on (" + grid(o.main(), o.alt(), interval) + "): " + o.off() + " of " + o.total()
                        + " bars are off it; stored as one " + interval.label + " series the two grids would mix",
                fix(interval, o));
    }

    private static String fix(BarInterval interval, OffGrid o) {
        String same = interval.minutes > 60 ? "the same times of day"
                : interval == BarInterval.M1 ? "the same second of each minute"
                : o.main() % 60_000 != 0 || o.phase() % 60_000 != 0 ? "the same minute and second of the hour"
                : "the same minutes of the hour";
        return "align the bars to one grid (every " + interval.label + " bar starting at " + same + "), "
                + "or split the file where the times shift and import each part as its own symbol";
    }

    /** A grid and, when its bars sit on a second phase across a clock change, that one: "…, or 1 hour earlier across a clock change". */
    static String grid(long main, Long alt, BarInterval interval) {
        if (alt == null) return grid(main, interval);
        long d = shift(alt, main, interval);
        return grid(main, interval) + ", or " + duration(Math.abs(d) / 1000) + (d > 0 ? " later" : " earlier") + " across a clock change";
    }

    /** Where the grid's bars start: ":00, :30 past each hour", "whole minutes", "02:00, 06:00, …, 22:00 UTC". */
    static String grid(long phaseMs, BarInterval interval) {
        long seconds = phaseMs / 1000;
        if (interval.minutes == 1) return seconds == 0 ? "whole minutes" : seconds + " seconds past each minute";
        List<String> at = new ArrayList<>();
        if (interval.minutes > 60) {
            for (long s = seconds; s < 86_400; s += 60L * interval.minutes) at.add(timeOfDay(s));
            return String.join(", ", at) + " UTC";
        }
        for (long m = seconds; m < 3600 && at.size() < 4; m += 60L * interval.minutes) at.add(clock(m));
        boolean more = seconds + 4 * 60L * interval.minutes < 3600;
        return String.join(", ", at) + (more ? ", …" : "") + " past each hour";
    }

    private static String clock(long secondsIntoHour) {
        long s = secondsIntoHour % 60;
        return String.format(Locale.ROOT, ":%02d", secondsIntoHour / 60) + (s == 0 ? "" : String.format(Locale.ROOT, ":%02d", s));
    }

    private static String timeOfDay(long secondsIntoDay) {
        long s = secondsIntoDay % 60;
        return String.format(Locale.ROOT, "%02d:%02d", secondsIntoDay / 3600, secondsIntoDay / 60 % 60) + (s == 0 ? "" : String.format(Locale.ROOT, ":%02d", s));
    }
}
