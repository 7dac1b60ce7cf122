package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.Json;
import org.sextant.engine.Sextant;
import org.sextant.engine.ingest.ImportReport;
import org.sextant.engine.testing.TempSextant;
import tools.jackson.databind.JsonNode;

/**
 * An import's answer lists its first symbols and counts them all: one CSV of 300,000 symbols answered 6.6 MB naming each twice
 * (overall and for its file), synchronously and as the job's result. Every symbol is stored; list_symbols pages through them.
 */
class ImportAnswerBoundTest {
    private static final int SYMBOLS = ImportReport.MAX_LISTED_SYMBOLS + 500;
    @TempSextant private Sextant engine;
    @TempDir Path dir;

    private JsonNode call(ApiRoutes routes, String capability, String json) throws Exception {
        return Json.MAPPER.valueToTree(routes.dispatch(new ApiCall(capability, Json.MAPPER.readTree(json))));
    }

    private Path manySymbols() throws Exception {
        StringBuilder csv = new StringBuilder("symbol,date,close\n");
        for (int i = 0; i < SYMBOLS; i++) {
            String symbol = String.format("Z%06d", i);
            csv.append(symbol).append(",2024-01-02,10\n").append(symbol).append(",2024-01-03,11\n");
        }
        return Files.writeString(dir.resolve("many.csv"), csv);
    }

    private static void assertListedFirstAndCounted(JsonNode report) {
        assertEquals(ImportReport.MAX_LISTED_SYMBOLS, report.path("symbols").size(), report.path("symbols_count").toString());
        assertEquals(SYMBOLS, report.path("symbols_count").asLong());
        assertEquals("Z000000", report.path("symbols").get(0).asString());
        JsonNode file = report.path("files").get(0);
        assertEquals(ImportReport.MAX_LISTED_SYMBOLS, file.path("symbols").size());
        assertEquals(SYMBOLS, file.path("symbols_count").asLong());
        assertEquals(2L * SYMBOLS, report.path("rows_inserted").asLong());
    }

    @Test
    void theSynchronousAnswerListsTheFirstSymbolsAndCountsThemAll() throws Exception {
        ApiRoutes routes = new ApiRoutes(engine, () -> Map.of());
        JsonNode report = call(routes, "import_prices", "{\"paths\": [" + Json.MAPPER.writeValueAsString(manySymbols().toString()) + "]}");
        assertListedFirstAndCounted(report);
        assertEquals(SYMBOLS, call(routes, "list_symbols", "{\"query\": \"z0\"}").path("count").asLong(), "every symbol stored");
    }

    @Test
    void theJobsResultListsTheFirstSymbolsAndCountsThemAll() throws Exception {
        ApiRoutes routes = new ApiRoutes(engine, () -> Map.of());
        JsonNode started = call(routes, "start_import", "{\"paths\": [" + Json.MAPPER.writeValueAsString(manySymbols().toString()) + "]}");
        engine.jobs().await(started.path("id").asString(), Duration.ofMinutes(5));
        JsonNode status = call(routes, "job_status", "{\"job_id\": \"" + started.path("id").asString() + "\"}");
        assertEquals("SUCCEEDED", status.path("state").asString(), status.toString().substring(0, Math.min(2000, status.toString().length())));
        assertListedFirstAndCounted(status.path("result"));
    }

    @Test
    void aCutListIsSaidToBeCut() {
        ImportReport cut = new ImportReport(java.util.List.of(), 3, 0, java.util.List.of("A", "B", "C")) ;
        assertEquals("", cut.moreSymbols());
        assertEquals(" and 2 more", new ImportReport(java.util.List.of(), 3, 0, java.util.List.of("A"), 3, 0).moreSymbols());
    }
}
