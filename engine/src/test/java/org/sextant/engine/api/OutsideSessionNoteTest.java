package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Attack 21 (L3): the note of bars outside the session names its hours and every place such bars fall, the morning's and an early close's too. */
class OutsideSessionNoteTest {
    @Test
    void theNoteNamesTheSessionsHoursAndBarsBeforeTheOpen() {
        Map<String, Object> answer = new LinkedHashMap<>(Map.of("session", "eu_equity"));
        BarAnswers.withOutsideSession(answer, 12);
        assertEquals("12 stored bars in the dates asked fall outside the eu_equity session (09:00-17:30 Berlin and the closing auction to 17:35, "
                + "Monday to Friday): on a weekend, before the open or after the close, or after an early close (14:00 Berlin on Xetra's last trading day "
                + "of a year); they are in no bar at any interval; run_select on bars shows them", answer.get("note"));
        Map<String, Object> spy = new LinkedHashMap<>(Map.of("session", "us_equity"));
        BarAnswers.withOutsideSession(spy, 12);
        assertEquals("12 stored bars in the dates asked fall outside the us_equity session (09:30-16:00 New York, Monday to Friday): on a weekend, "
                + "before the open or after the close, or after an early close (13:00 New York on the NYSE's half days: the day after Thanksgiving, "
                + "3 July and 24 December); they are in no bar at any interval; run_select on bars shows them", spy.get("note"),
                "a half day's bars from 13:00 are told as the NYSE's early close");
        Map<String, Object> fx = new LinkedHashMap<>(Map.of("session", "fx"));
        BarAnswers.withOutsideSession(fx, 506);
        assertEquals("506 stored bars in the dates asked fall outside the fx session (24x5, the trading day ends 17:00 New York): on a weekend "
                + "(Friday 17:00 to Sunday 17:00 New York); they are in no bar at any interval; run_select on bars shows them", fx.get("note"),
                "fx has no open or close on a weekday: its outside bars are the weekend's, as the import counts them");
        Map<String, Object> none = new LinkedHashMap<>(Map.of("session", "eu_equity"));
        assertEquals(0L, BarAnswers.withOutsideSession(none, 0).get("outside_session"));
        assertEquals(null, none.get("note"), "no note when every bar is in one");
    }
}
