package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.mcp.tables.AnswerBudget;
import org.sextant.mcp.tables.LargeResult;
import org.sextant.mcp.tables.SessionTables;
import org.sextant.mcp.tables.TableStore;

/** --http: no session the launcher does not have open keeps tables, so none escapes the expiry and the cap. */
class SessionTablesOfEndedSessionsTest {
    private final SessionTables tables = SessionTables.withDefaults();

    @Test
    void aTableStoredByARequestOfASessionEndedMeanwhileIsFreedWhenItIsAnswered() throws Exception {
        // the session expired (another request's check) just before this request began: the SDK may still serve it
        SessionLifecycle lifecycle = new SessionLifecycle(IdleSessions.withDefaults(), tables, null);
        lifecycle.doFilter(post("ended-meanwhile"), noHeaders(),
                (request, response) -> tables.of("ended-meanwhile").put("a tool", List.of("x"), List.of(List.of(1))));
        assertEquals(0, tables.sessions(), "an ended session's tables outlive it, beyond the expiry and the cap");
    }

    /** Attack 35, F5: the client's DELETE arrives while its call runs; the call's table, stored after, makes no store. */
    @Test
    void aCallOfASessionDeletedWhileItRanKeepsNoStore() throws Exception {
        IdleSessions sessions = IdleSessions.withDefaults();
        SessionLifecycle lifecycle = new SessionLifecycle(sessions, tables, null);
        sessions.opened("deleted-mid-call");
        lifecycle.doFilter(post("deleted-mid-call"), noHeaders(), (call, answer) -> {
            lifecycle.doFilter(request("DELETE", "deleted-mid-call"), noHeaders(), (delete, deleted) -> {});
            TableStore.Table t = tables.of("deleted-mid-call").put("a tool", List.of("x"), List.of(List.of(1)));
            assertEquals(false, t.kept(), "a table of a deleted session was kept");
        });
        assertEquals(0, tables.sessions(), "a store was made anew for the deleted session, out of reach of any DELETE or expiry");
    }

    /**
     * The SDK names the session it opens and flushes the initialize answer before the filter sees the answer: the client's
     * first call, arriving in that gap (here: while the initialize is still in the filter), keeps its table.
     */
    @Test
    void aCallArrivingBeforeTheInitializeThatOpenedItsSessionReturnsKeepsItsTable() throws Exception {
        IdleSessions sessions = IdleSessions.withDefaults();
        SessionLifecycle lifecycle = new SessionLifecycle(sessions, tables, null);
        lifecycle.doFilter(post(null), answer(), (initialize, answered) -> {
            ((HttpServletResponse) answered).setHeader(SessionLifecycle.SESSION_HEADER, "just-opened");
            lifecycle.doFilter(post("just-opened"), noHeaders(), (call, callAnswer) -> {
                TableStore.Table t = tables.of("just-opened").put("a tool", List.of("x"), List.of(List.of(1)));
                assertTrue(t.kept(), "the table of a session just opened was not kept (\"this session ended\")");
            });
        });
        assertEquals(1, tables.sessions());
        assertTrue(sessions.isOpen("just-opened"));
        assertEquals(1, sessions.open(), "the session is counted once");
    }

    /** A call of a session that ended before it stored its table: its answer names no URI and says why, and nothing is kept. */
    @Test
    void aCallOfASessionEndedBeforeItStoredItsTableNamesNoTableAndSaysWhy() {
        tables.openWhile(session -> false); // --http: the session expired (or was deleted) while the call ran
        Map<String, Object> rows = LargeResult.shrink(Map.of("rows", manyRows()), "rows", List.of("x"), Map.of(), "a tool",
                tables.of("ended-meanwhile"));
        assertNull(rows.get("resource_uri"), "the answer names a table that is not there: " + rows);
        assertTrue(String.valueOf(rows.get("note")).contains(TableStore.NOT_KEPT), String.valueOf(rows.get("note")));
        Map<?, ?> answer = (Map<?, ?>) AnswerBudget.limit(Map.of("text", "x".repeat(AnswerBudget.ANSWER_BYTES)), "a tool",
                tables.of("ended-meanwhile"));
        assertNull(answer.get("resource_uri"), "the answer names a table that is not there: " + answer.get("note"));
        assertTrue(String.valueOf(answer.get("note")).contains(TableStore.NOT_KEPT), String.valueOf(answer.get("note")));
        assertEquals(0, tables.sessions(), "an ended session's call made it a store");
    }

    /** The session ends between the call finding its store and storing in it: the table is not kept, and the answer says so. */
    @Test
    void aTableStoredAfterItsSessionsTablesWereDroppedIsNotKept() {
        TableStore store = tables.of("ending");
        tables.drop("ending");
        Map<String, Object> rows = LargeResult.shrink(Map.of("rows", manyRows()), "rows", List.of("x"), Map.of(), "a tool", store);
        assertNull(rows.get("resource_uri"), "the answer names a table that is not there: " + rows);
        assertEquals(0, store.bytesHeld(), "a dropped session's store kept a table");
        assertEquals(0, tables.sessions());
    }

    private static List<List<Integer>> manyRows() {
        return java.util.stream.IntStream.range(0, LargeResult.ROW_LIMIT + 1).mapToObj(List::of).toList();
    }

    @Test
    void aReadOfASessionHoldingNoTablesIsNotFoundAndKeepsNoStore() {
        var read = SextantMcpServer.tableTemplates(tables).get(0).readHandler();
        McpSyncServerExchange exchange = new McpSyncServerExchange(
                new McpAsyncServerExchange("no-tables", null, null, null, McpTransportContext.EMPTY));
        McpError notFound = assertThrows(McpError.class,
                () -> read.apply(exchange, new McpSchema.ReadResourceRequest("sextant://table/0123456789abcdef")));
        assertTrue(notFound.getMessage().contains("no table"), notFound.getMessage());
        assertEquals(0, tables.sessions(), "a read made a store for a session that had none");
    }

    private static HttpServletRequest post(String session) {
        return request("POST", session);
    }

    private static HttpServletRequest request(String httpMethod, String session) {
        return (HttpServletRequest) Proxy.newProxyInstance(HttpServletRequest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getMethod" -> httpMethod;
                    case "getHeader" -> SessionLifecycle.SESSION_HEADER.equalsIgnoreCase((String) args[0]) ? session : null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** An answer the SDK may name a session in. */
    private static HttpServletResponse answer() {
        return (HttpServletResponse) Proxy.newProxyInstance(HttpServletResponse.class.getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "setHeader", "addHeader" -> null;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** The answer of a request that opens no session: it carries no Mcp-Session-Id. */
    private static HttpServletResponse noHeaders() {
        return (HttpServletResponse) Proxy.newProxyInstance(HttpServletResponse.class.getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getHeader")) return null;
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
