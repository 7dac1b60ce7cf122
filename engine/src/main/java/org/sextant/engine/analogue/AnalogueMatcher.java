package org.sextant.engine.analogue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.SextantException;

/**
 * compare_to_history: finds the days whose signals looked most like the query and reports what
 * the benchmark did over the next 1, 3, 5 and 20 days. Only days whose forward window closed before
 * the as-of date (plus an embargo) qualify, chosen days are thinned so one episode counts once,
 * and the dimensions are standardised over those eligible days only.
 * One matcher serves many calls over the same {@link DailySignals}; it is immutable and thread-safe.
 * Over 500 lines: the fast scan and the full-sort reference path it is tested against share the plan and the answer assembly.
 */
public final class AnalogueMatcher {
    private final DailySignals s;
    private final Standardiser standardiser;
    private final String version;
    private final boolean fullSort;
    private final double[][] fwdPrefix;
    private final int[][] posPrefix;
    /** Null when this matcher answers without conformal bands (tests of the selection itself). */
    private final AnalogueConformal conformal;
    /** The combination check's kept reference distributions, shared by the service's matchers, keyed by {@link #dataVersion}. */
    private final NoveltyReferences references;
    private final long dataVersion;

    public AnalogueMatcher(DailySignals signals) {
        this(signals, false, true);
    }

    /** The service's matcher: {@code dataVersion} is the store's version the signals were read at, {@code references} its shared cache. */
    AnalogueMatcher(DailySignals signals, long dataVersion, NoveltyReferences references) {
        this(signals, false, true, dataVersion, references);
    }

    /** {@code fullSort}: the reference path that sorts every candidate (tests and the benchmark baseline); no conformal bands. */
    AnalogueMatcher(DailySignals signals, boolean fullSort) {
        this(signals, fullSort, false);
    }

    /** {@code calibrated} false: answers without conformal bands, for tests of the selection that ask many knob sets. */
    AnalogueMatcher(DailySignals signals, boolean fullSort, boolean calibrated) {
        this(signals, fullSort, calibrated, 0, new NoveltyReferences(NoveltyReferences.CAPACITY)); // its signals never change
    }

    AnalogueMatcher(DailySignals signals, boolean fullSort, boolean calibrated, long dataVersion, NoveltyReferences references) {
        this.references = references;
        this.dataVersion = dataVersion;
        this.conformal = calibrated ? new AnalogueConformal(this) : null;
        this.s = signals;
        this.standardiser = new Standardiser(signals);
        this.version = AnalogueDefaults.matcherVersion(signals.registry());
        this.fullSort = fullSort;
        int n = signals.size();
        int horizons = DailySignals.HORIZONS.length;
        fwdPrefix = new double[horizons][n + 1];
        posPrefix = new int[horizons][n + 1];
        for (int h = 0; h < horizons; h++) {
            double[] f = signals.forwardColumn(DailySignals.HORIZONS[h]);
            for (int i = 0; i < n; i++) {
                boolean ok = !Double.isNaN(f[i]);
                fwdPrefix[h][i + 1] = fwdPrefix[h][i] + (ok ? f[i] : 0);
                posPrefix[h][i + 1] = posPrefix[h][i] + (ok && f[i] > 0 ? 1 : 0);
            }
        }
    }

    public DailySignals signals() { return s; }
    public String version() { return version; }

    /** Parses a raw call (Map from JSON or a transport) and matches it; warnings go to the log. */
    public AnalogueResponse match(Map<String, ?> args) {
        return match(AnalogueRequest.parse(args, s.registry()));
    }

    public AnalogueResponse match(AnalogueRequest r) {
        return match(r, true);
    }

    /** {@code calibrated} false: no bootstrap interval and no conformal bands (the calibration's own past answers). */
    AnalogueResponse match(AnalogueRequest r, boolean calibrated) {
        Plan p = plan(r);
        Chosen c = choose(p, r);
        // the combination check only in answers a caller reads: the calibrations' own matches skip its bounded extra work
        if (calibrated) {
            p.novelty = novelty(p, r);
            String note = Novelty.note(p.novelty, p.tradeDate);
            if (note != null) p.notes.add(note);
        }
        return respond(p, r, c, calibrated, calibrated);
    }

    /** The combination check alone, as an answer to {@code r} computes it (AnalogueNoveltyBenchmark times it). */
    AnalogueNovelty novelty(AnalogueRequest r) {
        return novelty(plan(r), r);
    }

    private AnalogueNovelty novelty(Plan p, AnalogueRequest r) {
        boolean skipBackfill = r.backfillWeight() == 0;
        return Novelty.of(s, p, references.get(s.benchmark(), dataVersion, p, skipBackfill, () -> Novelty.reference(s, p, skipBackfill)));
    }

