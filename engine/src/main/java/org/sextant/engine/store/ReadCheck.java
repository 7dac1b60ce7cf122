package org.sextant.engine.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Wrapper;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.sql.ReadStatements;

/**
 * What the store's connections check while the calling thread runs a read request
 * ({@link ReadOnlyScope}): each statement is one read-only SELECT ({@link ReadStatements}), the
 * session is left as it was, and DuckDB's own objects (its appender, an unchecked duplicate) stay
 * out of reach. Outside a read request each check is one thread-local look-up.
 */
final class ReadCheck {
    private ReadCheck() {}

    /** Refuses {@code sql} inside a read request unless it is one read-only SELECT; {@code raw} parses it. */
    static void statement(Connection raw, String sql) throws SQLException {
        if (!ReadOnlyScope.active()) return;
        String write = ReadStatements.writeIn(raw, sql);
        if (write != null) ReadOnlyScope.refuseWrite(write + " on a store connection");
    }

    /** Refuses a change of the connection's session inside a read (a kept connection would keep it for later reads). */
    static void sessionChange(String what) {
        ReadOnlyScope.refuseWrite(what + " of a store connection");
    }

    /** The checked object itself; DuckDB's own classes only outside a read (their calls are not checked). */
    static <T> T unwrap(Object checked, Wrapper raw, Class<T> type) throws SQLException {
        if (type.isInstance(checked)) return type.cast(checked);
        ReadOnlyScope.refuseWrite("reach DuckDB's own " + type.getSimpleName() + " (an appender, an unchecked duplicate) past the store's read check");
        return raw.unwrap(type);
    }

    static boolean isWrapperFor(Object checked, Wrapper raw, Class<?> type) throws SQLException {
        return type.isInstance(checked) || raw.isWrapperFor(type);
    }
}
