package org.sextant.engine.store;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.RowIdLifetime;
import java.sql.SQLException;

/**
 * The metadata of a store connection: its getConnection() is the checked connection, and the
 * result sets it lists lead to no statement of DuckDB's. Every other call goes straight to
 * DuckDB's metadata.
 */
final class ReadCheckedMetaData implements DatabaseMetaData {
    private final DatabaseMetaData raw;
    private final ReadCheckedConnection connection;

    ReadCheckedMetaData(DatabaseMetaData raw, ReadCheckedConnection connection) {
        this.raw = raw;
        this.connection = connection;
    }

    /** A listing (tables, columns…): DuckDB ran its own query for it; that statement is not handed out. */
    private static ResultSet listed(ResultSet r) {
        return r == null ? null : new ReadCheckedResultSet(r, null);
    }

    @Override public Connection getConnection() { return connection; }
    @Override public <T> T unwrap(Class<T> type) throws SQLException { return ReadCheck.unwrap(this, raw, type); }
    @Override public boolean isWrapperFor(Class<?> type) throws SQLException { return ReadCheck.isWrapperFor(this, raw, type); }

    // the rest forwarded as it is; listings wrapped
    @Override public boolean allProceduresAreCallable() throws SQLException { return raw.allProceduresAreCallable(); }
    @Override public boolean allTablesAreSelectable() throws SQLException { return raw.allTablesAreSelectable(); }
    @Override public boolean autoCommitFailureClosesAllResultSets() throws SQLException { return raw.autoCommitFailureClosesAllResultSets(); }
    @Override public boolean dataDefinitionCausesTransactionCommit() throws SQLException { return raw.dataDefinitionCausesTransactionCommit(); }
    @Override public boolean dataDefinitionIgnoredInTransactions() throws SQLException { return raw.dataDefinitionIgnoredInTransactions(); }
    @Override public boolean deletesAreDetected(int i1) throws SQLException { return raw.deletesAreDetected(i1); }
    @Override public boolean doesMaxRowSizeIncludeBlobs() throws SQLException { return raw.doesMaxRowSizeIncludeBlobs(); }
    @Override public boolean generatedKeyAlwaysReturned() throws SQLException { return raw.generatedKeyAlwaysReturned(); }
    @Override public ResultSet getAttributes(String s1, String s2, String s3, String s4) throws SQLException { return listed(raw.getAttributes(s1, s2, s3, s4)); }
    @Override public ResultSet getBestRowIdentifier(String s1, String s2, String s3, int i4, boolean b5) throws SQLException { return listed(raw.getBestRowIdentifier(s1, s2, s3, i4, b5)); }
    @Override public String getCatalogSeparator() throws SQLException { return raw.getCatalogSeparator(); }
    @Override public String getCatalogTerm() throws SQLException { return raw.getCatalogTerm(); }
    @Override public ResultSet getCatalogs() throws SQLException { return listed(raw.getCatalogs()); }
    @Override public ResultSet getClientInfoProperties() throws SQLException { return listed(raw.getClientInfoProperties()); }
    @Override public ResultSet getColumnPrivileges(String s1, String s2, String s3, String s4) throws SQLException { return listed(raw.getColumnPrivileges(s1, s2, s3, s4)); }
    @Override public ResultSet getColumns(String s1, String s2, String s3, String s4) throws SQLException { return listed(raw.getColumns(s1, s2, s3, s4)); }
    @Override public ResultSet getCrossReference(String s1, String s2, String s3, String s4, String s5, String s6) throws SQLException { return listed(raw.getCrossReference(s1, s2, s3, s4, s5, s6)); }
    @Override public int getDatabaseMajorVersion() throws SQLException { return raw.getDatabaseMajorVersion(); }
    @Override public int getDatabaseMinorVersion() throws SQLException { return raw.getDatabaseMinorVersion(); }
    @Override public String getDatabaseProductName() throws SQLException { return raw.getDatabaseProductName(); }
    @Override public String getDatabaseProductVersion() throws SQLException { return raw.getDatabaseProductVersion(); }
    @Override public int getDefaultTransactionIsolation() throws SQLException { return raw.getDefaultTransactionIsolation(); }
    @Override public int getDriverMajorVersion() { return raw.getDriverMajorVersion(); }
    @Override public int getDriverMinorVersion() { return raw.getDriverMinorVersion(); }
    @Override public String getDriverName() throws SQLException { return raw.getDriverName(); }
    @Override public String getDriverVersion() throws SQLException { return raw.getDriverVersion(); }
    @Override public ResultSet getExportedKeys(String s1, String s2, String s3) throws SQLException { return listed(raw.getExportedKeys(s1, s2, s3)); }
    @Override public String getExtraNameCharacters() throws SQLException { return raw.getExtraNameCharacters(); }
    @Override public ResultSet getFunctionColumns(String s1, String s2, String s3, String s4) throws SQLException { return listed(raw.getFunctionColumns(s1, s2, s3, s4)); }
    @Override public ResultSet getFunctions(String s1, String s2, String s3) throws SQLException { return listed(raw.getFunctions(s1, s2, s3)); }
    @Override public String getIdentifierQuoteString() throws SQLException { return raw.getIdentifierQuoteString(); }
    @Override public ResultSet getImportedKeys(String s1, String s2, String s3) throws SQLException { return listed(raw.getImportedKeys(s1, s2, s3)); }
    @Override public ResultSet getIndexInfo(String s1, String s2, String s3, boolean b4, boolean b5) throws SQLException { return listed(raw.getIndexInfo(s1, s2, s3, b4, b5)); }
    @Override public int getJDBCMajorVersion() throws SQLException { return raw.getJDBCMajorVersion(); }
    @Override public int getJDBCMinorVersion() throws SQLException { return raw.getJDBCMinorVersion(); }
    @Override public int getMaxBinaryLiteralLength() throws SQLException { return raw.getMaxBinaryLiteralLength(); }
    @Override public int getMaxCatalogNameLength() throws SQLException { return raw.getMaxCatalogNameLength(); }
    @Override public int getMaxCharLiteralLength() throws SQLException { return raw.getMaxCharLiteralLength(); }
    @Override public int getMaxColumnNameLength() throws SQLException { return raw.getMaxColumnNameLength(); }
    @Override public int getMaxColumnsInGroupBy() throws SQLException { return raw.getMaxColumnsInGroupBy(); }
    @Override public int getMaxColumnsInIndex() throws SQLException { return raw.getMaxColumnsInIndex(); }
    @Override public int getMaxColumnsInOrderBy() throws SQLException { return raw.getMaxColumnsInOrderBy(); }
    @Override public int getMaxColumnsInSelect() throws SQLException { return raw.getMaxColumnsInSelect(); }
    @Override public int getMaxColumnsInTable() throws SQLException { return raw.getMaxColumnsInTable(); }
    @Override public int getMaxConnections() throws SQLException { return raw.getMaxConnections(); }
    @Override public int getMaxCursorNameLength() throws SQLException { return raw.getMaxCursorNameLength(); }
    @Override public int getMaxIndexLength() throws SQLException { return raw.getMaxIndexLength(); }
    @Override public long getMaxLogicalLobSize() throws SQLException { return raw.getMaxLogicalLobSize(); }
    @Override public int getMaxProcedureNameLength() throws SQLException { return raw.getMaxProcedureNameLength(); }
    @Override public int getMaxRowSize() throws SQLException { return raw.getMaxRowSize(); }
    @Override public int getMaxSchemaNameLength() throws SQLException { return raw.getMaxSchemaNameLength(); }
    @Override public int getMaxStatementLength() throws SQLException { return raw.getMaxStatementLength(); }
    @Override public int getMaxStatements() throws SQLException { return raw.getMaxStatements(); }
    @Override public int getMaxTableNameLength() throws SQLException { return raw.getMaxTableNameLength(); }
    @Override public int getMaxTablesInSelect() throws SQLException { return raw.getMaxTablesInSelect(); }
    @Override public int getMaxUserNameLength() throws SQLException { return raw.getMaxUserNameLength(); }
    @Override public String getNumericFunctions() throws SQLException { return raw.getNumericFunctions(); }
    @Override public ResultSet getPrimaryKeys(String s1, String s2, String s3) throws SQLException { return listed(raw.getPrimaryKeys(s1, s2, s3)); }
    @Override public ResultSet getProcedureColumns(String s1, String s2, String s3, String s4) throws SQLException { return listed(raw.getProcedureColumns(s1, s2, s3, s4)); }
    @Override public String getProcedureTerm() throws SQLException { return raw.getProcedureTerm(); }
    @Override public ResultSet getProcedures(String s1, String s2, String s3) throws SQLException { return listed(raw.getProcedures(s1, s2, s3)); }
    @Override public ResultSet getPseudoColumns(String s1, String s2, String s3, String s4) throws SQLException { return listed(raw.getPseudoColumns(s1, s2, s3, s4)); }
    @Override public int getResultSetHoldability() throws SQLException { return raw.getResultSetHoldability(); }
    @Override public RowIdLifetime getRowIdLifetime() throws SQLException { return raw.getRowIdLifetime(); }
    @Override public String getSQLKeywords() throws SQLException { return raw.getSQLKeywords(); }
    @Override public int getSQLStateType() throws SQLException { return raw.getSQLStateType(); }
    @Override public String getSchemaTerm() throws SQLException { return raw.getSchemaTerm(); }
    @Override public ResultSet getSchemas() throws SQLException { return listed(raw.getSchemas()); }
    @Override public ResultSet getSchemas(String s1, String s2) throws SQLException { return listed(raw.getSchemas(s1, s2)); }
    @Override public String getSearchStringEscape() throws SQLException { return raw.getSearchStringEscape(); }
    @Override public String getStringFunctions() throws SQLException { return raw.getStringFunctions(); }
    @Override public ResultSet getSuperTables(String s1, String s2, String s3) throws SQLException { return listed(raw.getSuperTables(s1, s2, s3)); }
    @Override public ResultSet getSuperTypes(String s1, String s2, String s3) throws SQLException { return listed(raw.getSuperTypes(s1, s2, s3)); }
    @Override public String getSystemFunctions() throws SQLException { return raw.getSystemFunctions(); }
    @Override public ResultSet getTablePrivileges(String s1, String s2, String s3) throws SQLException { return listed(raw.getTablePrivileges(s1, s2, s3)); }
    @Override public ResultSet getTableTypes() throws SQLException { return listed(raw.getTableTypes()); }
    @Override public ResultSet getTables(String s1, String s2, String s3, String[] strings4) throws SQLException { return listed(raw.getTables(s1, s2, s3, strings4)); }
    @Override public String getTimeDateFunctions() throws SQLException { return raw.getTimeDateFunctions(); }
    @Override public ResultSet getTypeInfo() throws SQLException { return listed(raw.getTypeInfo()); }
    @Override public ResultSet getUDTs(String s1, String s2, String s3, int[] ints4) throws SQLException { return listed(raw.getUDTs(s1, s2, s3, ints4)); }
    @Override public String getURL() throws SQLException { return raw.getURL(); }
    @Override public String getUserName() throws SQLException { return raw.getUserName(); }
    @Override public ResultSet getVersionColumns(String s1, String s2, String s3) throws SQLException { return listed(raw.getVersionColumns(s1, s2, s3)); }
    @Override public boolean insertsAreDetected(int i1) throws SQLException { return raw.insertsAreDetected(i1); }
    @Override public boolean isCatalogAtStart() throws SQLException { return raw.isCatalogAtStart(); }
    @Override public boolean isReadOnly() throws SQLException { return raw.isReadOnly(); }
    @Override public boolean locatorsUpdateCopy() throws SQLException { return raw.locatorsUpdateCopy(); }
    @Override public boolean nullPlusNonNullIsNull() throws SQLException { return raw.nullPlusNonNullIsNull(); }
    @Override public boolean nullsAreSortedAtEnd() throws SQLException { return raw.nullsAreSortedAtEnd(); }
    @Override public boolean nullsAreSortedAtStart() throws SQLException { return raw.nullsAreSortedAtStart(); }
    @Override public boolean nullsAreSortedHigh() throws SQLException { return raw.nullsAreSortedHigh(); }
    @Override public boolean nullsAreSortedLow() throws SQLException { return raw.nullsAreSortedLow(); }
    @Override public boolean othersDeletesAreVisible(int i1) throws SQLException { return raw.othersDeletesAreVisible(i1); }
    @Override public boolean othersInsertsAreVisible(int i1) throws SQLException { return raw.othersInsertsAreVisible(i1); }
    @Override public boolean othersUpdatesAreVisible(int i1) throws SQLException { return raw.othersUpdatesAreVisible(i1); }
    @Override public boolean ownDeletesAreVisible(int i1) throws SQLException { return raw.ownDeletesAreVisible(i1); }
    @Override public boolean ownInsertsAreVisible(int i1) throws SQLException { return raw.ownInsertsAreVisible(i1); }
    @Override public boolean ownUpdatesAreVisible(int i1) throws SQLException { return raw.ownUpdatesAreVisible(i1); }
    @Override public boolean storesLowerCaseIdentifiers() throws SQLException { return raw.storesLowerCaseIdentifiers(); }
    @Override public boolean storesLowerCaseQuotedIdentifiers() throws SQLException { return raw.storesLowerCaseQuotedIdentifiers(); }
    @Override public boolean storesMixedCaseIdentifiers() throws SQLException { return raw.storesMixedCaseIdentifiers(); }
    @Override public boolean storesMixedCaseQuotedIdentifiers() throws SQLException { return raw.storesMixedCaseQuotedIdentifiers(); }
    @Override public boolean storesUpperCaseIdentifiers() throws SQLException { return raw.storesUpperCaseIdentifiers(); }
    @Override public boolean storesUpperCaseQuotedIdentifiers() throws SQLException { return raw.storesUpperCaseQuotedIdentifiers(); }
    @Override public boolean supportsANSI92EntryLevelSQL() throws SQLException { return raw.supportsANSI92EntryLevelSQL(); }
    @Override public boolean supportsANSI92FullSQL() throws SQLException { return raw.supportsANSI92FullSQL(); }
    @Override public boolean supportsANSI92IntermediateSQL() throws SQLException { return raw.supportsANSI92IntermediateSQL(); }
    @Override public boolean supportsAlterTableWithAddColumn() throws SQLException { return raw.supportsAlterTableWithAddColumn(); }
    @Override public boolean supportsAlterTableWithDropColumn() throws SQLException { return raw.supportsAlterTableWithDropColumn(); }
    @Override public boolean supportsBatchUpdates() throws SQLException { return raw.supportsBatchUpdates(); }
    @Override public boolean supportsCatalogsInDataManipulation() throws SQLException { return raw.supportsCatalogsInDataManipulation(); }
    @Override public boolean supportsCatalogsInIndexDefinitions() throws SQLException { return raw.supportsCatalogsInIndexDefinitions(); }
    @Override public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException { return raw.supportsCatalogsInPrivilegeDefinitions(); }
    @Override public boolean supportsCatalogsInProcedureCalls() throws SQLException { return raw.supportsCatalogsInProcedureCalls(); }
    @Override public boolean supportsCatalogsInTableDefinitions() throws SQLException { return raw.supportsCatalogsInTableDefinitions(); }
    @Override public boolean supportsColumnAliasing() throws SQLException { return raw.supportsColumnAliasing(); }
    @Override public boolean supportsConvert() throws SQLException { return raw.supportsConvert(); }
    @Override public boolean supportsConvert(int i1, int i2) throws SQLException { return raw.supportsConvert(i1, i2); }
    @Override public boolean supportsCoreSQLGrammar() throws SQLException { return raw.supportsCoreSQLGrammar(); }
    @Override public boolean supportsCorrelatedSubqueries() throws SQLException { return raw.supportsCorrelatedSubqueries(); }
    @Override public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException { return raw.supportsDataDefinitionAndDataManipulationTransactions(); }
    @Override public boolean supportsDataManipulationTransactionsOnly() throws SQLException { return raw.supportsDataManipulationTransactionsOnly(); }
    @Override public boolean supportsDifferentTableCorrelationNames() throws SQLException { return raw.supportsDifferentTableCorrelationNames(); }
    @Override public boolean supportsExpressionsInOrderBy() throws SQLException { return raw.supportsExpressionsInOrderBy(); }
    @Override public boolean supportsExtendedSQLGrammar() throws SQLException { return raw.supportsExtendedSQLGrammar(); }
    @Override public boolean supportsFullOuterJoins() throws SQLException { return raw.supportsFullOuterJoins(); }
    @Override public boolean supportsGetGeneratedKeys() throws SQLException { return raw.supportsGetGeneratedKeys(); }
    @Override public boolean supportsGroupByBeyondSelect() throws SQLException { return raw.supportsGroupByBeyondSelect(); }
    @Override public boolean supportsGroupByUnrelated() throws SQLException { return raw.supportsGroupByUnrelated(); }
    @Override public boolean supportsGroupBy() throws SQLException { return raw.supportsGroupBy(); }
    @Override public boolean supportsIntegrityEnhancementFacility() throws SQLException { return raw.supportsIntegrityEnhancementFacility(); }
    @Override public boolean supportsLikeEscapeClause() throws SQLException { return raw.supportsLikeEscapeClause(); }
    @Override public boolean supportsLimitedOuterJoins() throws SQLException { return raw.supportsLimitedOuterJoins(); }
    @Override public boolean supportsMinimumSQLGrammar() throws SQLException { return raw.supportsMinimumSQLGrammar(); }
    @Override public boolean supportsMixedCaseIdentifiers() throws SQLException { return raw.supportsMixedCaseIdentifiers(); }
    @Override public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException { return raw.supportsMixedCaseQuotedIdentifiers(); }
    @Override public boolean supportsMultipleOpenResults() throws SQLException { return raw.supportsMultipleOpenResults(); }
    @Override public boolean supportsMultipleResultSets() throws SQLException { return raw.supportsMultipleResultSets(); }
    @Override public boolean supportsMultipleTransactions() throws SQLException { return raw.supportsMultipleTransactions(); }
    @Override public boolean supportsNamedParameters() throws SQLException { return raw.supportsNamedParameters(); }
    @Override public boolean supportsNonNullableColumns() throws SQLException { return raw.supportsNonNullableColumns(); }
    @Override public boolean supportsOpenCursorsAcrossCommit() throws SQLException { return raw.supportsOpenCursorsAcrossCommit(); }
    @Override public boolean supportsOpenCursorsAcrossRollback() throws SQLException { return raw.supportsOpenCursorsAcrossRollback(); }
    @Override public boolean supportsOpenStatementsAcrossCommit() throws SQLException { return raw.supportsOpenStatementsAcrossCommit(); }
    @Override public boolean supportsOpenStatementsAcrossRollback() throws SQLException { return raw.supportsOpenStatementsAcrossRollback(); }
    @Override public boolean supportsOrderByUnrelated() throws SQLException { return raw.supportsOrderByUnrelated(); }
    @Override public boolean supportsOuterJoins() throws SQLException { return raw.supportsOuterJoins(); }
    @Override public boolean supportsPositionedDelete() throws SQLException { return raw.supportsPositionedDelete(); }
    @Override public boolean supportsPositionedUpdate() throws SQLException { return raw.supportsPositionedUpdate(); }
    @Override public boolean supportsRefCursors() throws SQLException { return raw.supportsRefCursors(); }
    @Override public boolean supportsResultSetConcurrency(int i1, int i2) throws SQLException { return raw.supportsResultSetConcurrency(i1, i2); }
    @Override public boolean supportsResultSetHoldability(int i1) throws SQLException { return raw.supportsResultSetHoldability(i1); }
    @Override public boolean supportsResultSetType(int i1) throws SQLException { return raw.supportsResultSetType(i1); }
    @Override public boolean supportsSavepoints() throws SQLException { return raw.supportsSavepoints(); }
    @Override public boolean supportsSchemasInDataManipulation() throws SQLException { return raw.supportsSchemasInDataManipulation(); }
    @Override public boolean supportsSchemasInIndexDefinitions() throws SQLException { return raw.supportsSchemasInIndexDefinitions(); }
    @Override public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException { return raw.supportsSchemasInPrivilegeDefinitions(); }
    @Override public boolean supportsSchemasInProcedureCalls() throws SQLException { return raw.supportsSchemasInProcedureCalls(); }
    @Override public boolean supportsSchemasInTableDefinitions() throws SQLException { return raw.supportsSchemasInTableDefinitions(); }
    @Override public boolean supportsSelectForUpdate() throws SQLException { return raw.supportsSelectForUpdate(); }
    @Override public boolean supportsSharding() throws SQLException { return raw.supportsSharding(); }
    @Override public boolean supportsStatementPooling() throws SQLException { return raw.supportsStatementPooling(); }
    @Override public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException { return raw.supportsStoredFunctionsUsingCallSyntax(); }
    @Override public boolean supportsStoredProcedures() throws SQLException { return raw.supportsStoredProcedures(); }
    @Override public boolean supportsSubqueriesInComparisons() throws SQLException { return raw.supportsSubqueriesInComparisons(); }
    @Override public boolean supportsSubqueriesInExists() throws SQLException { return raw.supportsSubqueriesInExists(); }
    @Override public boolean supportsSubqueriesInIns() throws SQLException { return raw.supportsSubqueriesInIns(); }
    @Override public boolean supportsSubqueriesInQuantifieds() throws SQLException { return raw.supportsSubqueriesInQuantifieds(); }
    @Override public boolean supportsTableCorrelationNames() throws SQLException { return raw.supportsTableCorrelationNames(); }
    @Override public boolean supportsTransactionIsolationLevel(int i1) throws SQLException { return raw.supportsTransactionIsolationLevel(i1); }
    @Override public boolean supportsTransactions() throws SQLException { return raw.supportsTransactions(); }
    @Override public boolean supportsUnionAll() throws SQLException { return raw.supportsUnionAll(); }
    @Override public boolean supportsUnion() throws SQLException { return raw.supportsUnion(); }
    @Override public boolean updatesAreDetected(int i1) throws SQLException { return raw.updatesAreDetected(i1); }
    @Override public boolean usesLocalFilePerTable() throws SQLException { return raw.usesLocalFilePerTable(); }
    @Override public boolean usesLocalFiles() throws SQLException { return raw.usesLocalFiles(); }
}
