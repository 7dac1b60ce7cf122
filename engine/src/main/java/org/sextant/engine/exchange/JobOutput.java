package org.sextant.engine.exchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;

/**
 * A finished scale-out job's output folder (Spark writes part-*.parquet and, once the job
 * committed, _SUCCESS), staged where the store's DuckDB may read it: each file hard-linked
 * (copied across file systems) into a fresh folder under the store's staging folder.
 */
public final class JobOutput implements AutoCloseable {
    private final Path staged;

    private JobOutput(Path staged) {
        this.staged = staged;
    }

    public static JobOutput stage(Store store, Path folder) {
        Path in = folder.toAbsolutePath().normalize();
        if (!Files.isDirectory(in)) throw SextantException.invalid("output", in + " is not a folder", "name the job's --out folder");
        if (!Files.exists(in.resolve("_SUCCESS"))) {
            throw SextantException.invalid("output", in + " has no _SUCCESS marker: the job has not finished (or failed)",
                    "wait for the job to finish, or run it again; a failed job's partial files are never imported");
        }
        Path staged = store.stagingDir().toAbsolutePath().normalize().resolve("job-" + UUID.randomUUID());
        List<Path> parts = new ArrayList<>();
        try (Stream<Path> s = Files.list(in)) {
            s.filter(p -> p.getFileName().toString().endsWith(".parquet")).sorted().forEach(parts::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (parts.isEmpty()) throw SextantException.invalid("output", in + " holds no .parquet file", "name the job's --out folder");
        try {
            Files.createDirectories(staged);
            for (Path p : parts) {
                Path t = staged.resolve(p.getFileName().toString());
                try {
                    Files.createLink(t, p);
                } catch (IOException | UnsupportedOperationException otherFileSystem) {
                    Files.copy(p, t);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("staging " + in + " failed", e);
        }
        return new JobOutput(staged);
    }

    public static final String FORECAST_BACKTEST = "forecast-backtest";
    public static final String STRATEGY_SWEEP = "strategy-sweep";
    public static final String FORECAST_SCAN = "forecast-scan";

    /** Which job wrote a finished output folder, told by its columns; refused when none did. */
    public static String kind(Store store, Path folder) {
        try (JobOutput out = stage(store, folder)) {
            List<String> columns = store.read(c -> {
                List<String> names = new ArrayList<>();
                try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM " + out.relation())) {
                    while (r.next()) names.add(r.getString(1));
                }
                return names;
            });
            if (columns.containsAll(StrategySweepRows.COLUMNS)) return STRATEGY_SWEEP;
            if (columns.containsAll(ForecastBacktestRows.COLUMNS)) return FORECAST_BACKTEST;
            if (columns.containsAll(ForecastScanRows.COLUMNS)) return FORECAST_SCAN;
            throw SextantException.invalid("output", folder.toAbsolutePath().normalize() + " is not the output of a sextant-spark job (its columns are not a job's)",
                    "import the --out folder of `sextant-spark forecast-backtest`, `forecast-scan` or `strategy-sweep`");
        }
    }

    /** The staged files as a DuckDB relation. */
    public String relation() {
        return "read_parquet('" + staged.toString().replace("'", "''") + "/*.parquet')";
    }

    /** As {@link #relation()}, with a {@code filename} column: the staged file's path, whose name is the user's file name. */
    public String relationWithFileNames() {
        return relation().replace("/*.parquet')", "/*.parquet', filename = true)");
    }

    /**
     * The refusal of an output row the job could not have written: {@code where} names the file
     * and row, {@code what} what is wrong with {@code column}; the fix is to re-run {@code job}.
     */
    public static SextantException corrupt(String where, String column, String what, String job) {
        return SextantException.invalid("output", where + "column " + column + " " + what + ": the output is corrupt or was not written by the job",
                "re-run the job (`sextant-spark " + job + "`) and import its new --out folder");
    }

    /** "FILE in FOLDER, ": where a row of {@link #relationWithFileNames()} came from, by the user's file name (not the staged copy's path). */
    public static String where(String stagedPath, Path folder) {
        return Path.of(stagedPath).getFileName() + " in " + folder + ", ";
    }

    // dup: best-effort removal as StagedFile's; a leftover in staging is removed at the next open
    @Override
    public void close() {
        try {
            PriceParquetExport.deleteTree(staged);
        } catch (IOException e) {
            // a leftover in staging is removed at the next open
        }
    }
}
