package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * What every import path does once its rows are in {@code prices} (the symbols it brought listed in {@code import_symbols},
 * with the source each came from): refuses a symbol it would leave half adjusted ({@link HalfAdjusted}), then records each
 * symbol's first and last date, rows and source in {@code symbols}. One place for both, so a path that lists its symbols
 * cannot skip the refusal. Inside the import's transaction: a refusal keeps none of its rows.
 */
final class ImportedSymbols {
    private ImportedSymbols() {}

    static void settle(Connection c) throws SQLException {
        HalfAdjusted.refuse(c); // every row is in place: a border of adjusted and plain closes would read as a move
        DirectImport.exec(c, "INSERT INTO symbols (symbol, first_date, last_date, rows, source) "
                + "SELECT p.symbol, min(p.date), max(p.date), count(*), any_value(t.source) FROM prices p JOIN "
                + "(SELECT symbol, max(source) AS source FROM import_symbols GROUP BY symbol) t USING (symbol) GROUP BY p.symbol "
                + "ON CONFLICT (symbol) DO UPDATE SET first_date = excluded.first_date, last_date = excluded.last_date, "
                + "rows = excluded.rows, source = excluded.source");
    }
}
