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
 * @param layout yahoo, stooq, stooq_txt, long, wide or close; for Parquet "parquet" (columns are checked on import)
 */
public record ImportPreview(String file, String format, String layout, List<String> header, String delimiter,
                            String dateFormat, List<List<String>> rows, String symbolSource) {

    public static final int ROWS = 10;

    public static ImportPreview of(Path path) {
        String file = String.valueOf(path);
        if (path == null || !Files.isRegularFile(path)) {
            throw SextantException.invalid("paths", file + ": no such file",
                    "give the path of an existing CSV or Parquet file");
        }
        String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet")) {
            return new ImportPreview(file, "parquet", "parquet", List.of(), null, null, List.of(), "symbol column");
        }
        CsvHead head = CsvHead.read(path, file);
        Layout layout = Layout.detect(head.header(), file);
        List<List<String>> rows = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            r.readLine();
            for (String line = r.readLine(); line != null && rows.size() < ROWS; line = r.readLine()) {
                if (!line.isBlank()) rows.add(CsvHead.split(line, head.delimiter()));
            }
        } catch (IOException e) {
            throw SextantException.invalid("paths", file + ": cannot read (" + e.getMessage() + ")",
                    "check that the file exists, is readable and is UTF-8 text");
        }
        String symbols = layout.symbolCol() >= 0 ? "column " + head.header().get(layout.symbolCol())
                : layout.wide() ? "one column per symbol" : "the file name";
        return new ImportPreview(file, "csv", layout.name(), head.header(), String.valueOf(head.delimiter()),
                head.dateFormat(), rows, symbols);
    }
}
