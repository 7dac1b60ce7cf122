package org.sextant.app.gui;

import java.nio.file.Path;
import java.util.List;
import org.sextant.engine.Sextant;
import org.sextant.engine.testing.WarnedFiles;

/**
 * Prices every read warns about, imported into a test store: WEEKX, 150 Friday closes stored as daily prices (its file
 * also holds DAYX, 500 weekday closes, so it imports as 1d), and STEPH, 400 hourly bars that step x1.5 between two bars a
 * day apart and stay (a probable 2:3 reverse split).
 */
final class WarnedPrices {
    private WarnedPrices() {}

    /** Imports WEEKX, DAYX and STEPH into {@code engine}, writing their files into {@code dir}. */
    static void importInto(Sextant engine, Path dir) throws Exception {
        engine.importPrices(List.of(WarnedFiles.weeklyAmongDaily(dir.resolve("mixed.csv")), WarnedFiles.hourly(dir.resolve("STEPH.csv"), 0)));
    }
}
