package org.sextant.engine.ingest;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.SextantException;

/**
 * What an import would read from one file, before anything is written: its format, the layout
 * the importer detects from the header (the same detection the import uses), and the first rows.
 * A file the importer would refuse for its header is refused here with the same error.
 *
 * @param layout   yahoo, stooq, stooq_txt, long, wide or close; "bars" for rows with a time of day; for Parquet "parquet" (columns are checked on import)
 * @param interval the bar interval the first rows show (1m .. 1mo; 1d for a daily file), null when they do not tell
 * @param times    how a bar file writes its times ("iso_zoned in datetime_utc"), null for a daily file
 */
public record ImportPreview(String file, String format, String layout, List<String> header, String delimiter,
                            String dateFormat, List<List<String>> rows, String symbolSource, String interval, String times) {

    public static final int ROWS = 10;
    /** Rows read to tell the interval (the import itself decides on every row). */
    static final int INTERVAL_ROWS = 500;

    /** Refuses, naming "paths", what is not a file to read: missing, a folder, or a device or pipe (which never ends). */
    static void requireFile(Path path) {
        String why = path == null || !Files.exists(path) ? "no such file"
                : Files.isDirectory(path) ? "is a folder, not a file"
                : !Files.isRegularFile(path) ? "is not a regular file (a device or pipe)" : null;
        if (why != null) {
            throw SextantException.invalid("paths", path + ": " + why, "give the path of an existing CSV or Parquet file"
                    + (path != null && Files.isDirectory(path) ? " (the files in a folder: name each, or a shell pattern such as folder/*.csv)" : ""));
        }
    }

    public static ImportPreview of(Path path) {
        requireFile(path);
        String file = String.valueOf(path);
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet")) {
            return new ImportPreview(file, "parquet", "parquet", List.of(), null, null, List.of(), "symbol column", null, null);
        }
        BarFile bar;
        try {
            bar = BarFile.probe(null, path, file, null);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e); // a CSV probe runs no SQL
        }
        if (bar != null) return bars(path, file, bar);
        CsvHead head = CsvHead.read(path, file);
        Layout layout = Layout.detect(head.header(), file);
        List<List<String>> rows = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            r.readLine();
            for (String line = r.readLine(); line != null && rows.size() < ROWS; line = r.readLine()) {
                if (!line.isBlank()) rows.add(CsvHead.split(line, head.delimiter()));
            }
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        String symbols = layout.symbolCol() >= 0 ? "column " + head.header().get(layout.symbolCol())
                : layout.wide() ? "one column per symbol" : "the file name";
        return new ImportPreview(file, "csv", layout.name(), head.header(), String.valueOf(head.delimiter()),
                head.dateFormat(), rows, symbols, "1d", null);
    }

    private static ImportPreview bars(Path path, String file, BarFile bar) {
        List<List<String>> rows = new ArrayList<>();
        java.util.Map<Long, Integer> steps = new java.util.HashMap<>();
        java.time.LocalDateTime previous = null;
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            if (bar.hasHeader()) r.readLine();
            int read = 0;
            for (String line = r.readLine(); line != null && read < INTERVAL_ROWS; line = r.readLine()) {
                if (line.isBlank()) continue;
                List<String> cells = CsvHead.split(line, bar.delimiter());
                if (rows.size() < ROWS) rows.add(cells);
                read++;
                java.time.LocalDateTime t = bar.time().parse(cells);
                if (t != null && previous != null && t.isAfter(previous)) steps.merge(java.time.Duration.between(previous, t).toMinutes(), 1, Integer::sum);
                if (t != null) previous = t;
            }
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        String interval = steps.entrySet().stream().max(java.util.Map.Entry.comparingByValue())
                .map(e -> org.sextant.engine.data.BarInterval.ofStepMinutes(e.getKey())).map(i -> i.label).orElse(null);
        String symbols = bar.symbolCol() >= 0 ? "column " + bar.header().get(bar.symbolCol())
                : bar.valueSymbol() != null ? "the value column's name (" + bar.valueSymbol() + ")" : "the file name";
        return new ImportPreview(file, "csv", "bars", bar.header(), String.valueOf(bar.delimiter()), null, rows, symbols, interval, bar.timeDescription());
    }
}
