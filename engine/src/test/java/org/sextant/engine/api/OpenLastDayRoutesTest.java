package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** newuser, session 50: get_close_price and get_chart_data at 1d say when their last day holds 6 of its 48 30m bars. */
class OpenLastDayRoutesTest {
    @TempDir Path dir;

    @Test
    void bothAnswersNoteTheLastDayStillOpen() {
        try (SampleRoutes routes = new SampleRoutes(dir)) {
            routes.engine().store().inTransaction(c -> {
                try (PreparedStatement p = c.prepareStatement("INSERT INTO bars VALUES ('CHFOK', '30m', ?, 1, 1, 1, 1, 1, 'test')")) {
                    for (LocalDateTime t = LocalDateTime.of(1997, 4, 28, 21, 0); !t.isAfter(LocalDateTime.of(1997, 4, 30, 23, 30)); t = t.plusMinutes(30)) {
                        p.setTimestamp(1, Timestamp.valueOf(t));
                        p.addBatch();
                    }
                    p.executeBatch();
                }
                try (PreparedStatement p = c.prepareStatement("INSERT INTO symbol_sessions VALUES ('CHFOK', 'fx')")) {
                    p.execute();
                }
                return null;
            });
            String said = "the last daily bar, 1997-05-01, holds 6 of the 48 30m bars of its fx trading day";
            JsonNode prices = routes.call("get_close_price", "{\"symbol\":\"CHFOK\",\"interval\":\"1d\",\"start\":\"1997-04-30\"}");
            assertTrue(prices.get("note").asString().startsWith(said), prices.toString());
            assertEquals("1997-05-01", prices.get("to").asString());
            JsonNode chart = routes.call("get_chart_data", "{\"symbol\":\"CHFOK\",\"interval\":\"1d\"}");
            assertTrue(chart.get("note").asString().startsWith(said), chart.toString());
        }
    }
}
