package org.sextant.engine.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sextant.engine.Json;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Whether one SQL text only reads, decided by DuckDB's own parser as run_select decides it:
 * json_serialize_sql serializes nothing but a SELECT, so DELETE … RETURNING, DDL, SET, PRAGMA,
 * ATTACH, COPY, EXPORT, CHECKPOINT and CALL fail it. A SELECT is then walked for what still
 * writes inside one: INSERT/UPDATE/DELETE in a CTE, a function that changes state (nextval,
 * checkpoint) or runs SQL text. Looser than {@link SqlGuard}: the engine's own reads may query
 * the catalog and any table. Used by the store's connections inside a read request.
 */
public final class ReadStatements {
    /** Verdicts kept (least recently used dropped): hot reads are a few dozen constant texts. */
    static final int KEPT = 512;
    /** Longer texts (an agent's SQL, built once) are checked each time instead of kept. */
    static final int MAX_KEPT_CHARS = 4096;
    private static final String READS = "";
    private static final Map<String, String> VERDICTS = new LinkedHashMap<>(KEPT * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > KEPT;
        }
    };

    private ReadStatements() {}

    /**
     * Null when {@code sql} is one read-only SELECT; otherwise what running it would do, worded
     * for a refusal ("run DELETE, not a read-only SELECT"). {@code c} parses it (nothing runs).
     */
    public static String writeIn(Connection c, String sql) throws SQLException {
        boolean keep = sql.length() <= MAX_KEPT_CHARS;
        if (keep) {
            String known;
            synchronized (VERDICTS) {
                known = VERDICTS.get(sql);
            }
            if (known != null) return known.isEmpty() ? null : known;
        }
        String verdict = judge(c, sql);
        if (keep) {
            synchronized (VERDICTS) {
                VERDICTS.put(sql, verdict == null ? READS : verdict);
            }
        }
        return verdict;
    }

    /**
     * Keeps {@code sql} as read-only without parsing it again: only for a text run_select's
     * {@link SqlGuard} passed (or DuckDB regenerated from a tree it passed), which refuses all
     * this class refuses and more, so an agent's query is not parsed twice more as it runs.
     */
    static void vouch(String sql) {
        if (sql.length() > MAX_KEPT_CHARS) return;
        synchronized (VERDICTS) {
            VERDICTS.put(sql, READS);
        }
    }

    private static String judge(Connection c, String sql) throws SQLException {
        String json;
        try (PreparedStatement p = c.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
            p.setString(1, sql);
            try (ResultSet r = p.executeQuery()) {
                r.next();
                json = r.getString(1);
            }
        }
        JsonNode tree;
        try {
            tree = Json.MAPPER.readTree(json);
        } catch (JacksonException e) {
            return "run a statement nested too deeply to check";
        }
        if (tree.path("error").asBoolean(false)) return "run " + named(sql) + ", not a read-only SELECT";
        JsonNode statements = tree.path("statements");
        if (statements.size() != 1) return "run " + statements.size() + " statements in one text, not one read-only SELECT";
        return writeInTree(statements.get(0));
    }

    /** The first word of each statement, to name what was refused ("DELETE"); deciding is the parser's. */
    private static String named(String sql) {
        List<String> words = StatementWords.firstWords(sql);
        return words.isEmpty() ? "a statement" : String.join("; ", words.subList(0, Math.min(3, words.size())));
    }

    private static String writeInTree(JsonNode n) {
        if (n.isArray()) {
            for (JsonNode child : n) {
                String w = writeInTree(child);
                if (w != null) return w;
            }
            return null;
        }
        if (!n.isObject()) return null;
        String type = n.path("type").asString("");
        if (SqlGuard.DML_NODES.contains(type)) return "run " + type.substring(0, type.indexOf('_')) + " inside a SELECT";
        String cls = n.path("class").asString("");
        if (cls.equals("FUNCTION") || cls.equals("WINDOW")) {
            String name = n.path("function_name").asString("");
            String reason = FunctionPolicy.writeReason(name);
            if (reason != null) return "call " + name + ", which " + reason;
        }
        for (Map.Entry<String, JsonNode> field : n.properties()) {
            String w = writeInTree(field.getValue());
            if (w != null) return w;
        }
        return null;
    }
}
