package org.sextant.engine.forecast.global;

import org.sextant.engine.forecast.Forecast;
import org.sextant.engine.forecast.QuantileBand;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import java.util.zip.CRC32;

/**
 * A forecaster trained across many series: an ensemble of networks on normalised lag windows,
 * each forecasting all h steps at once (direct multi-horizon), combined by the median. Bands
 * are conformal: absolute residuals of the ensemble on series kept out of training, per step, in
 * the units of the normalisation. Only the values passed to {@link #train} are ever seen; a
 * caller that forecasts a series from an origin must train on values before it.
 */
public final class GlobalModel {
    private static final int MAGIC = 0x5358474d; // "SXGM"

    /** Whether {@code file} begins as a model Sextant wrote ("SXGM"): only such a file is ever deleted as a stale model. */
    static boolean startsAsModel(java.nio.file.Path file) {
        try (java.io.DataInputStream in = new java.io.DataInputStream(java.nio.file.Files.newInputStream(file))) {
            return in.readInt() == MAGIC;
        } catch (java.io.IOException unreadable) {
            return false;
        }
    }
    private static final int FORMAT = 3; // 2 added the relative loss flag, 3 the checksum; 1 and 2 are refused (train again)
    /** Bounds of a stored model, far above what Sextant trains (horizon ≤ 260, 4 members, 64 units): a file beyond them is damaged. */
    static final int MAX_HORIZON = 1000, MAX_MEMBERS = 64, MAX_RESIDUALS = 10_000_000;
    /** The largest file read: what a read may allocate is bounded by the file's length. */
    static final long MAX_BYTES = 256L << 20;
    private static final int MIN_OBSERVED = 3; // a training window needs this many observed inputs
    /** Origins per calibration series: enough residuals that the 95% and 99% ranks differ with few series. */
    private static final int CALIBRATION_ORIGINS = 20;

    private final GlobalConfig config;
    private final List<Mlp> members;
    private final double[][] residuals; // [step][sorted absolute], normalised by the first lookback's scale
    /** The CRC32 of the body as written; read from the file (checked), computed for a model trained here when first asked. */
    private volatile Long checksum;

    private GlobalModel(GlobalConfig config, List<Mlp> members, double[][] residuals, Long checksum) {
        this.config = config;
        this.members = List.copyOf(members);
        this.residuals = residuals;
        this.checksum = checksum;
    }

    public GlobalConfig config() { return config; }

    public int horizon() { return config.horizon(); }

    /** Calibration residuals per step (how many bands are built from). */
    public int calibrationCount() { return residuals[0].length; }

