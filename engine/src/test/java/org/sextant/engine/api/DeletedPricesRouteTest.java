package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.ingest.DeletedPrices;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/** list_deleted_prices on the local API: the CSV a delete_prices kept, named as the deletion named it, with its size; limit bounded. */
class DeletedPricesRouteTest {
    @TempSextant private Sextant engine;

    private JsonNode call(String json) throws Exception {
        return Json.MAPPER.valueToTree(new ApiRoutes(engine, () -> Map.of()).dispatch(new ApiCall("list_deleted_prices", Json.MAPPER.readTree(json))));
    }

    @Test
    void aDeletionsKeptFileIsListedWithItsSymbolIntervalAndSize() throws Exception {
        assertEquals(0, call("{}").path("count").asInt());
        DeletedPrices d = engine.deletePrices("KO", null);
        Path keptIn = Path.of(d.deleted().get(0).keptIn());
        JsonNode l = call("{\"limit\": 5}");
        assertEquals(1, l.path("count").asInt(), l.toString());
        assertFalse(l.path("truncated").asBoolean());
        JsonNode f = l.path("files").get(0);
        assertEquals("deleted_prices", f.path("kind").asString());
        assertEquals("KO", f.path("symbol").asString());
        assertEquals("1d", f.path("interval").asString());
        assertEquals("data/deleted/" + keptIn.getFileName(), f.path("file").asString());
        assertEquals(Files.size(keptIn), f.path("bytes").asLong());
        assertEquals(Files.size(keptIn), l.path("total_bytes").asLong());
        assertTrue(keptIn.getFileName().toString().contains(f.path("deleted_at").asString().replace("-", "").replace(":", "").replace("Z", "")),
                f + " " + keptIn);
    }

    /** A file placed there by hand, named with a terminal escape and a right-to-left override, is named escaped (attack 20). */
    @Test
    void aHandPlacedFileIsNamedEscaped() throws Exception {
        Path dir = Files.createDirectories(engine.home().deletedPricesDir());
        Files.writeString(dir.resolve("\u001b[2Jgpj.\u202Ecsv"), "x");
        JsonNode f = call("{}").path("files").get(0);
        assertEquals("other", f.path("kind").asString());
        assertEquals("data/deleted/\\u001b[2Jgpj.\\u202ecsv", f.path("file").asString());
    }

    @Test
    void aLimitOutOfBoundsIsRefusedNamingIt() {
        for (String json : new String[] {"{\"limit\": 0}", "{\"limit\": 1001}"}) {
            SextantException e = assertThrows(SextantException.class, () -> call(json));
            assertEquals("limit", e.field(), e.getMessage());
        }
    }
}
