package org.sextant.engine.exchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.stream.Stream;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.DuckDbPath;
import org.sextant.engine.store.Store;

/**
 * A finished scale-out job's output folder (Spark writes part-*.parquet and, once the job
 * committed, _SUCCESS), staged where the store's DuckDB may read it: each file hard-linked
 * (copied across file systems) into a fresh folder under the store's staging folder, under a name of staging's own
 * (part-000001.parquet, in the order of the user's names): DuckDB reads a name with * ? or [ as a glob, so a user's
 * "part-9[9].parquet" would have the bounds checked on another file (attack 30). Refusals name the user's file.
 */
public final class JobOutput implements AutoCloseable {
    private final Path staged;
    private final Path folder;
    private final JobOutputBounds bounds;
    /** The user's part file names, in the order of the staged names (part-000001.parquet is the first). */
    private final List<String> names;
    /** The columns the import reads ({@link #requireWithinBounds}): a refusal's own look reads those and no other. */
    private List<String> read = List.of();

    private JobOutput(Path staged, Path folder, JobOutputBounds bounds, List<String> names) {
        this.staged = staged;
        this.folder = folder;
        this.bounds = bounds;
        this.names = names;
    }

    public static JobOutput stage(Store store, Path folder) {
        return stage(store, folder, JobOutputBounds.STANDARD);
    }

    /** {@code folder} staged, refused first when it holds more part files or bytes than {@code bounds} (its rows: at the first read). */
    static JobOutput stage(Store store, Path folder, JobOutputBounds bounds) {
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
        for (Path p : parts) {
            // a link (or anything but a plain file) would have the import read a file the job never wrote
            if (Files.isSymbolicLink(p)) throw linked(p.getFileName().toString(), in);
            if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) throw unreadable(p.getFileName().toString(), in);
        }
        bounds.requireFiles(in, parts);
        List<String> names = new ArrayList<>();
        try {
            Files.createDirectories(staged);
            for (Path p : parts) {
                names.add(p.getFileName().toString());
                Path t = staged.resolve(stagedName(names.size()));
                try {
                    Files.createLink(t, p);
                } catch (IOException | UnsupportedOperationException otherFileSystem) {
                    Files.copy(p, t);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("staging " + in + " failed", e);
        }
        return new JobOutput(staged, in, bounds, List.copyOf(names));
    }

    /** The staged name of the {@code n}th part file (from 1): staging's own, never the user's. */
    private static String stagedName(int n) {
        return String.format(java.util.Locale.ROOT, "part-%06d.parquet", n);
    }

    public static final String FORECAST_BACKTEST = "forecast-backtest";
    public static final String STRATEGY_SWEEP = "strategy-sweep";
    public static final String FORECAST_SCAN = "forecast-scan";

    /** Which job wrote a finished output folder, told by its columns; refused when none did. */
    public static String kind(Store store, Path folder) {
        return kind(store, folder, JobOutputBounds.STANDARD);
    }

    /** As above, refused first when the folder holds more than {@code bounds}. */
    static String kind(Store store, Path folder, JobOutputBounds bounds) {
        try (JobOutput out = stage(store, folder, bounds)) {
            List<String> columns = store.read(c -> {
                out.requireRows(c);
                return out.columns(c);
            });
            if (columns.containsAll(StrategySweepRows.COLUMNS)) return STRATEGY_SWEEP;
            if (columns.containsAll(ForecastBacktestRows.REQUIRED)) return FORECAST_BACKTEST; // one written before oos_start too
            if (columns.containsAll(ForecastScanRows.COLUMNS)) return FORECAST_SCAN;
            throw SextantException.invalid("output", folder.toAbsolutePath().normalize() + " is not the output of a sextant-spark job (its columns are not a job's)",
                    "import the --out folder of `sextant-spark forecast-backtest`, `forecast-scan` or `strategy-sweep`");
        }
    }

    /** The staged files' column names. */
    public List<String> columns(java.sql.Connection c) throws SQLException {
        List<String> names = new ArrayList<>();
        try (java.sql.Statement s = c.createStatement(); java.sql.ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM " + relation())) {
            while (r.next()) names.add(r.getString(1));
        } catch (SQLException e) {
            throw refusal(c, e, "sextant-spark", "import the --out folder of `sextant-spark forecast-backtest`, `forecast-scan` or `strategy-sweep`");
        }
        return names;
    }

    /** The staged files as a DuckDB relation. */
    public String relation() {
        return "read_parquet(" + DuckDbPath.filesIn(staged, ".parquet") + ")";
    }

    /** As {@link #relation()}, with a {@code filename} column: the user's name of the row's part file. */
    public String relationWithFileNames() {
        return relationWithFileNames("");
    }

    /**
     * As {@link #relation()} read with {@code options} (", file_row_number = true"), with a {@code filename} column: the
     * user's name of the row's part file, looked up by the staged name's number.
     */
    public String relationWithFileNames(String options) {
        StringJoiner list = new StringJoiner(", ", "[", "]");
        for (String n : names) list.add("'" + n.replace("'", "''") + "'");
        return "(SELECT * EXCLUDE (filename), " + list + "[CAST(regexp_extract(filename, 'part-([0-9]+)[.]parquet$', 1) AS INTEGER)] AS filename FROM read_parquet("
                + DuckDbPath.filesIn(staged, ".parquet") + ", filename = true" + options + "))";
    }

    /**
     * Refuses the output, before any value is read, when its part files' footers declare more rows in all than its bounds
     * ({@link JobOutputBounds}), or when a part file's footer declares more in a column of {@code columns}
     * (the ones the import reads) than the job writes ({@link JobOutputSizes}), naming the file and the column; the fix is
     * to re-run {@code job}. Columns the import does not read are not looked at.
     */
    public void requireWithinBounds(Connection c, List<String> columns, String job) {
        read = List.copyOf(columns);
        requireRows(c);
        List<Path> files = stagedFiles();
        for (int i = 0; i < files.size(); i++) {
            try {
                JobOutputSizes.require(c, DuckDbPath.literal(files.get(i)), names.get(i) + " in " + folder + ", ", columns, job);
            } catch (SQLException unreadableFooter) { // refused, never skipped: the bounds were not checked
                throw unreadable(names.get(i), folder);
            }
        }
    }

    /** The rows all part files' footers declare, refused past the bounds; a footer that does not read refuses its file. */
    private void requireRows(Connection c) {
        try {
            bounds.requireRows(c, folder, DuckDbPath.filesIn(staged, ".parquet"));
        } catch (SQLException unreadable) {
            List<Path> files = stagedFiles();
            for (int i = 0; i < files.size(); i++) {
                try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT num_rows FROM parquet_file_metadata(" + DuckDbPath.literal(files.get(i)) + ")")) {
                    r.next();
                } catch (SQLException e) {
                    throw unreadable(names.get(i), folder);
                }
            }
            throw SextantException.invalid("output", folder + ": its part files' footers do not read together (" + unreadable.getMessage().lines().findFirst().orElse("")
                    .replace(staged.toString(), folder.toString()) + ")", "rerun the job, or give its untouched output folder (the job's --out folder as the job left it)");
        }
    }

