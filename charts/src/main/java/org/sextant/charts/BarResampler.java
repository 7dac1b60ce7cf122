package org.sextant.charts;

import java.time.LocalDate;
import java.util.Arrays;

/**
 * Resamples bars to a coarser interval along their session, as the store's resample_bars macro
 * does (V059__early_close_auctions.sql): bars of no trading day (a weekend, outside equity hours) are dropped,
 * the rest grouped by bucket (intraday: multiples of the interval from the session's start, in
 * the exchange's shifted wall time, a closing auction's bars in the day's last bucket; 1d: the trading day; 1w: its ISO week; 1mo: its month); a
 * bucket's open is its first bar's open, high the highest high, low the lowest low, close the
 * last close, volume the sum (NaN when no bar has one), its open time the bucket's start and its
 * trading day its first bar's. A bar without open, high or low counts its close for them. One
 * linear pass.
 */
public final class BarResampler {
    /** 2000-01-03, a Monday: where the macro's intraday buckets count from. */
    private static final long ORIGIN_DAY = LocalDate.of(2000, 1, 3).toEpochDay();

    private BarResampler() {}

    /**
     * {@code from}'s bars at {@code to}. {@code source}: whether {@code from} is as stored (its bars
     * are then checked against the session; a resampled series is already inside it).
     */
    public static TimedBars resample(TimedBars from, ChartInterval to, boolean source) {
        if (to.ordinal() <= from.interval().ordinal()) {
            throw new IllegalArgumentException("interval: " + to + " is not coarser than " + from.interval() + "; resample only to a coarser interval");
        }
        int n = from.size();
        // a bucket holds about to/from bars: room for that many, grown if a session leaves more
        Buckets out = new Buckets((int) Math.min(n, (long) n * from.interval().minutes / to.minutes + 64));
        boolean anyVolume = false;
        long bucket = Long.MIN_VALUE;
        SessionClock clock = from.clock();
        boolean daily = !from.interval().intraday();
        long origin = ORIGIN_DAY * 1440 + clock.originMinute();
        for (int i = 0; i < n; i++) {
            long minute = from.shiftedMinute(i);
            if (source && !clock.inSession(minute, daily)) continue;
            long key = bucketOf(to, daily ? minute : clock.placed(minute), from.tradingEpochDay(i), origin);
            double close = from.close(i);
            double open = from.hasOhlc() && !Double.isNaN(from.open(i)) ? from.open(i) : close;
            double high = from.hasOhlc() && !Double.isNaN(from.high(i)) ? from.high(i) : close;
            double low = from.hasOhlc() && !Double.isNaN(from.low(i)) ? from.low(i) : close;
            double volume = from.volume(i);
            if (key != bucket) {
                bucket = key;
                int offset = from.offsetSeconds(i);
                // a day, week or month opens at its own local time, maybe across a daylight-saving
                // change from its first bar (April 2000's month opens in EST, its first bar in EDT)
                if (!to.intraday()) offset = offsetAt(clock, key - from.shift());
                out.add(key, (key - from.shift()) * 60 - offset, offset, from.tradingEpochDay(i), open, high, low, close, volume);
            } else {
                out.merge(high, low, close, volume);
            }
            anyVolume |= !Double.isNaN(volume);
        }
        return out.bars(from, to, anyVolume);
    }

    /** The resampled bars as they grow: parallel arrays, doubled when full. */
    private static final class Buckets {
        private long[] secs;
        private long[] shifted;
        private int[] offset;
        private int[] day;
        private double[] o, h, l, c, v;
        private int count;

        Buckets(int capacity) {
            resize(Math.max(16, capacity));
        }

        void add(long key, long seconds, int zoneOffset, int tradingDay, double open, double high, double low, double close, double volume) {
            if (count == secs.length) resize(2 * count);
            shifted[count] = key;
            secs[count] = seconds;
            offset[count] = zoneOffset;
            day[count] = tradingDay;
            o[count] = open;
            h[count] = high;
            l[count] = low;
            c[count] = close;
            v[count] = volume;
            count++;
        }

        /** Another bar of the last bucket: SQL's max, min and sum skip NULL, so a NaN never wins. */
        void merge(double high, double low, double close, double volume) {
            int k = count - 1;
            if (Double.isNaN(h[k]) || high > h[k]) h[k] = high;
            if (Double.isNaN(l[k]) || low < l[k]) l[k] = low;
            c[k] = close;
            if (!Double.isNaN(volume)) v[k] = Double.isNaN(v[k]) ? volume : v[k] + volume;
        }

        TimedBars bars(TimedBars from, ChartInterval to, boolean anyVolume) {
            return new TimedBars(from.symbol(), to, from.clock(), from.shift(), Arrays.copyOf(secs, count), Arrays.copyOf(shifted, count),
                    Arrays.copyOf(offset, count), Arrays.copyOf(day, count), Arrays.copyOf(o, count), Arrays.copyOf(h, count), Arrays.copyOf(l, count),
                    Arrays.copyOf(c, count), anyVolume ? Arrays.copyOf(v, count) : null);
        }

        private void resize(int size) {
            secs = secs == null ? new long[size] : Arrays.copyOf(secs, size);
            shifted = shifted == null ? new long[size] : Arrays.copyOf(shifted, size);
            offset = offset == null ? new int[size] : Arrays.copyOf(offset, size);
            day = day == null ? new int[size] : Arrays.copyOf(day, size);
            o = o == null ? new double[size] : Arrays.copyOf(o, size);
            h = h == null ? new double[size] : Arrays.copyOf(h, size);
            l = l == null ? new double[size] : Arrays.copyOf(l, size);
            c = c == null ? new double[size] : Arrays.copyOf(c, size);
            v = v == null ? new double[size] : Arrays.copyOf(v, size);
        }
    }

    /** The zone's offset in seconds at a wall-clock minute of the exchange. */
    private static int offsetAt(SessionClock clock, long wallMinute) {
        java.time.LocalDateTime local = java.time.LocalDateTime.ofEpochSecond(wallMinute * 60, 0, java.time.ZoneOffset.UTC);
        return clock.zone().getRules().getOffset(local).getTotalSeconds();
    }

    /** The bucket's start as a shifted wall minute. */
    private static long bucketOf(ChartInterval to, long shiftedMinute, int tradingDay, long origin) {
        switch (to) {
            case D1:
                return (long) tradingDay * 1440;
            case W1:
                return (tradingDay - Math.floorMod(tradingDay + 3L, 7L)) * 1440L; // back to Monday
            case MO1: {
                LocalDate d = LocalDate.ofEpochDay(tradingDay);
                return d.withDayOfMonth(1).toEpochDay() * 1440;
            }
            default:
                return origin + Math.floorDiv(shiftedMinute - origin, to.minutes) * to.minutes;
        }
    }
}