    /** {count, row sum} of the conformal origins an answer as of {@code asOfRow} would still score (none without conformal bands). */
    long[] unbuiltConformalOrigins(AnalogueRequest r, int asOfRow) {
        return conformal == null ? new long[2] : conformal.unbuiltOrigins(r, asOfRow);
    }

    /**
     * An answer with conformal bands but no bootstrap interval (null ci95): the walk-forward
     * calibration scores only the bands, and the 4,000 resamples were most of a step's time at top_k 500.
     */
    AnalogueResponse matchWithoutInterval(AnalogueRequest r) {
        Plan p = plan(r);
        Chosen c = choose(p, r);
        return respond(p, r, c, false, true);
    }

    /**
     * True when the {@code horizon}-day outcome of {@code row} was known before the as-of row, with
     * the embargo: always so for the matched horizons up to 5 days, not for 20-day windows near it.
     */
    static boolean outcomeKnown(int row, int horizon, int asOfRow) {
        return row + horizon + AnalogueDefaults.EMBARGO_DAYS < asOfRow;
    }

    // ---- the query ---------------------------------------------------------------------

    /** Everything resolved before the scan: as-of row, eligible cut, matched columns and their coefficients. */
    static final class Plan {
        int asOfRow;
        LocalDate tradeDate;
        long asOfEpochDay;
        int cut;
        int[] cols = new int[0];
        String[] colNames = new String[0];
        double[] q = new double[0];
        double[] coef = new double[0];
        double[] trust = new double[0];
        double trustSum;
        double[] lo = new double[0];
        double[] hi = new double[0];
        int[] catCols = new int[0];
        int[] catCodes = new int[0];
        int regimeCol = -1;
        int regimeCode = -1;
        /** True when the query is the as-of day's own row (no signals_dict): that day's close is part of the history read. */
        boolean fromRow;
        Map<String, Object> query = new LinkedHashMap<>();
        Map<String, String> bins = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        /** Null in the calibrations' own matches and when too few eligible days have the matched dimensions. */
        AnalogueNovelty novelty;
    }

