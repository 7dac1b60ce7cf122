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
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLType;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * A result set of a store connection: getStatement() gives the checked statement that made it
 * (null for one from the connection's metadata, as JDBC allows), never DuckDB's, which would run
 * any text unchecked. Every other call goes straight to DuckDB's result set.
 */
final class ReadCheckedResultSet implements ResultSet {
    private final ResultSet raw;
    private final Statement statement;

    ReadCheckedResultSet(ResultSet raw, Statement statement) {
        this.raw = raw;
        this.statement = statement;
    }

    @Override public Statement getStatement() { return statement; }
    @Override public <T> T unwrap(Class<T> type) throws SQLException { return ReadCheck.unwrap(this, raw, type); }
    @Override public boolean isWrapperFor(Class<?> type) throws SQLException { return ReadCheck.isWrapperFor(this, raw, type); }

    // the rest forwarded as it is
    @Override public boolean absolute(int i1) throws SQLException { return raw.absolute(i1); }
    @Override public void afterLast() throws SQLException { raw.afterLast(); }
    @Override public void beforeFirst() throws SQLException { raw.beforeFirst(); }
    @Override public void cancelRowUpdates() throws SQLException { raw.cancelRowUpdates(); }
    @Override public void clearWarnings() throws SQLException { raw.clearWarnings(); }
    @Override public void close() throws SQLException { raw.close(); }
    @Override public void deleteRow() throws SQLException { raw.deleteRow(); }
    @Override public int findColumn(String s1) throws SQLException { return raw.findColumn(s1); }
    @Override public boolean first() throws SQLException { return raw.first(); }
    @Override public Array getArray(String s1) throws SQLException { return raw.getArray(s1); }
    @Override public Array getArray(int i1) throws SQLException { return raw.getArray(i1); }
    @Override public InputStream getAsciiStream(String s1) throws SQLException { return raw.getAsciiStream(s1); }
    @Override public InputStream getAsciiStream(int i1) throws SQLException { return raw.getAsciiStream(i1); }
    @Override public BigDecimal getBigDecimal(String s1, int i2) throws SQLException { return raw.getBigDecimal(s1, i2); }
    @Override public BigDecimal getBigDecimal(String s1) throws SQLException { return raw.getBigDecimal(s1); }
    @Override public BigDecimal getBigDecimal(int i1, int i2) throws SQLException { return raw.getBigDecimal(i1, i2); }
    @Override public BigDecimal getBigDecimal(int i1) throws SQLException { return raw.getBigDecimal(i1); }
    @Override public InputStream getBinaryStream(String s1) throws SQLException { return raw.getBinaryStream(s1); }
    @Override public InputStream getBinaryStream(int i1) throws SQLException { return raw.getBinaryStream(i1); }
    @Override public Blob getBlob(String s1) throws SQLException { return raw.getBlob(s1); }
    @Override public Blob getBlob(int i1) throws SQLException { return raw.getBlob(i1); }
    @Override public boolean getBoolean(String s1) throws SQLException { return raw.getBoolean(s1); }
    @Override public boolean getBoolean(int i1) throws SQLException { return raw.getBoolean(i1); }
    @Override public byte getByte(String s1) throws SQLException { return raw.getByte(s1); }
    @Override public byte getByte(int i1) throws SQLException { return raw.getByte(i1); }
    @Override public byte[] getBytes(String s1) throws SQLException { return raw.getBytes(s1); }
    @Override public byte[] getBytes(int i1) throws SQLException { return raw.getBytes(i1); }
    @Override public Reader getCharacterStream(String s1) throws SQLException { return raw.getCharacterStream(s1); }
    @Override public Reader getCharacterStream(int i1) throws SQLException { return raw.getCharacterStream(i1); }
    @Override public Clob getClob(String s1) throws SQLException { return raw.getClob(s1); }
    @Override public Clob getClob(int i1) throws SQLException { return raw.getClob(i1); }
    @Override public int getConcurrency() throws SQLException { return raw.getConcurrency(); }
    @Override public String getCursorName() throws SQLException { return raw.getCursorName(); }
    @Override public Date getDate(String s1, Calendar calendar2) throws SQLException { return raw.getDate(s1, calendar2); }
    @Override public Date getDate(String s1) throws SQLException { return raw.getDate(s1); }
    @Override public Date getDate(int i1, Calendar calendar2) throws SQLException { return raw.getDate(i1, calendar2); }
    @Override public Date getDate(int i1) throws SQLException { return raw.getDate(i1); }
    @Override public double getDouble(String s1) throws SQLException { return raw.getDouble(s1); }
    @Override public double getDouble(int i1) throws SQLException { return raw.getDouble(i1); }
    @Override public int getFetchDirection() throws SQLException { return raw.getFetchDirection(); }
    @Override public int getFetchSize() throws SQLException { return raw.getFetchSize(); }
    @Override public float getFloat(String s1) throws SQLException { return raw.getFloat(s1); }
    @Override public float getFloat(int i1) throws SQLException { return raw.getFloat(i1); }
    @Override public int getHoldability() throws SQLException { return raw.getHoldability(); }
    @Override public int getInt(String s1) throws SQLException { return raw.getInt(s1); }
    @Override public int getInt(int i1) throws SQLException { return raw.getInt(i1); }
    @Override public long getLong(String s1) throws SQLException { return raw.getLong(s1); }
    @Override public long getLong(int i1) throws SQLException { return raw.getLong(i1); }
    @Override public ResultSetMetaData getMetaData() throws SQLException { return raw.getMetaData(); }
    @Override public Reader getNCharacterStream(String s1) throws SQLException { return raw.getNCharacterStream(s1); }
    @Override public Reader getNCharacterStream(int i1) throws SQLException { return raw.getNCharacterStream(i1); }
    @Override public NClob getNClob(String s1) throws SQLException { return raw.getNClob(s1); }
    @Override public NClob getNClob(int i1) throws SQLException { return raw.getNClob(i1); }
    @Override public String getNString(String s1) throws SQLException { return raw.getNString(s1); }
    @Override public String getNString(int i1) throws SQLException { return raw.getNString(i1); }
    @Override public <T> T getObject(String s1, Class<T> class2) throws SQLException { return raw.getObject(s1, class2); }
    @Override public Object getObject(String s1, Map<String, Class<?>> map2) throws SQLException { return raw.getObject(s1, map2); }
    @Override public Object getObject(String s1) throws SQLException { return raw.getObject(s1); }
    @Override public <T> T getObject(int i1, Class<T> class2) throws SQLException { return raw.getObject(i1, class2); }
    @Override public Object getObject(int i1, Map<String, Class<?>> map2) throws SQLException { return raw.getObject(i1, map2); }
    @Override public Object getObject(int i1) throws SQLException { return raw.getObject(i1); }
    @Override public Ref getRef(String s1) throws SQLException { return raw.getRef(s1); }
    @Override public Ref getRef(int i1) throws SQLException { return raw.getRef(i1); }
    @Override public RowId getRowId(String s1) throws SQLException { return raw.getRowId(s1); }
    @Override public RowId getRowId(int i1) throws SQLException { return raw.getRowId(i1); }
    @Override public int getRow() throws SQLException { return raw.getRow(); }
    @Override public SQLXML getSQLXML(String s1) throws SQLException { return raw.getSQLXML(s1); }
    @Override public SQLXML getSQLXML(int i1) throws SQLException { return raw.getSQLXML(i1); }
    @Override public short getShort(String s1) throws SQLException { return raw.getShort(s1); }
    @Override public short getShort(int i1) throws SQLException { return raw.getShort(i1); }
    @Override public String getString(String s1) throws SQLException { return raw.getString(s1); }
    @Override public String getString(int i1) throws SQLException { return raw.getString(i1); }
    @Override public Time getTime(String s1, Calendar calendar2) throws SQLException { return raw.getTime(s1, calendar2); }
    @Override public Time getTime(String s1) throws SQLException { return raw.getTime(s1); }
    @Override public Time getTime(int i1, Calendar calendar2) throws SQLException { return raw.getTime(i1, calendar2); }
    @Override public Time getTime(int i1) throws SQLException { return raw.getTime(i1); }
    @Override public Timestamp getTimestamp(String s1, Calendar calendar2) throws SQLException { return raw.getTimestamp(s1, calendar2); }
    @Override public Timestamp getTimestamp(String s1) throws SQLException { return raw.getTimestamp(s1); }
    @Override public Timestamp getTimestamp(int i1, Calendar calendar2) throws SQLException { return raw.getTimestamp(i1, calendar2); }
    @Override public Timestamp getTimestamp(int i1) throws SQLException { return raw.getTimestamp(i1); }
    @Override public int getType() throws SQLException { return raw.getType(); }
    @Override public URL getURL(String s1) throws SQLException { return raw.getURL(s1); }
    @Override public URL getURL(int i1) throws SQLException { return raw.getURL(i1); }
    @Override public InputStream getUnicodeStream(String s1) throws SQLException { return raw.getUnicodeStream(s1); }
    @Override public InputStream getUnicodeStream(int i1) throws SQLException { return raw.getUnicodeStream(i1); }
    @Override public SQLWarning getWarnings() throws SQLException { return raw.getWarnings(); }
    @Override public void insertRow() throws SQLException { raw.insertRow(); }
    @Override public boolean isAfterLast() throws SQLException { return raw.isAfterLast(); }
    @Override public boolean isBeforeFirst() throws SQLException { return raw.isBeforeFirst(); }
    @Override public boolean isClosed() throws SQLException { return raw.isClosed(); }
    @Override public boolean isFirst() throws SQLException { return raw.isFirst(); }
    @Override public boolean isLast() throws SQLException { return raw.isLast(); }
    @Override public boolean last() throws SQLException { return raw.last(); }
    @Override public void moveToCurrentRow() throws SQLException { raw.moveToCurrentRow(); }
    @Override public void moveToInsertRow() throws SQLException { raw.moveToInsertRow(); }
    @Override public boolean next() throws SQLException { return raw.next(); }
    @Override public boolean previous() throws SQLException { return raw.previous(); }
    @Override public void refreshRow() throws SQLException { raw.refreshRow(); }
    @Override public boolean relative(int i1) throws SQLException { return raw.relative(i1); }
    @Override public boolean rowDeleted() throws SQLException { return raw.rowDeleted(); }
    @Override public boolean rowInserted() throws SQLException { return raw.rowInserted(); }
    @Override public boolean rowUpdated() throws SQLException { return raw.rowUpdated(); }
    @Override public void setFetchDirection(int i1) throws SQLException { raw.setFetchDirection(i1); }
    @Override public void setFetchSize(int i1) throws SQLException { raw.setFetchSize(i1); }
    @Override public void updateArray(String s1, Array array2) throws SQLException { raw.updateArray(s1, array2); }
    @Override public void updateArray(int i1, Array array2) throws SQLException { raw.updateArray(i1, array2); }
    @Override public void updateAsciiStream(String s1, InputStream inputStream2, int i3) throws SQLException { raw.updateAsciiStream(s1, inputStream2, i3); }
    @Override public void updateAsciiStream(String s1, InputStream inputStream2, long l3) throws SQLException { raw.updateAsciiStream(s1, inputStream2, l3); }
    @Override public void updateAsciiStream(String s1, InputStream inputStream2) throws SQLException { raw.updateAsciiStream(s1, inputStream2); }
    @Override public void updateAsciiStream(int i1, InputStream inputStream2, int i3) throws SQLException { raw.updateAsciiStream(i1, inputStream2, i3); }
    @Override public void updateAsciiStream(int i1, InputStream inputStream2, long l3) throws SQLException { raw.updateAsciiStream(i1, inputStream2, l3); }
    @Override public void updateAsciiStream(int i1, InputStream inputStream2) throws SQLException { raw.updateAsciiStream(i1, inputStream2); }
    @Override public void updateBigDecimal(String s1, BigDecimal bigDecimal2) throws SQLException { raw.updateBigDecimal(s1, bigDecimal2); }
    @Override public void updateBigDecimal(int i1, BigDecimal bigDecimal2) throws SQLException { raw.updateBigDecimal(i1, bigDecimal2); }
    @Override public void updateBinaryStream(String s1, InputStream inputStream2, int i3) throws SQLException { raw.updateBinaryStream(s1, inputStream2, i3); }
    @Override public void updateBinaryStream(String s1, InputStream inputStream2, long l3) throws SQLException { raw.updateBinaryStream(s1, inputStream2, l3); }
    @Override public void updateBinaryStream(String s1, InputStream inputStream2) throws SQLException { raw.updateBinaryStream(s1, inputStream2); }
    @Override public void updateBinaryStream(int i1, InputStream inputStream2, int i3) throws SQLException { raw.updateBinaryStream(i1, inputStream2, i3); }
    @Override public void updateBinaryStream(int i1, InputStream inputStream2, long l3) throws SQLException { raw.updateBinaryStream(i1, inputStream2, l3); }
    @Override public void updateBinaryStream(int i1, InputStream inputStream2) throws SQLException { raw.updateBinaryStream(i1, inputStream2); }
    @Override public void updateBlob(String s1, InputStream inputStream2, long l3) throws SQLException { raw.updateBlob(s1, inputStream2, l3); }
    @Override public void updateBlob(String s1, InputStream inputStream2) throws SQLException { raw.updateBlob(s1, inputStream2); }
    @Override public void updateBlob(String s1, Blob blob2) throws SQLException { raw.updateBlob(s1, blob2); }
    @Override public void updateBlob(int i1, InputStream inputStream2, long l3) throws SQLException { raw.updateBlob(i1, inputStream2, l3); }
    @Override public void updateBlob(int i1, InputStream inputStream2) throws SQLException { raw.updateBlob(i1, inputStream2); }
    @Override public void updateBlob(int i1, Blob blob2) throws SQLException { raw.updateBlob(i1, blob2); }
    @Override public void updateBoolean(String s1, boolean b2) throws SQLException { raw.updateBoolean(s1, b2); }
    @Override public void updateBoolean(int i1, boolean b2) throws SQLException { raw.updateBoolean(i1, b2); }
    @Override public void updateByte(String s1, byte x2) throws SQLException { raw.updateByte(s1, x2); }
    @Override public void updateByte(int i1, byte x2) throws SQLException { raw.updateByte(i1, x2); }
    @Override public void updateBytes(String s1, byte[] bytes2) throws SQLException { raw.updateBytes(s1, bytes2); }
    @Override public void updateBytes(int i1, byte[] bytes2) throws SQLException { raw.updateBytes(i1, bytes2); }
    @Override public void updateCharacterStream(String s1, Reader reader2, int i3) throws SQLException { raw.updateCharacterStream(s1, reader2, i3); }
    @Override public void updateCharacterStream(String s1, Reader reader2, long l3) throws SQLException { raw.updateCharacterStream(s1, reader2, l3); }
    @Override public void updateCharacterStream(String s1, Reader reader2) throws SQLException { raw.updateCharacterStream(s1, reader2); }
    @Override public void updateCharacterStream(int i1, Reader reader2, int i3) throws SQLException { raw.updateCharacterStream(i1, reader2, i3); }
    @Override public void updateCharacterStream(int i1, Reader reader2, long l3) throws SQLException { raw.updateCharacterStream(i1, reader2, l3); }
    @Override public void updateCharacterStream(int i1, Reader reader2) throws SQLException { raw.updateCharacterStream(i1, reader2); }
    @Override public void updateClob(String s1, Reader reader2, long l3) throws SQLException { raw.updateClob(s1, reader2, l3); }
    @Override public void updateClob(String s1, Reader reader2) throws SQLException { raw.updateClob(s1, reader2); }
    @Override public void updateClob(String s1, Clob clob2) throws SQLException { raw.updateClob(s1, clob2); }
    @Override public void updateClob(int i1, Reader reader2, long l3) throws SQLException { raw.updateClob(i1, reader2, l3); }
    @Override public void updateClob(int i1, Reader reader2) throws SQLException { raw.updateClob(i1, reader2); }
    @Override public void updateClob(int i1, Clob clob2) throws SQLException { raw.updateClob(i1, clob2); }
    @Override public void updateDate(String s1, Date date2) throws SQLException { raw.updateDate(s1, date2); }
    @Override public void updateDate(int i1, Date date2) throws SQLException { raw.updateDate(i1, date2); }
    @Override public void updateDouble(String s1, double d2) throws SQLException { raw.updateDouble(s1, d2); }
    @Override public void updateDouble(int i1, double d2) throws SQLException { raw.updateDouble(i1, d2); }
    @Override public void updateFloat(String s1, float f2) throws SQLException { raw.updateFloat(s1, f2); }
    @Override public void updateFloat(int i1, float f2) throws SQLException { raw.updateFloat(i1, f2); }
    @Override public void updateInt(String s1, int i2) throws SQLException { raw.updateInt(s1, i2); }
    @Override public void updateInt(int i1, int i2) throws SQLException { raw.updateInt(i1, i2); }
    @Override public void updateLong(String s1, long l2) throws SQLException { raw.updateLong(s1, l2); }
    @Override public void updateLong(int i1, long l2) throws SQLException { raw.updateLong(i1, l2); }
    @Override public void updateNCharacterStream(String s1, Reader reader2, long l3) throws SQLException { raw.updateNCharacterStream(s1, reader2, l3); }
    @Override public void updateNCharacterStream(String s1, Reader reader2) throws SQLException { raw.updateNCharacterStream(s1, reader2); }
    @Override public void updateNCharacterStream(int i1, Reader reader2, long l3) throws SQLException { raw.updateNCharacterStream(i1, reader2, l3); }
    @Override public void updateNCharacterStream(int i1, Reader reader2) throws SQLException { raw.updateNCharacterStream(i1, reader2); }
    @Override public void updateNClob(String s1, Reader reader2, long l3) throws SQLException { raw.updateNClob(s1, reader2, l3); }
    @Override public void updateNClob(String s1, Reader reader2) throws SQLException { raw.updateNClob(s1, reader2); }
    @Override public void updateNClob(String s1, NClob nClob2) throws SQLException { raw.updateNClob(s1, nClob2); }
    @Override public void updateNClob(int i1, Reader reader2, long l3) throws SQLException { raw.updateNClob(i1, reader2, l3); }
    @Override public void updateNClob(int i1, Reader reader2) throws SQLException { raw.updateNClob(i1, reader2); }
    @Override public void updateNClob(int i1, NClob nClob2) throws SQLException { raw.updateNClob(i1, nClob2); }
    @Override public void updateNString(String s1, String s2) throws SQLException { raw.updateNString(s1, s2); }
    @Override public void updateNString(int i1, String s2) throws SQLException { raw.updateNString(i1, s2); }
    @Override public void updateNull(String s1) throws SQLException { raw.updateNull(s1); }
    @Override public void updateNull(int i1) throws SQLException { raw.updateNull(i1); }
    @Override public void updateObject(String s1, Object o2, int i3) throws SQLException { raw.updateObject(s1, o2, i3); }
    @Override public void updateObject(String s1, Object o2, SQLType sQLType3, int i4) throws SQLException { raw.updateObject(s1, o2, sQLType3, i4); }
    @Override public void updateObject(String s1, Object o2, SQLType sQLType3) throws SQLException { raw.updateObject(s1, o2, sQLType3); }
    @Override public void updateObject(String s1, Object o2) throws SQLException { raw.updateObject(s1, o2); }
    @Override public void updateObject(int i1, Object o2, int i3) throws SQLException { raw.updateObject(i1, o2, i3); }
    @Override public void updateObject(int i1, Object o2, SQLType sQLType3, int i4) throws SQLException { raw.updateObject(i1, o2, sQLType3, i4); }
    @Override public void updateObject(int i1, Object o2, SQLType sQLType3) throws SQLException { raw.updateObject(i1, o2, sQLType3); }
    @Override public void updateObject(int i1, Object o2) throws SQLException { raw.updateObject(i1, o2); }
    @Override public void updateRef(String s1, Ref ref2) throws SQLException { raw.updateRef(s1, ref2); }
    @Override public void updateRef(int i1, Ref ref2) throws SQLException { raw.updateRef(i1, ref2); }
    @Override public void updateRowId(String s1, RowId rowId2) throws SQLException { raw.updateRowId(s1, rowId2); }
    @Override public void updateRowId(int i1, RowId rowId2) throws SQLException { raw.updateRowId(i1, rowId2); }
    @Override public void updateRow() throws SQLException { raw.updateRow(); }
    @Override public void updateSQLXML(String s1, SQLXML sQLXML2) throws SQLException { raw.updateSQLXML(s1, sQLXML2); }
    @Override public void updateSQLXML(int i1, SQLXML sQLXML2) throws SQLException { raw.updateSQLXML(i1, sQLXML2); }
    @Override public void updateShort(String s1, short h2) throws SQLException { raw.updateShort(s1, h2); }
    @Override public void updateShort(int i1, short h2) throws SQLException { raw.updateShort(i1, h2); }
    @Override public void updateString(String s1, String s2) throws SQLException { raw.updateString(s1, s2); }
    @Override public void updateString(int i1, String s2) throws SQLException { raw.updateString(i1, s2); }
    @Override public void updateTime(String s1, Time time2) throws SQLException { raw.updateTime(s1, time2); }
    @Override public void updateTime(int i1, Time time2) throws SQLException { raw.updateTime(i1, time2); }
    @Override public void updateTimestamp(String s1, Timestamp timestamp2) throws SQLException { raw.updateTimestamp(s1, timestamp2); }
    @Override public void updateTimestamp(int i1, Timestamp timestamp2) throws SQLException { raw.updateTimestamp(i1, timestamp2); }
    @Override public boolean wasNull() throws SQLException { return raw.wasNull(); }
}
