package org.sextant.engine.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Supplier;

/**
 * Connections kept for the hot point reads (a symbol's closes for a day or a range), each with
 * its statements prepared once. DuckDB 2 spends more per statement on connecting and preparing
 * than on such a read itself (docs/benchmarks.md, "Read bounds"), so a warm connection halves it.
 * At most {@link #KEPT} idle connections are kept; a busy pool opens a fresh one and closes it
 * after use, so readers never wait for each other here.
 */
final class PreparedReads implements AutoCloseable {
    static final int KEPT = 4;

    private static final class Warm {
        final Connection connection;
        final Map<String, PreparedStatement> statements = new HashMap<>();

        Warm(Connection connection) { this.connection = connection; }

        PreparedStatement prepared(String sql) throws SQLException {
            PreparedStatement p = statements.get(sql);
            if (p == null) {
                p = connection.prepareStatement(sql);
                statements.put(sql, p);
            }
            return p;
        }
    }

    private final Supplier<Connection> connect;
    private final BlockingQueue<Warm> idle = new ArrayBlockingQueue<>(KEPT);
    private volatile boolean closed;

    PreparedReads(Supplier<Connection> connect) { this.connect = connect; }

    <T> T run(String sql, Store.PreparedWork<T> work) throws Exception {
        Warm w = idle.poll();
        if (w == null) w = new Warm(connect.get());
        boolean keep = false;
        try {
            PreparedStatement p = w.prepared(sql);
            p.clearParameters();
            T result = work.run(p);
            keep = true;
            return result;
        } finally {
            // a failed statement may leave its connection in an unknown state: it is not kept
            if (!keep || closed || !idle.offer(w)) close(w);
            if (closed) closeIdle();
        }
    }

    private static void close(Warm w) {
        try {
            w.connection.close(); // closes its statements
        } catch (SQLException ignored) {
            // the store is closing; nothing to keep
        }
    }

    private void closeIdle() {
        for (Warm w; (w = idle.poll()) != null; ) close(w);
    }

    @Override
    public void close() {
        closed = true;
        closeIdle();
    }
}
