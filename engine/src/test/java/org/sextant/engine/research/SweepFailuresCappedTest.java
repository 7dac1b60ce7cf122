package org.sextant.engine.research;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.engine.SextantException;
import org.sextant.engine.exchange.CappedFailures;
import org.sextant.engine.exchange.ImportFailuresCappedTest;
import org.sextant.engine.exchange.JobImport;
import org.sextant.engine.exchange.JobOutputFiles;
import org.sextant.engine.exchange.ScaleOutExchange;
import org.sextant.engine.exchange.StrategySweepRows;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * A strategy sweep's output of many error rows imports, or is refused when it measured nothing, naming the first
 * {@link CappedFailures#KEPT} failures and how many more (attack 31 F2: a million forged error rows held whole took 7 GB).
 */
class SweepFailuresCappedTest {
    static final int ERRORS = 250;

    @Test
    void aSweepOfManyErrorRowsListsTheFirstHundredAndCountsTheRest(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ScaleOutExchange exchange = new ScaleOutExchange(store, null, new ResearchService(store), () -> {});
        Path folder = SweepOutputs.genuine(store, tmp.resolve("sweep"), "job-1");
        JobOutputFiles.addErrorRows(folder, StrategySweepRows.COLUMNS, SweepJobImportCheckTest::type, ERRORS);
        JobImport r = exchange.importJob(folder, "s");
        assertTrue(r.run().configurations() > 0);
        ImportFailuresCappedTest.assertCapped(r.failed(), ERRORS);
    }

    @Test
    void aSweepOfErrorRowsOnlyIsRefusedQuotingTheFirstHundredAndTheCount(@TempSextant Store store, @TempDir Path tmp) throws Exception {
        ResearchServiceTest.insertDow(store);
        ScaleOutExchange exchange = new ScaleOutExchange(store, null, new ResearchService(store), () -> {});
        Path folder = tmp.resolve("errors");
        java.nio.file.Files.createDirectories(folder);
        JobOutputFiles.addErrorRows(folder, StrategySweepRows.COLUMNS, SweepJobImportCheckTest::type, ERRORS);
        java.nio.file.Files.createFile(folder.resolve("_SUCCESS"));
        SextantException e = assertThrows(SextantException.class, () -> exchange.importJob(folder, "s"));
        String m = e.getMessage();
        assertTrue(m.contains("the job measured nothing: its " + ERRORS + " rows are errors"), m);
        assertEquals(CappedFailures.KEPT, m.split("too little history", -1).length - 1, m);
        assertTrue(m.contains("\u2026 and " + (ERRORS - CappedFailures.KEPT) + " more"), m);
        assertEquals("fix symbols and run the job again", e.fix());
        assertEquals(0, SweepOutputs.stored(store));
    }
}
