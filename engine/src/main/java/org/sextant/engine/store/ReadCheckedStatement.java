package org.sextant.engine.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.ReadOnlyScope;

/**
 * A statement of a store connection ({@link ReadCheckedConnection}): inside a read request each
 * text it runs or batches is checked before DuckDB sees it, and its result sets and connection
 * are the checked ones. Every other call goes straight to DuckDB's statement.
 */
class ReadCheckedStatement implements Statement {
    private final Statement raw;
    /** The checked connection that made it: what getConnection() gives, and whose DuckDB connection parses the texts. */
    final ReadCheckedConnection connection;
    /** Texts added with addBatch(sql): checked when the batch runs inside a read. */
    private final List<String> batch = new ArrayList<>();

    ReadCheckedStatement(Statement raw, ReadCheckedConnection connection) {
        this.raw = raw;
        this.connection = connection;
    }

    /** Refuses {@code sql} inside a read unless it is one read-only SELECT. */
    final void check(String sql) throws SQLException {
        ReadCheck.statement(connection.raw, sql);
    }

    /** A result set of this statement, its getStatement() this one. */
    final ResultSet results(ResultSet r) {
        return r == null ? null : new ReadCheckedResultSet(r, this);
    }

    @Override public ResultSet executeQuery(String sql) throws SQLException {
        check(sql);
        return results(raw.executeQuery(sql));
    }

    @Override public boolean execute(String sql) throws SQLException {
        check(sql);
        return raw.execute(sql);
    }
    @Override public boolean execute(String sql, int keys) throws SQLException {
        check(sql);
        return raw.execute(sql, keys);
    }
    @Override public boolean execute(String sql, int[] keyColumns) throws SQLException {
        check(sql);
        return raw.execute(sql, keyColumns);
    }
    @Override public boolean execute(String sql, String[] keyColumns) throws SQLException {
        check(sql);
        return raw.execute(sql, keyColumns);
    }

    @Override public int executeUpdate(String sql) throws SQLException {
        check(sql);
        return raw.executeUpdate(sql);
    }
    @Override public int executeUpdate(String sql, int keys) throws SQLException {
        check(sql);
        return raw.executeUpdate(sql, keys);
    }
    @Override public int executeUpdate(String sql, int[] keyColumns) throws SQLException {
        check(sql);
        return raw.executeUpdate(sql, keyColumns);
    }
    @Override public int executeUpdate(String sql, String[] keyColumns) throws SQLException {
        check(sql);
        return raw.executeUpdate(sql, keyColumns);
    }

    @Override public long executeLargeUpdate(String sql) throws SQLException {
        check(sql);
        return raw.executeLargeUpdate(sql);
    }
    @Override public long executeLargeUpdate(String sql, int keys) throws SQLException {
        check(sql);
        return raw.executeLargeUpdate(sql, keys);
    }
    @Override public long executeLargeUpdate(String sql, int[] keyColumns) throws SQLException {
        check(sql);
        return raw.executeLargeUpdate(sql, keyColumns);
    }
    @Override public long executeLargeUpdate(String sql, String[] keyColumns) throws SQLException {
        check(sql);
        return raw.executeLargeUpdate(sql, keyColumns);
    }

    @Override public void addBatch(String sql) throws SQLException {
        check(sql);
        raw.addBatch(sql);
        batch.add(sql);
    }

    @Override public void clearBatch() throws SQLException {
        raw.clearBatch();
        batch.clear();
    }

    /** Inside a read, every text of the batch (a refused batch is kept: it is refused again). */
    void checkBatch() throws SQLException {
        if (!ReadOnlyScope.active()) return;
        for (String sql : batch) check(sql);
    }

    @Override public int[] executeBatch() throws SQLException {
        checkBatch();
        batch.clear(); // JDBC empties the batch as it runs, whatever the outcome
        return raw.executeBatch();
    }

    @Override public long[] executeLargeBatch() throws SQLException {
        checkBatch();
        batch.clear();
        return raw.executeLargeBatch();
    }

