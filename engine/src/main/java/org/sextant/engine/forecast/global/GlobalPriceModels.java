package org.sextant.engine.forecast.global;

import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.JobContext;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The global model of the user's universe: trained on the log closes of every stored symbol,
 * stored under SEXTANT_HOME/models/global as {@code global-h<H>-<fingerprint>.sxgm} and reused
 * while the data fingerprint (symbols, rows, last dates, sums of closes) is unchanged.
 *
 * <p>Only the first {@link #TRAIN_SHARE} of each series trains: the last 40% is where walk-forward
 * backtests evaluate (eval_fraction 0.4 by default), so a backtest of {@code global} never
 * forecasts a value the model was trained on.
 */
public final class GlobalPriceModels {
    public static final double TRAIN_SHARE = 0.6;
    public static final int DEFAULT_HORIZON = 20;
    static final long SEED = 1;

    private final Path dir;
    private final Supplier<Map<String, double[]>> closes;
    private final Supplier<String> fingerprintOfData;
    private final java.util.function.IntFunction<GlobalConfig> configFor;
    private volatile String fingerprint;
    private final Map<String, GlobalModel> loaded = new ConcurrentHashMap<>();

    /**
     * @param dir               the models folder (SEXTANT_HOME/models/global)
     * @param closes            symbol → closes, oldest first (read when training)
     * @param fingerprintOfData a digest of the stored prices (computed again after {@link #dataChanged})
     */
    public GlobalPriceModels(Path dir, Supplier<Map<String, double[]>> closes, Supplier<String> fingerprintOfData) {
        this(dir, closes, fingerprintOfData, GlobalPriceModels::config);
    }

    GlobalPriceModels(Path dir, Supplier<Map<String, double[]>> closes, Supplier<String> fingerprintOfData,
                      java.util.function.IntFunction<GlobalConfig> configFor) {
        this.configFor = configFor;
        this.dir = dir;
        this.closes = closes;
        this.fingerprintOfData = fingerprintOfData;
    }

    /** The training configuration for prices at horizon h: smaller than M3's, as 37-odd long series ask. */
    public static GlobalConfig config(int h) {
        return GlobalConfig.forHorizon(h, SEED).withLookbacks(2 * h, 3 * h, 4 * h).withMembers(4).withHidden(64).withSteps(1000)
                .withRecentOrigins(Integer.MAX_VALUE / 4);
    }

    public void dataChanged() { fingerprint = null; }

    private String fingerprint() {
        String f = fingerprint;
        if (f == null) fingerprint = f = fingerprintOfData.get();
        return f;
    }

    /** The stored model trained on the current data for a horizon of at least h, or invalid_input saying how to train one. */
    public GlobalModel current(int h) {
        String fp = fingerprint();
        Path file = find(h, fp);
        if (file == null) {
            throw SextantException.invalid("model", "the global model has not been trained on the current prices for horizon " + h,
                    "train it with train_global_model (horizon " + Math.max(h, DEFAULT_HORIZON) + "), a background job, then ask again");
        }
        return loaded.computeIfAbsent(file.toString(), k -> read(file));
    }

    /** Whether a model for horizon ≥ h exists for the current data. */
    public boolean trained(int h) { return find(h, fingerprint()) != null; }

    private Path find(int h, String fp) {
        if (!Files.isDirectory(dir)) return null;
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith("-" + fp + ".sxgm") && horizonOf(p) >= h)
                    .min(java.util.Comparator.comparingInt(GlobalPriceModels::horizonOf)).orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static int horizonOf(Path p) {
        String n = p.getFileName().toString();
        try {
            return Integer.parseInt(n.substring("global-h".length(), n.indexOf('-', "global-h".length())));
        } catch (RuntimeException e) {
            return -1; // not one of ours
        }
    }

    /**
     * Trains (or reuses) the model for horizon h on the current data: the job's work.
     */
    public GlobalTraining train(int h, JobContext ctx) throws IOException, InterruptedException {
        String fp = fingerprint();
        Path existing = find(h, fp);
        if (existing != null && horizonOf(existing) == h) {
            return GlobalTraining.reused(h, existing.toString());
        }
        ctx.progress(0, "reading closes");
        List<double[]> train = new ArrayList<>();
        for (double[] y : closes.get().values()) train.add(trainingPart(y));
        GlobalModel m = GlobalModel.train(train, configFor.apply(h), f -> ctx.progress(0.02 + 0.96 * f, "training the global model"), ctx::cancelled);
        Files.createDirectories(dir);
        Path file = dir.resolve("global-h" + h + "-" + fp + ".sxgm");
        Path tmp = dir.resolve(file.getFileName() + ".tmp");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
            m.write(out);
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        removeStale(h, fp);
        return GlobalTraining.trained(h, file.toString(), train.size(), m.calibrationCount());
    }

    /** Log closes of the first {@link #TRAIN_SHARE} of a series: what trains. */
    static double[] trainingPart(double[] closes) {
        int n = (int) Math.floor(closes.length * TRAIN_SHARE);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) out[i] = Math.log(closes[i]);
        return out;
    }

    private void removeStale(int h, String fp) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> horizonOf(p) == h && !p.getFileName().toString().endsWith("-" + fp + ".sxgm")).toList()) {
                Files.deleteIfExists(p);
                loaded.remove(p.toString());
            }
        }
    }

    private static GlobalModel read(Path file) {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            return GlobalModel.read(in);
        } catch (IOException e) {
            throw SextantException.invalid("model", "the stored global model " + file.getFileName() + " cannot be read (" + e.getMessage() + ")",
                    "delete it and train the global model again with train_global_model");
        }
    }
}
