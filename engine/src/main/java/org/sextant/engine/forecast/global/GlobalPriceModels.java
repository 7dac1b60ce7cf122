package org.sextant.engine.forecast.global;

import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.JobContext;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
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
    /** As data/replaced-TIME: when a non-file in a model's place was moved aside. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    /**
     * Reads what trains: given how many closes each series that may train holds (oldest first, in
     * the reader's order), {@code choose} says which of them train ({@link TrainingSample}); the
     * reader returns the closes of each chosen part, in that order, and reads nothing else.
     */
    @FunctionalInterface
    public interface TrainingCloses {
        List<double[]> read(java.util.function.Function<int[], TrainingSample> choose);
    }

    private final Path dir;
    private final TrainingCloses closes;
    private final Supplier<String> fingerprintOfData;
    private final java.util.function.IntFunction<GlobalConfig> configFor;
    private final long maxCloses;
    private volatile String fingerprint;
    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    /**
     * @param dir               the models folder (SEXTANT_HOME/models/global)
     * @param closes            the training parts of the series (read when training)
     * @param fingerprintOfData a digest of the stored prices (computed again after {@link #dataChanged})
     */
    public GlobalPriceModels(Path dir, TrainingCloses closes, Supplier<String> fingerprintOfData) {
        this(dir, closes, fingerprintOfData, GlobalPriceModels::config);
    }

    GlobalPriceModels(Path dir, TrainingCloses closes, Supplier<String> fingerprintOfData,
                      java.util.function.IntFunction<GlobalConfig> configFor) {
        this(dir, closes, fingerprintOfData, configFor, TrainingSample.MAX_CLOSES);
    }

    /** As above, training holding at most {@code maxCloses} closes (tests: a small store over a small cap). */
    GlobalPriceModels(Path dir, TrainingCloses closes, Supplier<String> fingerprintOfData,
                      java.util.function.IntFunction<GlobalConfig> configFor, long maxCloses) {
        this.maxCloses = maxCloses;
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

    /** The digest of the stored prices a model trained now would be kept under: a forecast of {@code global} made since they changed differs. */
    public String dataFingerprint() { return fingerprint(); }

    private String fingerprint() {
        String f = fingerprint;
        if (f == null) fingerprint = f = fingerprintOfData.get();
        return f;
    }

    /**
     * The stored model trained on the current data for a horizon of at least h: the smallest one
     * that reads and checks; invalid_input saying how to train one when there is none, or why the
     * stored one cannot be read.
     */
    public GlobalModel current(int h) {
        String fp = fingerprint();
        Path damaged = null;
        String reason = null;
        for (Path file : candidates(h, fp)) {
            Loaded l = load(file);
            if (l == null) continue; // removed since listed
            if (l.model() != null) return l.model();
            if (damaged == null) {
                damaged = file;
                reason = l.error();
            }
        }
        if (damaged != null) throw unreadable(damaged, reason);
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw SextantException.invalid("model", "the global model has no place to be kept: " + dir + " is not a folder (a file or something else is in its place)",
                    "move " + dir + " away (training does not replace it), then train it with train_global_model (horizon " + Math.max(h, DEFAULT_HORIZON) + ")");
        }
        throw SextantException.invalid("model", "the global model has not been trained on the current prices for horizon " + h,
                "train it with train_global_model (horizon " + Math.max(h, DEFAULT_HORIZON) + "), a background job, then ask again");
    }

    /** Whether a model for horizon ≥ h that reads and checks exists for the current data. */
    public boolean trained(int h) {
        return version(h) != null;
    }

    /**
     * Which model {@link #current} gives for horizon h: its file (horizon and data fingerprint) and checksum, or null when
     * none is trained. A forecast made with another model (a smaller horizon trained since, a file replaced) is not reused.
     */
    public String version(int h) {
        Pinned p = pin(h);
        return p == null ? null : p.version();
    }

    /** A model {@link #current} gave, read once, with its {@link #version}: what one backtest fits at every origin. */
    public record Pinned(GlobalModel model, String version) {}

    /**
     * The model {@link #current} gives for horizon h now and its version, from one read of its file, or null when none is
     * trained: a run that fits it at every origin keeps this one, so a training that ends meanwhile (a file replaced, a
     * smaller horizon) does not put a second model into it, and the version stored with it is the model that made it.
     */
    public Pinned pin(int h) {
        for (Path file : candidates(h, fingerprint())) {
            Loaded l = load(file);
            if (l != null && l.model() != null) return new Pinned(l.model(), file.getFileName() + "#" + Long.toHexString(l.model().checksum()));
        }
        return null;
    }

    /** This data's files named for horizons ≥ h, smallest first; their headers are checked when read. */
    private List<Path> candidates(int h, String fp) {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith("-" + fp + ".sxgm") && horizonOf(p) >= h)
                    .sorted(java.util.Comparator.comparingInt(GlobalPriceModels::horizonOf)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    /** The horizon a file's name gives, -1 for a file not named by {@link #train}. */
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
        Path file = dir.resolve("global-h" + h + "-" + fp + ".sxgm");
        try {
            Files.createDirectories(dir); // before training: something in the folder's place failed the job after a minute of it
        } catch (IOException e) {
            throw notStored(file, e);
        }
        String others = setAsideDamaged(h, fp);
        Loaded stored = load(file);
        if (stored != null && stored.model() != null) return GlobalTraining.reused(h, file.toString(), others);
        // a damaged file would otherwise be a dead end: an agent cannot delete it
        String note = stored == null ? null : "the stored model could not be read (" + stored.error() + "): trained again";
        if (others != null) note = note == null ? others : note + "; " + others;
        ctx.progress(0, "reading closes");
        GlobalConfig config = configFor.apply(h);
        TrainingSample[] sample = new TrainingSample[1];
        List<double[]> train = closes.read(counts -> sample[0] = sample(counts, config, maxCloses));
        if (sample[0] == null || train.size() != sample[0].seriesRead()) {
            throw new IllegalStateException("the global model's training closes were not read as chosen"); // a reader's bug, not the user's data
        }
        for (double[] y : train) toLogs(y);
        GlobalModel m = GlobalModel.train(train, firstOrigins(sample[0]), config, f -> ctx.progress(0.02 + 0.96 * f, "training the global model"), ctx::cancelled);
        Path aside = store(m, file);
        if (aside != null) note = (note == null ? "a folder was in the model's place" : note) + "; it was moved aside to " + aside.getFileName();
        loaded.remove(file.toString());
        removeStale(h, fp);
        if (sample[0].sampled()) note = note == null ? sampledNote(sample[0]) : sampledNote(sample[0]) + "; " + note;
        return GlobalTraining.trained(h, file.toString(), train.size(), m.calibrationCount(),
                sample[0].sampled() ? new GlobalTraining.Sample(sample[0].windows(), sample[0].windowsOfAll(), sample[0].closes()) : null, note);
    }

    /** The parts of series holding {@code counts} closes that train under config c, at most {@code maxCloses} of them. */
    static TrainingSample sample(int[] counts, GlobalConfig c, long maxCloses) {
        int[] parts = new int[counts.length];
        for (int i = 0; i < counts.length; i++) parts[i] = trainingLength(counts[i]);
        return TrainingSample.choose(parts, c, maxCloses);
    }

    /** The first origin each part read draws, in the order read. */
    private static int[] firstOrigins(TrainingSample s) {
        int[] out = new int[s.series()];
        int n = 0;
        for (int i = 0; i < s.series(); i++) if (s.part(i) != null) out[n++] = s.firstOrigin(s.part(i));
        return java.util.Arrays.copyOf(out, n);
    }

    /** What the result's note says of a sample: how many windows of how many, and how they were chosen. */
    private String sampledNote(TrainingSample s) {
        return String.format(java.util.Locale.ROOT, "trained on a sample: %,d of the %,d training windows (%,d closes held, at most %,d: "
                + "the most recent closes of %s)", s.windows(), s.windowsOfAll(), s.closes(), maxCloses,
                s.seriesRead() < s.series() ? String.format(java.util.Locale.ROOT, "%,d of the %,d series, drawn by the seed", s.seriesRead(), s.series())
                        : "each series");
    }

    /**
     * Writes the model beside {@code file} and moves it into place. A folder (or anything but a file)
     * in its place is moved aside first, as an agent cannot delete one; returns where, or null.
     * On any failure no .tmp is left and the job fails saying which path and what to do.
     */
    private Path store(GlobalModel m, Path file) {
        Path tmp = dir.resolve(file.getFileName() + ".tmp");
        try {
            Files.createDirectories(dir);
            if (setAside(tmp) == null) Files.deleteIfExists(tmp); // a file or link left by a stopped run: not followed
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp,
                    java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)))) {
                m.write(out);
            }
            Path aside = setAside(file);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return aside;
        } catch (IOException e) {
            try {
                if (Files.isRegularFile(tmp, LinkOption.NOFOLLOW_LINKS)) Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the failure below says what to do; a .tmp left is replaced by the next training
            }
            throw notStored(file, e);
        }
    }

    /** The job's failure when the model cannot be kept in {@code file}: which path and what to do. */
    private SextantException notStored(Path file, IOException e) {
        String why = e instanceof java.nio.file.FileAlreadyExistsException f ? f.getFile() + " is in the way"
                : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.getClass().getSimpleName();
        return new SextantException(FailReason.IO_ERROR, "the trained global model could not be stored as " + file + " (" + why + ")", null,
                "make " + dir + " a writable folder with free disk space, then train again", e);
    }

    /** Moves a folder (or pipe, ...) at {@code p} aside; null when nothing moved: a file or link is simply replaced. */
    private static Path setAside(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(p)) return null;
        Path aside = p.resolveSibling(p.getFileName() + ".replaced-" + STAMP.format(Instant.now()));
        Files.move(p, aside);
        return aside;
    }

    /**
     * Moves aside this data's model files of other horizons that cannot be read, renamed {@code ….sxgm.damaged-TIME}
     * (kept, not deleted: the person may want it): otherwise one stays until its own horizon is trained, and a
     * question for a horizon it covers is answered with its damage. Said in the training's note; null when none.
     */
    private String setAsideDamaged(int h, String fp) throws IOException {
        if (!Files.isDirectory(dir)) return null;
        List<String> moved = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.getFileName().toString().endsWith("-" + fp + ".sxgm") && horizonOf(p) > 0 && horizonOf(p) != h
                    && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
                Loaded l = load(p);
                if (l == null || l.model() != null) continue;
                Path aside = p.resolveSibling(p.getFileName() + ".damaged-" + STAMP.format(Instant.now()));
                Files.move(p, aside);
                loaded.remove(p.toString());
                moved.add(aside.getFileName() + " (" + l.error() + ")");
            }
        }
        return moved.isEmpty() ? null : "a damaged model of another horizon was moved aside: " + String.join(", ", moved);
    }

    /** How many of a series' n closes train: the first {@link #TRAIN_SHARE} of them. */
    static int trainingLength(int n) {
        return (int) Math.floor(n * TRAIN_SHARE);
    }

    /** Closes to log closes, in place: a copy would double what training holds. */
    private static void toLogs(double[] y) {
        for (int i = 0; i < y.length; i++) y[i] = Math.log(y[i]);
    }

    private void removeStale(int h, String fp) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            // models Sextant wrote only: a folder set aside, or a file of the person's under a model's name (the folder
            // may be a link to one of theirs), is left as it is
            for (Path p : files.filter(p -> horizonOf(p) == h && !p.getFileName().toString().endsWith("-" + fp + ".sxgm")
                    && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && GlobalModel.startsAsModel(p)).toList()) {
                Files.deleteIfExists(p);
                loaded.remove(p.toString());
            }
        }
    }

    /** What identifies a file's content without reading it: a replaced or rewritten file differs in one of these. */
    private record Stamp(long size, FileTime modified, Object key) {}

    /** A file as last read: its model, or why it cannot be read. */
    private record Loaded(Stamp stamp, GlobalModel model, String error) {}

    /** The file's model or error, read again when the file changed since (cheap check on each use); null: no such file. */
    private Loaded load(Path file) {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            loaded.remove(file.toString());
            return null;
        }
        Stamp now = new Stamp(a.size(), a.lastModifiedTime(), a.fileKey());
        return loaded.compute(file.toString(), (k, old) -> old != null && old.stamp().equals(now) ? old : read(file, now, a));
    }

    private static Loaded read(Path file, Stamp stamp, BasicFileAttributes a) {
        // checked before opening: a folder reads as an IOException, a named pipe would block the read
        if (a.isDirectory()) return new Loaded(stamp, null, "a folder, not a file, is in its place");
        if (a.isSymbolicLink()) return new Loaded(stamp, null, "a symbolic link is in its place, not followed");
        if (!a.isRegularFile()) return new Loaded(stamp, null, "something other than a file is in its place");
        // a stream, not a FileChannel: the self-test counts FileChannel.open as a write whatever its options
        try (java.io.InputStream in = org.sextant.contract.HomeFile.open(file)) { // the same regular file once opened
            GlobalModel m = GlobalModel.read(new BufferedInputStream(in), stamp.size());
            if (m.horizon() != horizonOf(file)) return new Loaded(stamp, null, "its header's horizon does not match its name");
            return new Loaded(stamp, m, null);
        } catch (IOException e) {
            return new Loaded(stamp, null, e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
        }
    }

    private static SextantException unreadable(Path file, String reason) {
        return SextantException.invalid("model", "the stored global model " + file.getFileName() + " cannot be read (" + reason + ")",
                "train the global model again with train_global_model (horizon " + horizonOf(file) + "): training replaces the file");
    }
}
