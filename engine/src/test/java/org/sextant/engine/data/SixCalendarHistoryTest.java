package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * SIX's years before today's rules, read against the real Swiss Performance Index of the sample (fBasics::SWXLP, daily levels
 * 2000-01-03 to 2007-05-08, docs/data.md): the series holds the last level on days the exchange was shut, so the SPI standing still
 * marks a closed day and its moving a traded one. SWX traded equities on 2 January, Ascension and Whit Monday of 2002 and on
 * 1 August 2001-2005 (SWX messages 44/2001, 56/2002, 09/2003; trading calendar 2006).
 */
class SixCalendarHistoryTest {
    private static TreeMap<LocalDate, String> spi() throws Exception {
        TreeMap<LocalDate, String> out = new TreeMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(SixCalendarHistoryTest.class.getResourceAsStream("/sample/swxlp.csv"),
                StandardCharsets.UTF_8))) {
            in.readLine();
            for (String line; (line = in.readLine()) != null; ) out.put(LocalDate.parse(line.substring(1, 11)), line.split(",")[2]);
        }
        return out;
    }

    @Test
    void everyWeekdaySixClosedHoldsTheSpiStillAndTheDaysSwxTradedMoveIt() throws Exception {
        TreeMap<LocalDate, String> spi = spi();
        List<LocalDate> closedButMoved = new ArrayList<>(), stillButOpen = new ArrayList<>();
        LocalDate previous = null;
        for (LocalDate d : spi.keySet()) {
            if (previous != null) {
                boolean still = spi.get(d).equals(spi.get(previous));
                if (SixCalendar.closed(d) && !still) closedButMoved.add(d);
                if (!SixCalendar.closed(d) && still) stillButOpen.add(d);
            }
            previous = d;
        }
        assertEquals(List.of(), closedButMoved, "days the calendar closes on which the SPI traded");
        // the series' one gap: four days of May 2002 held at 10 May's level (Whit Monday 20 May among them, traded per SWX's 2002 calendar)
        assertEquals(List.of("2002-05-13", "2002-05-16", "2002-05-17", "2002-05-20"), stillButOpen.stream().map(LocalDate::toString).toList());
        for (String traded : List.of("2001-08-01", "2002-01-02", "2002-05-09", "2002-08-01", "2003-08-01", "2005-08-01")) {
            assertEquals(false, SixCalendar.closed(LocalDate.parse(traded)), traded);
        }
        for (String shut : List.of("2000-08-01", "2001-01-02", "2001-05-24", "2001-06-04", "2003-01-02", "2003-05-29", "2003-06-09", "2006-08-01")) {
            assertEquals(true, SixCalendar.closed(LocalDate.parse(shut)), shut);
        }
    }

    @Test
    void aForecastStepsOverTodaysHolidaysAll() {
        assertEquals(12, SixCalendar.standing().size(), "the twelve holidays SIX has kept every year since 2006");
    }
}
