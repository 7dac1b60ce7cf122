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
import org.sextant.engine.SextantException;
import org.sextant.engine.jobs.Cancellation;

/**
 * One import: files are read by DuckDB's own CSV/Parquet readers into a temporary table,
 * checked there as a whole, then merged into prices (replacing rows with the same symbol and
 * date) and the symbols spans recomputed. Runs on the caller's transaction connection, so a
 * failure anywhere leaves the store as it was.
 */
final class ImportBatch {
    private final Connection c;
    private final Path stagingDir;
    private final PriceRules rules;
    private final List<Source> files = new ArrayList<>();
    private final List<Long> rows = new ArrayList<>();
    /** Per file, what its report says of its encoding and lines' endings ({@link StagedFile#readNotes}) and its dates ({@link #takeBackIfPeriodic}). */
    private final java.util.Map<Integer, List<String>> notes = new java.util.HashMap<>();

    /**
     * One file of the batch: how to name it in messages, where DuckDB reads it, how it maps.
     *
     * @param days the times of a file whose dates are written as midnight times ("2020-01-02 00:00:00"), read into
     *             its date column; null when the date column holds dates
     */
    record Source(int no, String file, Path original, Layout layout, CsvHead csv, String source, BarTime days) {}

    ImportBatch(Connection c, Path stagingDir, PriceRules rules) throws SQLException {
        this.c = c;
        this.stagingDir = stagingDir;
        this.rules = rules;
        exec("CREATE OR REPLACE TEMP TABLE import_rows (file_no INTEGER, line BIGINT, symbol VARCHAR, date DATE, "
                + "open DOUBLE, high DOUBLE, low DOUBLE, close DOUBLE, adj_close DOUBLE, volume DOUBLE)");
        exec("CREATE OR REPLACE TEMP TABLE import_files (file_no INTEGER, source VARCHAR)");
        exec(ImportedDescriptions.CREATE);
    }

    /**
     * Reads one file into the batch.
     *
     * @param path   the file (staged for the duration of the read)
     * @param file   its name in messages
     * @param source the prices.source value for its rows
     */
    void add(Path path, String file, String source) throws SQLException {
        try (StagedFile staged = StagedFile.of(path, stagingDir, file)) {
            add(path, file, source, staged);
        }
    }

    /** Reads one file into the batch from {@code staged}, its copy in staging (the caller's, who closes it). */
    void add(Path path, String file, String source, StagedFile staged) throws SQLException {
        Cancellation.check();
        int no = files.size();
        String lower = path.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean parquet = lower.endsWith(".parquet") || lower.endsWith(".pq");
        Source s;
        if (parquet) {
            s = new Source(no, file, path, ParquetReadSql.layout(c, staged, file), null, source, null);
            requireSymbol(s, symbolFromFileName(path));
            files.add(s);
            loaded(s, ParquetReadSql.load(c, staged, s, symbolFromFileName(path)), staged);
            gatherDescriptions(s, staged, symbolFromFileName(path));
        } else {
            CsvHead head = staged.head(file); // the copy DuckDB reads, not the file, which may have changed since
            s = new Source(no, file, path, Layout.detect(head.header(), file, head.above() + 1), head, source, null);
            requireSymbol(s, symbolFromFileName(path));
            files.add(s);
            loadCsv(staged, s, symbolFromFileName(path));
            gatherDescriptions(s, staged, symbolFromFileName(path));
        }
        noteEndings(s, staged);
        exec("INSERT INTO import_files VALUES (" + no + ", " + literal(source) + ")");
    }

    /**
     * Reads a file whose dates are written as midnight times (see {@link BarFile#daysAtMidnight}) into the batch
     * as daily prices: the same checks and report as a file of dates.
     */
    void addDays(Path path, BarFile bar, String source, StagedFile staged) throws SQLException {
        int no = files.size();
        Source s = new Source(no, bar.file(), path, bar.dailyLayout(), bar.parquet() ? null
                : bar.dates() != null ? bar.dates() : new CsvHead(bar.header(), bar.delimiter(), "%Y-%m-%d", bar.hasHeader()),
                source, bar.time());
        requireSymbol(s, symbolFromFileName(path));
        files.add(s);
        if (bar.parquet()) loaded(s, ParquetReadSql.load(c, staged, s, symbolFromFileName(path)), staged);
        else loadCsv(staged, s, symbolFromFileName(path));
        gatherDescriptions(s, staged, symbolFromFileName(path));
        noteEndings(s, staged);
        exec("INSERT INTO import_files VALUES (" + no + ", " + literal(source) + ")");
    }