    private Plan plan(AnalogueRequest r) {
        SignalRegistry reg = s.registry();
        int n = s.size();
        if (n == 0) throw SextantException.notFound("benchmark", "no signal rows for " + s.benchmark(), "import prices for the benchmark first");
        Plan p = new Plan();
        double[] qNum = new double[s.dims()];
        Arrays.fill(qNum, Double.NaN);
        int[] qCat = new int[reg.categorical().size()];
        Arrays.fill(qCat, -1);
        if (r.signals() == null) {
            int row;
            if (r.asOf() == null) {
                row = n - 1;
            } else {
                row = s.rowsBefore(r.asOf().plusDays(1)) - 1;
                if (row < 0) {
                    throw SextantException.invalid(AnalogueRequest.AS_OF, "as_of " + r.asOf() + " is before the first signal row " + s.date(0),
                            "pass an as_of on or after " + s.date(0));
                }
            }
            p.asOfRow = row;
            p.tradeDate = s.date(row);
            p.asOfEpochDay = s.epochDay(row);
            if (r.asOf() != null && row == n - 1 && r.asOf().isAfter(s.date(row).plusDays(7))) {
                // the latest day on or before as_of, as every as_of is read; said when that is far from the day asked
                p.notes.add("as_of " + r.asOf() + " is after the data's last day " + s.date(row) + ": matched as of " + s.date(row));
            }
            for (int c = 0; c < qNum.length; c++) qNum[c] = s.value(row, c);
            for (int c = 0; c < qCat.length; c++) qCat[c] = s.code(row, c);
            rowNotes(p, row);
        } else {
            if (r.asOf() == null) {
                p.asOfRow = n;
                p.tradeDate = s.date(n - 1);
                p.asOfEpochDay = s.epochDay(n - 1) + 1;
            } else {
                p.asOfRow = s.rowsBefore(r.asOf());
                p.tradeDate = r.asOf();
                p.asOfEpochDay = r.asOf().toEpochDay();
            }
            for (Map.Entry<String, Object> e : r.signals().entrySet()) {
                SignalDefinition def = reg.get(e.getKey());
                if (def.numeric()) qNum[reg.column(def.name())] = (Double) e.getValue();
                else qCat[reg.column(def.name())] = def.levelOf((String) e.getValue());
            }
            // A tag the caller did not give is derived from the values given, by the same rules.
            if (reg.has(SignalRegistry.REGIME) && !r.signals().containsKey(SignalRegistry.REGIME) && reg.has(SignalRegistry.BREADTH_50)) {
                qCat[reg.column(SignalRegistry.REGIME)] = RegimeRules.regime(num(qNum, SignalRegistry.DIST_SMA50), num(qNum, SignalRegistry.DIST_SMA200),
                        num(qNum, SignalRegistry.DRAWDOWN_252), num(qNum, SignalRegistry.VOL_20D), num(qNum, SignalRegistry.BREADTH_50));
            }
        }
        p.cut = Math.max(0, p.asOfRow - AnalogueDefaults.MAX_HORIZON - AnalogueDefaults.EMBARGO_DAYS);
        p.fromRow = r.signals() == null;
        if (p.cut < AnalogueDefaults.MIN_ELIGIBLE_DAYS) throw tooShort(p, r);

        List<Integer> cols = new ArrayList<>();
        List<Double> trusts = new ArrayList<>();
        List<double[]> moments = new ArrayList<>();
        for (SignalDefinition def : reg.numeric()) {
            int c = reg.column(def.name());
            double t = r.dimTrust() == null ? def.defaultTrust() : r.dimTrust().getOrDefault(def.name(), 1.0);
            if (Double.isNaN(qNum[c]) || t <= 0) continue;
            double[] m = standardiser.stats(c, p.cut);
            if (!(m[1] > 0)) {
                // a distance needs a spread to scale by: said, so a signal the caller gave is not dropped silently
                p.notes.add(def.name() + ": " + (m[2] < 2 ? "fewer than 2 values" : "the same value (" + m[0] + ") on all " + (long) m[2] + " values")
                        + " over the eligible days before " + p.tradeDate + ", so no spread to match by; left out of the matching");
                continue;
            }
            cols.add(c);
            trusts.add(t);
            moments.add(m);
        }
        int k = cols.size();
        for (int m = 0; m < k; m++) gapNote(p, reg.numeric().get(cols.get(m)));
        for (int m = 0; m < k; m++) rangeNote(p, reg.numeric().get(cols.get(m)), qNum[cols.get(m)], (long) moments.get(m)[2]);
        p.cols = new int[k];
        p.colNames = new String[k];
        p.q = new double[k];
        p.coef = new double[k];
        p.trust = new double[k];
        p.lo = new double[k];
        p.hi = new double[k];
        for (int m = 0; m < k; m++) {
            int c = cols.get(m);
            SignalDefinition def = reg.numeric().get(c);
            p.cols[m] = c;
            p.colNames[m] = def.name();
            p.q[m] = qNum[c];
            p.trust[m] = trusts.get(m);
            p.trustSum += p.trust[m];
            double sd = moments.get(m)[1];
            p.coef[m] = p.trust[m] / (sd * sd);
            int bin = def.binOf(qNum[c]);
            p.lo[m] = bin == 0 ? Double.NEGATIVE_INFINITY : def.bins().get(bin - 1);
            p.hi[m] = bin == def.bins().size() ? Double.POSITIVE_INFINITY : def.bins().get(bin);
            p.query.put(def.name(), qNum[c]);
            p.bins.put(def.name(), def.binLabel(bin));
        }
        if (reg.has(SignalRegistry.REGIME)) {
            p.regimeCol = reg.column(SignalRegistry.REGIME);
            p.regimeCode = qCat[p.regimeCol];
            if (p.regimeCode >= 0) p.query.put(SignalRegistry.REGIME, reg.get(SignalRegistry.REGIME).levels().get(p.regimeCode));
        }
        if (r.mode() == MatchMode.HARD && r.signals() != null) {
            // Categorical values the caller gave are equality filters in hard mode.
            List<int[]> filters = new ArrayList<>();
            for (SignalDefinition def : reg.categorical()) {
                int c = reg.column(def.name());
                if (r.signals().containsKey(def.name()) && qCat[c] >= 0) {
                    filters.add(new int[]{c, qCat[c]});
                    p.bins.put(def.name(), def.levels().get(qCat[c]));
                    p.query.put(def.name(), def.levels().get(qCat[c]));
                }
            }
            p.catCols = filters.stream().mapToInt(f -> f[0]).toArray();
            p.catCodes = filters.stream().mapToInt(f -> f[1]).toArray();
        }
        if (r.mode() != MatchMode.TAG && k == 0) throw nothingToMatch(p, r, qNum);
        if ((r.mode() == MatchMode.TAG || r.mode() == MatchMode.HYBRID) && p.regimeCode < 0) {
            if (p.regimeCol < 0) {
                throw SextantException.invalid(AnalogueRequest.MODE, "mode " + r.mode().wire() + " needs a regime tag and these signals have none",
                        "use mode soft or hard");
            }
            throw SextantException.invalid(AnalogueRequest.SIGNALS_DICT + "." + SignalRegistry.REGIME, "the query has no regime tag",
                    "give signals_dict.regime (one of " + RegimeRules.REGIME_LEVELS + "), or the dimensions its rules need");
        }
        return p;
    }

