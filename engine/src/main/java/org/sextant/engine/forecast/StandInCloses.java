package org.sextant.engine.forecast;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import org.sextant.engine.data.PriceSeries;

/**
 * The series a scan import keeps of those it read to check its forecasts. Those whose stand-in fits nothing (drift's line: a
 * drift or theta scan) are kept as read, first come, in what the bound leaves, so that the replay fits a forecast it chooses
 * on them (a whole replay of hundreds of symbols: one read a symbol); they give way to the others, kept for the stand-ins
 * that are the model's own median ({@link ScanStoreRanks#fitSeconds}), so
 * that the closes it read once to check a forecast are the ones the stand-in fits, and the ones the replay fits again when
 * it chooses that forecast, not read from the store again. Each forecast whose stand-in costs a fit gets a place drawn by
 * the replay's chance as it is added (the order added when the replay has none); the budget's share
 * ({@link ScanReplay#OWN_MEDIAN_SHARE}) reaches them in that order, within {@link #HELD_BYTES} of kept series, so only the
 * series of those within both are kept: at most what the share can fit and the bound hold, however many forecasts the files hold.
 */
final class StandInCloses implements ScanReplay.OwnMedians {
    /**
     * Most heap the kept series may take ({@link #heldBytes}); past it the stand-ins are ranked by drift's line, as past the
     * time share. ARIMA's share alone held 46 MB of closes at 1,000 closes a forecast and 100 MB at 30,000
     * (StandInClosesMemoryBench): the bound keeps the worst case near the first.
     */
    static final long HELD_BYTES = 48L << 20;

    /** A kept forecast's heap besides its closes and dates: its entry, its place and the arrays' headers (measured under 200 B). */
    private static final int ENTRY_BYTES = 256;

    private record Place(double draw, int forecast) {}

    /** A kept series: the closes a fit reads and its dates as day gaps after {@code first} (null: a gap past 255 days, dates not kept). */
    private record Kept(String symbol, String model, int horizon, double[] closes, LocalDate first, byte[] gaps) {}

    private static final Comparator<Place> DRAWN = Comparator.comparingDouble(Place::draw).thenComparingInt(Place::forecast);

    private final ForecastModels models;
    private final double share;
    private final long bound;
    private final RandomGenerator chance;
    /** Each forecast's stand-in fit, by its index: estimated from the store's count of closes (0: drift's line, no fit). */
    private double[] seconds = new double[16];
    private int added;
    /** The places the share reaches, in their order. */
    private final TreeSet<Place> reached = new TreeSet<>(DRAWN);
    private final Map<Integer, Kept> kept = new HashMap<>();
    /** The series of forecasts whose stand-in fits nothing, kept for the replay alone, in the order read; and their bytes. */
    private final Map<Integer, Kept> forReplay = new HashMap<>();
    private final java.util.ArrayDeque<Integer> forReplayOrder = new java.util.ArrayDeque<>();
    private long forReplayBytes;
    /** The bytes of the series kept for the stand-ins' fits. */
    private long keptBytes;
    /** The first place the share or the bound did not reach (null: they reached all): no forecast placed after it is kept. */
    private Place past;
    /** Whether the bound of kept closes, not the time share, placed {@link #past}. */
    private boolean pastByMemory;

    StandInCloses(ForecastModels models, ScanReplay replay) {
        this(models, replay, HELD_BYTES);
    }

    StandInCloses(ForecastModels models, ScanReplay replay, long heldBytes) {
        this.models = models;
        this.share = ScanReplay.OWN_MEDIAN_SHARE * replay.budgetSeconds();
        this.bound = heldBytes;
        this.chance = replay.chance();
    }

    /** Heap a kept series of {@code closes} closes is counted at: 8 bytes a close, 1 a date, and its entry. */
    static long heldBytes(int closes) {
        return 9L * closes + ENTRY_BYTES;
    }

