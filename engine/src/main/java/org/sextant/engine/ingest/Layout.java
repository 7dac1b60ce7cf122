package org.sextant.engine.ingest;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sextant.engine.SextantException;

/**
 * How the columns of one price file map onto the store, detected from its header.
 *
 * @param name       yahoo, stooq, stooq_txt, long, wide or close (date + close only)
 * @param header     the column names as written in the file
 * @param dateCol    index of the date column
 * @param symbolCol  index of the symbol column, or -1 when the symbol comes from the file name
 * @param fields     price columns by index (single-symbol and long layouts)
 * @param wideCols   for the wide layout: column index of each symbol column
 */
record Layout(String name, List<String> header, int dateCol, int symbolCol, Map<PriceField, Integer> fields,
              List<Integer> wideCols) {

    static final String ACCEPTED = "accepted headers: Yahoo (Date,Open,High,Low,Close,Adj Close,Volume); "
            + "Stooq (Date,Open,High,Low,Close,Volume, or <TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>); "
            + "long (symbol,date,close plus any of open,high,low,adj_close,volume); "
            + "wide (date followed by one close column per symbol); "
            + "German, French and Italian names read as these (Datum, Eröffnung, Hoch, Tief, Schluss, Volumen; Ouverture, Plus haut, Plus bas, Clôture; "
            + "Data, Apertura, Massimo, Minimo, Chiusura); "
            + "bars: a time column (datetime, datetime_utc, timestamp, timestamp_utc, time, open_time, local_time, utc_time, gmt_time, unix_time, "
            + "epoch or dt; or date with times, or date and time) in place of the date, with the price columns above";

    /** Where a file's column names are in a message: its header line, or a Parquet file's columns (it has no lines). */
    static String header(String file) {
        return header(file, 1);
    }

    /** As above, the header on {@code line}: 2 below Excel's "sep=;" line. */
    static String header(String file, int line) {
        return file + (parquet(file) ? " (its columns)" : " line " + line + " (the header)");
    }

    private static boolean parquet(String file) {
        String lower = file.toLowerCase(Locale.ROOT);
        return lower.endsWith(".parquet") || lower.endsWith(".pq");
    }

    boolean wide() { return symbolCol < 0 && fields.isEmpty(); }

    /**
     * The most symbol columns a wide file may have (and columns besides the date any price file): one import of
     * that many reads in seconds (docs/benchmarks.md, "Wide import"), and an import holds the store's one writer.
     */
    static final int MAX_COLUMNS = 5_000;

    /** A wide file of more than {@link #MAX_COLUMNS} symbol columns, refused before anything is read: what to do instead. */
    static SextantException tooWide(String file, int headerLine, int columns) {
        return SextantException.invalid("paths", String.format(Locale.ROOT, "%s: a wide file of %,d symbol columns, more than the %,d one import reads",
                header(file, headerLine), columns, MAX_COLUMNS), String.format(Locale.ROOT, "split it into files of at most %,d symbol columns (each with the date column), "
                + "or write it long: date,symbol,close", MAX_COLUMNS));
    }

    /** A header of more columns than any import reads: refused before the store's writer is taken ({@link #requireColumnsWithinBound}). */
    static final class TooManyColumns extends SextantException {
        TooManyColumns(SextantException refusal) {
            super(refusal.reason(), refusal.getMessage(), refusal.field(), refusal.fix());
        }
    }

    /**
     * Refuses, from its count, a CSV header (or a Parquet file's columns, from its footer) of more columns than any import reads ({@link #MAX_COLUMNS} besides the date), in the
     * words the import's read of it would refuse it with; a header within the count passes with no column looked at. Asked of a
     * file's first lines before the store's writer is taken and by the preview: a header of 150,000 columns was judged column by
     * column, several times over, while its import held the writer (30 s and 2 GB, attack 36). A wide file whose columns past the
     * bound are all blank or Stooq's ignored ones passes, as its read takes it; one a bar read alone ignores (MetaTrader's spread)
     * counts, as the daily read takes it for a symbol (attack 37: 160,000 columns named ignored… passed and were refused later).
     */
    static void requireColumnsWithinBound(List<String> header, String file, int headerLine) {
        if (header.size() <= MAX_COLUMNS + 1) return;
        boolean date = false, priced = false;
        int symbols = 0; // a wide file's symbol columns, counted as neither read (daily or bars) counts more
        for (String raw : header) {
            String n = PriceField.normalize(raw);
            boolean time = PriceField.DATE.contains(n) || BarTime.timeName(n, true) || BarTime.CLOCK_NAMES.contains(n);
            date |= time;
            priced |= PriceField.SYMBOL.contains(n) || PriceField.of(n) != null;
            // the daily read's rule, the wider of the two (a bar read takes fewer): a column either read may take is counted
            if (!time && PriceField.dailySymbol(n) && !BarTime.timeLikeName(n)) symbols++;
        }
        if (!date) throw new TooManyColumns(unknown(file, headerLine, header, "no date column"));
        if (priced) throw new TooManyColumns(tooManyColumns(file, headerLine, header.size()));
        if (symbols > MAX_COLUMNS) throw new TooManyColumns(tooWide(file, headerLine, symbols));
    }

    /** A price file (not wide) of more than {@link #MAX_COLUMNS} + 1 columns. */
    private static SextantException tooManyColumns(String file, int headerLine, int columns) {
        // the typed read's schema names every column: a header of 300,000 empty cells fits in one line
        return SextantException.invalid("paths", String.format(Locale.ROOT, "%s: %,d columns, more than the %,d a price file may have",
                header(file, headerLine), columns, MAX_COLUMNS + 1), "keep the date, symbol and price columns, and import the others' prices in files of their own");
    }

    /**
     * Column {@code col} as an error's field names it: its header when a person can read it there,
     * else its position ("column 2"), as a header cell can be any text of any length.
     */
    String columnField(int col) {
        return columnField(header, col);
    }

    static String columnField(List<String> header, int col) {
        String name = header.get(col).trim();
        boolean readable = !name.isEmpty() && name.length() <= org.sextant.engine.SextantException.MAX_FIELD
                && !org.sextant.contract.ShownText.hasUnshown(name); // control characters, direction overrides
        return readable ? name : "column " + (col + 1);
    }

    /** The symbol a wide column stands for: its header, trimmed and uppercased. */
    String wideSymbol(int col) {
        return wideSymbol(header, col);
    }

    static String wideSymbol(List<String> header, int col) {
        return header.get(col).replace("\"", "").trim().toUpperCase(Locale.ROOT);
    }

    static Layout detect(List<String> header, String file) {
        return detect(header, file, 1);
    }

    /** The layout of a file whose header is on {@code headerLine} (2 below Excel's "sep=;" line), which a refusal names. */
    static Layout detect(List<String> header, String file, int headerLine) {
        int date = -1;
        int symbol = -1;
        boolean bracketed = false;
        Map<PriceField, Integer> fields = new EnumMap<>(PriceField.class);
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            String raw = header.get(i);
            bracketed |= raw.trim().startsWith("<");
            String n = PriceField.normalize(raw);
            if (PriceField.DATE.contains(n) && date < 0) {
                date = i;
            } else if (PriceField.SYMBOL.contains(n) && symbol < 0) {
                symbol = i;
            } else if (PriceField.of(n) != null && !fields.containsKey(PriceField.of(n))) {
                fields.put(PriceField.of(n), i);
            } else if (PriceField.dailySymbol(n)) {
                others.add(i);
            }
        }
        if (date < 0) {
            throw unknown(file, headerLine, header, "no date column");
        }
        PriceField.refuseTwice(header, file, headerLine, i -> false);
        if (!fields.isEmpty() || symbol >= 0) {
            if (header.size() > MAX_COLUMNS + 1) throw tooManyColumns(file, headerLine, header.size());
            if (!fields.containsKey(PriceField.CLOSE)) {
                throw SextantException.invalid("paths", header(file, headerLine) + ": " + recognised(header) + ", but no close column",
                        "add a Close column; " + ACCEPTED);
            }
            return new Layout(name(symbol >= 0, bracketed, fields), List.copyOf(header), date, symbol, fields, List.of());
        }
        if (others.isEmpty()) {
            throw unknown(file, headerLine, header, "only a date column");
        }
        if (others.size() > MAX_COLUMNS) throw tooWide(file, headerLine, others.size());
        return new Layout("wide", List.copyOf(header), date, -1, fields, List.copyOf(others));
    }

    /** The name of a layout with price columns (not wide). */
    static String name(boolean symbolColumn, boolean bracketed, Map<PriceField, Integer> fields) {
        if (symbolColumn) return bracketed ? "stooq_txt" : "long";
        if (fields.containsKey(PriceField.ADJ_CLOSE)) return "yahoo";
        return fields.size() > 1 ? "stooq" : "close";
    }

    /**
     * The header described, never echoed: a file that is not price data (a .env, /etc/shadow)
     * must not reach an error or a job record. Only the columns that matched a known name are named.
     */
    private static SextantException unknown(String file, int headerLine, List<String> header, String why) {
        return SextantException.invalid("paths", header(file, headerLine) + ": not " + (parquet(file) ? "the columns of a price file" : "a price file header") + " (" + why + "; "
                + recognised(header) + ")", ACCEPTED);
    }

    private static String recognised(List<String> header) {
        List<String> known = new ArrayList<>();
        for (String raw : header) {
            String n = PriceField.normalize(raw);
            if (PriceField.DATE.contains(n)) known.add("date");
            else if (PriceField.SYMBOL.contains(n)) known.add("symbol");
            else if (PriceField.of(n) != null) known.add(PriceField.of(n).column);
        }
        return header.size() + (header.size() == 1 ? " column" : " columns") + ", recognised: " + (known.isEmpty() ? "none" : String.join(", ", known));
    }
}