    /**
     * No numeric dimension left to match on: blames what removed them. A history where nothing varies
     * names the benchmark, a dim_trust of 0 on every dimension the query has names dim_trust, and only
     * a query without a value on any varying dimension names signals_dict.
     */
    private SextantException nothingToMatch(Plan p, AnalogueRequest r, double[] qNum) {
        SignalRegistry reg = s.registry();
        List<String> varying = new ArrayList<>();
        List<String> zeroed = new ArrayList<>();
        for (SignalDefinition def : reg.numeric()) {
            int c = reg.column(def.name());
            if (!(standardiser.stats(c, p.cut)[1] > 0)) continue;
            varying.add(def.name());
            if (!Double.isNaN(qNum[c]) && r.dimTrust() != null && r.dimTrust().getOrDefault(def.name(), 1.0) <= 0) zeroed.add(def.name());
        }
        if (varying.isEmpty()) return nothingVaries(p, r);
        if (!zeroed.isEmpty()) {
            return SextantException.invalid(AnalogueRequest.DIM_TRUST, "dim_trust sets every dimension the query has to 0 (" + String.join(", ", zeroed)
                    + "), so none is left to match on", "give at least one of " + zeroed + " a trust above 0 in dim_trust");
        }
        return SextantException.invalid(AnalogueRequest.SIGNALS_DICT, "no numeric dimension to match on: the query has no value for any dimension that varies over "
                + s.benchmark() + "'s history (" + String.join(", ", varying) + ")", "give a value for at least one of " + varying + " in signals_dict");
    }

    /** Every dimension is constant over the eligible days: any day is as like the query as any other. */
    private SextantException nothingVaries(Plan p, AnalogueRequest r) {
        boolean flat = true; // the closes themselves never change: no as_of or signal can help
        for (int i = 0; i + 1 < s.size() && flat; i++) {
            double f = s.forward(i, 1);
            flat = Double.isNaN(f) || f == 0;
        }
        if (flat) {
            return SextantException.invalid(AnalogueRequest.BENCHMARK, s.benchmark() + "'s closes do not change over its " + s.size()
                    + " closes: no dimension varies, so no day is more like the query than another", "choose another benchmark whose closes move");
        }
        String msg = "no dimension of " + s.benchmark() + " varies over the " + p.cut + " eligible days before " + p.tradeDate
                + ", so no day is more like the query than another";
        return r.asOf() != null ? SextantException.invalid(AnalogueRequest.AS_OF, msg, "pass a later as_of, or choose another benchmark")
                : SextantException.invalid(AnalogueRequest.BENCHMARK, msg, "choose another benchmark, or import a longer history of " + s.benchmark());
    }

    /** Closes of the benchmark up to the as-of date: through it when the query is its row, before it otherwise. */
    private int closesToAsOf(Plan p) {
        return Math.min(s.size(), p.asOfRow + (p.fromRow ? 1 : 0));
    }

    /**
     * A history too short to leave {@link AnalogueDefaults#MIN_ELIGIBLE_DAYS} eligible days: names
     * the benchmark when all of it is too short, as_of when an earlier as_of cut it.
     */
    private SextantException tooShort(Plan p, AnalogueRequest r) {
        int have = closesToAsOf(p);
        int need = AnalogueDefaults.MIN_ELIGIBLE_DAYS + AnalogueDefaults.MAX_HORIZON + AnalogueDefaults.EMBARGO_DAYS + (p.fromRow ? 1 : 0);
        String why = " (two 1-day returns to scale a distance by, then " + AnalogueDefaults.MAX_HORIZON + " days of forward window and "
                + AnalogueDefaults.EMBARGO_DAYS + " of embargo before the query's day" + (p.fromRow ? ", and that day" : "") + ")";
        if (s.size() < need) { // no as_of could help
            return SextantException.invalid(AnalogueRequest.BENCHMARK, s.benchmark() + " has " + s.size() + " daily close" + (s.size() == 1 ? "" : "s")
                    + "; the matcher needs at least " + need + why, "import a longer history of " + s.benchmark() + ", or choose another benchmark");
        }
        return SextantException.invalid(AnalogueRequest.AS_OF, "as_of " + r.asOf() + " leaves " + have + " daily close" + (have == 1 ? "" : "s") + " of "
                + s.benchmark() + (p.fromRow ? " up to it" : " before it") + "; the matcher needs at least " + need + why,
                "pass an as_of " + (p.fromRow ? "on or after " : "after ") + s.date(need - 1));
    }

    /** Why a numeric dimension of the as-of row is missing from the query, or where a carried value comes from. */
    private void rowNotes(Plan p, int row) {
        for (SignalDefinition def : s.registry().numeric()) {
            double v = s.value(row, s.registry().column(def.name()));
            boolean user = SignalDefinition.USER.equals(def.origin());
            LocalDate last = user ? s.lastObserved(def.name(), row) : null;
            if (Double.isNaN(v)) {
                if (last != null) {
                    p.notes.add(def.name() + ": last observed " + last + ", " + ForwardFill.businessDaysBetween(last, s.date(row))
                            + " business days before " + s.date(row) + ", beyond its max_fill_days of " + def.maxFillDays() + "; left out of the query");
                } else {
                    p.notes.add(def.name() + ": no value on " + s.date(row) + "; left out of the query");
                }
            } else if (last != null && !last.equals(s.date(row))) {
                p.notes.add(def.name() + ": carried forward from " + last + " (" + ForwardFill.businessDaysBetween(last, s.date(row))
                        + " business days; max_fill_days " + def.maxFillDays() + ")");
            }
        }
    }