    /** The CRC32 of this model as stored: two models that forecast differently differ in it (forecasts kept in memory are keyed by it). */
    public long checksum() {
        Long c = checksum;
        if (c == null) {
            java.util.zip.CheckedOutputStream crc = new java.util.zip.CheckedOutputStream(java.io.OutputStream.nullOutputStream(), new CRC32());
            try {
                writeBody(new DataOutputStream(crc));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e); // a stream to nowhere does not fail
            }
            checksum = c = crc.getChecksum().getValue();
        }
        return c;
    }

    /**
     * Trains on {@code series} (each at least horizon + {@link #MIN_OBSERVED} values long to
     * contribute). {@code progress} gets the fraction done; {@code cancelled} is polled between
     * batches and stops training with a CancellationException.
     */
    public static GlobalModel train(List<double[]> series, GlobalConfig c, DoubleConsumer progress, BooleanSupplier cancelled)
            throws InterruptedException {
        return train(series, new int[series.size()], c, progress, cancelled);
    }

    /** A series and the first origin training draws from it (0: from its {@link #MIN_OBSERVED}th value on). */
    private record Drawn(double[] y, int firstOrigin) {}

    /**
     * As above, series i drawing origins from {@code firstOrigins[i]} on: a part cut from a longer
     * series ({@link TrainingSample}) starts where every member's window is observed.
     */
    static GlobalModel train(List<double[]> series, int[] firstOrigins, GlobalConfig c, DoubleConsumer progress, BooleanSupplier cancelled)
            throws InterruptedException {
        int h = c.horizon();
        List<Drawn> usable = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            double[] y = series.get(i);
            if (y.length >= h + MIN_OBSERVED && y.length - 1 - h >= firstOrigins[i]) usable.add(new Drawn(y, firstOrigins[i]));
        }
        if (usable.size() < 2) {
            throw org.sextant.engine.SextantException.invalid("series", usable.size() + " series long enough for horizon " + h,
                    "train on at least 2 series of at least " + (h + MIN_OBSERVED) + " values each");
        }
        // the seed decides which series calibrate; with few series every series trains and calibrates
        Random pick = new Random(c.seed());
        List<Drawn> fit = new ArrayList<>(), calib = new ArrayList<>();
        for (Drawn d : usable) (pick.nextDouble() < c.calibrationShare() ? calib : fit).add(d);
        if (calib.size() < 10 || fit.size() < 2) {
            fit = usable;
            calib = usable;
        }
        List<Drawn> trainSet = fit;
        AtomicLong done = new AtomicLong();
        long total = (long) c.members() * c.steps();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(c.threads(), c.members()), org.sextant.engine.DaemonThreads.named("global-train"));
        try {
            List<Future<Mlp>> jobs = new ArrayList<>();
            for (int m = 0; m < c.members(); m++) {
                int member = m;
                jobs.add(pool.submit(() -> trainMember(trainSet, c, member, () -> {
                    progress.accept(done.incrementAndGet() / (double) total);
                    if (cancelled.getAsBoolean()) throw new CancellationException("cancelled");
                })));
            }
            List<Mlp> nets = new ArrayList<>();
            for (Future<Mlp> f : jobs) nets.add(get(f));
            GlobalModel untuned = new GlobalModel(c, nets, new double[h][0], null);
            return new GlobalModel(c, nets, untuned.calibrate(calib), null);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Mlp get(Future<Mlp> f) throws InterruptedException {
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Member {@code member}'s untrained network for {@code inputs} inputs: c's layers, one output per step, its own seed. */
    static Mlp network(GlobalConfig c, int member, int inputs) {
        int[] sizes = new int[c.layers() + 2];
        sizes[0] = inputs;
        Arrays.fill(sizes, 1, sizes.length - 1, c.hidden());
        sizes[sizes.length - 1] = c.horizon();
        return new Mlp(sizes, memberSeed(c, member));
    }

    /** The draws of member {@code member}'s training windows (series and origin), seeded apart from its weights. */
    static Random windowDraws(GlobalConfig c, int member) {
        return new Random(memberSeed(c, member) ^ 0x9E3779B97F4A7C15L);
    }

    private static long memberSeed(GlobalConfig c, int member) { return c.seed() * 1_000_003L + member; }

    private static Mlp trainMember(List<Drawn> series, GlobalConfig c, int member, Runnable afterStep) {
        int h = c.horizon(), lookback = c.lookback(member);
        Mlp net = network(c, member, lookback + 1);
        Mlp.Trainer trainer = net.new Trainer();
        Random r = windowDraws(c, member);
        double[][] xs = new double[c.batch()][], ys = new double[c.batch()][];
        double[] weights = c.relativeLoss() ? new double[c.batch()] : null;
        for (int s = 0; s < c.steps(); s++) {
            double sum = 0;
            for (int k = 0; k < xs.length; k++) {
                Drawn d = series.get(r.nextInt(series.size()));
                double[] y = d.y();
                int last = y.length - 1 - h, first = Math.max(Math.max(MIN_OBSERVED - 1, d.firstOrigin()), last - c.recentOrigins() + 1);
                int origin = first + r.nextInt(last - first + 1);
                Window w = Window.at(y, origin, lookback);
                xs[k] = w.input();
                ys[k] = w.target(y, origin, h);
                if (weights != null) sum += weights[k] = relativeWeight(w);
            }
            if (weights != null) for (int k = 0; k < weights.length; k++) weights[k] *= weights.length / sum; // mean 1: the rate keeps its meaning
            // the last third of training at a tenth of the rate settles the weights
            trainer.step(xs, ys, weights, s < c.steps() * 2 / 3 ? c.learningRate() : c.learningRate() / 10);
            afterStep.run();
        }
        return net;
    }

    /**
     * A window's error in scale units times scale / level is its error relative to the level, what
     * sMAPE counts; a level below one scale unit counts as one (sMAPE saturates there).
     */
    static double relativeWeight(Window w) {
        return w.scale() / Math.max(Math.abs(w.level()), w.scale());
    }

    /**
     * Sorted absolute residuals per step on the last {@link #CALIBRATION_ORIGINS} origins of each
     * calibration series, in plain arrays (boxed, they took three times the room).
     */
    private double[][] calibrate(List<Drawn> series) {
        int h = config.horizon();
        double[][] per = new double[h][series.size() * CALIBRATION_ORIGINS];
        int n = 0;
        for (Drawn d : series) {
            double[] y = d.y();
            int last = y.length - 1 - h;
            for (int origin = last; origin > last - CALIBRATION_ORIGINS && origin >= MIN_OBSERVED - 1; origin--, n++) {
                double[] f = median(Arrays.copyOf(y, origin + 1), h);
                double s = Window.at(y, origin, config.lookback(0)).scale();
                for (int k = 0; k < h; k++) per[k][n] = Math.abs(y[origin + 1 + k] - f[k]) / s;
            }
        }
        for (int k = 0; k < h; k++) {
            per[k] = Arrays.copyOf(per[k], n);
            Arrays.sort(per[k]);
        }
        return per;
    }

    /** Every member's path for the next h values after {@code history} (h ≤ the trained horizon), member by member. */
    public double[][] paths(double[] history, int h) {
        double[][] paths = new double[members.size()][];
        int origin = history.length - 1;
        for (int m = 0; m < members.size(); m++) {
            Window w = Window.at(history, origin, config.lookback(m));
            double[] out = members.get(m).predict(w.input());
            paths[m] = new double[h];
            for (int k = 0; k < h; k++) paths[m][k] = w.denormalise(out[k]);
        }
        return paths;
    }

    /** The ensemble median path for the next h values after {@code history} (h ≤ the trained horizon). */
    public double[] median(double[] history, int h) {
        return median(paths(history, h));
    }

    /** The step-wise median of member paths. */
    public static double[] median(double[][] paths) {
        int h = paths[0].length;
        double[] med = new double[h];
        double[] col = new double[paths.length];
        for (int k = 0; k < h; k++) {
            for (int m = 0; m < paths.length; m++) col[m] = paths[m][k];
            Arrays.sort(col);
            int n = col.length;
            med[k] = n % 2 == 1 ? col[n / 2] : (col[n / 2 - 1] + col[n / 2]) / 2;
        }
        return med;
    }

    /**
     * Median path and split-conformal bands: median ± the ceil((n+1)L)-th smallest absolute
     * calibration residual of the step (in units of this series' scale), so every band holds the
     * median and wider levels give wider bands.
     */
    public Forecast forecast(String name, double[] history, int h, double[] levels) {
        double[] med = median(history, h);
        double s = Window.at(history, history.length - 1, config.lookback(0)).scale();
        List<QuantileBand> bands = new ArrayList<>();
        for (double level : levels) {
            double[] lo = new double[h], hi = new double[h];
            for (int k = 0; k < h; k++) {
                double[] r = residuals[k];
                int n = r.length;
                double q = n == 0 ? 0 : r[Math.min(n - 1, (int) Math.ceil((n + 1) * level) - 1)];
                lo[k] = med[k] - q * s;
                hi[k] = med[k] + q * s;
            }
            bands.add(new QuantileBand(level, lo, hi));
        }
        return new Forecast(name, med, bands);
    }

    /** Magic, format, the CRC32 of the body, then the body (the header's configuration, members, residuals). */
    public void write(DataOutputStream out) throws IOException {
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();
        writeBody(new DataOutputStream(body));
        if (body.size() > MAX_BYTES - 12) throw new IOException("the trained global model would take more than " + MAX_BYTES + " bytes");
        CRC32 crc = new CRC32();
        crc.update(body.toByteArray());
        checksum = crc.getValue();
        out.writeInt(MAGIC);
        out.writeInt(FORMAT);
        out.writeInt((int) crc.getValue());
        body.writeTo(out);
        out.flush();
    }

    private void writeBody(DataOutputStream out) throws IOException {
        GlobalConfig c = config;
        out.writeInt(c.horizon());
        out.writeInt(c.lookbacks().length);
        for (int l : c.lookbacks()) out.writeInt(l);
        out.writeInt(c.members());
        out.writeInt(c.hidden());
        out.writeInt(c.layers());
        out.writeInt(c.steps());
        out.writeInt(c.batch());
        out.writeDouble(c.learningRate());
        out.writeInt(c.recentOrigins());
        out.writeDouble(c.calibrationShare());
        out.writeLong(c.seed());
        out.writeInt(c.threads());
        out.writeBoolean(c.relativeLoss());
        for (Mlp m : members) m.write(out);
        for (double[] r : residuals) {
            out.writeInt(r.length);
            for (double v : r) out.writeDouble(v);
        }
    }

    /**
     * Reads a model of {@code length} bytes, checking every field against the bounds above and
     * the file's length before allocating for it, every number for being finite, and the checksum:
     * an IOException says what is wrong with the file.
     */
    public static GlobalModel read(InputStream raw, long length) throws IOException {
        if (length > MAX_BYTES) throw new IOException("the file is larger than any global model Sextant writes (" + MAX_BYTES + " bytes)");
        ModelInput in = new ModelInput(raw, length);
        if (in.readInt() != MAGIC) throw new IOException("it is not a Sextant global model");
        int format = in.readInt();
        if (format != FORMAT) {
            throw new IOException(format > 0 && format < FORMAT ? "it was written by an earlier version of Sextant"
                    : format > FORMAT && format < 1000 ? "it was written by a newer version of Sextant" : "its format is unknown");
        }
        long stored = in.readInt() & 0xffffffffL;
        in.startChecksum();
        int h = in.readInt("the horizon", 1, MAX_HORIZON);
        int[] lookbacks = new int[in.readInt("the number of lookbacks", 1, MAX_MEMBERS)];
        for (int i = 0; i < lookbacks.length; i++) lookbacks[i] = in.readInt("lookback number " + (i + 1), 1, Mlp.MAX_UNITS - 1);
        GlobalConfig c = new GlobalConfig(h, lookbacks, in.readInt("the member count", 1, MAX_MEMBERS),
                in.readInt("the hidden units", 1, Mlp.MAX_UNITS), in.readInt("the hidden layers", 1, Mlp.MAX_LAYERS - 2),
                in.readInt("the training steps", 1, Integer.MAX_VALUE), in.readInt("the batch size", 1, Integer.MAX_VALUE),
                positive(in.readFinite("the learning rate"), "the learning rate"), in.readInt("the recent origins", 1, Integer.MAX_VALUE),
                share(in.readFinite("the calibration share")), in.readLong(), in.readInt("the thread count", 1, Integer.MAX_VALUE),
                in.readBoolean());
        List<Mlp> nets = new ArrayList<>();
        for (int m = 0; m < c.members(); m++) {
            int[] sizes = new int[c.layers() + 2];
            sizes[0] = c.lookback(m) + 1;
            Arrays.fill(sizes, 1, sizes.length - 1, c.hidden());
            sizes[sizes.length - 1] = h;
            nets.add(Mlp.read(in, sizes, "member " + (m + 1)));
        }
        double[][] res = new double[h][];
        for (int k = 0; k < h; k++) {
            String what = "the residuals of step " + (k + 1);
            res[k] = in.readFinite(what, in.readInt("the residual count of step " + (k + 1), 0, MAX_RESIDUALS));
            for (int i = 0; i < res[k].length; i++) {
                if (res[k][i] < 0 || i > 0 && res[k][i] < res[k][i - 1]) throw new IOException(what + " are not sorted absolute errors");
            }
        }
        in.atEnd();
        if (in.checksum() != stored) throw new IOException("its checksum does not match its content (the file was changed or damaged)");
        return new GlobalModel(c, nets, res, stored);
    }

    private static double positive(double v, String what) throws IOException {
        if (!(v > 0)) throw new IOException(what + " is not positive");
        return v;
    }

    private static double share(double v) throws IOException {
        if (!(v >= 0 && v < 1)) throw new IOException("the calibration share is outside [0, 1)");
        return v;
    }
}
