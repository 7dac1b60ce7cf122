package org.sextant.engine.ingest;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;

/**
 * The first lines of a CSV file: header, delimiter and the date format of the first data row.
 * Reading them in Java lets the importer give DuckDB an exact, typed schema (no sniffing).
 */
record CsvHead(List<String> header, char delimiter, String dateFormat) {

    static CsvHead read(Path path, String file) {
        String headerLine;
        String firstRow;
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            headerLine = r.readLine();
            firstRow = r.readLine();
            while (firstRow != null && firstRow.isBlank()) firstRow = r.readLine();
        } catch (IOException e) {
            throw CsvErrors.unreadable(file, e);
        }
        if (headerLine == null || headerLine.isBlank()) {
            throw SextantException.invalid("paths", file + ": the file is empty",
                    "export the prices again; the file needs a header line and at least one row");
        }
        headerLine = headerLine.replace("\uFEFF", "");
        char delim = delimiterOf(headerLine);
        List<String> header = split(headerLine, delim);
        if (firstRow == null) {
            throw SextantException.invalid("paths", file + ": the file has a header but no data rows",
                    "export the prices again; the file needs at least one row below the header");
        }
        return new CsvHead(header, delim, null).withDateFormatFrom(split(firstRow, delim), file);
    }

    private CsvHead withDateFormatFrom(List<String> row, String file) {
        Layout probe = Layout.detect(header, file);
        String cell = probe.dateCol() < row.size() ? row.get(probe.dateCol()).trim() : "";
        return new CsvHead(header, delimiter, dateFormatOf(cell));
    }

    /** ISO dates, or Stooq's compact YYYYMMDD; anything else is reported per line by DuckDB's cast. */
    static String dateFormatOf(String cell) {
        return cell.matches("\\d{8}") ? "%Y%m%d" : "%Y-%m-%d";
    }

    static char delimiterOf(String headerLine) {
        if (headerLine.indexOf(',') >= 0) return ',';
        if (headerLine.indexOf(';') >= 0) return ';';
        if (headerLine.indexOf('\t') >= 0) return '\t';
        return ',';
    }

    /** Splits one CSV line; double quotes group a cell and "" inside quotes is one quote. */
    static List<String> split(String line, char delim) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    cell.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == delim) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(ch);
            }
        }
        cells.add(cell.toString());
        return cells;
    }
}