    /** How many eligible days a matched user signal lacks (not observed within its fill limit): they are skipped. */
    private void gapNote(Plan p, SignalDefinition def) {
        if (!SignalDefinition.USER.equals(def.origin())) return;
        int c = s.registry().column(def.name());
        int missing = 0;
        for (int i = 0; i < p.cut; i++) if (Double.isNaN(s.value(i, c))) missing++;
        if (missing > 0) {
            p.notes.add(def.name() + ": " + missing + " of " + p.cut + " eligible days have no value (none observed within max_fill_days "
                    + def.maxFillDays() + ") and were skipped");
        }
    }

    /** A query value beyond every eligible day's value: its nearest analogues are only the least unlike it. */
    private void rangeNote(Plan p, SignalDefinition def, double q, long values) {
        double[] range = standardiser.range(s.registry().column(def.name()), p.cut);
        if (q >= range[0] && q <= range[1]) return;
        p.notes.add(String.format(java.util.Locale.ROOT, "%s: the query's %.4g is outside the range of all %d eligible values before %s (%.4g to %.4g):"
                + " the nearest analogues are the least unlike it on %s, not like it", def.name(), q, values, p.tradeDate, range[0], range[1], def.name()));
    }

    private double num(double[] q, String name) {
        return s.registry().has(name) ? q[s.registry().column(name)] : Double.NaN;
    }

    // ---- the scan ----------------------------------------------------------------------

    /** Chosen rows in answer order (nearest first, or newest first in tag mode) with squared distances. */
    record Chosen(int[] rows, double[] d2, boolean fallback, String fallbackReason) {}

    private Chosen choose(Plan p, AnalogueRequest r) {
        boolean skipBackfill = r.backfillWeight() == 0;
        int sep = AnalogueDefaults.MIN_SEPARATION_DAYS;
        switch (r.mode()) {
            case TAG:
                return byRecency(p, r.topK(), skipBackfill);
            case HYBRID: {
                int survivors = tagSurvivors(p, skipBackfill, sep);
                if (survivors >= AnalogueDefaults.HYBRID_MIN_ANALOGUES) return nearest(p, r.topK(), false, true, skipBackfill);
                Chosen all = nearest(p, r.topK(), false, false, skipBackfill);
                String tag = RegimeRules.REGIME_LEVELS.get(p.regimeCode);
                return new Chosen(all.rows(), all.d2(), true, "only " + survivors + " eligible, thinned days carry the tag " + tag
                        + " (hybrid needs " + AnalogueDefaults.HYBRID_MIN_ANALOGUES + "); matched by distance over the whole history");
            }
            case HARD:
                return nearest(p, r.topK(), true, false, skipBackfill);
            default:
                return nearest(p, r.topK(), false, false, skipBackfill);
        }
    }

    private Chosen nearest(Plan p, int k, boolean hard, boolean sameTag, boolean skipBackfill) {
        int sep = AnalogueDefaults.MIN_SEPARATION_DAYS;
        double[] x = s.flatNumeric();
        int d = s.dims();
        int[] cols = p.cols;
        double[] q = p.q, coef = p.coef, lo = p.lo, hi = p.hi;
        int m = cols.length;
        NearestSelection heap = fullSort ? null : new NearestSelection(NearestSelection.capacityFor(k, sep));
        List<long[]> all = fullSort ? new ArrayList<>() : null;
        for (int i = 0; i < p.cut; i++) {
            if (skipBackfill && s.backfill(i)) continue;
            if (sameTag && s.code(i, p.regimeCol) != p.regimeCode) continue;
            if (!categoricalMatch(p, i)) continue;
            double limit = fullSort ? Double.POSITIVE_INFINITY : heap.threshold();
            int base = i * d;
            double acc = 0;
            boolean ok = true;
            for (int j = 0; j < m; j++) {
                double v = x[base + cols[j]];
                if (hard && !(v >= lo[j] && v < hi[j])) {
                    ok = false;
                    break;
                }
                double diff = v - q[j];
                acc += coef[j] * diff * diff;
                if (!(acc <= limit)) {
                    ok = false;
                    break;
                }
            }
            if (!ok) continue;
            if (fullSort) all.add(new long[]{i, Double.doubleToRawLongBits(acc)});
            else heap.offer(acc, i);
        }
        long[][] ordered;
        if (fullSort) {
            ordered = all.toArray(new long[0][]);
            Arrays.sort(ordered, (a, b) -> {
                int c = Double.compare(Double.longBitsToDouble(a[1]), Double.longBitsToDouble(b[1]));
                return c != 0 ? c : Long.compare(b[0], a[0]);
            });
        } else {
            ordered = heap.sorted();
        }
        int[] rows = new int[k];
        double[] d2 = new double[k];
        int got = NearestSelection.thinned(ordered, k, sep, rows, d2);
        return new Chosen(Arrays.copyOf(rows, got), Arrays.copyOf(d2, got), false, null);
    }

