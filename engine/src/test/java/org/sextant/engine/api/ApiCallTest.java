package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;

/** A whole number is whole however a JSON writer spells it (attack pass 12, L2: 1e3 was refused). */
class ApiCallTest {
    private static ApiCall call(String args) {
        return new ApiCall("start_backtest", Json.MAPPER.readTree(args));
    }

    @Test
    void wholeNumbersWrittenWithAnExponentOrAPointAreAccepted() {
        assertEquals(1000, call("{\"time_limit_minutes\":1e3}").integer("time_limit_minutes"));
        assertEquals(100, call("{\"time_limit_minutes\":100.0}").integer("time_limit_minutes"));
        assertEquals(7, call("{\"time_limit_minutes\":\"7\"}").integer("time_limit_minutes"));
    }

    @Test
    void fractionsAndNumbersBeyondAnIntAreRefusedNamingTheField() {
        SextantException e = assertThrows(SextantException.class, () -> call("{\"time_limit_minutes\":1.5}").integer("time_limit_minutes"));
        assertTrue(e.getMessage().contains("time_limit_minutes must be a whole number"), e.getMessage());
        for (String v : new String[] {"4294967297", "1e20"}) {
            e = assertThrows(SextantException.class, () -> call("{\"time_limit_minutes\":" + v + "}").integer("time_limit_minutes"), v);
            assertTrue(e.getMessage().contains("time_limit_minutes is a whole number too large"), e.getMessage());
            assertEquals("time_limit_minutes", e.field());
        }
    }
}
