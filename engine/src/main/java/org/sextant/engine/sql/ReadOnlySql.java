package org.sextant.engine.sql;

import org.sextant.contract.FailReason;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.sextant.engine.SextantException;
import org.sextant.engine.data.BarInterval;
import org.sextant.engine.data.BarReader;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.store.Store;
import org.sextant.engine.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * run_select: one SELECT, LIMIT-wrapped, refused unless provably read-only and local.
 *
 * <p>The text is parsed by DuckDB itself (json_serialize_sql), the parse tree is checked by
 * {@link SqlGuard}, and what runs is the SQL DuckDB regenerates from that checked tree, wrapped
 * in a LIMIT and a per-column size cap, and checked once more in its final form. The store
 * underneath runs with external access off and its configuration locked, so a guard bug still
 * cannot read host files or change settings.
 */
public final class ReadOnlySql implements AutoCloseable {
    public static final int DEFAULT_LIMIT = 5000;
    public static final int MAX_LIMIT = org.sextant.contract.Bounds.MAX_SELECT_ROWS;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    /** Longest text cell returned; longer cells are cut and marked. */
    public static final int MAX_CELL_CHARS = 10_000;
    /** Most columns a result may have (each cell is capped, so this bounds one row). */
    public static final int MAX_COLUMNS = 1000;
    /** Budget for a whole result, in characters of text (other cells count 8); past it the rows stop and truncated is set. */
    public static final long MAX_RESULT_CHARS = 16_000_000;
    /** Longest SQL text accepted. */
    public static final int MAX_SQL_CHARS = org.sextant.contract.Bounds.MAX_SQL_CHARS;

    private final Store store;
    private final QueryWatchdog watchdog;
    private volatile FunctionPolicy functions;
    /** The guard built from the catalog as of {@code commits}: every write may create or drop a table. */
    private record CachedGuard(long commits, SqlGuard guard) {}
    private volatile CachedGuard cachedGuard;

    public ReadOnlySql(Store store) {
        this(store, DEFAULT_TIMEOUT);
    }

    /** @param timeout how long one query may run before it is stopped */
    public ReadOnlySql(Store store, Duration timeout) {
        this(store, timeout, ProcessMemory.capBytes(), ProcessMemory::residentBytes, StorePool.agentCapBytes(), new StorePool(store));
    }

    /**
     * @param memoryCapBytes the app's resident memory past which a query that grew it is stopped
     * @param residentBytes  how the app's resident memory is read (-1: unknown, only the time bound holds)
     */
    ReadOnlySql(Store store, Duration timeout, long memoryCapBytes, java.util.function.LongSupplier residentBytes) {
        this(store, timeout, memoryCapBytes, residentBytes, Long.MAX_VALUE, () -> -1);
    }

