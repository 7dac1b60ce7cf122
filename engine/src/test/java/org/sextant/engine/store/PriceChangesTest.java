package org.sextant.engine.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The symbols changed since a version, read from the log by version, are what a scan of every write since says. */
class PriceChangesTest {
    @Test
    void changedSinceEveryVersionEqualsAScanOfEveryWrite() {
        Random random = new Random(48);
        PriceChanges changes = new PriceChanges();
        List<Set<String>> writes = new ArrayList<>(); // writes.get(v - 1): what version v named; null: any symbol
        writes.add(null); // none yet: version 0 is before every write
        for (int w = 0; w < 400; w++) {
            Set<String> named = null;
            if (random.nextInt(40) != 0) {
                named = new TreeSet<>();
                int n = random.nextInt(4);
                for (int i = 0; i < n; i++) named.add("S" + random.nextInt(30));
            }
            changes.committed(named);
            writes.add(named);
            for (long since = 0; since <= changes.version(); since++) {
                Store.SymbolChanges got = changes.since(since);
                assertEquals(changes.version(), got.version());
                Set<String> scanned = scan(writes, since);
                assertEquals(scanned, got.symbols(), "changed since " + since + " after write " + (w + 1));
            }
            for (int s = 0; s < 30; s++) assertEquals(lastNamed(writes, "S" + s), changes.of("S" + s), "S" + s + " after write " + (w + 1));
        }
    }

    @Test
    void pastTheBoundEverySymbolCountsAsChanged() {
        PriceChanges changes = new PriceChanges();
        List<String> many = new ArrayList<>();
        for (int i = 0; i < PriceChanges.MOST_NAMED - 1; i++) many.add("S" + i);
        changes.committed(many);
        changes.committed(List.of("S1")); // named again: held once, under its last version
        assertEquals(PriceChanges.MOST_NAMED - 1, changes.named());
        assertEquals(Set.of("S1"), changes.since(1).symbols());
        changes.committed(List.of("NEW", "NEWER"));
        assertTrue(changes.named() <= PriceChanges.MOST_NAMED, "held " + changes.named());
        assertNull(changes.since(2).symbols(), "the names were forgotten: any symbol may have changed");
        assertEquals(Set.of(), changes.since(3).symbols());
        assertEquals(3, changes.of("S5"));
    }

    /** The symbols the writes after {@code since} named, or null when one of them named none. */
    private static Set<String> scan(List<Set<String>> writes, long since) {
        Set<String> out = new TreeSet<>();
        for (int v = (int) since + 1; v < writes.size(); v++) {
            if (writes.get(v) == null) return null;
            out.addAll(writes.get(v));
        }
        return out;
    }

    private static long lastNamed(List<Set<String>> writes, String symbol) {
        for (int v = writes.size() - 1; v > 0; v--) if (writes.get(v) == null || writes.get(v).contains(symbol)) return v;
        return 0;
    }
}