    /** The report's notes of how the file was read: its encoding, date order and number style ({@link CsvForms}), its line endings. */
    private void noteEndings(Source s, StagedFile staged) {
        List<String> said = staged.readNotes(s.file(), s.csv() == null ? List.of() : s.csv().notes());
        if (!said.isEmpty()) notes.put(s.no(), List.copyOf(said));
    }

    /**
     * The file added last when its dates are a week or a month apart ({@link DateSpacing}): taken back out of the batch
     * and returned as bars to import; null when its prices are daily (it stays).
     */
    BarFile takeBackIfPeriodic() throws SQLException {
        Source s = files.get(files.size() - 1);
        if (s.days() != null) return null; // midnight times: told apart as bars before (BarFile.daysAtMidnight)
        // a row the checks refuse (a date in year 1 makes any file's dates far apart) stays here, where the refusal names it
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT 1 FROM import_rows WHERE file_no = " + s.no()
                + " AND NOT (" + noPriceSql() + ") AND (" + rules.badRowSql() + ") LIMIT 1")) {
            if (r.next()) return null;
        }
        DateSpacing.Verdict v = DateSpacing.of(c, "(SELECT file_no AS f, symbol, date FROM import_rows WHERE file_no = " + s.no() + ")", f -> s.layout().wide())
                .get(String.valueOf(s.no()));
        if (v == null) return null;
        if (v.periodic() == null) {
            // dates that look weekly or monthly imported as daily prices: the report says which and why
            notes.merge(s.no(), v.notes(), (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream()).toList());
            return null;
        }
        BarFile bar = BarFile.ofDates(s.file(), s.layout(), s.csv());
        exec("DELETE FROM import_rows WHERE file_no = " + s.no());
        exec("DELETE FROM import_files WHERE file_no = " + s.no());
        exec(ImportedDescriptions.forgetSql(s.no()));
        notes.remove(s.no()); // the bar import notes the file's own
        files.remove(files.size() - 1);
        rows.remove(rows.size() - 1);
        return bar;
    }

    private void loadCsv(StagedFile staged, Source s, String fileSymbol) throws SQLException {
        NumberCells.check(c, staged, s); // before their separators are cut: a cell read otherwise than CsvForms saw it
        String read = readCsvSql(staged, s);
        long t = System.nanoTime();
        // a wide file split line by line when every line splits cleanly, else read by DuckDB's typed reader (which names a bad cell)
        String insert = s.layout().wide() && WideCsv.clean(c, staged, s.csv(), s.layout(), col -> wideDateSql(s, col)) ? wideCsvInsertSql(s, staged)
                : insertSql(s, read.replace("{rejects}", ""), i -> "c" + i, "NULL", fileSymbol);
        long count;
        try (Statement st = c.createStatement()) {
            count = CancellableSql.run(st, () -> st.executeUpdate(insert));
        } catch (SQLException e) {
            // the fast read stops at the first bad cell; a second read that records rejects says where
            throw CsvErrors.explain(c, s, staged, read.replace("{rejects}", ", store_rejects=true"), e);
        }
        trace(t, "read " + s.file());
        loaded(s, count, staged);
    }

    /** Gathers what the file's name, currency and exchange columns say of its symbols, when it has any ({@link ImportedDescriptions}). */
    private void gatherDescriptions(Source s, StagedFile staged, String fileSymbol) throws SQLException {
        DescriptionColumns d = DescriptionColumns.of(s.layout(), s.file(), s.csv() == null ? 1 : s.csv().above() + 1);
        if (!d.any()) return;
        boolean parquet = s.csv() == null;
        String relation = parquet ? "read_parquet(" + staged.sqlLiteral() + ")" : readCsvSql(staged, s).replace("{rejects}", "");
        java.util.function.IntFunction<String> col = parquet ? i -> "CAST(" + ident(s.layout().header().get(i)) + " AS VARCHAR)" : i -> "c" + i;
        try {
            // a CSV cell is bounded by its line (CsvHead.MAX_LINE), a compressed Parquet one only by this check
            if (parquet) ImportedDescriptions.requireTextWithinBounds(c, s, d, staged.sqlLiteral());
            exec(ImportedDescriptions.insertSql(s, d, relation, col, symbolSql(s, col, fileSymbol)));
        } catch (SQLException e) {
            SextantException memory = ImportedDescriptions.outOfMemory(s, d, e);
            if (memory != null) throw memory;
            throw e;
        }
    }

    /** The SQL of a row's symbol: its symbol cell as a ticker ({@link Tickers#cellSql}), or the file's symbol. */
    static String symbolSql(Source s, java.util.function.IntFunction<String> col, String fileSymbol) {
        return s.layout().symbolCol() >= 0 ? Tickers.cellSql(col.apply(s.layout().symbolCol())) : literal(fileSymbol);
    }

    /**
     * DuckDB's read_csv with the exact typed schema of this file; {rejects} marks where reject options go. Numbers with a
     * thousands separator are read as text and cut to plain numbers ({@link NumberStyle#textSql}; {@link NumberCells} checked each cell).
     */
    static String readCsvSql(StagedFile staged, Source s) {
        NumberStyle numbers = s.csv().numbers();
        StringJoiner cut = new StringJoiner(", ");
        if (numbers.converts()) for (int i : numberCols(s.layout())) cut.add("CAST(" + numbers.textSql("c" + i) + " AS DOUBLE) AS c" + i);
        String read = textReadSql(staged, s);
        return cut.length() == 0 ? read : "(SELECT * REPLACE (" + cut + ") FROM " + read + ")";
    }

    /** {@link #readCsvSql} before its numbers are cut: a file whose numbers are cut ({@link NumberStyle#converts}) has them as text. */
    static String textReadSql(StagedFile staged, Source s) {
        Layout l = s.layout();
        NumberStyle numbers = s.csv().numbers();
        StringJoiner columns = new StringJoiner(", ", "{", "}");
        Set<Integer> number = new HashSet<>(numberCols(l)); // a set: thousands of columns are looked up once each
        for (int i = 0; i < l.header().size(); i++) {
            // midnight times are read as text and cut to their date in insertSql; every one parsed before the file came here
            String type = i == l.dateCol() ? (s.days() != null ? "VARCHAR" : "DATE")
                    : number.contains(i) && !numbers.converts() ? "DOUBLE" : "VARCHAR";
            columns.add("'c" + i + "': '" + type + "'");
        }
        return "read_csv(" + staged.sqlLiteral() + ", header=" + s.csv().hasHeader() + ", auto_detect=false, delim=" + literal(String.valueOf(s.csv().delimiter()))
                + skip(s.csv()) + ", quote='\"', escape='\"', max_line_size=" + CsvHead.MAX_LINE + ", nullstr=" + MissingCells.nullstr() + ", dateformat=" + literal(s.csv().dateFormat())
                + numbers.readOption() + ", columns=" + columns + "{rejects})";
    }

    /** read_csv's option that skips the lines above the header (Excel's "sep=;"), or none. */
    static String skip(CsvHead csv) {
        return csv.above() == 0 ? "" : ", skip=" + csv.above();
    }

    /** The columns of a file's prices and volumes (a wide file's symbols), in header order. */
    static List<Integer> numberCols(Layout l) {
        Set<Integer> wide = new HashSet<>(l.wideCols());
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < l.header().size(); i++) {
            if (i != l.dateCol() && (l.fields().containsValue(i) || wide.contains(i))) out.add(i);
        }
        return out;
    }

    /** The INSERT INTO import_rows for one file; {@code col} gives the SQL of a column by index. */
    static String insertSql(Source s, String relation, java.util.function.IntFunction<String> col, String line, String fileSymbol) {
        Layout l = s.layout();
        if (l.wide()) {
            requireWideHeader(s);
            // the typed columns unnested as two lists, values and symbols side by side (Parquet, and a CSV the split read cannot
            // take): UNPIVOT's cost grew with the square of the columns; a NaN cell is an empty day of that symbol, as an empty one is
            StringJoiner values = new StringJoiner(", ", "[", "]");
            StringJoiner symbols = new StringJoiner(", ", "[", "]");
            for (int i : l.wideCols()) {
                values.add(col.apply(i));
                symbols.add(literal(l.wideSymbol(i)));
            }
            return "INSERT INTO import_rows SELECT " + s.no() + " AS file_no, line__ AS line, symbol, date__ AS date, NULL AS open, NULL AS high, "
                    + "NULL AS low, close, NULL AS adj_close, NULL AS volume FROM (SELECT " + line + " AS line__, " + dateSql(s, col) + " AS date__, unnest("
                    + symbols + ") AS symbol, unnest(" + values + ") AS close FROM " + relation + ") WHERE close IS NOT NULL AND NOT isnan(close)";
        }
        String symbol = symbolSql(s, col, fileSymbol);
        StringJoiner values = new StringJoiner(", ");
        values.add(s.no() + " AS file_no").add(line + " AS line").add(symbol + " AS symbol").add(dateSql(s, col) + " AS date");
        for (PriceField f : PriceField.values()) {
            Integer i = l.fields().get(f);
            values.add((i == null ? "NULL" : col.apply(i)) + " AS " + f.column);
        }
        return "INSERT INTO import_rows SELECT " + values + " FROM " + relation;
    }

    /**
     * The INSERT INTO import_rows of a wide CSV read line by line ({@link WideCsv}): a cell that is not a number or a date
     * that does not parse fails it (the fast path then falls back; the careful path reads such a file typed, see loadCsv).
     */
    static String wideCsvInsertSql(Source s, StagedFile staged) {
        requireWideHeader(s);
        String cells = WideCsv.cells(staged, s.csv(), s.layout(), s.layout()::wideSymbol, col -> wideDateSql(s, col), false, true);
        return "INSERT INTO import_rows SELECT " + s.no() + " AS file_no, line__ AS line, symbol__ AS symbol, coalesce(date__, error('not a date')) AS date, "
                + "NULL AS open, NULL AS high, NULL AS low, coalesce(TRY_CAST(value__ AS DOUBLE), error('not a number')) AS close, NULL AS adj_close, NULL AS volume FROM " + cells;
    }

    /** The date of a wide CSV's line from its cells' text, as the typed reader's dateformat reads it; NULL when it does not parse. */
    static String wideDateSql(Source s, java.util.function.IntFunction<String> col) {
        return s.days() != null ? "CAST(" + s.days().localSql(col) + " AS DATE)"
                : "CAST(TRY_STRPTIME(" + col.apply(s.layout().dateCol()) + ", " + literal(s.csv().dateFormat()) + ") AS DATE)";
    }

    /** A wide file's header: each column a ticker, none twice. */
    private static void requireWideHeader(Source s) {
        Layout l = s.layout();
        Set<String> seen = new HashSet<>();
        for (int i : l.wideCols()) {
            String sym = l.wideSymbol(i);
            if (!seen.add(sym)) {
                throw SextantException.invalid(l.columnField(i), s.file() + ": " + Tickers.shown(sym) + " has two columns in the header", "give each symbol one column");
            }
            if (!Tickers.valid(sym)) throw Tickers.notATicker(l.columnField(i), s.file() + ", header column " + (i + 1), sym);
        }
    }

    /** The date of a row: its date cell, or the day of its midnight time. */
    private static String dateSql(Source s, java.util.function.IntFunction<String> col) {
        return s.days() == null ? col.apply(s.layout().dateCol()) : "CAST(" + s.days().localSql(col) + " AS DATE)";
    }

    /** Checks the whole batch, then merges it; returns what changed. */
    ImportReport commit() throws SQLException {
        long t0 = System.nanoTime();
        java.util.Map<Integer, Long> skipped = skipDaysWithoutPrices();
        Cancellation.check();
        ImportChecks.run(c, files, rules);
        trace(t0, "checks");
        Cancellation.check();
        exec("CREATE OR REPLACE TEMP TABLE import_symbols AS SELECT s.file_no, s.symbol, f.source "
                + "FROM (SELECT DISTINCT file_no, symbol FROM import_rows) s JOIN import_files f USING (file_no)");
        List<ImportedDescriptions.Given> given = ImportedDescriptions.checked(c, files);
        long updated = 0;
        if (storedRowsOverlap()) {
            t0 = System.nanoTime();
            // a file without open/high/low/volume over stored days: kept where its close is the stored one, else said
            StoredColumns.merge(c).forEach((no, said) -> notes.merge(no, said, (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream()).toList()));
            trace(t0, "stored columns the files lack");
            UnchangedRows.notes(c, "import_rows", "prices", "file_no")
                    .forEach((no, said) -> notes.merge(Integer.valueOf(no), List.of(said), (a, b) -> java.util.stream.Stream.concat(a.stream(), b.stream()).toList()));
            try (Statement st = c.createStatement()) {
                updated = CancellableSql.run(st, () -> st.executeUpdate("DELETE FROM prices USING import_rows i WHERE prices.symbol = i.symbol AND prices.date = i.date"));
            }
            trace(t0, "delete replaced rows");
        }
        t0 = System.nanoTime();
        long total;
        try (Statement st = c.createStatement()) {
            StringJoiner source = new StringJoiner(" ", "CASE file_no ", " END");
            for (Source s : files) source.add("WHEN " + s.no() + " THEN " + literal(s.source()));
            total = CancellableSql.run(st, () -> st.executeUpdate("INSERT INTO prices SELECT symbol, date, open, high, low, close, adj_close, volume, "
                    + source + " FROM import_rows"));
        }
        trace(t0, "insert into prices");
        ImportedSymbols.settle(c);
        long described = ImportedDescriptions.store(c, given);
        List<ImportReport.ImportedFile> reported = new ArrayList<>();
        Set<String> all = new java.util.TreeSet<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT file_no, list(symbol ORDER BY symbol) FROM import_symbols GROUP BY file_no ORDER BY file_no")) {
            while (r.next()) {
                Source s = files.get(r.getInt(1));
                List<String> symbols = new ArrayList<>();
                for (Object o : (Object[]) r.getArray(2).getArray()) symbols.add((String) o);
                all.addAll(symbols);
                long none = skipped.getOrDefault(s.no(), 0L);
                reported.add(new ImportReport.ImportedFile(s.file(), s.layout().name(), rows.get(s.no()) - none, List.copyOf(symbols), none,
                        notes.getOrDefault(s.no(), List.of())));
            }
        }
        exec("DROP TABLE import_rows");
        exec("DROP TABLE import_files");
        exec("DROP TABLE import_symbols");
        exec("DROP TABLE import_descriptions");
        return new ImportReport(List.copyOf(reported), total - updated, updated, List.copyOf(all), described);
    }

    /**
     * Drops the lines whose every price and volume is missing (Yahoo writes "null" on each for a
     * day without trading; NaN counts as missing here), as a wide file's empty cell is a day without a price; per file, how many.
     */
    private java.util.Map<Integer, Long> skipDaysWithoutPrices() throws SQLException {
        String none = noPriceSql();
        java.util.Map<Integer, Long> out = new java.util.HashMap<>();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT file_no, count(*) FROM import_rows WHERE " + none + " GROUP BY file_no")) {
            while (r.next()) out.put(r.getInt(1), r.getLong(2));
        }
        if (!out.isEmpty()) exec("DELETE FROM import_rows WHERE " + none);
        return out;
    }

    /** A row without any price or volume (skipped, not refused). */
    private static String noPriceSql() {
        StringJoiner none = new StringJoiner(" AND ");
        for (PriceField f : PriceField.values()) none.add("(" + f.column + " IS NULL OR isnan(" + f.column + "))");
        return none.toString();
    }

    /** Whether the store already holds rows of any imported symbol (else there is nothing to replace). */
    private boolean storedRowsOverlap() throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT EXISTS (SELECT 1 FROM prices WHERE symbol IN (SELECT symbol FROM import_symbols))")) {
            r.next();
            return r.getBoolean(1);
        }
    }

    /** Single-symbol layouts take the symbol from the file name, which then must give a ticker. */
    static void requireSymbol(Source s, String fileSymbol) {
        if (s.layout().symbolCol() < 0 && !s.layout().wide()) Tickers.requireFromFileName(s.file(), fileSymbol, "MSFT.csv");
    }

    /** Records how many rows a file gave, read from {@code staged}; a file that gave none is refused. */
    void loaded(Source s, long count, StagedFile staged) {
        if (count == 0) {
            // DuckDB's reader drops a row past its max_line_size rather than failing: the row is there
            SextantException tooLong = s.csv() == null ? null : CsvHead.firstTooLong(staged.path(), s.file());
            if (tooLong != null) throw tooLong;
            throw SextantException.invalid("paths", s.file() + ": no price rows below the header",
                    "export the prices again; the file has a header but no row with a value");
        }
        rows.add(count);
    }

    List<Source> files() { return files; }

    /** MSFT.csv -> MSFT; msft.us.txt -> MSFT.US: the name without its last extension, uppercased. */
    static String symbolFromFileName(Path path) {
        String name = path.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        for (String ext : new String[] {".csv", ".txt", ".parquet", ".pq"}) {
            if (lower.endsWith(ext)) {
                name = name.substring(0, name.length() - ext.length());
                break;
            }
        }
        return name.trim().toUpperCase(Locale.ROOT);
    }

    private void exec(String sql) throws SQLException {
        long t = System.nanoTime();
        try (Statement st = c.createStatement()) {
            CancellableSql.run(st, () -> st.execute(sql));
        }
        trace(t, sql);
    }

    static final boolean TRACE = Boolean.getBoolean("sextant.ingest.trace");

    static void trace(long t0, String what) {
        if (TRACE) System.err.printf("[ingest] %6.2f s  %s%n", (System.nanoTime() - t0) / 1e9, what.length() > 90 ? what.substring(0, 90) : what);
    }

    static String literal(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    static String ident(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }
}
