package org.sextant.engine.exchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.sextant.contract.FailReason;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.graph.GraphComposer;

/**
 * The most one import reads of a job's output folder in all (docs/scale-out.md, "What one import reads"): its part files,
 * their bytes and the rows their footers declare, refused before any value is read and anything stored. Each file's
 * columns are bounded on their own ({@link JobOutputSizes}); a folder of very many files each within those is not.
 */
public record JobOutputBounds(int partFiles, long bytes, long rows) {
    /**
     * 10,000 part files (a job writes one a partition: 4 a core by default, so 2,500 cores), 2 GiB of them (a theta backtest of
     * 10 years' closes with monthly origins writes 0.28 MB, so about 7,500 such symbols; a backtest import reads them a batch of
     * rows at a time, {@link ForecastBacktestImport}), and 1,100,000 rows: a sweep's most configurations
     * ({@link GraphComposer#MAX_CONFIGURATIONS}) and 100,000 symbols' rows beside them.
     */
    public static final JobOutputBounds STANDARD = new JobOutputBounds(10_000, 2L << 30, GraphComposer.MAX_CONFIGURATIONS + 100_000);

    private static final String FIX = "run the job on fewer symbols (--symbols) or a sweep spec of fewer configurations, with at most %d partitions "
            + "(--partitions), and import each output";

    /** Refuses {@code parts} of {@code folder} (plain files, checked) past the part files or bytes one import reads. */
    void requireFiles(Path folder, List<Path> parts) {
        if (parts.size() > partFiles) throw refusal(folder + " holds " + parts.size() + " part files, more than the " + partFiles + " one import reads");
        long total = 0;
        try {
            for (Path p : parts) total += Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (total > bytes) throw refusal(folder + " holds " + total + " bytes of part files, more than the " + bytes + " one import reads");
    }

    /**
     * Refuses the staged files {@code staged} (a SQL literal, {@link org.sextant.engine.store.DuckDbPath}) of {@code folder} whose
     * footers declare more rows in all than one import reads; a footer that does not read throws, for the caller to name its file.
     */
    void requireRows(Connection c, Path folder, String staged) throws SQLException {
        long declared;
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT coalesce(sum(num_rows), 0) FROM parquet_file_metadata(" + staged + ")")) {
            r.next();
            declared = r.getLong(1);
        }
        if (declared > rows) throw refusal(folder + " holds " + declared + " rows (its part files' footers say so), more than the " + rows + " one import reads");
    }

    private SextantException refusal(String what) {
        return new SextantException(FailReason.RESOURCE_LIMIT, what + " (docs/scale-out.md, \"What one import reads\"); nothing was imported", "output",
                String.format(java.util.Locale.ROOT, FIX, partFiles));
    }
}
