package org.sextant.engine.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Self-test fixture (selftest's test sources, never shipped): named as the store's read-checked JDBC classes are, in their
 * package, so BoundaryRules.READ_CHECK_FORWARDING applies to it. One method forwards to the JDBC method it is named after
 * (skipped inside, judged where a route calls it); one runs another JDBC method, which may run any SQL (judged inside).
 */
public final class ReadCheckedFixtureConnection {
    private final Connection raw;

    public ReadCheckedFixtureConnection(Connection raw) {
        this.raw = raw;
    }

    public void commit() throws SQLException {
        raw.commit();
    }

    public ResultSet executeQuery(String sql) throws SQLException {
        Statement s = raw.createStatement();
        s.execute(sql);
        return s.getResultSet();
    }
}
