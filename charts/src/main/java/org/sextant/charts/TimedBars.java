package org.sextant.charts;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.AbstractList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A symbol's bars of one interval with their open times, oldest first, as a chart with a
 * bar-index time axis draws them: non-trading time (a weekend, an equity night) takes no room.
 * Beside the UTC open time each bar knows its wall time in the exchange's zone, shifted by the
 * session ({@link SessionClock}), and its trading day, computed once, so resampling and tick
 * labels are integer work. Open, high and low come together or not at all (null: closes only);
 * volume may be null; a missing value is NaN. Arrays are the caller's, not copied.
 */
public final class TimedBars {
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ENGLISH);

    private final String symbol;
    private final ChartInterval interval;
    private final SessionClock clock;
    private final long[] seconds;
    private final double[] open;
    private final double[] high;
    private final double[] low;
    private final double[] close;
    private final double[] volume;
    /** Wall minute in the exchange's zone plus {@link #shift}: a trading day's first minute is a calendar day's. */
    private final long[] shiftedMinute;
    /** Zone offset in seconds at each bar's open. */
    private final int[] offset;
    private final int[] tradingDay;
    private final int shift;
    private PriceBars drawn;

    /**
     * @param seconds each bar's open time, epoch seconds UTC, ascending (a daily, weekly or monthly bar: when its
     *                first day opens on the session's clock, as the engine dates them: fx 17:00 New York the day before)
     */
    public TimedBars(String symbol, ChartInterval interval, SessionClock clock, long[] seconds, double[] open, double[] high, double[] low,
                     double[] close, double[] volume) {
        this.symbol = Objects.requireNonNull(symbol, "symbol");
        this.interval = Objects.requireNonNull(interval, "interval");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.seconds = Objects.requireNonNull(seconds, "seconds");
        this.close = Objects.requireNonNull(close, "close");
        if ((open == null) != (high == null) || (open == null) != (low == null)) {
            throw new IllegalArgumentException(symbol + ": open, high and low come together or not at all");
        }
        for (double[] a : new double[][] {open, high, low, close, volume}) {
            if (a != null && a.length != seconds.length) throw new IllegalArgumentException(symbol + ": " + a.length + " values beside " + seconds.length + " times");
        }
        for (int i = 1; i < seconds.length; i++) {
            if (seconds[i] <= seconds[i - 1]) throw new IllegalArgumentException(symbol + ": bar " + i + " does not open after bar " + (i - 1) + "; give the bars oldest first");
        }
        this.open = open;
        this.high = high;
        this.low = low;
        this.volume = volume;
        int n = seconds.length;
        shift = clock.shiftMinutes();
        shiftedMinute = new long[n];
        offset = new int[n];
        tradingDay = new int[n];
        ZoneRules rules = clock.zone().getRules();
        // one offset lookup per daylight-saving change, not per bar: a million bars stay a linear pass
        long validFrom = Long.MAX_VALUE;
        long validUntil = Long.MIN_VALUE;
        int current = 0;
        for (int i = 0; i < n; i++) {
            long t = seconds[i];
            if (t < validFrom || t >= validUntil) {
                Instant at = Instant.ofEpochSecond(t);
                current = rules.getOffset(at).getTotalSeconds();
                ZoneOffsetTransition next = rules.nextTransition(at);
                validFrom = t;
                validUntil = next == null ? Long.MAX_VALUE : next.toEpochSecond();
            }
            offset[i] = current;
            shiftedMinute[i] = Math.floorDiv(t + offset[i], 60) + shift;
            tradingDay[i] = (int) Math.floorDiv(shiftedMinute[i], 1440);
        }
    }

    /** A resampled series: every derived array given. */
    TimedBars(String symbol, ChartInterval interval, SessionClock clock, int shift, long[] seconds, long[] shiftedMinute, int[] offset,
              int[] tradingDay, double[] open, double[] high, double[] low, double[] close, double[] volume) {
        this.symbol = symbol;
        this.interval = interval;
        this.clock = clock;
        this.shift = shift;
        this.seconds = seconds;
        this.shiftedMinute = shiftedMinute;
        this.offset = offset;
        this.tradingDay = tradingDay;
        this.open = open;
        this.high = high;
        this.low = low;
        this.close = close;
        this.volume = volume;
    }

    public String symbol() { return symbol; }
    public ChartInterval interval() { return interval; }
    public SessionClock clock() { return clock; }
    public int size() { return seconds.length; }
    public boolean hasOhlc() { return open != null; }
    /** Open time of bar {@code i}, epoch seconds UTC. */
    public long seconds(int i) { return seconds[i]; }
    public double open(int i) { return open[i]; }
    public double high(int i) { return high[i]; }
    public double low(int i) { return low[i]; }
    public double close(int i) { return close[i]; }
    /** Volume of bar {@code i}, NaN when none. */
    public double volume(int i) { return volume == null ? Double.NaN : volume[i]; }
    public boolean hasVolume() { return volume != null; }
    /** The trading day of bar {@code i} (fx: a bar from 17:00 New York on belongs to the next day). */
    public LocalDate tradingDay(int i) { return LocalDate.ofEpochDay(tradingDay[i]); }
    int tradingEpochDay(int i) { return tradingDay[i]; }
    long shiftedMinute(int i) { return shiftedMinute[i]; }
    int offsetSeconds(int i) { return offset[i]; }
    int shift() { return shift; }
    /** Wall-clock minute of bar {@code i}'s open in the exchange's zone (epoch minutes of the local date-time). */
    long wallMinute(int i) { return shiftedMinute[i] - shift; }

    /** "2001-03-30 16:30" (wall time in the exchange's zone) for intraday bars, the trading day for daily and coarser ones. */
    public String label(int i) {
        if (!interval.intraday()) return tradingDay(i).toString();
        return MINUTE.format(LocalDateTime.ofEpochSecond(wallMinute(i) * 60, 0, ZoneOffset.UTC));
    }

    /** "2001-04-01 17:00": a time (epoch seconds UTC, e.g. a forecast's target bar) as {@link #label} writes an intraday bar's open. */
    public String timeLabel(long epochSeconds) {
        return MINUTE.format(LocalDateTime.ofInstant(Instant.ofEpochSecond(epochSeconds), clock.zone()));
    }

    /** The first bar opening at or after {@code epochSeconds} (size() when none). */
    public int firstAtOrAfter(long epochSeconds) {
        int at = java.util.Arrays.binarySearch(seconds, epochSeconds);
        return at >= 0 ? at : -at - 1;
    }

    /** The first bar of {@code day} or of the next trading day after it (size() when none). */
    public int firstOfDay(LocalDate day) {
        long d = day.toEpochDay();
        int lo = 0;
        int hi = tradingDay.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (tradingDay[mid] < d) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /**
     * The bars as the chart's renderers take them: each bar's trading day as its date (repeated
     * within a day), the arrays shared. Made once.
     */
    public PriceBars priceBars() {
        if (drawn == null) {
            List<LocalDate> days = new AbstractList<>() {
                @Override public LocalDate get(int i) { return LocalDate.ofEpochDay(tradingDay[i]); }
                @Override public int size() { return tradingDay.length; }
            };
            drawn = new PriceBars(symbol, days, open, high, low, close, volume);
        }
        return drawn;
    }
}
