package org.sextant.charts;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded bars for the intraday tests and benchmarks: a random walk along a session's trading minutes. */
public final class IntradayBars {
    private IntradayBars() {}

    /**
     * {@code n} bars of {@code minutes} each along fx's 24x5 week (none from Friday 17:00 to Sunday
     * 17:00 New York) from {@code start} (New York wall time), OHLC around a 0.05 %-per-bar walk, volume.
     */
    public static TimedBars fx(int n, int minutes, LocalDateTime start, long seed) {
        Random r = new Random(seed);
        ZoneId ny = SessionClock.FX.zone();
        long[] t = new long[n];
        double[] o = new double[n], h = new double[n], l = new double[n], c = new double[n], v = new double[n];
        long at = start.atZone(ny).toEpochSecond();
        double p = 1.5;
        for (int i = 0; i < n; i++) {
            while (closedFx(at, ny)) at += minutes * 60L;
            t[i] = at;
            o[i] = p;
            p *= Math.exp(0.0005 * r.nextGaussian());
            c[i] = p;
            h[i] = Math.max(o[i], c[i]) * (1 + 0.0002 * Math.abs(r.nextGaussian()));
            l[i] = Math.min(o[i], c[i]) * (1 - 0.0002 * Math.abs(r.nextGaussian()));
            v[i] = 100 + r.nextInt(100);
            at += minutes * 60L;
        }
        return new TimedBars("WALK", interval(minutes), SessionClock.FX, t, o, h, l, c, v);
    }

    /** Closes only, at the given New York wall times (the USD/CHF sample's shape). */
    public static TimedBars closes(ChartInterval interval, SessionClock clock, List<LocalDateTime> wall, double[] close) {
        long[] t = new long[wall.size()];
        for (int i = 0; i < t.length; i++) t[i] = wall.get(i).atZone(clock.zone()).toEpochSecond();
        return new TimedBars("FX", interval, clock, t, null, null, null, close, null);
    }

    /** Every {@code minutes} from {@code from} (inclusive) to {@code to} (exclusive), wall times. */
    public static List<LocalDateTime> every(int minutes, LocalDateTime from, LocalDateTime to) {
        List<LocalDateTime> out = new ArrayList<>();
        for (LocalDateTime d = from; d.isBefore(to); d = d.plusMinutes(minutes)) out.add(d);
        return out;
    }

    private static boolean closedFx(long epochSeconds, ZoneId ny) {
        LocalDateTime wall = LocalDateTime.ofInstant(java.time.Instant.ofEpochSecond(epochSeconds), ny);
        return switch (wall.getDayOfWeek()) {
            case SATURDAY -> true;
            case FRIDAY -> wall.getHour() >= 17;
            case SUNDAY -> wall.getHour() < 17;
            default -> false;
        };
    }

    private static ChartInterval interval(int minutes) {
        for (ChartInterval i : ChartInterval.values()) if (i.minutes == minutes) return i;
        throw new IllegalArgumentException("interval: no interval of " + minutes + " minutes");
    }
}
