package org.sextant.engine.ingest;

import org.sextant.engine.jobs.CancellableSql;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * One import of bar files (rows with a time of day): read into a temporary table as text,
 * converted and checked there as a whole, then merged into bars (replacing bars with the same
 * symbol, interval and time). Runs on the caller's transaction, so a failure changes nothing.
 */
final class BarImport {
    /** @param notes the file's own notes for the report (another encoding, lines that ended in more than one way: {@link StagedFile#readNotes}) */
    record Source(int no, BarFile bar, String source, String fileSymbol, List<String> notes) {}

    private final Connection c;
    private final PriceRules rules;
    private final List<Source> files = new ArrayList<>();
    private boolean addedEarlyCloses;

    // dup: set up as ImportBatch is, but bars stage in their own table (timestamps, raw cells)
    BarImport(Connection c, PriceRules rules) throws SQLException {
        this.c = c;
        this.rules = rules;
        exec("CREATE OR REPLACE TEMP TABLE bar_rows (file_no INTEGER, line BIGINT, symbol VARCHAR, ts TIMESTAMP, date DATE, "
                + "open DOUBLE, high DOUBLE, low DOUBLE, close DOUBLE, adj_close DOUBLE, volume DOUBLE, raw_ts VARCHAR, bad_number INTEGER, local_ts TIMESTAMP)");
    }

    boolean isEmpty() { return files.isEmpty(); }

    /** The files added so far (a benchmark checks their bars as the commit does). */
    List<Source> files() { return List.copyOf(files); }

    /** Reads one bar file into the batch from {@code staged}, its copy in staging (the caller's, who closes it); refuses a cell that is not a time or a number, naming line and column. */
    void add(Path path, BarFile bar, String source, StagedFile staged) throws SQLException {
        Source s = new Source(files.size(), bar, source, ImportBatch.symbolFromFileName(path), staged.readNotes(bar.file(), bar.readNotes()));
        // a wide file's symbols are its columns' names (checked below), never its file name: "my prices.csv" is fine
        if (bar.symbolCol() < 0 && bar.valueSymbol() == null && bar.wideCols().isEmpty()) Tickers.requireFromFileName(bar.file(), s.fileSymbol(), "EURUSD.csv");
        if (bar.valueSymbol() != null && !Tickers.valid(bar.valueSymbol())) throw Tickers.notATicker("paths", bar.file() + ", header", bar.valueSymbol());
        for (int i : bar.wideCols()) {
            if (!Tickers.valid(bar.wideSymbol(i))) throw Tickers.notATicker("paths", bar.file() + ", header column " + (i + 1), bar.wideSymbol(i));
        }
        files.add(s);
        try (Statement st = c.createStatement()) {
            java.util.function.IntFunction<String> col = i -> "c" + i;
            boolean wide = !bar.wideCols().isEmpty();
            String symbol = wide ? "symbol__" : bar.symbolCol() >= 0 ? Tickers.cellSql("c" + bar.symbolCol())
                    : ImportBatch.literal(bar.valueSymbol() != null ? bar.valueSymbol() : s.fileSymbol());
            StringBuilder values = new StringBuilder();
            StringBuilder badNumber = new StringBuilder("CASE");
            for (PriceField f : PriceField.values()) {
                Integer i = f == PriceField.ADJ_CLOSE ? null : bar.fields().get(f);
                String number = i == null ? "NULL" : "TRY_CAST(" + bar.numbers().textSql("trim(c" + i + ")") + " AS DOUBLE)"; // a decimal comma as a point
                values.append(", ").append(number).append(" AS ").append(f.column);
                if (i == null) continue;
                // a cell whose separators are cut is checked as written first, on DuckDB's rows (a quoted line break splits Java's otherwise)
                String unread = number + " IS NULL" + (bar.numbers().converts() ? " OR " + NumberCells.notInStyleSql(bar.numbers(), "c" + i) : "");
                badNumber.append(" WHEN c").append(i).append(" IS NOT NULL AND (").append(unread).append(") THEN ").append(i);
            }
            badNumber.append(" END");
            String ts = bar.time().sql(col);
            String insert = "INSERT INTO bar_rows SELECT " + s.no() + ", line__, " + symbol + ", t__, CAST(t__ AS DATE)" + values
                    + ", c" + bar.time().cols().get(0) + ", " + badNumber + ", " + (bar.time().dst() ? bar.time().localSql(col) : "NULL") + " FROM (SELECT *, " + ts + " AS t__ FROM " + (wide ? bar.wideRelation(staged) : bar.relation(staged)) + ")";
            long n = CancellableSql.run(st, () -> st.executeUpdate(insert));
            if (n == 0) {
                if (!bar.parquet()) tooLong(staged.path(), bar);
                throw SextantException.invalid("paths", bar.file() + ": no price rows below the header",
                        "export the prices again; the file has a header but no row with a value");
            }
        } catch (SQLException e) {
            SextantException memory = bar.parquet() ? ParquetColumns.outOfMemory(bar.file(), e) : null;
            if (memory != null) throw memory;
            if (!bar.parquet()) tooLong(staged.path(), bar);
            // DuckDB's reader errors can quote the line: say what is wrong without its text
            throw SextantException.invalid("paths", bar.file() + ": not readable as " + (bar.parquet() ? "Parquet" : "CSV")
                    + " bars (a line with another number of columns than the first, or broken quoting)",
                    "export it again with one row per bar and the same columns on every line");
        }
        refuseUnreadableCells(s);
        if (bar.time().dst()) BarDst.resolve(c, s);
    }