    private boolean categoricalMatch(Plan p, int i) {
        for (int f = 0; f < p.catCols.length; f++) if (s.code(i, p.catCols[f]) != p.catCodes[f]) return false;
        return true;
    }

    private Chosen byRecency(Plan p, int k, boolean skipBackfill) {
        int sep = AnalogueDefaults.MIN_SEPARATION_DAYS;
        int[] rows = new int[k];
        double[] d2 = new double[k];
        int got = 0;
        int last = Integer.MAX_VALUE;
        for (int i = p.cut - 1; i >= 0 && got < k; i--) {
            if (skipBackfill && s.backfill(i)) continue;
            if (s.code(i, p.regimeCol) != p.regimeCode) continue;
            if (last != Integer.MAX_VALUE && last - i < sep) continue;
            rows[got] = i;
            d2[got] = squaredDistance(p, i);
            got++;
            last = i;
        }
        return new Chosen(Arrays.copyOf(rows, got), Arrays.copyOf(d2, got), false, null);
    }

    private int tagSurvivors(Plan p, boolean skipBackfill, int sep) {
        int count = 0;
        int last = Integer.MIN_VALUE / 2;
        for (int i = 0; i < p.cut; i++) {
            if (skipBackfill && s.backfill(i)) continue;
            if (s.code(i, p.regimeCol) != p.regimeCode) continue;
            if (i - last < sep || !complete(p, i)) continue;
            count++;
            last = i;
        }
        return count;
    }

    /** True when row {@code i} has every matched dimension (only such rows can be ranked by distance). */
    private boolean complete(Plan p, int i) {
        for (int c : p.cols) if (Double.isNaN(s.value(i, c))) return false;
        return true;
    }

    private double squaredDistance(Plan p, int i) {
        if (p.cols.length == 0) return Double.NaN;
        double acc = 0;
        for (int j = 0; j < p.cols.length; j++) {
            double diff = s.value(i, p.cols[j]) - p.q[j];
            acc += p.coef[j] * diff * diff;
        }
        return acc;
    }

    // ---- the answer --------------------------------------------------------------------

