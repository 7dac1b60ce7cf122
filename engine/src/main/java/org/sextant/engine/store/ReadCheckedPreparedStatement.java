package org.sextant.engine.store;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;

/**
 * A prepared statement of a store connection: its text is checked when it is prepared inside a
 * read request, or else the first time it runs inside one (a kept point read prepared outside);
 * its parameters are bound straight on DuckDB's statement.
 */
final class ReadCheckedPreparedStatement extends ReadCheckedStatement implements PreparedStatement {
    private final PreparedStatement prepared;
    private final String sql;
    /** The text passed the check (once is enough: it cannot change). */
    private boolean checked;

    ReadCheckedPreparedStatement(PreparedStatement prepared, ReadCheckedConnection connection, String sql) {
        super(prepared, connection);
        this.prepared = prepared;
        this.sql = sql;
        this.checked = org.sextant.engine.ReadOnlyScope.active(); // prepared inside a read: checked before it was prepared
    }

    private void checkPrepared() throws SQLException {
        if (checked || !org.sextant.engine.ReadOnlyScope.active()) return;
        check(sql);
        checked = true;
    }

    @Override void checkBatch() throws SQLException {
        super.checkBatch();
        checkPrepared();
    }

    @Override public ResultSet executeQuery() throws SQLException {
        checkPrepared();
        return results(prepared.executeQuery());
    }
    @Override public boolean execute() throws SQLException {
        checkPrepared();
        return prepared.execute();
    }
    @Override public int executeUpdate() throws SQLException {
        checkPrepared();
        return prepared.executeUpdate();
    }
    @Override public long executeLargeUpdate() throws SQLException {
        checkPrepared();
        return prepared.executeLargeUpdate();
    }

