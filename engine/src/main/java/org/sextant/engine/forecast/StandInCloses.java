package org.sextant.engine.forecast;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * The closes a scan import keeps for the stand-ins that are the model's own median ({@link ScanStoreRanks#fitSeconds}), so
 * that the closes it read once to check a forecast are the ones the stand-in fits, not read from the store again. Each
 * forecast whose stand-in costs a fit gets a place drawn by the replay's chance as it is added (the order added when the
 * replay has none); the budget's share ({@link ScanReplay#OWN_MEDIAN_SHARE}) reaches them in that order, so only the
 * closes of those within it are kept: at most what the share can fit, however many forecasts the files hold.
 */
final class StandInCloses implements ScanReplay.OwnMedians {
    private record Place(double draw, int forecast) {}

    private record Kept(String model, int horizon, double[] closes) {}

    private final ForecastModels models;
    private final double share;
    private final RandomGenerator chance;
    /** Each forecast's stand-in fit, by its index: estimated from the store's count of closes (0: drift's line, no fit). */
    private final List<Double> seconds = new ArrayList<>();
    private static final java.util.Comparator<Place> DRAWN = java.util.Comparator.comparingDouble(Place::draw).thenComparingInt(Place::forecast);

    /** The places the share reaches, in their order. */
    private final TreeSet<Place> reached = new TreeSet<>(DRAWN);
    private final Map<Integer, Kept> kept = new HashMap<>();
    /** The first place the share did not reach (null: it reached all): no forecast placed after it is kept. */
    private Place past;

    StandInCloses(ForecastModels models, ScanReplay replay) {
        this.models = models;
        this.share = ScanReplay.OWN_MEDIAN_SHARE * replay.budgetSeconds();
        this.chance = replay.chance();
    }

    /** Adds the next forecast (index: how many were added before it), {@code closes} the store's up to its origin. */
    void add(String model, int horizon, double[] closes) {
        int forecast = seconds.size();
        double fit = ScanStoreRanks.fitSeconds(model, closes.length);
        seconds.add(fit);
        if (fit == 0) return;
        Place at = new Place(chance == null ? forecast : chance.nextDouble(), forecast);
        if (past != null && DRAWN.compare(at, past) > 0) return;
        reached.add(at);
        kept.put(forecast, new Kept(model, horizon, closes));
        double spent = 0;
        Iterator<Place> it = reached.iterator();
        while (it.hasNext()) { // as ScanReplay.sample spends the share: the first fit past it ends them
            Place p = it.next();
            if (spent + seconds.get(p.forecast()) <= share) {
                spent += seconds.get(p.forecast());
                continue;
            }
            past = p; // it and every one after it: never reached, whatever is added later
            kept.remove(p.forecast());
            it.remove();
            while (it.hasNext()) {
                kept.remove(it.next().forecast());
                it.remove();
            }
        }
    }

    @Override
    public double seconds(int forecast) {
        return seconds.get(forecast);
    }

    @Override
    public List<Integer> order(List<Integer> costly, java.util.function.Consumer<List<Integer>> shuffle) {
        List<Integer> order = new ArrayList<>();
        for (Place p : reached) order.add(p.forecast());
        if (past != null) order.add(past.forecast()); // the first past the share, which ends them
        return order;
    }

    @Override
    public double[] ratios(int forecast) {
        Kept k = kept.get(forecast);
        if (k == null) throw new IllegalStateException("forecast " + forecast + " is past the share: its closes were not kept");
        return ScanStoreRanks.ratios(models, k.closes(), k.model(), k.horizon());
    }
}
