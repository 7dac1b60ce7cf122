package org.sextant.engine.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.SampleStoreCopy;

/** Attack 36b F2: the interval and grid checks of a bar import cost a bounded number of queries however many symbols its file holds. */
class BarGridScreenTest {
    @TempDir Path tmp;

    /** {@code symbols} symbols of one-hour bars in Berlin hours (one a day before, then five in a row);
     * the {@code offGrid}-th moves to :30 after its third (on no clock change). */
    static String file(int symbols, int offGrid) {
        StringBuilder out = new StringBuilder("time,symbol,open,high,low,close,volume\n");
        for (int i = 0; i < symbols; i++) {
            String s = String.format("S%05d", i);
            out.append("2026-11-30 10:00,").append(s).append(",1,1,1,1,10\n");
            String[] hours = i == offGrid ? new String[] {"10:00", "11:00", "12:00", "12:30", "13:30", "14:30"} : new String[] {"10:00", "11:00", "12:00", "13:00", "14:00"};
            for (String h : hours) {
                out.append("2026-12-01 ").append(h).append(',').append(s).append(",1,1,1,1,10\n");
            }
        }
        return out.toString();
    }

    /** The statements that read bar_steps while {@code text} is imported as one bar file. */
    private int stepQueries(String name, String text) throws Exception {
        Path f = Files.writeString(tmp.resolve(name), text);
        AtomicInteger count = new AtomicInteger();
        try (Store store = SampleStoreCopy.openOrEmpty(tmp.resolve(name + ".duckdb"), tmp.resolve("staging-" + name))) {
            store.inTransaction(raw -> {
                Connection c = counting(raw, count);
                BarImport bars = new BarImport(c, PriceRules.defaults());
                try (StagedFile staged = StagedFile.of(f, store.stagingDir(), f.toString())) {
                    bars.add(f, BarFile.probe(c, f, f.toString(), staged).inZone(ZoneId.of("Europe/Berlin")), "file:" + name, staged);
                }
                bars.commit(new long[2]);
                return null;
            });
        }
        return count.get();
    }

    @Test
    void theChecksOfTwoHundredSymbolsRunAsManyQueriesAsThoseOfTwenty() throws Exception {
        int twenty = stepQueries("A.csv", file(20, -1));
        int twoHundred = stepQueries("B.csv", file(200, -1));
        // one query per symbol and check ran 5 or more per symbol: 1,000 and more for 200
        assertEquals(twenty, twoHundred, "queries of bar_steps for 20 symbols, then 200");
        assertTrue(twoHundred < 20, twoHundred + " queries of bar_steps");
    }

    @Test
    void oneSymbolOffItsGridAmongManyIsRefusedByName() {
        SextantException e = assertThrows(SextantException.class, () -> stepQueries("C.csv", file(200, 137)));
        assertTrue(e.getMessage().contains("the bar of S00137 at 2026-12-01T11:30Z is off the 1h grid"), e.getMessage());
    }

    /** {@code raw} counting each statement whose SQL reads bar_steps. */
    private static Connection counting(Connection raw, AtomicInteger count) {
        return (Connection) Proxy.newProxyInstance(BarGridScreenTest.class.getClassLoader(), new Class<?>[] {Connection.class}, (p, m, args) -> {
            if (m.getName().equals("prepareStatement") && ((String) args[0]).contains("bar_steps")) count.incrementAndGet();
            Object out = invoke(m, raw, args);
            if (!m.getName().equals("createStatement")) return out;
            Statement st = (Statement) out;
            return Proxy.newProxyInstance(BarGridScreenTest.class.getClassLoader(), new Class<?>[] {Statement.class}, (q, n, a) -> {
                if (n.getName().startsWith("execute") && a != null && a.length > 0 && a[0] instanceof String sql && sql.contains("bar_steps")) count.incrementAndGet();
                return invoke(n, st, a);
            });
        });
    }

    private static Object invoke(java.lang.reflect.Method m, Object on, Object[] args) throws Throwable {
        try {
            return m.invoke(on, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