    // parameters, metadata and the rest forwarded as they are
    @Override public void addBatch() throws SQLException { prepared.addBatch(); }
    @Override public void clearParameters() throws SQLException { prepared.clearParameters(); }
    @Override public ResultSetMetaData getMetaData() throws SQLException { return prepared.getMetaData(); }
    @Override public ParameterMetaData getParameterMetaData() throws SQLException { return prepared.getParameterMetaData(); }
    @Override public void setArray(int i1, Array array2) throws SQLException { prepared.setArray(i1, array2); }
    @Override public void setAsciiStream(int i1, InputStream inputStream2, int i3) throws SQLException { prepared.setAsciiStream(i1, inputStream2, i3); }
    @Override public void setAsciiStream(int i1, InputStream inputStream2, long l3) throws SQLException { prepared.setAsciiStream(i1, inputStream2, l3); }
    @Override public void setAsciiStream(int i1, InputStream inputStream2) throws SQLException { prepared.setAsciiStream(i1, inputStream2); }
    @Override public void setBigDecimal(int i1, BigDecimal bigDecimal2) throws SQLException { prepared.setBigDecimal(i1, bigDecimal2); }
    @Override public void setBinaryStream(int i1, InputStream inputStream2, int i3) throws SQLException { prepared.setBinaryStream(i1, inputStream2, i3); }
    @Override public void setBinaryStream(int i1, InputStream inputStream2, long l3) throws SQLException { prepared.setBinaryStream(i1, inputStream2, l3); }
    @Override public void setBinaryStream(int i1, InputStream inputStream2) throws SQLException { prepared.setBinaryStream(i1, inputStream2); }
    @Override public void setBlob(int i1, InputStream inputStream2, long l3) throws SQLException { prepared.setBlob(i1, inputStream2, l3); }
    @Override public void setBlob(int i1, InputStream inputStream2) throws SQLException { prepared.setBlob(i1, inputStream2); }
    @Override public void setBlob(int i1, Blob blob2) throws SQLException { prepared.setBlob(i1, blob2); }
    @Override public void setBoolean(int i1, boolean b2) throws SQLException { prepared.setBoolean(i1, b2); }
    @Override public void setByte(int i1, byte x2) throws SQLException { prepared.setByte(i1, x2); }
    @Override public void setBytes(int i1, byte[] bytes2) throws SQLException { prepared.setBytes(i1, bytes2); }
    @Override public void setCharacterStream(int i1, Reader reader2, int i3) throws SQLException { prepared.setCharacterStream(i1, reader2, i3); }
    @Override public void setCharacterStream(int i1, Reader reader2, long l3) throws SQLException { prepared.setCharacterStream(i1, reader2, l3); }
    @Override public void setCharacterStream(int i1, Reader reader2) throws SQLException { prepared.setCharacterStream(i1, reader2); }
    @Override public void setClob(int i1, Reader reader2, long l3) throws SQLException { prepared.setClob(i1, reader2, l3); }
    @Override public void setClob(int i1, Reader reader2) throws SQLException { prepared.setClob(i1, reader2); }
    @Override public void setClob(int i1, Clob clob2) throws SQLException { prepared.setClob(i1, clob2); }
    @Override public void setDate(int i1, Date date2, Calendar calendar3) throws SQLException { prepared.setDate(i1, date2, calendar3); }
    @Override public void setDate(int i1, Date date2) throws SQLException { prepared.setDate(i1, date2); }
    @Override public void setDouble(int i1, double d2) throws SQLException { prepared.setDouble(i1, d2); }
    @Override public void setFloat(int i1, float f2) throws SQLException { prepared.setFloat(i1, f2); }
    @Override public void setInt(int i1, int i2) throws SQLException { prepared.setInt(i1, i2); }
    @Override public void setLong(int i1, long l2) throws SQLException { prepared.setLong(i1, l2); }
    @Override public void setNCharacterStream(int i1, Reader reader2, long l3) throws SQLException { prepared.setNCharacterStream(i1, reader2, l3); }
    @Override public void setNCharacterStream(int i1, Reader reader2) throws SQLException { prepared.setNCharacterStream(i1, reader2); }
    @Override public void setNClob(int i1, Reader reader2, long l3) throws SQLException { prepared.setNClob(i1, reader2, l3); }
    @Override public void setNClob(int i1, Reader reader2) throws SQLException { prepared.setNClob(i1, reader2); }
    @Override public void setNClob(int i1, NClob nClob2) throws SQLException { prepared.setNClob(i1, nClob2); }
    @Override public void setNString(int i1, String s2) throws SQLException { prepared.setNString(i1, s2); }
    @Override public void setNull(int i1, int i2, String s3) throws SQLException { prepared.setNull(i1, i2, s3); }
    @Override public void setNull(int i1, int i2) throws SQLException { prepared.setNull(i1, i2); }
    @Override public void setObject(int i1, Object o2, int i3, int i4) throws SQLException { prepared.setObject(i1, o2, i3, i4); }
    @Override public void setObject(int i1, Object o2, int i3) throws SQLException { prepared.setObject(i1, o2, i3); }
    @Override public void setObject(int i1, Object o2, SQLType sQLType3, int i4) throws SQLException { prepared.setObject(i1, o2, sQLType3, i4); }
    @Override public void setObject(int i1, Object o2, SQLType sQLType3) throws SQLException { prepared.setObject(i1, o2, sQLType3); }
    @Override public void setObject(int i1, Object o2) throws SQLException { prepared.setObject(i1, o2); }
    @Override public void setRef(int i1, Ref ref2) throws SQLException { prepared.setRef(i1, ref2); }
    @Override public void setRowId(int i1, RowId rowId2) throws SQLException { prepared.setRowId(i1, rowId2); }
    @Override public void setSQLXML(int i1, SQLXML sQLXML2) throws SQLException { prepared.setSQLXML(i1, sQLXML2); }
    @Override public void setShort(int i1, short h2) throws SQLException { prepared.setShort(i1, h2); }
    @Override public void setString(int i1, String s2) throws SQLException { prepared.setString(i1, s2); }
    @Override public void setTime(int i1, Time time2, Calendar calendar3) throws SQLException { prepared.setTime(i1, time2, calendar3); }
    @Override public void setTime(int i1, Time time2) throws SQLException { prepared.setTime(i1, time2); }
    @Override public void setTimestamp(int i1, Timestamp timestamp2, Calendar calendar3) throws SQLException { prepared.setTimestamp(i1, timestamp2, calendar3); }
    @Override public void setTimestamp(int i1, Timestamp timestamp2) throws SQLException { prepared.setTimestamp(i1, timestamp2); }
    @Override public void setURL(int i1, URL uRL2) throws SQLException { prepared.setURL(i1, uRL2); }
    @Override public void setUnicodeStream(int i1, InputStream inputStream2, int i3) throws SQLException { prepared.setUnicodeStream(i1, inputStream2, i3); }
}
