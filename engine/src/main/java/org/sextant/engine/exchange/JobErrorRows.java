package org.sextant.engine.exchange;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.sextant.engine.store.DuckDbPath;

/**
 * A job output's error rows (symbol, error_field, error) as an import answers them ({@link CappedFailures}), read apart from
 * the rows it checks: the first {@link CappedFailures#KEPT} by symbol are found without their error cells, and only their
 * cells are read, a row group at a time; the rest are counted from each part file's error column alone, a row group at a
 * time, and a footer whose null counts say another count (a row without an error counted as one, never checked) is refused. Reading every row group's
 * error cells to sort them had a million forged error rows refused under a 256 MB memory limit (docs/scale-out.md).
 * The footer's counts are a message, never a row stored: where the rows read contradict them the output is refused.
 */
final class JobErrorRows {
    private JobErrorRows() {}

    /** Where a kept error row is: its staged file (from 0) and row in it. */
    private record At(int file, long row) {}

    static CappedFailures read(Connection c, JobOutput out, String job) throws SQLException {
        List<Path> files = out.stagedFiles();
        List<At> first = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT CAST(regexp_extract(filename, 'part-([0-9]+)[.]parquet$', 1) AS INTEGER) - 1, file_row_number FROM "
                + out.stagedRelation(", filename = true, file_row_number = true") + " WHERE error IS NOT NULL ORDER BY symbol, filename, file_row_number LIMIT " + CappedFailures.KEPT)) {
            while (r.next()) first.add(new At(r.getInt(1), r.getLong(2)));
        }
        Map<At, Map<String, Object>> cells = new HashMap<>();
        Map<Integer, List<Long>> byFile = new java.util.TreeMap<>();
        for (At a : first) byFile.computeIfAbsent(a.file(), f -> new ArrayList<>()).add(a.row());
        long counted = 0;
        for (int i = 0; i < files.size(); i++) {
            String file = DuckDbPath.literal(files.get(i));
            long[] groups = rowGroupRows(c, file);
            for (List<Long> rows : byGroup(byFile.getOrDefault(i, List.of()), groups)) readCells(c, file, i, rows, cells, out, job);
            counted += errorRows(c, file, out.where(i), job);
        }
        CappedFailures failed = new CappedFailures();
        for (At a : first) failed.add(cells.get(a));
        // what was read bounds what the footers may say: fewer than KEPT found is all there are, and no fewer than those
        if (counted < first.size() || (first.size() < CappedFailures.KEPT && counted != first.size())) {
            throw JobOutput.corrupt(out.folder() + ": ", "error", "counts " + counted + " error rows in its part files' footers (their null counts) where "
                    + first.size() + (first.size() < CappedFailures.KEPT ? "" : " or more") + " were read", job);
        }
        failed.counted(counted);
        return failed;
    }

    /** Each row group's rows in the footer of {@code file} (a SQL literal), in order. */
    private static long[] rowGroupRows(Connection c, String file) throws SQLException {
        List<Long> rows = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT row_group_id, max(row_group_num_rows) FROM parquet_metadata(" + file + ") GROUP BY row_group_id ORDER BY row_group_id")) {
            while (r.next()) rows.add(r.getLong(2));
        }
        return rows.stream().mapToLong(Long::longValue).toArray();
    }

    /** {@code rows} split by the row group holding each (groups' rows as {@link #rowGroupRows}), so one read decodes one group's cells. */
    private static List<List<Long>> byGroup(List<Long> rows, long[] groups) {
        Map<Integer, List<Long>> by = new java.util.TreeMap<>();
        for (long row : rows) {
            int g = 0;
            for (long start = 0; g < groups.length - 1 && row >= start + groups[g]; g++) start += groups[g];
            by.computeIfAbsent(g, k -> new ArrayList<>()).add(row);
        }
        return new ArrayList<>(by.values());
    }

    /** The symbol, field and error of {@code rows} of file number {@code i}, one row group's: DuckDB skips the other groups. */
    private static void readCells(Connection c, String file, int i, List<Long> rows, Map<At, Map<String, Object>> cells, JobOutput out, String job) throws SQLException {
        StringJoiner in = new StringJoiner(", ", "(", ")");
        for (long row : rows) in.add(Long.toString(row));
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT file_row_number, symbol, error_field, error FROM read_parquet(" + file
                + ", file_row_number = true) WHERE file_row_number IN " + in)) {
            while (r.next()) {
                // DuckDB skips the error filter of a row group whose footer says it holds no null: a footer that lies finds a row without one
                if (r.getString(4) == null) throw JobOutput.corrupt(out.where(i), "error", "holds no error in row " + (r.getLong(1) + 1)
                        + " that its footer's null count says is one", job);
                cells.put(new At(i, r.getLong(1)), ForecastScanImport.failure(r.getString(2), r.getString(3), r.getString(4)));
            }
        }
    }

    /**
     * The error rows of {@code file}, read from its error column alone one row group at a time; where its footer says a
     * group's (its rows less the error column's nulls) and says another count, the file is refused as corrupt.
     */
    private static long errorRows(Connection c, String file, String where, String job) throws SQLException {
        List<long[]> groups = new ArrayList<>(); // rows, the footer's errors (-1: not said)
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT row_group_id + 1, row_group_num_rows, stats_null_count FROM parquet_metadata(" + file
                + ") WHERE path_in_schema = 'error' ORDER BY row_group_id")) {
            while (r.next()) {
                long rows = r.getLong(2), nulls = r.getLong(3);
                if (r.wasNull()) groups.add(new long[]{rows, -1});
                else if (nulls < 0 || nulls > rows) throw JobOutput.corrupt(where, "error", "holds " + nulls + " nulls in row group " + r.getLong(1) + " for " + rows
                        + " rows (the file's footer says so; no value was read)", job);
                else groups.add(new long[]{rows, rows - nulls});
            }
        }
        if (groups.isEmpty()) return readErrorRows(c, file, 0, Long.MAX_VALUE);
        long errors = 0, start = 0;
        for (int g = 0; g < groups.size(); g++) {
            long rows = groups.get(g)[0], said = groups.get(g)[1], read = readErrorRows(c, file, start, start + rows);
            if (said >= 0 && read != said) throw JobOutput.corrupt(where, "error", "holds " + read + " errors in row group " + (g + 1)
                    + " where its footer's null count says " + said, job);
            errors += read;
            start += rows;
        }
        return errors;
    }

    /**
     * The error cells of {@code file}'s rows {@code from} (inclusive) to {@code to}, counted: a range in one row group reads
     * that group alone. {@code error IS NOT NULL} (or count(error)) DuckDB answers from a footer's null count, so the test is
     * one it cannot (a cell's length).
     */
    private static long readErrorRows(Connection c, String file, long from, long to) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT coalesce(sum(CASE WHEN length(error) IS NULL THEN 0 ELSE 1 END), 0) FROM read_parquet("
                + file + ", file_row_number = true) WHERE file_row_number >= " + from + " AND file_row_number < " + to)) {
            r.next();
            return r.getLong(1);
        }
    }
}
