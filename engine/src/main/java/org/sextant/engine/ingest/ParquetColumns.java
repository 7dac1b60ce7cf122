package org.sextant.engine.ingest;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.duckdb.DuckDBConnection;
import org.sextant.engine.SextantException;

/**
 * A Parquet file's top-level columns as its footer describes them, no value read: DuckDB's names and types, the names as
 * the file writes them, and which top-level column each leaf (parquet_metadata's column_id) belongs to. An import reads
 * the columns it needs and no other: a column it does not read costs nothing however large (attack 18 M1: a list of
 * 100,000 strings a row in a 2.7 KB file filled DuckDB's memory when SELECT * read it).
 *
 * @param names   the columns as DuckDB reads them ("Close" and "close" read as "Close" and "close_1")
 * @param types   DuckDB's type of each
 * @param written the names as the file writes them, or null when the schema does not give one a column
 * @param leafOf  the top-level column of each leaf, by column_id; null when the schema does not give one a column
 */
record ParquetColumns(List<String> names, List<String> types, List<String> written, int[] leafOf) {

    /** The footer of {@code staged}; a file DuckDB cannot read as Parquet fails with DuckDB's reason. */
    static ParquetColumns of(Connection c, StagedFile staged) throws SQLException {
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        List<String> schema = new ArrayList<>();
        List<Integer> children = new ArrayList<>();
        // on a connection of its own: a failed read fails this look, not the import's transaction (DuckDB has no savepoints)
        try (Connection own = own(c); Statement st = own.createStatement()) {
            try (ResultSet r = st.executeQuery("DESCRIBE SELECT * FROM read_parquet(" + staged.sqlLiteral() + ")")) {
                while (r.next()) {
                    names.add(r.getString(1));
                    types.add(r.getString(2));
                }
            }
            try (ResultSet r = st.executeQuery("SELECT name, coalesce(num_children, 0) FROM parquet_schema(" + staged.sqlLiteral() + ")")) {
                while (r.next()) {
                    schema.add(r.getString(1));
                    children.add(r.getInt(2));
                }
            }
        }
        List<String> written = new ArrayList<>();
        List<Integer> leaves = new ArrayList<>();
        int at = 1;
        for (int k = 0; !schema.isEmpty() && k < children.get(0) && at < schema.size(); k++) {
            written.add(schema.get(at));
            int past = past(children, at);
            for (int j = at; j < past; j++) if (children.get(j) == 0) leaves.add(k);
            at = past;
        }
        boolean whole = written.size() == names.size();
        return new ParquetColumns(List.copyOf(names), List.copyOf(types), whole ? List.copyOf(written) : null,
                whole ? leaves.stream().mapToInt(Integer::intValue).toArray() : null);
    }

    /**
     * The top-level column names of the Parquet file {@code p} from its footer alone, on a DuckDB of its own that may read that
     * file and no other: the early column-count refusal asks them before the file is staged or the store's writer is taken
     * (a Parquet file of 150,000 columns was judged while its import held the writer). Null when DuckDB cannot read it as
     * Parquet: the import names that, as before.
     */
    static List<String> namesBeforeImport(java.nio.file.Path p) {
        String path = p.toAbsolutePath().normalize().toString();
        String allowed = "'" + path.replace("'", "''") + "', " + org.sextant.engine.store.DuckDbPath.literal(java.nio.file.Path.of(path));
        List<String> names = new ArrayList<>();
        try (Connection c = java.sql.DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("SET allowed_paths=[" + allowed + "]");
            st.execute("SET enable_external_access=false");
            st.execute("SET lock_configuration=true");
            try (ResultSet r = st.executeQuery("DESCRIBE SELECT * FROM read_parquet(" + org.sextant.engine.store.DuckDbPath.literal(java.nio.file.Path.of(path)) + ")")) {
                while (r.next()) names.add(r.getString(1));
            }
        } catch (SQLException e) {
            return null;
        }
        return names;
    }

    /** A connection of its own on {@code c}'s database: what fails there leaves {@code c}'s transaction as it was. */
    static Connection own(Connection c) throws SQLException {
        return c.unwrap(DuckDBConnection.class).duplicate();
    }

