package org.sextant.engine.store;

import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.ShardingKey;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * A store connection as the store hands it out: inside a read request ({@link ReadCheck}) each
 * statement it prepares is checked, the statements, result sets and metadata it gives lead back
 * only to checked objects, and it refuses every change of its session (schema, catalog, a
 * transaction or savepoint, isolation, read-only flag, holdability, timeout, type map, client
 * info): a kept connection left in a transaction would show every later read the store as it
 * was. commit, rollback and close stay open (with auto-commit kept on they change nothing).
 */
final class ReadCheckedConnection implements Connection {
    /** DuckDB's connection: parses the texts checked, and runs what passed. */
    final Connection raw;

    ReadCheckedConnection(Connection raw) {
        this.raw = raw;
    }

    @Override public Statement createStatement() throws SQLException { return new ReadCheckedStatement(raw.createStatement(), this); }
    @Override public Statement createStatement(int type, int concurrency) throws SQLException {
        return new ReadCheckedStatement(raw.createStatement(type, concurrency), this);
    }
    @Override public Statement createStatement(int type, int concurrency, int holdability) throws SQLException {
        return new ReadCheckedStatement(raw.createStatement(type, concurrency, holdability), this);
    }

    @Override public PreparedStatement prepareStatement(String sql) throws SQLException {
        ReadCheck.statement(raw, sql);
        return new ReadCheckedPreparedStatement(raw.prepareStatement(sql), this, sql);
    }
    @Override public PreparedStatement prepareStatement(String sql, int keys) throws SQLException {
        ReadCheck.statement(raw, sql);
        return new ReadCheckedPreparedStatement(raw.prepareStatement(sql, keys), this, sql);
    }
    @Override public PreparedStatement prepareStatement(String sql, int[] keyColumns) throws SQLException {
        ReadCheck.statement(raw, sql);
        return new ReadCheckedPreparedStatement(raw.prepareStatement(sql, keyColumns), this, sql);
    }
    @Override public PreparedStatement prepareStatement(String sql, String[] keyColumns) throws SQLException {
        ReadCheck.statement(raw, sql);
        return new ReadCheckedPreparedStatement(raw.prepareStatement(sql, keyColumns), this, sql);
    }
    @Override public PreparedStatement prepareStatement(String sql, int type, int concurrency) throws SQLException {
        ReadCheck.statement(raw, sql);
        return new ReadCheckedPreparedStatement(raw.prepareStatement(sql, type, concurrency), this, sql);
    }
    @Override public PreparedStatement prepareStatement(String sql, int type, int concurrency, int holdability) throws SQLException {
        ReadCheck.statement(raw, sql);
        return new ReadCheckedPreparedStatement(raw.prepareStatement(sql, type, concurrency, holdability), this, sql);
    }

    // DuckDB has no stored procedures; refused here too, so no unchecked statement type can appear
    @Override public CallableStatement prepareCall(String sql) throws SQLException { throw noCalls(); }
    @Override public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException { throw noCalls(); }
    @Override public CallableStatement prepareCall(String sql, int type, int concurrency, int holdability) throws SQLException { throw noCalls(); }

    private static SQLFeatureNotSupportedException noCalls() {
        return new SQLFeatureNotSupportedException("prepareCall: the store runs no stored procedures; use prepareStatement");
    }

    @Override public DatabaseMetaData getMetaData() throws SQLException { return new ReadCheckedMetaData(raw.getMetaData(), this); }

    @Override public void setSchema(String schema) throws SQLException {
        ReadCheck.sessionChange("change the schema (setSchema)");
        raw.setSchema(schema);
    }
    @Override public void setCatalog(String catalog) throws SQLException {
        ReadCheck.sessionChange("change the catalog (setCatalog)");
        raw.setCatalog(catalog);
    }

    @Override public <T> T unwrap(Class<T> type) throws SQLException { return ReadCheck.unwrap(this, raw, type); }
    @Override public boolean isWrapperFor(Class<?> type) throws SQLException { return ReadCheck.isWrapperFor(this, raw, type); }