    /** Refuses a file with a line past the reader's max_line_size, naming it (DuckDB fails, or drops the row, without saying so); {@code staged} is what it read. */
    private static void tooLong(Path staged, BarFile bar) {
        SextantException e = CsvHead.firstTooLong(staged, bar.file());
        if (e != null) throw e;
    }

    /** The first cell of this file that is not a time, a number or a symbol, by line and column (never echoed unless it looks like a value). */
    private void refuseUnreadableCells(Source s) throws SQLException {
        BarFile bar = s.bar();
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery("SELECT line, raw_ts, bad_number, symbol, coalesce(" + Tickers.notTickerSql("symbol") + ", false) FROM bar_rows WHERE file_no = " + s.no()
                + " AND (ts IS NULL OR bad_number IS NOT NULL OR symbol IS NULL OR symbol = '' OR " + Tickers.notTickerSql("symbol") + ") ORDER BY line LIMIT 1")) {
            if (!r.next()) return;
            String at = bar.file() + (bar.parquet() ? " row " : " line ") + r.getLong(1);
            if (r.getObject(3) != null) {
                String name = bar.header().get(r.getInt(3));
                throw SextantException.invalid(name, at + ", column " + name + ": not a number", bar.numbers().decimal() == ','
                        ? "write prices and volumes as numbers like the rest of this file (1,2345 or 1.234,56)" : "write prices and volumes as plain numbers (1.2345)");
            }
            if (r.getString(4) == null || r.getString(4).isEmpty() || r.getBoolean(5)) {
                String name = bar.header().get(bar.symbolCol());
                if (r.getString(4) != null && !r.getString(4).isEmpty()) throw Tickers.notATickerCell(name, at + ", column " + name, r.getString(4));
                throw SextantException.invalid(name, at + ", column " + name + ": the symbol is missing", "fill in the ticker on every line");
            }
            String name = bar.header().get(bar.time().cols().get(0));
            // the first row itself: there is no other row's time to be like, so say what its columns were read as
            boolean first = r.getLong(1) == bar.above() + (bar.parquet() || !bar.hasHeader() ? 1 : 2);
            throw SextantException.invalid(name, at + ", column " + name + ": " + CellText.describe(r.getString(2)) + (first
                    ? " does not read as a time; the file's times were taken to be " : " is not a time like the first row's (") + bar.timeDescription()
                    + (first ? "" : ")"), "write every time the same way, e.g. 2020-01-02T13:30:00Z, epoch seconds, or 2020.01.02,13:30"
                    + (bar.parquet() ? "; in Parquet, one TIMESTAMP column (datetime) holds both" : ""));
        }
    }

    /** Whether the commit added early closes of years outside the migrations' (a change to every symbol's reads of them). */
    boolean addedEarlyCloses() {
        return addedEarlyCloses;
    }

    /** Checks the batch, merges it into bars and reports what each file brought. */
    List<ImportReport.ImportedFile> commit(long[] insertedAndReplaced) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet r = st.executeQuery(
                "SELECT file_no, line, symbol, date, open, high, low, close, adj_close, volume FROM bar_rows WHERE " + rules.badRowSql() + " ORDER BY file_no, line LIMIT 1")) {
            if (r.next()) throw BarChecks.refusal(r, rules, files.get(r.getInt(1)).bar());
        }
        List<BarChecks.SymbolBars> detected = BarChecks.run(c, files);
        long replaced;
        java.util.Map<String, BarChecks.StoredChanges> changes;
        try (Statement st = c.createStatement()) {
            exec("CREATE OR REPLACE TEMP TABLE bar_new AS SELECT DISTINCT ON (r.symbol, r.ts) r.symbol, d.interval, r.ts, r.open, r.high, r.low, r.close, r.volume, r.file_no "
                    + "FROM bar_rows r JOIN bar_detected d USING (file_no, symbol) ORDER BY r.symbol, r.ts, r.file_no, r.line");
            changes = BarChecks.storedChanges(c);
            replaced = CancellableSql.run(st, () -> st.executeUpdate("DELETE FROM bars USING bar_new n WHERE bars.symbol = n.symbol AND bars.interval = n.interval AND bars.ts = n.ts"));
            StringBuilder source = new StringBuilder("CASE file_no");
            for (Source s : files) source.append(" WHEN ").append(s.no()).append(" THEN ").append(ImportBatch.literal(s.source()));
            long total = CancellableSql.run(st, () -> st.executeUpdate("INSERT INTO bars SELECT symbol, interval, ts, open, high, low, close, volume, " + source + " END FROM bar_new ORDER BY symbol, interval, ts"));
            insertedAndReplaced[0] += total - replaced;
            insertedAndReplaced[1] += replaced;
            // bars of years the migrations' early closes do not cover (1990-2100) get theirs, before the report counts outside-session bars
            try (ResultSet r = st.executeQuery("SELECT year(min(ts) - INTERVAL 1 DAY), year(max(ts) + INTERVAL 1 DAY) FROM bar_new")) {
                if (r.next() && r.getObject(1) != null) addedEarlyCloses |= org.sextant.engine.data.EarlyCloseYears.add(c, r.getInt(1), r.getInt(2)) > 0;
            }
        }
        BarChecks.recordSessions(c, detected);
        List<ImportReport.ImportedFile> out = BarChecks.report(c, files, detected, new java.util.HashMap<>(changes));
        exec("DROP TABLE bar_rows");
        exec("DROP TABLE bar_new");
        exec("DROP TABLE bar_detected");
        exec("DROP TABLE bar_steps");
        return out;
    }

    private void exec(String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            CancellableSql.run(st, () -> st.execute(sql));
        }
    }
}