    /** The index just past the schema element at {@code at} and its nested children (depth first). */
    private static int past(List<Integer> children, int at) {
        int next = at + 1;
        for (int k = 0; k < children.get(at) && next < children.size(); k++) next = past(children, next);
        return next;
    }

    /** Whether column {@code i} holds more than one value a row: a list, an array, a struct, a map or a union. */
    boolean nested(int i) {
        String t = types.get(i);
        return t.endsWith("]") || t.startsWith("STRUCT") || t.startsWith("MAP") || t.startsWith("UNION");
    }

    /** Refuses a column the import reads ({@code read}) that is not one value a row, naming the file, the column and the fix. */
    void requireScalar(String file, java.util.Collection<Integer> read) {
        for (int i : read) {
            if (!nested(i)) continue;
            String col = Layout.columnField(names, i);
            String t = types.get(i);
            String kind = t.startsWith("STRUCT") ? "a struct" : t.startsWith("MAP") ? "a map" : t.startsWith("UNION") ? "a union" : t.endsWith("[]") ? "a list" : "an array";
            throw SextantException.invalid(col, file + ": its " + col + " column holds " + kind + " (" + org.sextant.contract.ShownText.name(t)
                    + "), not one value a row; nothing was imported", "flatten it into one value a row, or export the file without that column, then import again");
        }
    }

    /**
     * Refuses a price or volume column ({@code prices}) stored as anything but a number or text, naming the file, the column
     * and its type: a BOOLEAN casts to 1.0 and 0.0, a TIMESTAMP or a BLOB to nothing a price is (attack 20 M1: true/false
     * were stored as prices of 1 and 0).
     */
    void requireNumbers(String file, java.util.Collection<Integer> prices) {
        for (int i : prices) {
            String t = types.get(i);
            if (number(t) || t.equals("VARCHAR")) continue;
            String col = Layout.columnField(names, i);
            throw SextantException.invalid(col, file + ": its " + col + " column is stored as " + org.sextant.contract.ShownText.name(t)
                    + ", not as numbers; nothing was imported", "store prices and volumes as numbers (or as text), then import again");
        }
    }

    /** Whether DuckDB's type {@code t} is a number: every value of it casts to a price. */
    static boolean number(String t) {
        return NUMBERS.contains(t) || t.startsWith("DECIMAL(");
    }

    private static final java.util.Set<String> NUMBERS = java.util.Set.of("DOUBLE", "FLOAT", "TINYINT", "SMALLINT", "INTEGER", "BIGINT",
            "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT");

    /**
     * The refusal of a file DuckDB cannot read as Parquet, saying which of three things is wrong with it, never DuckDB's text:
     * that can quote the file's bytes (a crafted footer's "don't know what type: " is followed by one), and a file named
     * .parquet may be anything (a key file, an environment dump).
     */
    static SextantException unreadable(String file, SQLException e) {
        String duckdb = String.valueOf(e.getMessage());
        String why = duckdb.contains("too small to be a Parquet file") ? "it is too small to be one: empty, or cut short"
                : duckdb.contains("No magic bytes found") ? "it does not end with Parquet's closing marker PAR1: another kind of file, or one cut short"
                : "its footer or its pages do not decode as Parquet: a damaged file, or another kind of file";
        return SextantException.invalid("paths", file + ": not a readable Parquet file (" + why + ")",
                "export it again as Parquet (or copy it again if it was cut short), or import it as CSV");
    }

    /**
     * A read of the file stopped by DuckDB's memory limit, said without DuckDB's own text (its advice is to the one who runs
     * DuckDB): a resource limit naming the file; null for any other failure.
     */
    static SextantException outOfMemory(String file, SQLException e) {
        if (!String.valueOf(e.getMessage()).contains("Out of Memory")) return null;
        return new SextantException(org.sextant.contract.FailReason.RESOURCE_LIMIT, file + ": reading it took more memory and temporary disk "
                + "than one import may use; nothing was imported", "paths", "import it in parts (fewer rows a file), or as CSV", e);
    }
}
