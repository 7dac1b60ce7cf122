package org.sextant.engine.ingest;

import org.sextant.engine.jobs.CancellableSql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * The fast path of an import: CSV files read straight into prices (rows are written once, as
 * in DuckDB's own CREATE TABLE AS), each file's rows told apart by their source, which no stored
 * row has yet. The batch is then checked in place. Anything unusual (a bad cell, a failed check,
 * a source already in the store, Parquet) gives up with {@link Fallback}: the caller rolls back
 * and runs the careful {@link ImportBatch}, which finds and explains the problem. Name, currency and
 * exchange columns are gathered, checked and stored as the careful path does ({@link ImportedDescriptions}).
 */
final class DirectImport {
    /** Not an error: this import needs the careful path. */
    static final class Fallback extends SextantException {
        Fallback(String why) {
            super(org.sextant.contract.FailReason.INTERNAL_ERROR, why, null, null); // caught by the importer, never answered
        }
    }

    private DirectImport() {}

    /** Sources of the files as the careful path would record them: file:NAME. Each file staged by {@code stage}, its line endings judged by {@code endings}. */
    static ImportReport run(Connection c, Path stagingDir, List<Path> paths, PriceRules rules, PriceImporter.Stage stage, StagedFile.Endings endings) throws SQLException {
        List<String> sources = new ArrayList<>();
        for (Path p : paths) {
            String lower = p.getFileName().toString().toLowerCase(Locale.ROOT);
            if (lower.endsWith(".parquet") || lower.endsWith(".pq")) throw new Fallback("parquet");
            sources.add("file:" + p.getFileName());
        }
        if (new HashSet<>(sources).size() != sources.size()) throw new Fallback("two files with one name");
        StringJoiner in = new StringJoiner(", ", "(", ")");
        for (String s : sources) in.add(ImportBatch.literal(s));
        if (count(c, "SELECT count(*) FROM prices WHERE source IN " + in) > 0) throw new Fallback("source already stored");

        exec(c, ImportedDescriptions.CREATE);
        List<ImportBatch.Source> files = new ArrayList<>();
        List<Long> rows = new ArrayList<>();
        List<List<String>> notes = new ArrayList<>(); // per file: lines that ended in more than one way
        for (int k = 0; k < paths.size(); k++) {
            Cancellation.check();
            Path path = paths.get(k);
            String file = path.toString();
            String symbol = ImportBatch.symbolFromFileName(path);
            // staged first, then checked and read from that one copy: a file replaced meanwhile is never checked in one version and read in another
            try (StagedFile staged = stage.of(path, stagingDir, file, endings); Statement st = c.createStatement()) {
                // a file told apart only once in UTF-8 (one saved as Windows-1252): a bar file is the careful path's
                if (staged.encoded() && isBarFile(staged, path, file)) throw new Fallback("bar file in another encoding");
                CsvHead head = staged.head(file);
                ImportBatch.Source s = new ImportBatch.Source(k, file, path, Layout.detect(head.header(), file, head.above() + 1), head, sources.get(k), null);
                ImportBatch.requireSymbol(s, symbol);
                files.add(s);
                NumberCells.check(c, staged, s); // before their separators are cut: a cell read otherwise than CsvForms saw it
                long t = System.nanoTime();
                // a wide file split line by line (its cost grows with the cells); a line that does not split cleanly fails it: the careful path reads it
                String insert = s.layout().wide() ? ImportBatch.wideCsvInsertSql(s, staged)
                        : ImportBatch.insertSql(s, ImportBatch.readCsvSql(staged, s).replace("{rejects}", ""), i -> "c" + i, "NULL", symbol);
                String select = insert.replaceFirst("^INSERT INTO import_rows ", "");
                long n = CancellableSql.run(st, () -> st.executeUpdate("INSERT INTO prices SELECT symbol, date, open, high, low, close, adj_close, volume, "
                        + ImportBatch.literal(s.source()) + " FROM (" + select + ")"));
                ImportBatch.trace(t, "read straight into prices: " + file);
                if (n == 0) throw new Fallback("empty file");
                rows.add(n);
                notes.add(staged.readNotes(file, head.notes())); // its encoding, the date order and number style it was read with, its line endings
                DescriptionColumns d = DescriptionColumns.of(s.layout(), file, head.above() + 1);
                // a second read of the file's own columns, as the careful path's (a wide file has none)
                if (d.any()) exec(c, ImportedDescriptions.insertSql(s, d, ImportBatch.readCsvSql(staged, s).replace("{rejects}", ""), i -> "c" + i,
                        ImportBatch.symbolSql(s, i -> "c" + i, symbol)));
            } catch (SQLException e) {
                throw new Fallback("read failed: " + e.getMessage());
            }
        }
        Cancellation.check();
        long t = System.nanoTime();
        String bad = rules.badRowSql();
        String mine = "source IN " + in;
        if (count(c, "SELECT count(*) FILTER (WHERE " + bad + ") FROM prices WHERE " + mine) > 0) throw new Fallback("bad value");
        if (count(c, "SELECT count(*) FROM (SELECT hash(symbol, date) AS h FROM prices WHERE " + mine + " GROUP BY h HAVING count(*) > 1)") > 0) {
            throw new Fallback("duplicate");
        }
        // weekly or monthly dates: the careful path imports that file as bars
        java.util.Map<String, DateSpacing.Verdict> spacing = DateSpacing.of(c, "(SELECT source AS f, symbol, date FROM prices WHERE " + mine + ")",
                f -> files.stream().anyMatch(s -> s.source().equals(f) && s.layout().wide()));
        if (spacing.values().stream().anyMatch(v -> v.periodic() != null)) throw new Fallback("dates a week or more apart");
        ImportBatch.trace(t, "checks in place");
        Cancellation.check();
        t = System.nanoTime();
        exec(c, "CREATE OR REPLACE TEMP TABLE import_symbols AS SELECT DISTINCT source, symbol FROM prices WHERE " + mine);
        ImportBatch.trace(t, "imported symbols");
        List<ImportedDescriptions.Given> given = ImportedDescriptions.checked(c, files); // two names of a symbol: refused as the careful path does
        long updated = 0;
        java.util.Map<String, String> unchanged = java.util.Map.of(); // per source
        if (count(c, "SELECT count(*) FROM (SELECT 1 FROM prices WHERE NOT (" + mine + ") AND symbol IN (SELECT symbol FROM import_symbols) LIMIT 1)") > 0) {
            // a row without a column its stored day has (a close-only file over OHLCV): the careful path keeps or says what goes (StoredColumns)
            if (count(c, "SELECT count(*) FROM (SELECT 1 FROM prices n JOIN prices p USING (symbol, date) WHERE n." + mine + " AND NOT (p." + mine + ") AND "
                    + StoredColumns.lacks("n", "p") + " LIMIT 1)") > 0) {
                throw new Fallback("stored columns the file lacks");
            }
            t = System.nanoTime();
            unchanged = UnchangedRows.notes(c, "(SELECT * FROM prices WHERE " + mine + ")", "(SELECT * FROM prices WHERE NOT (" + mine + "))", "source");
            try (Statement st = c.createStatement()) {
                updated = CancellableSql.run(st, () -> st.executeUpdate("DELETE FROM prices USING (SELECT symbol, date FROM prices WHERE " + mine + ") n "
                        + "WHERE NOT (prices." + mine + ") AND prices.symbol = n.symbol AND prices.date = n.date"));
            }
            ImportBatch.trace(t, "delete replaced rows");
        }
        t = System.nanoTime();
        ImportedSymbols.settle(c); // every row is in place: refused here as on the careful path
        ImportBatch.trace(t, "symbols");
        long described = ImportedDescriptions.store(c, given);
        List<ImportReport.ImportedFile> reported = new ArrayList<>();
        Set<String> all = new TreeSet<>();
        long total = 0;
        for (ImportBatch.Source s : files) {
            List<String> symbols = new ArrayList<>();
            try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                    "SELECT symbol FROM import_symbols WHERE source = " + ImportBatch.literal(s.source()) + " ORDER BY symbol")) {
                while (r.next()) symbols.add(r.getString(1));
            }
            all.addAll(symbols);
            total += rows.get(s.no());
            DateSpacing.Verdict dates = spacing.get(s.source());
            List<String> said = new ArrayList<>(notes.get(s.no()));
            if (dates != null) said.addAll(dates.notes());
            if (unchanged.containsKey(s.source())) said.add(unchanged.get(s.source()));
            reported.add(new ImportReport.ImportedFile(s.file(), s.layout().name(), rows.get(s.no()), List.copyOf(symbols), 0, List.copyOf(said)));
        }
        exec(c, "DROP TABLE import_symbols");
        exec(c, "DROP TABLE import_descriptions");
        return new ImportReport(List.copyOf(reported), total - updated, updated, List.copyOf(all), described);
    }

    /** Whether the staged copy's first lines carry a time of day; a header the probe refuses is the careful path's to name. */
    private static boolean isBarFile(StagedFile staged, Path path, String file) {
        try {
            return BarFile.probe(null, path, file, staged, null, false) != null;
        } catch (SextantException | SQLException e) {
            return true;
        }
    }

    static long count(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(sql)) {
            r.next();
            return r.getLong(1);
        }
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            CancellableSql.run(st, () -> st.execute(sql));
        }
    }
}
