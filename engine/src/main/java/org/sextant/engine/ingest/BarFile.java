package org.sextant.engine.ingest;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.SextantException;

/**
 * A price file whose rows carry a time of day (an intraday or timestamped file): its columns, how
 * it writes times, and which column holds what. Files with dates only are not bar files and keep
 * the daily import path (weekly and monthly ones are made bar files by {@link #ofDates}).
 *
 * @param parquet   read with read_parquet, else read_csv
 * @param hasHeader false for MetaTrader's headerless history exports
 * @param symbolCol the symbol column, or -1 (then valueSymbol, else the file name, gives it)
 * @param valueSymbol a file of one unnamed value column (the R export "datetime,usdchf"): that column's name
 * @param wideCols  a wide file of dates of several symbols (date,AAA,BBB, {@link #ofDates}): the close column of each, named
 *                  after its symbol (fields' close is the first); empty otherwise
 * @param dates     how the file writes dates and numbers, and the notes that say so ({@link CsvForms}): a file of dates read as
 *                  bars ({@link #ofDates}), or a CSV of times that needed deciding ({@link #withForms}); null for another file
 *                  of times (read with a decimal point)
 */
record BarFile(String file, boolean parquet, boolean hasHeader, char delimiter, List<String> header, BarTime time,
               int symbolCol, Map<PriceField, Integer> fields, String valueSymbol, List<Integer> wideCols, CsvHead dates) {

    /** The bar file view of {@code path}, or null when it is a daily file (or not a price file at all: the daily path says why). */
    static BarFile probe(Connection c, Path path, String file, StagedFile staged) throws SQLException {
        return probe(c, path, file, staged, null, true, false);
    }

    /**
     * The probe; with {@code forms} a CSV's date order and number style decided from its rows ({@link #withForms}), without
     * them (whether a file is a bar file at all) its first lines read only.
     */
    static BarFile probe(Connection c, Path path, String file, StagedFile staged, CsvHead.Budget budget, boolean forms) throws SQLException {
        return probe(c, path, file, staged, budget, forms, false);
    }

    /**
     * The probe by the preview, reading a CSV's first lines within {@code budget}, its numbers decided when the rows it read showed
     * a quoted number below the first ({@code quoteBelow}), as the import decides them when the file has one.
     */
    static BarFile probe(Path path, String file, CsvHead.Budget budget, boolean quoteBelow) throws SQLException {
        return probe(null, path, file, null, budget, true, quoteBelow);
    }

    private static BarFile probe(Connection c, Path path, String file, StagedFile staged, CsvHead.Budget budget, boolean forms, boolean quoteBelow) throws SQLException {
        boolean parquet = isParquet(path);
        List<String> header;
        List<String> row;
        String rowLine = null; // a CSV's first row as written
        boolean hasHeader = true;
        boolean sepLine = false;
        char delim = ',';
        ParquetColumns columns = null;
        if (parquet) {
            if (c == null) return null;
            try {
                columns = ParquetColumns.of(c, staged);
            } catch (SQLException e) {
                return null; // not readable as Parquet: the daily path reports it
            }
            header = columns.names();
            row = firstRow(c, staged, file, columns);
            if (row == null) return null;
        } else {
            List<String> lines = firstLines(text(path, staged), file, budget);
            Character declared = lines.isEmpty() ? null : CsvHead.declaredDelimiter(lines.get(0), file);
            if (declared != null) lines = lines.subList(1, lines.size()); // Excel's "sep=;": the header is below it
            sepLine = declared != null;
            if (lines.size() < 2 && !(lines.size() == 1 && BarTime.headerlessMetaTrader(CsvHead.split(lines.get(0), CsvHead.delimiterOf(lines.get(0)))))) return null;
            delim = declared != null ? declared : CsvHead.delimiterOf(lines.get(0));
            List<String> first = CsvHead.split(lines.get(0).replace("\uFEFF", ""), delim);
            if (BarTime.headerlessMetaTrader(first)) {
                hasHeader = false;
                header = BarTime.metaTraderHeader(first.size());
                row = first;
                rowLine = lines.get(0);
            } else {
                header = first;
                row = CsvHead.split(lines.get(1), delim);
                rowLine = lines.get(1);
            }
        }
        int headerLine = sepLine ? 2 : 1; // what a refusal of the header names
        if (!parquet) Layout.requireColumnsWithinBound(header, file, headerLine); // from its count, before any column is judged
        BarTime time = BarTime.detect(header, row);
        if (time == null) {
            refuseEpochOfAnotherUnit(file, hasHeader, header, row);
            return null;
        }
        List<String> named = parquet ? columns.written() : null;
        PriceField.refuseTwice(named != null && named.size() == header.size() ? named : header, file, headerLine, i -> time.cols().contains(i) || time.otherTimeColumn(header, i));
        int symbol = -1;
        Map<PriceField, Integer> fields = new EnumMap<>(PriceField.class);
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            if (time.cols().contains(i) || time.otherTimeColumn(header, i)) continue;
            String n = PriceField.normalize(header.get(i));
            if (PriceField.SYMBOL.contains(n) && symbol < 0) symbol = i;
            else if (PriceField.of(n) != null && !fields.containsKey(PriceField.of(n))) fields.put(PriceField.of(n), i);
            else if (PriceField.holdsValues(n)) others.add(i);
        }
        String valueSymbol = null;
        List<Integer> wide = List.of();
        if (!fields.containsKey(PriceField.CLOSE)) {
            if (fields.isEmpty() && symbol < 0 && others.size() == 1) {
                fields.put(PriceField.CLOSE, others.get(0));
                valueSymbol = Layout.wideSymbol(header, others.get(0));
            } else if (fields.isEmpty() && symbol < 0 && others.size() > 1 && time.cols().size() == 1) {
                // a wide file of times (pandas' to_parquet of a frame of closes writes its dates as midnight timestamps): each column a symbol
                if (others.size() > Layout.MAX_COLUMNS) throw Layout.tooWide(file, headerLine, others.size());
                fields.put(PriceField.CLOSE, others.get(0));
                wide = List.copyOf(others);
            } else {
                throw SextantException.invalid("paths", Layout.header(file, headerLine) + ": a bar file (times as " + time.format()
                        + ") needs a close column", "name the price column close (with open, high, low, volume if present), or keep one value column");
            }
        }
        BarFile bar = new BarFile(file, parquet, hasHeader, delim, List.copyOf(header), time, symbol, fields, valueSymbol, wide, null);
        if (parquet) {
            columns.requireScalar(file, bar.read());
            java.util.Set<Integer> prices = new java.util.TreeSet<>(fields.values());
            prices.addAll(wide);
            columns.requireNumbers(file, prices);
            ParquetSizes.requireWithinBounds(c, staged, file, columns, bar.read());
        }
        return parquet || !forms ? bar : bar.withForms(text(path, staged), row, rowLine, budget, quoteBelow, sepLine);
    }

    /** What a CSV's probe reads: the staged copy once there is one (the only thing read after staging, in UTF-8), else the file (the preview). */
    private static Path text(Path path, StagedFile staged) {
        return staged == null ? path : staged.path();
    }

    /**
     * A CSV of times with ';' or tab between cells, day and month first with slashes or dashes, or a quoted number on any row:
     * its date order and number style decided from every row as a daily file's are ({@link CsvForms}), the notes saying so.
     */
    private BarFile withForms(Path path, List<String> row, String rowLine, CsvHead.Budget budget, boolean quoteBelow, boolean sepLine) {
        int dateCol = time.cols().get(0);
        String dateCell = dateCol < row.size() ? row.get(dateCol).trim() : "";
        String datePattern = time.datePatternOf();
        CsvHead head = CsvHead.declared(header, delimiter, datePattern, hasHeader, sepLine, file);
        CsvHead decided = CsvForms.decideIfNeeded(head, dailyLayout(), dateCell, rowLine, path, file, budget, quoteBelow);
        if (decided == null) return sepLine ? withDates(head) : this;
        BarTime t = datePattern == null ? time : time.withDateFormat(decided.dateFormat());
        return new BarFile(file, parquet, hasHeader, delimiter, header, t, symbolCol, fields, valueSymbol, wideCols, decided);
    }

    /**
     * The first row of a Parquet file's columns that may hold its times (by name: those {@link BarTime#detect} reads, and
     * Stooq's period), checked by {@link ParquetSizes} first, read on a connection of its own (a failure leaves the import's
     * transaction as it was); every other cell empty, not read. Null when the file does not read as Parquet (the daily path
     * says why); refused as a resource limit when the read passes DuckDB's memory limit.
     */
    private static List<String> firstRow(Connection c, StagedFile staged, String file, ParquetColumns columns) throws SQLException {
        java.util.Set<Integer> probed = new java.util.TreeSet<>();
        for (int i = 0; i < columns.names().size(); i++) {
            String n = PriceField.normalize(columns.names().get(i));
            if ((BarTime.timeName(n, true) || n.equals("per")) && !columns.nested(i)) probed.add(i);
        }
        List<String> row = new ArrayList<>(java.util.Collections.nCopies(columns.names().size(), ""));
        if (probed.isEmpty()) return row;
        ParquetSizes.requireWithinBounds(c, staged, file, columns, probed); // the first row read below is a vector of 2,048 cells
        java.util.StringJoiner select = new java.util.StringJoiner(", ");
        for (int i : probed) select.add(ImportBatch.ident(columns.names().get(i)));
        try (Connection own = ParquetColumns.own(c); Statement st = own.createStatement();
             ResultSet r = st.executeQuery("SELECT " + select + " FROM read_parquet(" + staged.sqlLiteral() + ") LIMIT 1")) {
            if (!r.next()) return List.of();
            int k = 1;
            for (int i : probed) row.set(i, String.valueOf(r.getString(k++)));
            return row;
        } catch (SQLException e) {
            SextantException memory = ParquetColumns.outOfMemory(file, e);
            if (memory != null) throw memory;
            return null;
        }
    }

    /** The columns an import of this file reads: its times, symbol and prices (a wide file's closes); no other is read. */
    java.util.Set<Integer> read() {
        java.util.Set<Integer> read = new java.util.TreeSet<>(time.cols());
        read.addAll(fields.values());
        read.addAll(wideCols);
        if (symbolCol >= 0) read.add(symbolCol);
        return read;
    }

    /** This file read as {@code dates} says (below Excel's "sep=;" line, with a decimal point). */
    private BarFile withDates(CsvHead dates) {
        return new BarFile(file, parquet, hasHeader, delimiter, header, time, symbolCol, fields, valueSymbol, wideCols, dates);
    }

    /** Lines above the header: 1 below Excel's "sep=;" line ({@link CsvHead#above}), else 0. */
    int above() {
        return dates == null ? 0 : dates.above();
    }

    /**
     * A file of dates only whose dates are a week or a month apart ({@link DateSpacing}), read as bars: each date its bar's
     * time; a wide file's columns each the closes of its symbol, as the daily import reads them.
     */
    static BarFile ofDates(String file, Layout layout, CsvHead csv) {
        BarTime time = new BarTime("date", List.of(layout.dateCol()), csv == null ? "%Y-%m-%d" : csv.dateFormat());
        if (layout.wide()) {
            int col = layout.wideCols().get(0);
            boolean one = layout.wideCols().size() == 1;
            return new BarFile(file, csv == null, csv == null || csv.hasHeader(), csv == null ? ',' : csv.delimiter(), layout.header(), time, -1,
                    Map.of(PriceField.CLOSE, col), one ? layout.wideSymbol(col) : null, one ? List.of() : layout.wideCols(), csv);
        }
        return new BarFile(file, csv == null, csv == null || csv.hasHeader(), csv == null ? ',' : csv.delimiter(), layout.header(), time,
                layout.symbolCol(), layout.fields(), null, List.of(), csv);
    }

    /** The symbol a wide file's column stands for, as the daily import names it. */
    String wideSymbol(int col) {
        return Layout.wideSymbol(header, col);
    }

    /**
     * A time column of epoch micro- or nanoseconds (14 to 19 digits): the reader knows seconds and
     * milliseconds only, and the file read as "no date column".
     */
    private static void refuseEpochOfAnotherUnit(String file, boolean hasHeader, List<String> header, List<String> row) {
        for (int i = 0; i < header.size() && i < row.size(); i++) {
            String v = row.get(i).trim().replace("\"", "");
            if (!BarTime.timeName(PriceField.normalize(header.get(i)), true) || !v.matches("\\d{14,19}")) continue;
            String name = header.get(i);
            throw SextantException.invalid(name, file + " line " + (hasHeader ? 2 : 1) + ", column " + name + ": " + v + " is a number of " + v.length()
                            + " digits, not epoch seconds (10 digits) or milliseconds (13); micro- or nanoseconds are not read",
                    "write the times as epoch seconds or milliseconds (nanoseconds divided by 1,000,000 are milliseconds), or as 2024-01-02T15:00:00Z");
        }
    }

    static boolean isParquet(Path path) {
        String lower = path.getFileName().toString().toLowerCase(Locale.ROOT);
        return lower.endsWith(".parquet") || lower.endsWith(".pq");
    }

    /**
     * Whether this file's times are dates written as midnight times (pandas' {@code to_parquet} of a
     * DatetimeIndex of days, "2020-01-02 00:00:00"): every time parses, is exactly 00:00 as written
     * (UTC for zoned and epoch times), and each symbol's bars are most often a day apart. Such a
     * file is daily prices and takes the daily path; weekly and monthly bars at midnight stay bars.
     * A headerless MetaTrader D1 export (2020.01.02,00:00,...) is such a file too: its implied header names the columns.
     */
    boolean daysAtMidnight(Connection c, StagedFile staged) {
        String symbol = symbolCol >= 0 ? "upper(trim(c" + symbolCol + "))" : "''";
        // as the bar path stores it: a TIMESTAMP (epoch and zoned times come as TIMESTAMPTZ in UTC)
        String rows = "(SELECT " + symbol + " AS s, CAST(" + time.localSql(i -> "c" + i) + " AS TIMESTAMP) AS t FROM " + relation(staged) + ")";
        // on a connection of its own: a line DuckDB cannot read fails this look, not the import's transaction (the bar path names the line)
        try (Connection own = c.unwrap(org.duckdb.DuckDBConnection.class).duplicate(); Statement st = own.createStatement()) {
            // a file with a time of day usually shows it within the first rows: LIMIT 1 stops the scan there
            try (ResultSet r = st.executeQuery("SELECT 1 FROM " + rows + " WHERE t IS NULL OR CAST(t AS TIME) <> TIME '00:00' LIMIT 1")) {
                if (r.next()) return false;
            }
            boolean stepped = false;
            try (ResultSet r = st.executeQuery("SELECT mode(step) FROM (SELECT s, date_diff('minute', lag(t) OVER (PARTITION BY s ORDER BY t), t) AS step "
                    + "FROM (SELECT DISTINCT s, t FROM " + rows + ")) WHERE step > 0 GROUP BY s")) {
                while (r.next()) {
                    if (org.sextant.engine.data.BarInterval.ofStepMinutes(r.getLong(1)) != org.sextant.engine.data.BarInterval.D1) return false;
                    stepped = true;
                }
            }
            // another symbol's daily step decides for a lone row; with none, what is stored of its symbols does
            return stepped || LoneMidnight.isDaily(own, this, rows);
        } catch (SQLException e) {
            return false;
        }
    }

    /** The daily layout of a file whose dates are written as midnight times: its time column is the date. */
    Layout dailyLayout() {
        int date = time.cols().get(0);
        if (valueSymbol != null) return new Layout("wide", header, date, -1, Map.of(), List.of(fields.get(PriceField.CLOSE)));
        if (!wideCols.isEmpty()) return new Layout("wide", header, date, -1, Map.of(), wideCols);
        boolean bracketed = header.stream().anyMatch(h -> h.trim().startsWith("<"));
        return new Layout(Layout.name(symbolCol >= 0, bracketed, fields), header, date, symbolCol, fields, List.of());
    }

    /** The file with times written without a zone read in {@code zone} (null: UTC). */
    BarFile inZone(java.time.ZoneId zone) {
        return zone == null ? this : new BarFile(file, parquet, hasHeader, delimiter, header, time.inZone(zone), symbolCol, fields, valueSymbol, wideCols, dates);
    }

    /** How the file's times are written, for the preview and the report ("iso_zoned in datetime_utc"). */
    String timeDescription() {
        List<String> names = new ArrayList<>();
        for (int i : time.cols()) names.add(header.get(i));
        boolean utc = time.zone().normalized().equals(java.time.ZoneOffset.UTC);
        return time.format() + " in " + String.join(" + ", names) + (!time.naive() ? "" : utc ? " (read as UTC)" : " (read as " + time.zone().getId() + " time, stored in UTC)");
    }

    /** The file as a relation of VARCHAR columns c0..cN plus line__, the line (or Parquet row) number of each row. */
    String relation(StagedFile staged) {
        StringBuilder cols = new StringBuilder();
        if (parquet) {
            java.util.Set<Integer> read = read();
            for (int i = 0; i < header.size(); i++) {
                // a column the import does not read is not read at all (it may be a list of any size: ParquetColumns)
                String text = read.contains(i) ? "CAST(" + ImportBatch.ident(header.get(i)) + " AS VARCHAR)" : "CAST(NULL AS VARCHAR)";
                // a symbol is the text the bars keep: cut past the longest ticker (still refused), whatever the footer said
                cols.append(", ").append(i == symbolCol ? "left(" + text + ", " + (Tickers.MAX_CHARS + 1) + ")" : text).append(" AS c").append(i);
            }
            return "(SELECT file_row_number + 1 AS line__" + cols + " FROM read_parquet(" + staged.sqlLiteral() + ", file_row_number=true))";
        }
        StringBuilder schema = new StringBuilder("{");
        for (int i = 0; i < header.size(); i++) schema.append(i == 0 ? "" : ", ").append("'c").append(i).append("': 'VARCHAR'");
        schema.append('}');
        // NaN is not a missing mark here: it reaches the numbers and is refused as NaN, naming its column
        // DuckDB keeps a scan's file order (preserve_insertion_order), so the row number is the line below the header
        return "(SELECT row_number() OVER () + " + (above() + (hasHeader ? 1 : 0)) + " AS line__, * FROM read_csv(" + staged.sqlLiteral()
                + ", header=" + hasHeader + (above() == 0 ? "" : ", skip=" + above()) + ", auto_detect=false, delim=" + ImportBatch.literal(String.valueOf(delimiter))
                + ", quote='\"', escape='\"', max_line_size=" + CsvHead.MAX_LINE + ", null_padding=true, nullstr=" + MissingCells.nullstr() + ", columns=" + schema + "))";
    }

    /**
     * A wide file as {@link #relation} with one row per symbol and date: its date column, symbol__ and the close in the
     * first wide column's place. An empty or NaN cell is a day without that symbol's price, dropped as the daily import drops it.
     * A CSV is split line by line ({@link WideCsv}: a line with more cells than the header fails the read); Parquet's typed
     * columns are unnested as lists. Either costs the same per cell however many columns (UNPIVOT's cost grew with their square).
     */
    String wideRelation(StagedFile staged) {
        // the cells as written (a decimal comma too): BarImport reads each as its number
        int date = time.cols().get(0), close = fields.get(PriceField.CLOSE);
        if (!parquet) {
            Layout layout = new Layout("wide", header, date, -1, Map.of(), wideCols);
            return "(SELECT line__, date__ AS c" + date + ", symbol__, value__ AS c" + close + " FROM "
                    + WideCsv.cells(staged, CsvHead.declared(header, delimiter, null, hasHeader, above() > 0, file), layout, this::wideSymbol, col -> col.apply(date), true, false) + ")";
        }
        StringBuilder values = new StringBuilder("[");
        StringBuilder symbols = new StringBuilder("[");
        for (int i : wideCols) {
            values.append(values.length() == 1 ? "" : ", ").append('c').append(i);
            symbols.append(symbols.length() == 1 ? "" : ", ").append(ImportBatch.literal(wideSymbol(i)));
        }
        return "(SELECT * FROM (SELECT line__, c" + date + ", unnest(" + symbols + "]) AS symbol__, unnest(" + values + "]) AS c" + close + " FROM " + relation(staged)
                + ") WHERE c" + close + " IS NOT NULL AND NOT coalesce(isnan(TRY_CAST(trim(c" + close + ") AS DOUBLE)), false))";
    }

    /** How the file writes its numbers: as {@link CsvForms} decided, else with a decimal point. */
    NumberStyle numbers() {
        return dates == null ? NumberStyle.PLAIN : dates.numbers();
    }

    /** The report's notes of how the file's dates and numbers were read ("dates read as DD.MM.YYYY"), if decided. */
    List<String> readNotes() {
        List<String> out = new ArrayList<>(dates == null ? List.of() : dates.notes());
        int col = time.cols().get(0);
        if (time.cols().size() == 1 && hasHeader && BarTime.suffixedTimeName(PriceField.normalize(header.get(col)))) {
            out.add("times read from column " + Layout.columnField(header, col) + " (its zone is the one the import names or the times carry, never read from the column's name)");
        }
        return List.copyOf(out);
    }

    private static List<String> firstLines(Path path, String file, CsvHead.Budget budget) {
        List<String> out = new ArrayList<>();
        try (CsvHead.Lines r = new CsvHead.Lines(path, file, budget)) {
            // a header and a row, below Excel's "sep=;" when the file has one (asked of the first line once: a file may hold
            // millions of blank lines below it, and the regex per blank line was most of a preview's time on such a file)
            int wanted = 2;
            for (String line; out.size() < wanted && (line = r.next()) != null; ) {
                if (line.isBlank()) continue;
                out.add(line);
                if (out.size() == 1 && CsvHead.sepLine(line)) wanted = 3;
            }
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        return out;
    }
}
