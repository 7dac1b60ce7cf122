package org.sextant.engine.api;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.sextant.contract.Bounds;
import org.sextant.contract.Capabilities;
import org.sextant.engine.Json;
import org.sextant.engine.ReadOnlyScope;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.AtomicFiles;
import org.sextant.engine.research.store.SessionLedger;

/** The app side of the boundary: arguments checked from the contract's schema, read routes that cannot write. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RouteBoundaryTest {
    private Path dir;
    @TempSextant private Sextant engine;
    private ApiRoutes routes;

    @BeforeAll
    void open() {
        dir = engine.home().root();
        routes = new ApiRoutes(engine, () -> Map.of());
    }

    private Object call(String method, String json) {
        return routes.dispatch(new ApiCall(method, Json.MAPPER.readTree(json)));
    }

    private long sessions() {
        return engine.store().read(c -> {
            try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM research_sessions")) {
                r.next();
                return r.getLong(1);
            }
        });
    }

    /** A caller's unknown name (an argument, a method) comes back cut to 64 characters, controls and direction overrides escaped. */
    @Test
    void anUnknownNameIsEchoedCutAndEscaped() {
        SextantException longName = assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"IBM\",\"" + "x".repeat(10_000) + "\":1}"));
        String shown = "x".repeat(64) + "\u2026 (10000 characters)";
        assertEquals(shown, longName.field());
        assertTrue(longName.getMessage().startsWith("get_close_price: " + shown + " is not an argument"), longName.getMessage());
        assertTrue(longName.getMessage().length() < 200 && longName.fix().startsWith("pass " + shown + " as: "), longName.fix());
        SextantException hostile = assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"IBM\",\"a\\u202Eb\\u0007c\\u001b[2J\":1}"));
        assertEquals("a\\u202eb\\u0007c\\u001b[2J", hostile.field());
        SextantException method = assertThrows(SextantException.class, () -> call("get\u202E" + "x".repeat(10_000), "{}"));
        assertEquals("unknown API method 'get\\u202e" + "x".repeat(55) + "\u2026 (10004 characters)'", method.getMessage());
        for (SextantException e : java.util.List.of(longName, hostile, method)) {
            assertFalse(org.sextant.contract.ShownText.hasUnshown(e.field() + e.getMessage() + e.fix()), e.getMessage());
        }
    }

    @Test
    void argumentsAreCheckedAgainstTheContractsBoundsNamingTheField() {
        SextantException e = assertThrows(SextantException.class,
                () -> call("get_forecast", "{\"symbol\":\"IBM\",\"horizon\":" + (Bounds.MAX_HORIZON + 1) + "}"));
        assertEquals("invalid_input", e.failReason());
        assertEquals("horizon", e.field());
        assertTrue(e.getMessage().contains(String.valueOf(Bounds.MAX_HORIZON)), e.getMessage());
        assertEquals("tickr", assertThrows(SextantException.class, () -> call("get_close_price", "{\"symbol\":\"IBM\",\"tickr\":1}")).field());
        assertEquals("symbol", assertThrows(SextantException.class, () -> call("get_close_price", "{}")).field());
    }

    /** An import path must be absolute (docs/local-api.md): a relative one is refused as such, not as a missing file. */
    @Test
    void aRelativeImportPathIsRefusedAsNotAbsolute() {
        for (String method : new String[] {"import_prices", "start_import"}) {
            SextantException e = assertThrows(SextantException.class, () -> call(method, "{\"paths\":[\"prices/MSFT.csv\"]}"));
            assertEquals("invalid_input", e.failReason());
            assertEquals("paths", e.field());
            assertEquals("'prices/MSFT.csv' is not an absolute path", e.getMessage());
            assertTrue(e.fix().startsWith("pass absolute file paths"), e.fix());
        }
    }

    @Test
    void theSessionRegistryIsAPureReadThatCounts() {
        long before = sessions();
        Object answer = call("get_session_registry", "{\"session_id\":\"never-used\"}");
        assertEquals(new SessionLedger("never-used", 0, 0), answer);
        assertEquals(before, sessions(), "reading a session inserts no row");
        tools.jackson.databind.JsonNode json = Json.MAPPER.readTree(Json.write(answer));
        assertEquals("never-used", json.path("session_id").asString(), json.toString());
        assertTrue(json.path("runs").isNumber() && json.path("configurations").isNumber(), json.toString());
    }

    @Test
    void insideAReadTheStoreAndTheHomesFilesRefuseWrites() {
        long before = sessions();
        SextantException store = assertThrows(SextantException.class, () -> ReadOnlyScope.run("fixture_read", () ->
                engine.store().inTransaction(c -> {
                    try (Statement s = c.createStatement()) {
                        return s.executeUpdate("INSERT INTO research_sessions(session_id) VALUES ('sneaky')");
                    }
                })));
        assertEquals("forbidden", store.failReason());
        assertTrue(store.getMessage().contains("fixture_read"), store.getMessage());
        assertEquals(before, sessions());
        Path file = dir.resolve("reports/sneaky.html");
        assertThrows(SextantException.class, () -> ReadOnlyScope.run("fixture_read", () -> {
            try {
                AtomicFiles.write(file, "x");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return null;
        }));
        assertFalse(Files.exists(file));
        // outside a read, the same write goes through
        engine.store().inTransaction(c -> 0);
    }

    @Test
    void anAppHostedReadRouteThatWritesIsRefusedAtRunTime() {
        ApiRoutes hosted = new ApiRoutes(engine, () -> Map.of());
        Path file = dir.resolve("reports/render.png");
        hosted.add(Capabilities.RENDER_CHART, c -> {
            try {
                AtomicFiles.write(file, "png");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return Map.of();
        });
        SextantException e = assertThrows(SextantException.class,
                () -> hosted.dispatch(new ApiCall("render_chart", Json.MAPPER.readTree("{\"symbol\":\"IBM\"}"))));
        assertEquals("forbidden", e.failReason());
        assertFalse(Files.exists(file));
        assertThrows(IllegalArgumentException.class, () -> hosted.add(Capabilities.LIST_SYMBOLS, c -> null), "engine routes cannot be replaced");
    }
}