    @Override public ResultSet getResultSet() throws SQLException { return results(raw.getResultSet()); }
    @Override public ResultSet getGeneratedKeys() throws SQLException { return results(raw.getGeneratedKeys()); }
    @Override public Connection getConnection() { return connection; }
    @Override public <T> T unwrap(Class<T> type) throws SQLException { return ReadCheck.unwrap(this, raw, type); }
    @Override public boolean isWrapperFor(Class<?> type) throws SQLException { return ReadCheck.isWrapperFor(this, raw, type); }

    // the rest forwarded as it is
    @Override public void cancel() throws SQLException { raw.cancel(); }
    @Override public void clearWarnings() throws SQLException { raw.clearWarnings(); }
    @Override public void closeOnCompletion() throws SQLException { raw.closeOnCompletion(); }
    @Override public void close() throws SQLException { raw.close(); }
    @Override public String enquoteIdentifier(String s1, boolean b2) throws SQLException { return raw.enquoteIdentifier(s1, b2); }
    @Override public String enquoteLiteral(String s1) throws SQLException { return raw.enquoteLiteral(s1); }
    @Override public String enquoteNCharLiteral(String s1) throws SQLException { return raw.enquoteNCharLiteral(s1); }
    @Override public int getFetchDirection() throws SQLException { return raw.getFetchDirection(); }
    @Override public int getFetchSize() throws SQLException { return raw.getFetchSize(); }
    @Override public long getLargeMaxRows() throws SQLException { return raw.getLargeMaxRows(); }
    @Override public long getLargeUpdateCount() throws SQLException { return raw.getLargeUpdateCount(); }
    @Override public int getMaxFieldSize() throws SQLException { return raw.getMaxFieldSize(); }
    @Override public int getMaxRows() throws SQLException { return raw.getMaxRows(); }
    @Override public boolean getMoreResults() throws SQLException { return raw.getMoreResults(); }
    @Override public boolean getMoreResults(int i1) throws SQLException { return raw.getMoreResults(i1); }
    @Override public int getQueryTimeout() throws SQLException { return raw.getQueryTimeout(); }
    @Override public int getResultSetConcurrency() throws SQLException { return raw.getResultSetConcurrency(); }
    @Override public int getResultSetHoldability() throws SQLException { return raw.getResultSetHoldability(); }
    @Override public int getResultSetType() throws SQLException { return raw.getResultSetType(); }
    @Override public int getUpdateCount() throws SQLException { return raw.getUpdateCount(); }
    @Override public SQLWarning getWarnings() throws SQLException { return raw.getWarnings(); }
    @Override public boolean isCloseOnCompletion() throws SQLException { return raw.isCloseOnCompletion(); }
    @Override public boolean isClosed() throws SQLException { return raw.isClosed(); }
    @Override public boolean isPoolable() throws SQLException { return raw.isPoolable(); }
    @Override public boolean isSimpleIdentifier(String s1) throws SQLException { return raw.isSimpleIdentifier(s1); }
    @Override public void setCursorName(String s1) throws SQLException { raw.setCursorName(s1); }
    @Override public void setEscapeProcessing(boolean b1) throws SQLException { raw.setEscapeProcessing(b1); }
    @Override public void setFetchDirection(int i1) throws SQLException { raw.setFetchDirection(i1); }
    @Override public void setFetchSize(int i1) throws SQLException { raw.setFetchSize(i1); }
    @Override public void setLargeMaxRows(long l1) throws SQLException { raw.setLargeMaxRows(l1); }
    @Override public void setMaxFieldSize(int i1) throws SQLException { raw.setMaxFieldSize(i1); }
    @Override public void setMaxRows(int i1) throws SQLException { raw.setMaxRows(i1); }
    @Override public void setPoolable(boolean b1) throws SQLException { raw.setPoolable(b1); }
    @Override public void setQueryTimeout(int i1) throws SQLException { raw.setQueryTimeout(i1); }
}
