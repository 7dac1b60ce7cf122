package org.sextant.engine.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Set;
import org.sextant.contract.FailReason;
import org.sextant.engine.Incident;
import org.sextant.engine.SextantException;

/**
 * What a failed store read or write answers. A database failure (a constraint the input broke, a value that did not
 * fit, the disk, an IO error) is db_error in DuckDB's first line; anything else (a NullPointerException, a
 * ClassCastException, SQL of ours DuckDB cannot bind) is a bug: internal_error naming a logged incident, never its text.
 */
final class StoreFailure {
    private StoreFailure() {}

    /** DuckDB's error types a store's input or its machine causes; any other in a statement of ours is our bug. */
    private static final Set<String> DATABASE_FAILURES = Set.of("Constraint", "IO", "Out of Memory", "TransactionContext",
            "Transaction", "INTERRUPT", "Interrupt", "FATAL", "Fatal");
    /** DuckDB's error types about a value: their text quotes it, and it may be a line of any file an import was pointed at. */
    private static final Set<String> VALUE_FAILURES = Set.of("Conversion", "Invalid Input", "Out of Range", "Mismatch Type");

    /** The texts of the app's own SQL error() calls (the resample_bars macro, the import's cell checks): they quote no value. */
    private static final java.util.List<String> OWN_ERRORS = java.util.List.of("resample_bars: ", "not a date", "not a number",
            "a line of another width");

    /** {@code e}, thrown by the work of a {@code what} ("store write") on the store {@code file}, as the caller is answered. */
    static SextantException of(String what, Exception e, Path file, String fix) {
        if (DiskFull.causedBy(e)) return DiskFull.exception(file, e);
        // a SQLException wrapped to cross a lambda (new IllegalStateException(e)) is still DuckDB's
        SQLException sql = e instanceof SQLException s ? s : e instanceof RuntimeException && e.getCause() instanceof SQLException s ? s : null;
        if (sql == null && !(e instanceof java.io.IOException) && !(e instanceof java.io.UncheckedIOException)) return Incident.logged(what, e);
        if (sql == null) return new SextantException(FailReason.DB_ERROR, what + " failed: " + firstLine(e.getMessage()), null, fix, e);
        String type = duckDbType(sql.getMessage());
        if (DATABASE_FAILURES.contains(type)) return new SextantException(FailReason.DB_ERROR, what + " failed: " + firstLine(sql.getMessage()), null, fix, e);
        if (type.equals("Invalid Input") && ownError(sql.getMessage())) return new SextantException(FailReason.DB_ERROR, what + " failed: " + firstLine(sql.getMessage()), null, fix, e);
        if (VALUE_FAILURES.contains(type)) {
            return new SextantException(FailReason.DB_ERROR, what + " failed: a value did not fit its column (DuckDB's " + type
                    + " Error; the value is not repeated here: it may be a file's content)", null, fix, e);
        }
        return Incident.logged(what, e); // Binder, Parser, Catalog, INTERNAL …: a statement of ours is wrong
    }

    /** Whether DuckDB's Invalid Input Error is one the app's SQL raised itself with error(…). */
    private static boolean ownError(String message) {
        String rest = message.substring(message.indexOf(" Error:") + " Error:".length()).stripLeading();
        return OWN_ERRORS.stream().anyMatch(rest::startsWith);
    }

    /** DuckDB's error type, the words before " Error:" that start its message ("Constraint"); "" when there are none. */
    static String duckDbType(String message) {
        if (message == null) return "";
        int end = message.indexOf(" Error:");
        int line = message.indexOf('\n');
        return end < 0 || (line >= 0 && line < end) ? "" : message.substring(0, end);
    }

    /** The first line: what DuckDB adds below it (the statement, a file's "Original Line") is not the caller's. */
    private static String firstLine(String message) {
        if (message == null) return "no reason given";
        int line = message.indexOf('\n');
        return line < 0 ? message : message.substring(0, line);
    }
}