    private AnalogueResponse respond(Plan p, AnalogueRequest r, Chosen c, boolean withInterval, boolean calibrated) {
        int k = c.rows().length;
        double[] dist = new double[k];
        for (int i = 0; i < k; i++) dist[i] = Double.isNaN(c.d2()[i]) ? Double.NaN : Math.sqrt(c.d2()[i] / p.trustSum);
        double[] w = weights(p, r, c.rows());

        // Outcomes in date order: the block bootstrap resamples neighbouring analogues together.
        Integer[] byDate = new Integer[k];
        for (int i = 0; i < k; i++) byDate[i] = i;
        Arrays.sort(byDate, (a, b) -> Integer.compare(c.rows()[a], c.rows()[b]));
        ForwardStats[] stats = new ForwardStats[DailySignals.HORIZONS.length];
        double[] independent = new double[stats.length];
        for (int h = 0; h < stats.length; h++) {
            int horizon = DailySignals.HORIZONS[h];
            double[] x = new double[k];
            double[] ww = new double[k];
            int[] knownRows = new int[k];
            int known = 0;
            for (int i = 0; i < k; i++) {
                int row = c.rows()[byDate[i]];
                if (!outcomeKnown(row, horizon, p.asOfRow)) continue;
                x[known] = s.forward(row, horizon);
                knownRows[known] = row;
                ww[known++] = w[byDate[i]];
            }
            independent[h] = WeightedStats.independentOutcomes(Arrays.copyOf(knownRows, known), Arrays.copyOf(ww, known), horizon);
            stats[h] = WeightedStats.of(horizon, Arrays.copyOf(x, known), Arrays.copyOf(ww, known), AnalogueDefaults.BOOTSTRAP_SEED + horizon, withInterval);
            if (calibrated && conformal != null) stats[h] = stats[h].withCalibration(conformal.calibrate(r, p.asOfRow, stats[h]));
        }

        int live = 0;
        for (int row : c.rows()) if (!s.backfill(row)) live++;
        double dMin = Double.POSITIVE_INFINITY, dMax = Double.NEGATIVE_INFINITY, dSum = 0;
        int dCount = 0;
        for (double v : dist) {
            if (Double.isNaN(v)) continue;
            dMin = Math.min(dMin, v);
            dMax = Math.max(dMax, v);
            dSum += v;
            dCount++;
        }
        int hb = r.horizon() == null ? AnalogueDefaults.MAX_HORIZON : r.horizon();
        Map<String, Integer> distribution = new LinkedHashMap<>();
        List<RegimeBreakdown> breakdown = new ArrayList<>();
        if (p.regimeCol >= 0) regimes(p, c.rows(), w, hb, distribution, breakdown);

        Map<String, Double> dimWeights = new LinkedHashMap<>();
        for (int j = 0; j < p.cols.length; j++) dimWeights.put(p.colNames[j], p.trust[j]);

        Headline headline = r.horizon() == null ? null
                : headline(p, r.horizon(), k, stats, independent[DailySignals.horizonIndex(r.horizon())]);
        List<String> notes = new ArrayList<>(p.notes);
        String small = smallSampleNote(r.horizon(), stats, independent);
        if (small != null) notes.add(small);
        List<AnalogueDate> dates = null;
        if (r.includeAnalogueDates()) {
            Integer[] order = new Integer[k];
            for (int i = 0; i < k; i++) order[i] = i;
            // Ascending distance (none last), the more recent first on ties.
            Arrays.sort(order, (a, b) -> {
                int cmp = Double.compare(nanLast(dist[a]), nanLast(dist[b]));
                return cmp != 0 ? cmp : Integer.compare(c.rows()[b], c.rows()[a]);
            });
            dates = new ArrayList<>(k);
            for (int i : order) {
                int row = c.rows()[i];
                dates.add(new AnalogueDate(s.date(row), boxed(dist[i]), w[i], s.forward(row, 1), s.forward(row, 3), s.forward(row, 5),
                        outcomeKnown(row, 20, p.asOfRow) ? boxed(s.forward(row, 20)) : null, regimeLabel(p, row), s.backfill(row)));
            }
        }
        return new AnalogueResponse(version, r.mode().wire(), r.horizon(), p.tradeDate, s.benchmark(), k, live, k - live,
                r.backfillWeight(), r.recencyHalfLifeDays(), Math.min(p.asOfRow, s.size()), p.cut, AnalogueDefaults.EMBARGO_DAYS,
                AnalogueDefaults.MIN_SEPARATION_DAYS, List.of(p.colNames), dimWeights, p.query, p.bins,
                dCount == 0 ? null : dMin, dCount == 0 ? null : dMax, dCount == 0 ? null : dSum / dCount, p.novelty,
                stats[0], stats[1], stats[2], stats[3], distribution, breakdown, c.fallback(), c.fallbackReason(), List.copyOf(notes), s.dataWarning(), headline, dates);
    }

    /** 0.5^(age/half-life) times the backfill weight, scaled so the heaviest analogue weighs 1. */
    private double[] weights(Plan p, AnalogueRequest r, int[] rows) {
        double[] logw = new double[rows.length];
        double max = Double.NEGATIVE_INFINITY;
        double hl = r.recencyHalfLifeDays();
        for (int i = 0; i < rows.length; i++) {
            double age = p.asOfEpochDay - s.epochDay(rows[i]);
            double lw = hl > 0 ? -age / hl * Math.log(2) : 0;
            if (s.backfill(rows[i])) lw += Math.log(r.backfillWeight());
            logw[i] = lw;
            max = Math.max(max, lw);
        }
        double[] w = new double[rows.length];
        for (int i = 0; i < rows.length; i++) w[i] = Math.exp(logw[i] - max);
        return w;
    }

    private void regimes(Plan p, int[] rows, double[] w, int horizon, Map<String, Integer> distribution, List<RegimeBreakdown> breakdown) {
        List<String> levels = s.registry().get(SignalRegistry.REGIME).levels();
        int groups = levels.size() + 1;
        int[] count = new int[groups];
        double[] sw = new double[groups], swx = new double[groups], swPos = new double[groups];
        double total = 0;
        int[] known = new int[groups];
        for (int i = 0; i < rows.length; i++) {
            int code = s.code(rows[i], p.regimeCol);
            int g = code < 0 ? levels.size() : code;
            count[g]++;
            if (!outcomeKnown(rows[i], horizon, p.asOfRow)) continue;
            double x = s.forward(rows[i], horizon);
            known[g]++;
            sw[g] += w[i];
            swx[g] += w[i] * x;
            if (x > 0) swPos[g] += w[i];
            total += w[i];
        }
        for (int g = 0; g < groups; g++) {
            String name = g < levels.size() ? levels.get(g) : "UNTAGGED";
            if (g == levels.size() && count[g] == 0) continue;
            distribution.put(name, count[g]);
            if (known[g] > 0) {
                breakdown.add(new RegimeBreakdown(name, known[g], sw[g] / total, horizon, swx[g] / sw[g], 100.0 * swPos[g] / sw[g]));
            }
        }
    }

