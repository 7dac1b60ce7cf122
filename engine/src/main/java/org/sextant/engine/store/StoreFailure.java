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
        if (sql == null) return dbError(what, firstLine(e.getMessage()), fix, e);
        String type = duckDbType(sql.getMessage());
        if (DATABASE_FAILURES.contains(type)) return dbError(what, firstLine(withoutKeyValues(sql.getMessage())), fix, e);
        if (type.equals("Invalid Input") && ownError(sql.getMessage())) return dbError(what, firstLine(sql.getMessage()), fix, e);
        if (VALUE_FAILURES.contains(type)) {
            return dbError(what, "a value did not fit its column (DuckDB's " + type + " Error; the value is not repeated here: it may be a file's content)", fix, e);
        }
        return Incident.logged(what, e); // Binder, Parser, Catalog, INTERNAL …: a statement of ours is wrong
    }

    /** A database failure, answered as db_error "{what} failed: {reason}". */
    private static SextantException dbError(String what, String reason, String fix, Exception e) {
        return new SextantException(FailReason.DB_ERROR, what + " failed: " + reason, null, fix, e);
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

    /** The columns of a key DuckDB quotes ("symbol: X, ts: 2024-01-02"): the names before ": ", never the values. */
    private static final java.util.regex.Pattern KEY_COLUMN = java.util.regex.Pattern.compile("(?:^|, )([a-z_][a-z0-9_]*): ");

    /**
     * {@code message} with the key a constraint quotes ({@code Duplicate key "symbol: X, ts: …" violates …}) cut to its
     * column names, where DuckDB gives them: its values are cells of the row written, which may be any file's an import read.
     */
    static String withoutKeyValues(String message) {
        if (message == null) return null;
        int at = message.indexOf("key \"");
        if (at < 0) return message;
        int start = at + "key \"".length();
        // "duplicate key "v1, v2"" (a row repeated in one write) ends with the key; "Duplicate key "c1: v1" violates …" (a row
        // already stored) and a foreign key's "… does not exist …" go on: the last of those words, a value may hold them too
        int end = message.endsWith("\"") ? message.length() - 1
                : Math.max(message.lastIndexOf("\" violates"), message.lastIndexOf("\" does not exist"));
        if (end < start) end = -1;
        String rest = end < 0 ? "" : message.substring(end + 1);
        java.util.LinkedHashSet<String> columns = new java.util.LinkedHashSet<>();
        java.util.regex.Matcher m = KEY_COLUMN.matcher(end < 0 ? "" : message.substring(start, end));
        while (m.find()) columns.add(m.group(1));
        return message.substring(0, at) + "key (" + (columns.isEmpty() ? "" : String.join(", ", columns) + "; ")
                + "its values are not repeated here: they may be a file's content)" + rest;
    }

    /** The first line: what DuckDB adds below it (the statement, a file's "Original Line") is not the caller's. */
    private static String firstLine(String message) {
        if (message == null) return "no reason given";
        int line = message.indexOf('\n');
        return line < 0 ? message : message.substring(0, line);
    }
}
