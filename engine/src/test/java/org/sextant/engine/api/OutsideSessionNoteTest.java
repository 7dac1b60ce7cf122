package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Attack 21 (L3): the note of bars outside the session names its hours and every place such bars fall, the morning's too. */
class OutsideSessionNoteTest {
    @Test
    void theNoteNamesTheSessionsHoursAndBarsBeforeTheOpen() {
        Map<String, Object> answer = new LinkedHashMap<>(Map.of("session", "eu_equity"));
        BarAnswers.withOutsideSession(answer, 12);
        assertEquals("12 stored bars in the dates asked fall outside the eu_equity session (09:00-17:30 Berlin and the closing auction to 17:35, "
                + "Monday to Friday): on a weekend, before the open or after the close; they are in no bar at any interval; run_select on bars shows them",
                answer.get("note"));
        Map<String, Object> none = new LinkedHashMap<>(Map.of("session", "eu_equity"));
        assertEquals(0L, BarAnswers.withOutsideSession(none, 0).get("outside_session"));
        assertEquals(null, none.get("note"), "no note when every bar is in one");
    }
}