    /** Adds the next forecast (index: how many were added before it), {@code upTo} the store's closes up to its origin as the check read them. */
    void add(String model, int horizon, PriceSeries upTo) {
        int forecast = added++;
        double[] closes = PriceForecast.closes(upTo);
        double fit = ScanStoreRanks.fitSeconds(model, closes.length);
        if (forecast == seconds.length) seconds = Arrays.copyOf(seconds, 2 * forecast);
        seconds[forecast] = fit;
        if (fit == 0) {
            long b = heldBytes(closes.length);
            if (keptBytes + forReplayBytes + b > bound) return; // read again if the replay chooses it
            forReplay.put(forecast, new Kept(upTo.symbol(), model, horizon, closes, upTo.dates().get(0), gaps(upTo.dates())));
            forReplayOrder.addLast(forecast);
            forReplayBytes += b;
            return;
        }
        Place at = new Place(chance == null ? forecast : chance.nextDouble(), forecast);
        if (past != null && DRAWN.compare(at, past) > 0) return;
        reached.add(at);
        kept.put(forecast, new Kept(upTo.symbol(), model, horizon, closes, upTo.dates().get(0), gaps(upTo.dates())));
        double spent = 0;
        long bytes = 0;
        Iterator<Place> it = reached.iterator();
        while (it.hasNext()) { // as ScanReplay.sample spends the share: the first fit past it (or past the bound) ends them
            Place p = it.next();
            long b = heldBytes(kept.get(p.forecast()).closes().length);
            if (spent + seconds[p.forecast()] <= share && bytes + b <= bound) {
                spent += seconds[p.forecast()];
                bytes += b;
                continue;
            }
            past = p; // it and every one after it: never reached, whatever is added later
            pastByMemory = spent + seconds[p.forecast()] <= share;
            kept.remove(p.forecast());
            it.remove();
            while (it.hasNext()) {
                kept.remove(it.next().forecast());
                it.remove();
            }
        }
        keptBytes = bytes;
        while (keptBytes + forReplayBytes > bound) { // the stand-ins first: the last kept for the replay alone gives way
            Kept k = forReplay.remove(forReplayOrder.removeLast());
            forReplayBytes -= heldBytes(k.closes().length);
        }
    }

    /** Each date's days after the one before (the first's: 0); null when one is past 255 days or not after it. */
    private static byte[] gaps(List<LocalDate> dates) {
        byte[] g = new byte[dates.size()];
        for (int i = 1; i < g.length; i++) {
            long days = dates.get(i).toEpochDay() - dates.get(i - 1).toEpochDay();
            if (days < 1 || days > 255) return null;
            g[i] = (byte) days;
        }
        return g;
    }

    @Override
    public double seconds(int forecast) {
        return seconds[forecast];
    }

    /** Only those the share and the bound reach: the first past them ends the sample's own medians. */
    @Override
    public List<Integer> order(List<Integer> costly, java.util.function.Consumer<List<Integer>> shuffle) {
        List<Integer> order = new ArrayList<>();
        for (Place p : reached) order.add(p.forecast());
        return order;
    }

    @Override
    public long heldBytesBound() {
        return past != null && pastByMemory ? bound : 0;
    }

    @Override
    public double[] ratios(int forecast) {
        Kept k = kept.get(forecast);
        if (k == null) throw new IllegalStateException("forecast " + forecast + " is past the share: its closes were not kept");
        return ScanStoreRanks.ratios(models, k.closes(), k.model(), k.horizon());
    }

    /**
     * The series the check read for {@code forecast} as a fit reads it (its closes as both columns), or null when it was not
     * kept: the replay fits a forecast it chooses on these rather than read the store again.
     */
    PriceSeries held(int forecast) {
        Kept k = kept.containsKey(forecast) ? kept.get(forecast) : forReplay.get(forecast);
        if (k == null || k.gaps() == null) return null;
        List<LocalDate> dates = new ArrayList<>(k.gaps().length);
        LocalDate d = k.first();
        for (byte gap : k.gaps()) dates.add(d = d.plusDays(Byte.toUnsignedInt(gap)));
        return new PriceSeries(k.symbol(), k.first(), d, dates, k.closes(), k.closes());
    }
}
