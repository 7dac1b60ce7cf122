package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AppFileTest {
    @Test
    void roundTripsAndNamesWhatIsWrong() {
        AppFile f = new AppFile(42, 4242, AppFile.newToken(), "0.1.0", 1, "2026-12-01T00:00:00Z");
        assertEquals(f, AppFile.parse(f.toJson()));
        assertTrue(f.toJson().contains("\"started_at\""));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppFile.parse("{\"pid\":1,\"port\":2")).getMessage().contains("not JSON"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppFile.parse("{\"pid\":1,\"token\":\"t\",\"contract\":1}"))
                .getMessage().contains("'port'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppFile.parse("{\"pid\":1,\"port\":2,\"token\":\"a\\nb\",\"contract\":1}"))
                .getMessage().contains("token"));
    }
}
