package org.sextant.engine.ingest;

/**
 * How a CSV writes its numbers, decided per file from its delimiter and every number cell ({@link CsvForms}): a point for
 * decimals (the default), or a decimal comma with '.' or ' between thousands (Excel in de, fr, ch and it locales, with
 * ';' between cells, or quoted in a ',' file), or a point with Swiss ' or US ',' between thousands (in a ';' or tab file).
 *
 * @param decimal   ',' or '.'
 * @param thousands whether some cell has a thousands separator: then the cells are read as text and cut to plain numbers
 *                  ({@link #textSql}), as DuckDB's reader has a decimal_separator but no thousands separator
 * @param quoted    a ',' file's quoted decimal commas ("22,622"): read as text and cut too, as DuckDB's decimal_separator
 *                  cannot be the file's delimiter
 */
record NumberStyle(char decimal, boolean thousands, boolean quoted) {
    static final NumberStyle PLAIN = new NumberStyle('.', false, false);

    /** What read_csv is told: DuckDB's own decimal_separator, when that is all the file needs. */
    String readOption() {
        return decimal == ',' && !converts() ? ", decimal_separator=','" : "";
    }

    /** Whether the number columns are read as text and cut by {@link #textSql} (every cell checked by {@link CsvForms} first). */
    boolean converts() {
        return thousands || quoted;
    }

    /** The SQL of {@code text} (a cell's text) written as a plain number with a decimal point. */
    String textSql(String text) {
        if (this.equals(PLAIN)) return text;
        String cut = "replace(" + text + ", '''', '')";
        if (decimal != ',') return "replace(" + cut + ", ',', '')"; // Swiss 1'234.56 or US 1,234.56
        for (String space : new String[] {" ", "\u00A0", "\u202F"}) cut = "replace(" + cut + ", '" + space + "', '')"; // French thousands: 1 234,56
        return "replace(replace(" + cut + ", '.', ''), ',', '.')";
    }

    /** Every number cell of a file of this style (trimmed of spaces) matches this, or is missing or a NaN ({@link NumberCells}). */
    java.util.regex.Pattern cellPattern() {
        return decimal == ',' ? CsvForms.COMMA_NUMBER : CsvForms.POINT_NUMBER;
    }

    /** The report's note of a file whose numbers are not plain, or null. */
    String note(String file) {
        if (this.equals(PLAIN)) return null;
        if (decimal == '.') return file + ": numbers read with ' between thousands ('1'234.56' is 1234.56)";
        return file + ": numbers read with a decimal comma" + (quoted ? ", quoted" : "")
                + (thousands ? " and '.' or ' between thousands ('1.234,56' is 1234.56)" : " ('1234,56' is 1234.56)");
    }
}