    // the rest forwarded as it is
    @Override public void abort(Executor executor1) throws SQLException { raw.abort(executor1); }
    @Override public void beginRequest() throws SQLException { raw.beginRequest(); }
    @Override public void clearWarnings() throws SQLException { raw.clearWarnings(); }
    @Override public void close() throws SQLException { raw.close(); }
    @Override public void commit() throws SQLException { raw.commit(); }
    @Override public Array createArrayOf(String s1, Object[] objects2) throws SQLException { return raw.createArrayOf(s1, objects2); }
    @Override public Blob createBlob() throws SQLException { return raw.createBlob(); }
    @Override public Clob createClob() throws SQLException { return raw.createClob(); }
    @Override public NClob createNClob() throws SQLException { return raw.createNClob(); }
    @Override public SQLXML createSQLXML() throws SQLException { return raw.createSQLXML(); }
    @Override public Struct createStruct(String s1, Object[] objects2) throws SQLException { return raw.createStruct(s1, objects2); }
    @Override public void endRequest() throws SQLException { raw.endRequest(); }
    @Override public boolean getAutoCommit() throws SQLException { return raw.getAutoCommit(); }
    @Override public String getCatalog() throws SQLException { return raw.getCatalog(); }
    @Override public Properties getClientInfo() throws SQLException { return raw.getClientInfo(); }
    @Override public String getClientInfo(String s1) throws SQLException { return raw.getClientInfo(s1); }
    @Override public int getHoldability() throws SQLException { return raw.getHoldability(); }
    @Override public int getNetworkTimeout() throws SQLException { return raw.getNetworkTimeout(); }
    @Override public String getSchema() throws SQLException { return raw.getSchema(); }
    @Override public int getTransactionIsolation() throws SQLException { return raw.getTransactionIsolation(); }
    @Override public Map<String, Class<?>> getTypeMap() throws SQLException { return raw.getTypeMap(); }
    @Override public SQLWarning getWarnings() throws SQLException { return raw.getWarnings(); }
    @Override public boolean isClosed() throws SQLException { return raw.isClosed(); }
    @Override public boolean isReadOnly() throws SQLException { return raw.isReadOnly(); }
    @Override public boolean isValid(int i1) throws SQLException { return raw.isValid(i1); }
    @Override public String nativeSQL(String s1) throws SQLException { return raw.nativeSQL(s1); }
    @Override public void releaseSavepoint(Savepoint savepoint1) throws SQLException { raw.releaseSavepoint(savepoint1); }
    @Override public void rollback() throws SQLException { raw.rollback(); }
    @Override public void rollback(Savepoint savepoint1) throws SQLException { raw.rollback(savepoint1); }
    @Override public void setAutoCommit(boolean b1) throws SQLException {
        ReadCheck.sessionChange("open or end a transaction (setAutoCommit)");
        raw.setAutoCommit(b1);
    }
    @Override public void setClientInfo(String s1, String s2) throws java.sql.SQLClientInfoException {
        ReadCheck.sessionChange("change the client info (setClientInfo)");
        raw.setClientInfo(s1, s2);
    }
    @Override public void setClientInfo(Properties properties1) throws java.sql.SQLClientInfoException {
        ReadCheck.sessionChange("change the client info (setClientInfo)");
        raw.setClientInfo(properties1);
    }
    @Override public void setHoldability(int i1) throws SQLException {
        ReadCheck.sessionChange("change the holdability (setHoldability)");
        raw.setHoldability(i1);
    }
    @Override public void setNetworkTimeout(Executor executor1, int i2) throws SQLException {
        ReadCheck.sessionChange("change the timeout (setNetworkTimeout)");
        raw.setNetworkTimeout(executor1, i2);
    }
    @Override public void setReadOnly(boolean b1) throws SQLException {
        ReadCheck.sessionChange("change the read-only flag (setReadOnly)");
        raw.setReadOnly(b1);
    }
    @Override public Savepoint setSavepoint() throws SQLException {
        ReadCheck.sessionChange("open a savepoint (setSavepoint)");
        return raw.setSavepoint();
    }
    @Override public Savepoint setSavepoint(String s1) throws SQLException {
        ReadCheck.sessionChange("open a savepoint (setSavepoint)");
        return raw.setSavepoint(s1);
    }
    @Override public boolean setShardingKeyIfValid(ShardingKey shardingKey1, int i2) throws SQLException { return raw.setShardingKeyIfValid(shardingKey1, i2); }
    @Override public boolean setShardingKeyIfValid(ShardingKey shardingKey1, ShardingKey shardingKey2, int i3) throws SQLException { return raw.setShardingKeyIfValid(shardingKey1, shardingKey2, i3); }
    @Override public void setShardingKey(ShardingKey shardingKey1, ShardingKey shardingKey2) throws SQLException { raw.setShardingKey(shardingKey1, shardingKey2); }
    @Override public void setShardingKey(ShardingKey shardingKey1) throws SQLException { raw.setShardingKey(shardingKey1); }
    @Override public void setTransactionIsolation(int i1) throws SQLException {
        ReadCheck.sessionChange("change the isolation (setTransactionIsolation)");
        raw.setTransactionIsolation(i1);
    }
    @Override public void setTypeMap(Map<String, Class<?>> map1) throws SQLException {
        ReadCheck.sessionChange("change the type map (setTypeMap)");
        raw.setTypeMap(map1);
    }
}