    /**
     * "small sample" when the asked horizon (or, without one or without its outcomes, any horizon) rests on fewer than
     * {@link AnalogueDefaults#SMALL_SAMPLE_OUTCOMES} independent outcomes; null otherwise.
     */
    private static String smallSampleNote(Integer asked, ForwardStats[] stats, double[] independent) {
        List<String> parts = new ArrayList<>();
        // an asked horizon without outcomes says so in the headline; the note then covers the horizons that have them
        boolean onlyAsked = asked != null && stats[DailySignals.horizonIndex(asked)].count() > 0;
        for (int h = 0; h < stats.length; h++) {
            int horizon = DailySignals.HORIZONS[h];
            if (onlyAsked && asked != horizon) continue;
            if (stats[h].count() == 0 || !(independent[h] < AnalogueDefaults.SMALL_SAMPLE_OUTCOMES)) continue;
            parts.add(String.format(java.util.Locale.ROOT, "%dd: %d analogues, about %.1f independent outcomes", horizon, stats[h].count(), independent[h]));
        }
        if (parts.isEmpty()) return null;
        return "small sample (" + String.join("; ", parts) + ", counting overlapping windows and unequal weights): fewer than "
                + AnalogueDefaults.SMALL_SAMPLE_OUTCOMES + ", so the mean, the positive share and the 95% CI are rough (such an interval holds less than 93% of the time)";
    }

    private Headline headline(Plan p, int horizon, int matched, ForwardStats[] all, double independent) {
        int h = DailySignals.horizonIndex(horizon);
        ForwardStats st = all[h];
        int base = Math.max(0, p.asOfRow - Math.max(horizon, AnalogueDefaults.MAX_HORIZON) - AnalogueDefaults.EMBARGO_DAYS);
        Double baseMean = base == 0 ? null : fwdPrefix[h][base] / base;
        Double basePos = base == 0 ? null : 100.0 * posPrefix[h][base] / base;
        String text;
        if (matched == 0) {
            text = "No analogue qualifies before " + p.tradeDate + ".";
        } else if (st.count() == 0) {
            text = noOutcomeText(p, horizon, matched, all);
        } else {
            text = String.format(java.util.Locale.ROOT,
                    "Over %d analogues (effective %.1f), the %d-day forward return of %s averaged %s (95%% CI %s to %s), median %s, positive %.0f%% of the time; base rate %s, positive %.0f%% (%d days).",
                    st.count(), st.effectiveCount(), horizon, s.benchmark(), pct(st.mean()), pct(st.ci95() == null ? null : st.ci95().low()),
                    pct(st.ci95() == null ? null : st.ci95().high()),
                    pct(st.median()), st.positivePct(), pct(baseMean), basePos == null ? Double.NaN : basePos, base);
            if (independent < AnalogueDefaults.SMALL_SAMPLE_OUTCOMES) {
                text += String.format(java.util.Locale.ROOT, " Small sample: about %.1f independent outcomes (fewer than %d), so the average, the share and the interval are rough.",
                        independent, AnalogueDefaults.SMALL_SAMPLE_OUTCOMES);
            }
        }
        ForwardStats.ConfidenceInterval ci = st.ci95(); // null in the calibration's own steps (no bootstrap there)
        return new Headline(horizon, st.count(), st.effectiveCount(), st.count() == 0 ? null : independent, st.mean(), st.median(), st.positivePct(),
                ci == null ? null : ci.low(), ci == null ? null : ci.high(), baseMean, basePos, base, text);
    }

    /** Analogues were matched, but none closed its {@code horizon}-day window before the as-of date: said, with the horizons that have outcomes. */
    private String noOutcomeText(Plan p, int horizon, int matched, ForwardStats[] all) {
        List<String> with = new ArrayList<>();
        for (int i = 0; i < all.length; i++) if (all[i].count() > 0) with.add("forward_" + DailySignals.HORIZONS[i] + "d");
        return matched + " analogue" + (matched == 1 ? "" : "s") + " matched but none has " + horizon + " trading days after it, plus the " + AnalogueDefaults.EMBARGO_DAYS
                + "-day embargo, before " + p.tradeDate + " (history " + closesToAsOf(p) + " days), so no " + horizon
                + "-day outcome to average" + (with.isEmpty() ? "." : "; " + String.join(", ", with) + " " + (with.size() == 1 ? "has" : "have") + " outcomes.");
    }

    private String regimeLabel(Plan p, int row) {
        if (p.regimeCol < 0) return null;
        int code = s.code(row, p.regimeCol);
        return code < 0 ? null : s.registry().get(SignalRegistry.REGIME).levels().get(code);
    }

    static String pct(Double v) {
        return v == null || v.isNaN() ? "n/a" : String.format(java.util.Locale.ROOT, "%+.2f%%", 100 * v);
    }

    private static double nanLast(double v) {
        return Double.isNaN(v) ? Double.POSITIVE_INFINITY : v;
    }

    private static Double boxed(double v) {
        return Double.isNaN(v) ? null : v;
    }
}
