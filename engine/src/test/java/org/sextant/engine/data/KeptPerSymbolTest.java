package org.sextant.engine.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * What a reader derives from one symbol's whole series (its bars' extent, its outside-session days, its venue note) is kept
 * per version of that symbol's data: an import of A reads A's again, equal to a fresh read, and keeps B's.
 */
class KeptPerSymbolTest {
    @Test
    void aWriteOfOneSymbolKeepsTheOthersDerivedAnswers(@TempSextant Store store) {
        for (String symbol : List.of("AAA", "BBB")) {
            named(store, symbol, "INSERT INTO symbol_sessions (symbol, session) VALUES ('" + symbol + "', 'eu_equity')");
            StringBuilder bars = new StringBuilder();
            for (int day = 4; day <= 6; day++) {
                for (String time : List.of("08:00", "12:00", "16:00", "20:00")) { // 20:00 UTC: outside Xetra's hours
                    bars.append(bars.length() == 0 ? "" : ", ").append("('").append(symbol).append("', '5m', TIMESTAMP '2024-03-0").append(day)
                            .append(' ').append(time).append("', NULL, NULL, NULL, 10, NULL, 'test')");
                }
            }
            named(store, symbol, "INSERT INTO bars VALUES " + bars);
        }
        BarReader reader = new BarReader(store);
        List<Object> aBefore = derived(reader, "AAA"), bBefore = derived(reader, "BBB");
        long computed = reader.derivedComputed();
        assertEquals(bBefore, derived(reader, "BBB"));
        assertEquals(computed, reader.derivedComputed(), "asked again: kept");

        named(store, "AAA", "INSERT INTO bars VALUES ('AAA', '5m', TIMESTAMP '2024-03-07 12:00', NULL, NULL, NULL, 10, NULL, 'test'), "
                + "('AAA', '5m', TIMESTAMP '2024-03-07 21:00', NULL, NULL, NULL, 10, NULL, 'test')");
        assertEquals(bBefore, derived(reader, "BBB"));
        assertEquals(computed, reader.derivedComputed(), "a write of AAA alone keeps BBB's extent, outside-session days and venue note");
        List<Object> aAfter = derived(reader, "AAA");
        assertEquals(derived(new BarReader(store), "AAA"), aAfter, "AAA's read again, as a fresh reader reads it");
        assertNotEquals(aBefore, aAfter, "with the new bars");
        assertEquals(computed + 3, reader.derivedComputed(), "AAA's three answers, no more");
    }

    /** The symbol's extent at 5m, its count of bars outside the session, its venue note. */
    private static List<Object> derived(BarReader reader, String symbol) {
        return Arrays.asList(Arrays.asList(reader.storedExtent(symbol, BarInterval.M5)), reader.outsideSession(symbol, BarInterval.H1, null, null),
                reader.venueNote(symbol));
    }

    private static void named(Store store, String symbol, String sql) {
        store.inTransaction(c -> {
            store.changesOnly(List.of(symbol));
            try (Statement s = c.createStatement()) {
                return s.executeUpdate(sql);
            }
        });
    }
}
