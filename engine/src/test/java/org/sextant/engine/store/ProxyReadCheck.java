package org.sextant.engine.store;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Wrapper;
import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.sql.ReadStatements;

/**
 * The store's read check as it was before the delegating classes ({@link ReadCheckedConnection}):
 * a JDK proxy whose every call, inside a read or not, went through Method.invoke. Kept here only
 * as ReadCheckBench's baseline; the store does not use it.
 */
final class ProxyReadCheck {
    private ProxyReadCheck() {}

    static Connection wrap(Connection raw) {
        return (Connection) Proxy.newProxyInstance(ProxyReadCheck.class.getClassLoader(), new Class<?>[] {Connection.class},
                new OnConnection(raw));
    }

    private static final class OnConnection implements InvocationHandler {
        private final Connection raw;

        OnConnection(Connection raw) { this.raw = raw; }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            switch (m.getName()) {
                case "prepareStatement", "prepareCall" -> {
                    boolean inRead = ReadOnlyScope.active();
                    String sql = (String) args[0];
                    if (inRead) check(raw, sql);
                    Statement s = (Statement) call(m, raw, args);
                    return statement(m.getReturnType(), s, (Connection) proxy, sql, inRead);
                }
                case "createStatement" -> {
                    return statement(m.getReturnType(), (Statement) call(m, raw, args), (Connection) proxy, null, false);
                }
                case "unwrap" -> {
                    return unwrap(proxy, raw, (Class<?>) args[0]);
                }
                default -> {
                    return common(proxy, m, args, raw);
                }
            }
        }

        private Statement statement(Class<?> kind, Statement s, Connection connection, String prepared, boolean checked) {
            return (Statement) Proxy.newProxyInstance(ProxyReadCheck.class.getClassLoader(), new Class<?>[] {kind},
                    new OnStatement(s, raw, connection, prepared, checked));
        }
    }

    private static final class OnStatement implements InvocationHandler {
        private final Statement raw;
        private final Connection rawConnection;
        private final Connection connection;
        /** The text of a prepared statement, null for a plain one. */
        private final String prepared;
        /** The prepared text passed the check (once is enough: it cannot change). */
        private boolean checked;
        /** Texts added with addBatch(sql): checked when the batch runs inside a read. */
        private final List<String> batch = new ArrayList<>();

        OnStatement(Statement raw, Connection rawConnection, Connection connection, String prepared, boolean checked) {
            this.raw = raw;
            this.rawConnection = rawConnection;
            this.connection = connection;
            this.prepared = prepared;
            this.checked = checked;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            switch (m.getName()) {
                case "execute", "executeQuery", "executeUpdate", "executeLargeUpdate" -> {
                    if (ReadOnlyScope.active()) {
                        if (args != null && args.length > 0 && args[0] instanceof String sql) check(rawConnection, sql);
                        else checkPrepared();
                    }
                }
                case "addBatch" -> {
                    if (args != null && args.length > 0 && args[0] instanceof String sql) {
                        if (ReadOnlyScope.active()) check(rawConnection, sql);
                        batch.add(sql);
                    }
                }
                case "executeBatch", "executeLargeBatch" -> {
                    if (ReadOnlyScope.active()) {
                        for (String sql : batch) check(rawConnection, sql);
                        if (prepared != null) checkPrepared();
                    }
                    batch.clear(); // JDBC empties the batch as it runs, whatever the outcome
                }
                case "clearBatch" -> batch.clear();
                case "getConnection" -> {
                    return connection;
                }
                case "unwrap" -> {
                    return unwrap(proxy, raw, (Class<?>) args[0]);
                }
                default -> { }
            }
            return common(proxy, m, args, raw);
        }

        private void checkPrepared() throws SQLException {
            if (prepared != null && !checked) {
                check(rawConnection, prepared);
                checked = true;
            }
        }
    }

    /** Refuses {@code sql} inside a read request unless it is one read-only SELECT. */
    private static void check(Connection raw, String sql) throws SQLException {
        String write = ReadStatements.writeIn(raw, sql);
        if (write != null) ReadOnlyScope.refuseWrite(write + " on a store connection");
    }

    /** The checked object itself; DuckDB's own classes only outside a read (their calls are not checked). */
    private static Object unwrap(Object proxy, Object raw, Class<?> type) throws Throwable {
        if (type.isInstance(proxy)) return proxy;
        if (ReadOnlyScope.active()) {
            ReadOnlyScope.refuseWrite("reach DuckDB's own " + type.getSimpleName() + " (an appender, an unchecked duplicate) past the store's read check");
        }
        return ((Wrapper) raw).unwrap(type);
    }

    /** Identity is the wrapper's own; every other call goes to DuckDB's object. */
    private static Object common(Object proxy, Method m, Object[] args, Object raw) throws Throwable {
        return switch (m.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> call(m, raw, args);
        };
    }

    private static Object call(Method m, Object target, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
