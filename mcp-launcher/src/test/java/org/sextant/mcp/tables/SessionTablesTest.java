package org.sextant.mcp.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One store per session, and a bound over all of them that the session holding most pays for, its newest table last. */
class SessionTablesTest {
    private static final List<String> ROW = List.of("x".repeat(1000)); // about 1 KB of JSON

    @Test
    void eachSessionHasItsOwnCountBound() {
        SessionTables tables = new SessionTables(() -> new TableStore(2, 1000, 1 << 20), 1 << 30);
        TableStore.Table a = tables.of("a").put("a", List.of(), ROW);
        for (int i = 0; i < 5; i++) tables.of("b").put("b", List.of(), ROW);
        assertTrue(tables.of("a").get(a.id()).isPresent(), "b's tables expired a's");
        assertFalse(tables.of("b").get(a.id()).isPresent(), "b finds a's table");
    }

    @Test
    void overTheLauncherBoundTheSessionHoldingMostLosesItsOldestTable() {
        long oneRow = new TableStore(64, 1000, 1 << 20).put("s", List.of(), ROW).bytes();
        SessionTables tables = new SessionTables(() -> new TableStore(64, 1000, 1 << 20), 4 * oneRow);
        TableStore.Table aFirst = tables.of("a").put("a", List.of(), ROW);
        TableStore.Table aSecond = tables.of("a").put("a", List.of(), ROW);
        TableStore.Table aThird = tables.of("a").put("a", List.of(), ROW);
        TableStore.Table b = tables.of("b").put("b", List.of(), ROW);
        TableStore.Table bNext = tables.of("b").put("b", List.of(), ROW); // five: one over
        assertEquals(4 * oneRow, tables.bytesHeld());
        assertFalse(tables.of("a").get(aFirst.id()).isPresent(), "a held most: its oldest goes");
        assertTrue(tables.of("a").get(aSecond.id()).isPresent() && tables.of("a").get(aThird.id()).isPresent());
        assertTrue(tables.of("b").get(b.id()).isPresent() && tables.of("b").get(bNext.id()).isPresent());
    }

    /** Attack 35, F4: other sessions' tables took a session's tables while it was within its own bound, its newest too. */
    @Test
    void overTheLauncherBoundASessionsNewestTableStaysWhileAnotherHoldsOlderOnes() {
        long oneRow = new TableStore(64, 1000, 1 << 20).put("s", List.of(), ROW).bytes();
        SessionTables tables = new SessionTables(() -> new TableStore(64, 1000, 1 << 20), 8 * oneRow);
        TableStore.Table reading = tables.of("victim").put("v", List.of(), Collections.nCopies(5, ROW.get(0)));
        TableStore.Table first = tables.of("other").put("o", List.of(), ROW);
        for (int i = 0; i < 3; i++) tables.of("other").put("o", List.of(), ROW); // nine: one over
        assertTrue(tables.of("victim").get(reading.id()).isPresent(), "the session holding most lost its newest, only table");
        assertFalse(tables.of("other").get(first.id()).isPresent(), "the older tables of another session go first");
        assertEquals(8 * oneRow, tables.bytesHeld());
    }

    @Test
    void whenEverySessionHoldsOnlyItsNewestTheLargestGoesSoTheBoundHolds() {
        long oneRow = new TableStore(64, 1000, 1 << 20).put("s", List.of(), ROW).bytes();
        SessionTables tables = new SessionTables(() -> new TableStore(64, 1000, 1 << 20), 5 * oneRow);
        TableStore.Table large = tables.of("a").put("a", List.of(), Collections.nCopies(3, ROW.get(0)));
        TableStore.Table small = tables.of("b").put("b", List.of(), Collections.nCopies(2, ROW.get(0)));
        TableStore.Table stored = tables.of("c").put("c", List.of(), ROW);
        assertFalse(tables.of("a").get(large.id()).isPresent(), "the bound over all sessions was exceeded");
        assertTrue(tables.of("b").get(small.id()).isPresent() && tables.of("c").get(stored.id()).isPresent());
        assertEquals(3 * oneRow, tables.bytesHeld());
    }

    @Test
    void theTableJustStoredStaysEvenAloneOverTheBound() {
        SessionTables tables = new SessionTables(() -> new TableStore(64, 1000, 1 << 20), 10);
        TableStore.Table big = tables.of("a").put("a", List.of(), Collections.nCopies(3, "y".repeat(100)));
        assertTrue(tables.of("a").get(big.id()).isPresent());
    }

    @Test
    void aDroppedSessionsTablesAreGone() {
        SessionTables tables = SessionTables.withDefaults();
        TableStore.Table t = tables.of("a").put("a", List.of(), ROW);
        tables.drop("a");
        assertEquals(0, tables.bytesHeld());
        assertFalse(tables.of("a").get(t.id()).isPresent());
    }
}
