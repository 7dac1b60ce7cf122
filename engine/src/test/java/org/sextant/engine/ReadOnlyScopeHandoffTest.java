package org.sextant.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.sextant.engine.testing.TempSextant;

/**
 * Work a read hands to another thread through {@link ReadOnlyScope}'s hand-offs runs there as the read: a statement that
 * writes, sent on a store connection from the worker, is refused; the same hand-off outside a read is not checked.
 */
class ReadOnlyScopeHandoffTest {
    @TempSextant private Sextant engine;

    /** What each attempt on a worker came to, by hand-off: the refusal's message, or "written". */
    private final Map<String, String> outcomes = new ConcurrentHashMap<>();

    private Runnable write(String handoff) {
        return () -> {
            try {
                engine.store().read(c -> c.createStatement().execute("CREATE TABLE IF NOT EXISTS handed_" + handoff + "(x INTEGER)"));
                outcomes.put(handoff, "written");
            } catch (SextantException e) {
                outcomes.put(handoff, e.getMessage());
            }
        };
    }

    private void handOffAll() throws Exception {
        Thread t = ReadOnlyScope.thread("test-worker", write("thread"));
        t.start();
        t.join();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            pool.submit(() -> { }).get(); // the pool's thread exists before the read: it is not a thread the read created
            ReadOnlyScope.execute(pool, write("execute"));
            ReadOnlyScope.submit(pool, () -> {
                write("submit").run();
                return null;
            }).get();
        } finally {
            pool.shutdown();
            assertTrue(pool.awaitTermination(60, TimeUnit.SECONDS));
        }
        ReadOnlyScope.parallel(4, i -> write("parallel" + i).run());
    }

    @Test
    void workHandedOffByAReadRefusesWrites() throws Exception {
        ReadOnlyScope.run("list_symbols", () -> {
            try {
                handOffAll();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return null;
        });
        assertEquals(7, outcomes.size(), outcomes.toString());
        outcomes.forEach((handoff, outcome) -> assertTrue(outcome.startsWith("the read request list_symbols tried to "), handoff + ": " + outcome));
    }

    @Test
    void theSameHandOffsOutsideAReadAreNotChecked() throws Exception {
        handOffAll();
        assertEquals(7, outcomes.size(), outcomes.toString());
        for (String handoff : List.of("thread", "execute", "submit", "parallel0", "parallel3")) assertEquals("written", outcomes.get(handoff), handoff);
    }
}
