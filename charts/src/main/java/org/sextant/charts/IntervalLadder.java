package org.sextant.charts;

import java.util.EnumMap;
import java.util.Map;

/**
 * The bars of one symbol at every interval from the one given (the source) up to a month, each
 * resampled on first use from the coarsest finer one it nests in (5m from 1m, 1h from 30m, 1d
 * from 4h, 1w and 1mo from 1d), so each step reads fewer bars; and the choice of the interval
 * that puts at most {@link #MAX_BARS_PER_PIXEL} bars in a pixel column.
 */
public final class IntervalLadder {
    /** "A few bars per pixel column at most": below it the next finer interval would not fit. */
    public static final double MAX_BARS_PER_PIXEL = 3;

    private final TimedBars source;
    private final Map<ChartInterval, TimedBars> rungs = new EnumMap<>(ChartInterval.class);

    public IntervalLadder(TimedBars source) {
        this.source = source;
        rungs.put(source.interval(), source);
    }

    public TimedBars source() {
        return source;
    }

    /** The bars at {@code interval}, which is the source's or coarser. */
    public TimedBars at(ChartInterval interval) {
        TimedBars done = rungs.get(interval);
        if (done != null) return done;
        if (interval.ordinal() < source.interval().ordinal()) {
            throw new IllegalArgumentException("interval: " + interval + " is finer than the stored " + source.interval());
        }
        ChartInterval parent = source.interval();
        for (ChartInterval i : ChartInterval.values()) {
            if (i.ordinal() > source.interval().ordinal() && i.ordinal() < interval.ordinal() && interval.nestsIn(i)) parent = i;
        }
        TimedBars bars = BarResampler.resample(at(parent), interval, parent == source.interval());
        rungs.put(interval, bars);
        return bars;
    }

    /**
     * The finest interval, {@code finest} or coarser, whose bars opening from {@code fromSeconds}
     * to {@code toSeconds} number at most {@link #MAX_BARS_PER_PIXEL} per pixel of {@code pixels};
     * a month when none does.
     */
    public ChartInterval choose(long fromSeconds, long toSeconds, double pixels, ChartInterval finest) {
        ChartInterval start = finest.ordinal() < source.interval().ordinal() ? source.interval() : finest;
        double room = Math.max(1, pixels) * MAX_BARS_PER_PIXEL;
        for (ChartInterval i : ChartInterval.values()) {
            if (i.ordinal() < start.ordinal()) continue;
            TimedBars bars = at(i);
            int shown = bars.firstAtOrAfter(toSeconds + 1) - Math.max(0, bars.firstAtOrAfter(fromSeconds) - 1);
            if (shown <= room) return i;
        }
        return ChartInterval.MO1;
    }
}