    /** The user's folder. */
    Path folder() {
        return folder;
    }

    /** "FILE in FOLDER, ": the {@code i}th staged file (from 0) by the user's name, as a refusal starts. */
    String where(int i) {
        return names.get(i) + " in " + folder + ", ";
    }

    /** The staged files read with {@code options} (", file_row_number = true"): a {@code filename} is the staged name. */
    String stagedRelation(String options) {
        return "read_parquet(" + DuckDbPath.filesIn(staged, ".parquet") + options + ")";
    }

    /** The staged files, in the order of the user's names. */
    List<Path> stagedFiles() {
        try (Stream<Path> s = Files.list(staged)) {
            return s.sorted().toList();
        } catch (IOException io) {
            throw new UncheckedIOException(io);
        }
    }

    /**
     * The refusal of an output row the job could not have written: {@code where} names the file
     * and row, {@code what} what is wrong with {@code column}; the fix is to re-run {@code job}.
     */
    public static SextantException corrupt(String where, String column, String what, String job) {
        return SextantException.invalid("output", where + "column " + column + " " + what + ": the output is corrupt or was not written by the job",
                "re-run the job (`sextant-spark " + job + "`) and import its new --out folder");
    }

    /**
     * The refusal of a failed read of the staged files: the first part file that does not read
     * as Parquet on its own, by the user's name; else the output is not a {@code job} job's
     * ({@code fix}), with the database's reason naming the user's folder, not the staging copy.
     */
    public SextantException refusal(Connection c, SQLException e, String job, String fix) throws SQLException {
        if (String.valueOf(e.getMessage()).contains("Out of Memory")) {
            return new SextantException(org.sextant.contract.FailReason.RESOURCE_LIMIT, folder + ": reading the " + job
                    + " job's output took more memory and temporary disk than one import may use; nothing was imported", "output",
                    "run the job on fewer symbols (or configurations) a time, and import each output", e);
        }
        List<Path> files = stagedFiles();
        for (int i = 0; i < files.size(); i++) {
            String file = "read_parquet(" + DuckDbPath.literal(files.get(i)) + ")";
            try (Statement s = c.createStatement()) {
                java.util.StringJoiner cols = new java.util.StringJoiner(", ");
                try (ResultSet d = s.executeQuery("DESCRIBE SELECT * FROM " + file)) {
                    while (d.next()) if (read.contains(d.getString(1))) cols.add('"' + d.getString(1).replace("\"", "\"\"") + '"');
                }
                if (cols.length() == 0) continue;
                // the columns the import reads, every value (a bad page fails here); no other: they were never checked
                try (ResultSet r = s.executeQuery("SELECT " + cols + " FROM " + file)) {
                    while (r.next()) {
                        for (int k = 1; k <= r.getMetaData().getColumnCount(); k++) r.getObject(k);
                    }
                }
            } catch (SQLException unreadable) {
                return unreadable(names.get(i), folder);
            }
        }
        String why = e.getMessage().lines().findFirst().orElse("").replace(staged.toString(), folder.toString());
        return SextantException.invalid("output", folder + " is not a " + job + " job's output (" + why + ")", fix);
    }

    /** The refusal of part file {@code name} of {@code folder}: its content is never quoted, it may be anything. */
    static SextantException unreadable(String name, Path folder) {
        return SextantException.invalid("output", name + " in " + folder + " is not a readable Parquet file written by the job",
                "rerun the job, or give its untouched output folder (the job's --out folder as the job left it)");
    }

    /** The refusal of part file {@code name} of {@code folder} that is a symbolic link: the job writes plain files; the link is neither followed nor read. */
    static SextantException linked(String name, Path folder) {
        return SextantException.invalid("output", name + " in " + folder + " is a symbolic link (not followed, not read), not a part file written by the job",
                "rerun the job, or give its untouched output folder (the job's --out folder as the job left it)");
    }

    /** "FILE in FOLDER, ": where a row of {@link #relationWithFileNames()} came from, by its {@code filename} (the user's file name). */
    public static String where(String fileName, Path folder) {
        return fileName + " in " + folder + ", ";
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