    /**
     * @param poolCapBytes the bytes of DuckDB's shared memory agent queries may hold together; past it they are stopped
     * @param poolBytes    how DuckDB's memory in use is read (-1: unknown)
     */
    ReadOnlySql(Store store, Duration timeout, long memoryCapBytes, java.util.function.LongSupplier residentBytes,
                long poolCapBytes, java.util.function.LongSupplier poolBytes) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) throw new IllegalArgumentException("timeout must be positive");
        this.store = store;
        this.watchdog = new QueryWatchdog(timeout, memoryCapBytes, residentBytes, poolCapBytes, poolBytes);
    }

    public SelectResult run(String sql, Integer limit) {
        return run(sql, limit, null);
    }

    /** As above, as one of {@code client}'s queries: a local API client runs at most two at once (null: not counted; {@link ClientShares}). */
    public SelectResult run(String sql, Integer limit, String client) {
        int max = limit == null ? DEFAULT_LIMIT : limit;
        if (max < 1 || max > MAX_LIMIT) {
            throw SextantException.invalid("limit", "limit must be between 1 and " + MAX_LIMIT + ", got " + limit,
                    "pass a limit from 1 to " + MAX_LIMIT + ", or none for " + DEFAULT_LIMIT + "; aggregate in SQL for larger results");
        }
        if (sql == null || sql.isBlank()) {
            throw SextantException.invalid("sql", "the SQL text is empty", "write one SELECT, e.g. SELECT * FROM prices LIMIT 10");
        }
        if (sql.length() > MAX_SQL_CHARS) {
            throw SextantException.invalid("sql", "the SQL text is " + sql.length() + " characters, more than " + MAX_SQL_CHARS,
                    "shorten the query");
        }
        return watchdog.run(client, w -> select(w, sql, max));
    }

    private SelectResult select(QueryWatchdog.Watched w, String sql, int max) {
        long start = System.nanoTime();
        try (Connection c = store.newConnection()) {
            SqlGuard guard = guard(c);
            String checked = checkedText(c, guard, sql, this::requireResampledData);
            ReadStatements.vouch(checked); // DuckDB's text of the tree the guard passed: the store's connection need not parse it again
            List<String> names = new ArrayList<>();
            List<String> types = new ArrayList<>();
            describe(w, c, checked, names, types);
            if (names.size() > MAX_COLUMNS) {
                throw SextantException.invalid("sql", "refused: the query returns " + names.size() + " columns, more than " + MAX_COLUMNS,
                        "select fewer columns (name them instead of *), or PIVOT over fewer values");
            }
            String wrapped = capped(checked, types, max);
            checkedText(c, guard, wrapped, statement -> { }); // the exact text that runs passes the guard too
            ReadStatements.vouch(wrapped);
            List<List<Object>> rows = new ArrayList<>();
            boolean truncated = execute(w, c, wrapped, max, rows);
            long elapsed = (System.nanoTime() - start) / 1_000_000;
            return new SelectResult(List.copyOf(names), List.copyOf(types), rows, rows.size(), max, truncated, elapsed);
        } catch (SQLException e) {
            throw failed(e);
        }
    }

    /** Stops the watchdog's threads; the store is closed by its owner. */
    @Override
    public void close() {
        watchdog.close();
    }

    public DbSchema schema() {
        return store.read(SchemaReader::read);
    }

    private SqlGuard guard(Connection c) throws SQLException {
        FunctionPolicy f = functions;
        if (f == null) {
            try {
                f = FunctionPolicy.load(c);
            } catch (SQLException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException("cannot list DuckDB functions", e);
            }
            functions = f;
        }
        long commits = store.commits(); // read first: a write meanwhile only makes the next call rebuild
        CachedGuard cached = cachedGuard;
        if (cached != null && cached.commits() == commits) return cached.guard();
        SqlGuard guard = new SqlGuard(SchemaReader.tableNames(c), SchemaReader.catalog(c), f);
        cachedGuard = new CachedGuard(commits, guard);
        return guard;
    }

    /**
     * Parses with DuckDB, checks the tree (then hands it to {@code alsoCheck}), returns DuckDB's
     * regenerated text of the checked tree.
     */
    private static String checkedText(Connection c, SqlGuard guard, String sql, java.util.function.Consumer<JsonNode> alsoCheck) throws SQLException {
        String[] parsed = parse(c, sql);
        String json = parsed[0];
        JsonNode tree;
        try {
            tree = Json.MAPPER.readTree(json);
        } catch (JacksonException e) {
            // Jackson caps nesting depth; a tree deeper than that is not a query a person writes
            throw SqlGuard.refuse("the query is nested too deeply to check", "flatten the query: use CTEs instead of deeply nested expressions");
        }
        if (tree.path("error").asBoolean(false)) throw Refusals.notSelect(sql, tree.path("error_message").asString(""));
        JsonNode statements = tree.path("statements");
        if (statements.size() == 0) {
            throw SextantException.invalid("sql", "refused: the text holds no statement (only comments or whitespace)",
                    "write one SELECT, e.g. SELECT * FROM prices LIMIT 10");
        }
        if (statements.size() > 1) {
            throw SextantException.invalid("sql", "refused: exactly one statement is allowed, found " + statements.size()
                    + " (a ';' followed by more SQL starts another statement)", "send one SELECT per call, without a ';' followed by more SQL");
        }
        guard.check(statements.get(0));
        alsoCheck.accept(statements.get(0));
        return parsed[1] != null ? parsed[1] : regenerated(c, json);
    }

    /**
     * A resample_bars call of a symbol or source interval the store does not hold answers no rows:
     * refused instead, the unknown symbol as get_close_price refuses it.
     */
    private void requireResampledData(JsonNode statement) {
        BarReader bars = new BarReader(store);
        for (ResampleCalls.Call call : ResampleCalls.in(statement)) {
            String symbol = call.symbol();
            List<String> stored = bars.storedIntervals(symbol);
            if (stored.isEmpty()) {
                String canonical = PriceRepository.canonical(symbol);
                if (!canonical.equals(symbol) && !bars.storedIntervals(canonical).isEmpty()) {
                    throw SextantException.invalid("symbol", "resample_bars matches the symbol as written: '" + symbol + "' is stored as '" + canonical + "'",
                            "write resample_bars('" + canonical + "', …)");
                }
                new PriceRepository(store).requireSymbol(symbol); // not_found, with the near symbols
                throw SextantException.notFound("symbol", "no prices for " + symbol, "list_symbols names the symbols and their intervals");
            }
            String from = call.fromInterval();
            if (from != null && BarInterval.labels().contains(from) && !stored.contains(from)) {
                throw SextantException.invalid("interval", symbol + " has no " + from + " bars stored (stored: " + String.join(", ", stored) + ")",
                        "resample from a stored interval: resample_bars('" + symbol + "', '" + stored.get(0) + "', …)");
            }
        }
    }

    /** DuckDB's text of a checked tree, alone: its error is the one a user sees when it cannot. */
    private static String regenerated(Connection c, String json) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT json_deserialize_sql(?::JSON)")) {
            p.setString(1, json);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return r.getString(1);
            }
        }
    }

    /**
     * DuckDB's parse tree of {@code sql} and its text regenerated from that tree, in one statement
     * (each statement costs more than either function on DuckDB 2). Regenerating runs nothing; the
     * text is used only after the tree passed the guard. A tree DuckDB cannot regenerate (or a
     * parse error) is serialized alone: the guard sees the tree first, as before.
     */
    private static String[] parse(Connection c, String sql) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT j, json_deserialize_sql(j::JSON) FROM (SELECT json_serialize_sql(?::VARCHAR) AS j)")) {
            p.setString(1, sql);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                return new String[] {r.getString(1), r.getString(2)};
            }
        } catch (SQLException cannotRegenerate) {
            try (PreparedStatement p = c.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
                p.setString(1, sql);
                try (ResultSet r = p.executeQuery()) {
                    r.next();
                    return new String[] {r.getString(1), null};
                }
            }
        }
    }

    /** Column names and DuckDB types, from preparing the query (nothing runs). */
    private static void describe(QueryWatchdog.Watched w, Connection c, String checked, List<String> names, List<String> types) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(checked)) {
            w.statement(p);
            ResultSetMetaData md = p.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                names.add(md.getColumnLabel(i));
                types.add(md.getColumnTypeName(i));
            }
        }
    }

    /**
     * The text that runs: columns renamed positionally (duplicate names stay distinct), text and
     * nested values cut at {@link #MAX_CELL_CHARS} inside DuckDB so a huge cell never reaches
     * the JVM, and a LIMIT one past the caller's to detect truncation.
     */
    static String capped(String checked, List<String> types, int limit) {
        StringBuilder cols = new StringBuilder();
        StringBuilder select = new StringBuilder();
        for (int i = 0; i < types.size(); i++) {
            String col = "c" + (i + 1);
            if (i > 0) {
                cols.append(", ");
                select.append(", ");
            }
            cols.append(col);
            if (CellValues.isTextLike(types.get(i))) {
                String v = "CAST(" + col + " AS VARCHAR)";
                select.append("CASE WHEN length(").append(v).append(") > ").append(MAX_CELL_CHARS)
                        .append(" THEN left(").append(v).append(", ").append(MAX_CELL_CHARS).append(") || '")
                        .append(CellValues.TRUNCATION_MARK).append("' || length(").append(v).append(") || ' chars]' ELSE ")
                        .append(v).append(" END");
            } else {
                select.append(col);
            }
        }
        if (types.isEmpty()) select.append("*");
        return "SELECT " + select + " FROM (\n" + checked + "\n) AS q" + (types.isEmpty() ? "" : "(" + cols + ")")
                + " LIMIT " + ((long) limit + 1);
    }

    private static boolean execute(QueryWatchdog.Watched w, Connection c, String wrapped, int limit, List<List<Object>> rows) throws SQLException {
        try (Statement s = c.createStatement()) {
            w.statement(s);
            try (ResultSet r = s.executeQuery(wrapped)) {
                int n = r.getMetaData().getColumnCount();
                long size = 0;
                while (r.next()) {
                    if (rows.size() == limit || size > MAX_RESULT_CHARS) return true;
                    List<Object> row = new ArrayList<>(n);
                    for (int i = 1; i <= n; i++) {
                        Object v = CellValues.of(r.getObject(i));
                        size += v instanceof String str ? str.length() : 8;
                        row.add(v);
                    }
                    rows.add(row);
                }
                return false;
            }
        }
    }

    private SextantException failed(SQLException e) {
        String msg = String.valueOf(e.getMessage());
        int nl = msg.indexOf('\n');
        if (nl > 0) msg = msg.substring(0, nl);
        msg = scrub(msg);
        if (msg.contains("Out of Memory Error")) { // DuckDB's own memory_limit held: a bound, not a query mistake
            return new SextantException(FailReason.RESOURCE_LIMIT, "the query was stopped by DuckDB's memory limit: " + msg, "sql",
                    "build smaller values: filter by symbol or date first, aggregate to numbers instead of list()/string_agg() over many rows");
        }
        String deep = Refusals.tooDeep(msg); // DuckDB's own fix is a SET, which this route refuses
        if (deep != null) return SextantException.invalid("sql", "the query failed in DuckDB: " + deep, Refusals.NEST_LESS);
        return SextantException.invalid("sql", "the query failed in DuckDB: " + msg,
                "fix the query (column and table names are in get_db_schema) and run it again");
    }

    /** DuckDB messages never need the store's own location; keep it off the wire. */
    private String scrub(String msg) {
        String out = msg;
        for (String p : List.of(store.file().toAbsolutePath().toString(), store.stagingDir().toAbsolutePath().toString(),
                store.file().toAbsolutePath().getParent().toString())) {
            if (!p.isEmpty() && !p.equals("/")) out = out.replace(p, "<store>");
        }
        return out;
    }
}
